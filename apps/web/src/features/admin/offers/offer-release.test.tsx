import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { OfferStatus } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import type { Offer } from '@vm/shared/offer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sampleUser } from '../../../lib/test-fixtures';
import { mockApi, renderScreen, storeSession } from '../../../lib/test-render';
import { OffersPage } from './offers-page';

const admin = sampleUser({ id: 'admin', role: 'Admin', firstName: 'Ada', lastName: 'Admin' });

function offer(id: string, status: OfferStatus, overrides: Partial<Offer> = {}): Offer {
  return {
    id,
    amount: 300_000.75,
    status,
    message: '',
    responseMessage: '',
    createdAt: new Date(Date.now() - 3600 * 1000).toISOString(),
    updatedAt: new Date().toISOString(),
    amendedAt: null,
    userId: 'b1',
    user: { id: 'b1', firstName: 'Olive', lastName: 'Offer', email: 'olive@example.com' },
    vehicle: {
      id: 'v1',
      slug: '1971-skyline',
      title: '1971 Nissan Skyline',
      year: 1971,
      make: 'Nissan',
      model: 'Skyline',
    },
    ...overrides,
  };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Offers: release and kept history (issue #20)', () => {
  it('ISSUE-20-RELEASE staff release an accepted offer with a reason; the list shows it expired', async () => {
    storeSession(admin);
    const { calls } = mockApi({
      'GET /api/auth/me': () => jsonResponse(200, { user: admin }),
      'GET /api/admin/offers': () =>
        jsonResponse(200, { offers: [offer('o1', 'accepted')], totalOffers: 1, totalPages: 1, page: 1 }),
      'POST /api/admin/offers/o1/release': (call) =>
        jsonResponse(200, {
          offer: offer('o1', 'expired', { responseMessage: (call.body as { reason: string }).reason }),
        }),
    });
    renderScreen(<OffersPage />, { path: '/admin/offers', routePath: '/admin/offers' });
    const [row] = await screen.findAllByTestId('offer-row');
    expect(within(row as HTMLElement).getByText('$300,000.75')).toBeTruthy();
    fireEvent.click(within(row as HTMLElement).getByRole('button', { name: 'View offer from Olive Offer' }));
    const dialog = await screen.findByRole('dialog');
    // Without a reason nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release Offer' }));
    expect(await within(dialog).findByText(MSG.offerReleaseReasonRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/why did the deal fall through/), {
      target: { value: 'Financing fell through' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release Offer' }));
    expect(await screen.findByText('Offer released. The vehicle is available again.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/admin/offers/o1/release',
      body: { reason: 'Financing fell through' },
    });
    const [updated] = await screen.findAllByTestId('offer-row');
    expect(within(updated as HTMLElement).getByText('Expired')).toBeTruthy();
  });

  it('ISSUE-20-DELETE an offer on a deleted vehicle is listed with its title and no link', async () => {
    storeSession(admin);
    mockApi({
      'GET /api/auth/me': () => jsonResponse(200, { user: admin }),
      'GET /api/admin/offers': () =>
        jsonResponse(200, {
          offers: [
            offer('o2', 'expired', {
              responseMessage: 'The vehicle is no longer listed',
              vehicle: {
                id: null,
                slug: null,
                title: '1971 Nissan Skyline GT-R',
                year: 1971,
                make: 'Nissan',
                model: 'Skyline',
              },
            }),
          ],
          totalOffers: 1,
          totalPages: 1,
          page: 1,
        }),
    });
    renderScreen(<OffersPage />, { path: '/admin/offers', routePath: '/admin/offers' });
    const [row] = await screen.findAllByTestId('offer-row');
    const cell = within(row as HTMLElement);
    expect(cell.getByText(/1971 Nissan Skyline GT-R/)).toBeTruthy();
    expect(cell.getByText('(vehicle deleted)')).toBeTruthy();
    expect(cell.queryByRole('link', { name: /Skyline/ })).toBeNull();
  });
});

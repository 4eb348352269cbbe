import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminAuction } from '@vm/shared/auction';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sampleUser } from '../../../lib/test-fixtures';
import { type ApiCall, mockApi, renderScreen, storeSession } from '../../../lib/test-render';
import { FakeEventSource, samplePublicAuction } from '../../storefront/auctions/auction-test-utils';
import { AuctionLivePage } from './auction-live-page';
import { VehicleAuctionSection } from './vehicle-auction-section';

const admin = sampleUser({ id: 'staff1', role: 'Admin' });
function adminAuction(overrides: Partial<AdminAuction> = {}): AdminAuction {
  return {
    ...samplePublicAuction(),
    reservePrice: 20_000,
    leaderId: 'u2',
    vehicle: { id: 'v1', slug: '1972-datsun-240z', title: '1972 Datsun 240Z' },
    bids: [
      {
        id: 'b2',
        maxAmount: 14_000,
        price: 12_500,
        at: '2026-11-20T10:05:00.000Z',
        bidder: { id: 'u2', alias: 'Bidder 2', name: 'Ada Lovelace', email: 'ada@example.com' },
        voidedAt: null,
        voidReason: null,
      },
      {
        id: 'b1',
        maxAmount: 12_250,
        price: 10_000,
        at: '2026-11-20T10:00:00.000Z',
        bidder: { id: 'u3', alias: 'Bidder 1', name: 'Bob Stone', email: 'bob@example.com' },
        voidedAt: null,
        voidReason: null,
      },
    ],
    ...overrides,
  };
}

function api(routes: Record<string, (call: ApiCall) => Response>) {
  storeSession(admin);
  return mockApi({ 'GET /api/auth/me': () => jsonResponse(200, { user: admin }), ...routes });
}
const renderSection = (onScheduled = vi.fn()) =>
  renderScreen(<VehicleAuctionSection vehicleId="v1" onScheduled={onScheduled} />, {
    path: '/admin/vehicles',
    routePath: '/admin/vehicles',
  });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const posts = (calls: ApiCall[]) => calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body]);

beforeEach(() => {
  localStorage.clear();
  FakeEventSource.install();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Auction section of the vehicle screen', () => {
  it('ISSUE-17-WEB schedules an auction, checking it with the shared schema and showing the server’s refusal', async () => {
    let answer = () => jsonResponse(400, { message: 'This vehicle already has an open auction' });
    const onScheduled = vi.fn();
    const { calls } = api({
      'GET /api/vehicles/v1/auction': () => jsonResponse(404, { message: 'No auction' }),
      'POST /api/admin/auctions': () => answer(),
      'GET /api/admin/auctions/a1': () => jsonResponse(200, adminAuction({ currentBid: null, bidCount: 0 })),
    });
    renderSection(onScheduled);
    await screen.findByRole('button', { name: 'Schedule auction' });
    // The end proposed is 7 days after now.
    const proposedEnd = new Date(field('Ends at').value).getTime();
    expect(Math.abs(proposedEnd - (Date.now() + 7 * 86_400_000))).toBeLessThan(120_000);

    fireEvent.click(screen.getByRole('button', { name: 'Schedule auction' }));
    expect(await screen.findByText('Starting bid is required')).toBeTruthy();
    fireEvent.change(field('Starting bid (USD) *'), { target: { value: '10000' } });
    fireEvent.change(field('Reserve price (USD, optional)'), { target: { value: '9000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule auction' }));
    expect(await screen.findByText('Reserve price cannot be below the starting bid')).toBeTruthy();
    fireEvent.change(field('Reserve price (USD, optional)'), { target: { value: '20,000' } });
    fireEvent.click(screen.getByLabelText('Start at a later date and time'));
    fireEvent.change(field('Starts at'), { target: { value: '2030-03-01T10:00' } });
    // The end followed the start.
    expect(field('Ends at').value).toBe('2030-03-08T10:00');
    fireEvent.change(field('Ends at'), { target: { value: '2030-03-01T10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule auction' }));
    expect(await screen.findByText('The end must be at least 1 minute after the start')).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    fireEvent.change(field('Ends at'), { target: { value: '2030-03-05T18:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule auction' }));
    expect(await screen.findByText('This vehicle already has an open auction')).toBeTruthy();
    expect(posts(calls)).toEqual([
      [
        'POST',
        '/api/admin/auctions',
        {
          vehicleId: 'v1',
          startingBid: 10_000,
          reservePrice: 20_000,
          startsAt: new Date('2030-03-01T10:00').toISOString(),
          endsAt: new Date('2030-03-05T18:30').toISOString(),
        },
      ],
    ]);

    answer = () => jsonResponse(201, adminAuction({ status: 'Scheduled', currentBid: null, bidCount: 0 }));
    fireEvent.click(screen.getByRole('button', { name: 'Schedule auction' }));
    await waitFor(() => expect(onScheduled).toHaveBeenCalledTimes(1));
  });

  it('ISSUE-17-WEB after the first bid only lowers the reserve, and cancels with a reason', async () => {
    let current = adminAuction();
    const { calls } = api({
      'GET /api/vehicles/v1/auction': () => jsonResponse(200, samplePublicAuction()),
      'GET /api/admin/auctions/a1': () => jsonResponse(200, current),
      'PATCH /api/admin/auctions/a1': ({ body }) => {
        current = { ...current, ...(body as object) };
        return jsonResponse(200, current);
      },
      'POST /api/admin/auctions/a1/cancel': ({ body }) => {
        current = { ...current, status: 'Cancelled', cancelReason: (body as { reason: string }).reason };
        return jsonResponse(200, current);
      },
    });
    renderSection();
    expect(await screen.findByText('$20,000 (reserve not met)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open live view' }).getAttribute('href')).toBe('/admin/auctions/a1');

    fireEvent.click(screen.getByRole('button', { name: 'Edit auction' }));
    expect(screen.queryByLabelText('Starting bid (USD) *')).toBeNull();
    expect(screen.queryByLabelText('Ends at')).toBeNull();
    fireEvent.change(field('Reserve price (USD, optional)'), { target: { value: '25000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save auction' }));
    expect(await screen.findByText('After the first bid the reserve can only be lowered (now $20,000)')).toBeTruthy();
    fireEvent.change(field('Reserve price (USD, optional)'), { target: { value: '15000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save auction' }));
    expect(await screen.findByText('$15,000 (reserve not met)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel auction' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel auction' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel auction' }));
    expect(await dialog.findByText('Please give a reason')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Reason'), { target: { value: 'Owner withdrew the car' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel auction' }));
    await waitFor(() => expect(screen.getAllByText('Cancelled').length).toBeGreaterThan(0));
    expect(posts(calls)).toEqual([
      ['PATCH', '/api/admin/auctions/a1', { reservePrice: 15_000 }],
      ['POST', '/api/admin/auctions/a1/cancel', { reason: 'Owner withdrew the car' }],
    ]);
  });
});

describe('Auction live view', () => {
  const renderLive = () =>
    renderScreen(<AuctionLivePage />, { path: '/admin/auctions/a1', routePath: '/admin/auctions/:id' });

  it('ISSUE-17-WEB shows every bid with bidder, maximum and price, voids one with a reason, and refreshes on events', async () => {
    let current = adminAuction();
    const { calls } = api({
      'GET /api/admin/auctions/a1': () => jsonResponse(200, current),
      'POST /api/admin/bids/b2/void': () => {
        const [b2, b1] = current.bids as [AdminAuction['bids'][number], AdminAuction['bids'][number]];
        current = {
          ...current,
          currentBid: 10_000,
          leaderId: 'u3',
          bids: [{ ...b2, voidedAt: new Date().toISOString(), voidReason: 'Shill bid' }, b1],
        };
        return jsonResponse(200, current);
      },
    });
    renderLive();
    const rows = await screen.findAllByTestId('admin-bid');
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('Ada Lovelace')).toBeTruthy();
    expect(first.getByText('ada@example.com')).toBeTruthy();
    expect(first.getByText('$14,000')).toBeTruthy();
    expect(first.getByText('$12,500')).toBeTruthy();
    expect(first.getByText('Leading')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Void the bid of $14,000 by Ada Lovelace' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Void bid' }));
    fireEvent.change(dialog.getByLabelText('Reason'), { target: { value: 'Shill bid' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Void bid' }));
    expect(await screen.findByText('Voided')).toBeTruthy();
    expect(screen.getByText('Shill bid')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Shill bid' });

    // Another bid arrives: the staff view is read again.
    const gets = () => calls.filter((c) => c.path === '/api/admin/auctions/a1').length;
    const before = gets();
    const stream = FakeEventSource.open()[0];
    expect(stream?.url).toBe('/api/auctions/a1/events');
    await act(async () => stream?.emit('bid', samplePublicAuction({ currentBid: 11_000 })));
    await waitFor(() => expect(gets()).toBe(before + 1));
  });

  it('ISSUE-17-WEB sells to the high bidder after the reserve was not met', async () => {
    let current = adminAuction({ status: 'ReserveNotMet', currentBid: 12_500 });
    const { calls } = api({
      'GET /api/admin/auctions/a1': () => jsonResponse(200, current),
      'POST /api/admin/auctions/a1/sell': () => {
        current = { ...current, status: 'Sold' };
        return jsonResponse(200, current);
      },
    });
    renderLive();
    fireEvent.click(await screen.findByRole('button', { name: 'Sell to high bidder' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sell to high bidder' }));
    expect(dialog.getByText(/to Ada Lovelace for \$12,500/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Sell' }));
    expect(await screen.findByText('The vehicle was sold to the high bidder.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/auctions/a1/sell']);
    expect(screen.queryByRole('button', { name: 'Sell to high bidder' })).toBeNull();
    expect(FakeEventSource.open()).toHaveLength(0);
  });
});

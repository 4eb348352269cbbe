import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type OfferStatus, QUICK_ACCEPT_RESPONSE, QUICK_REJECT_RESPONSE } from '@vm/shared/constants';
import { formatDateTime } from '@vm/shared/format-date';
import { MSG } from '@vm/shared/messages';
import type { Offer } from '@vm/shared/offer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sampleUser } from '../../../lib/test-fixtures';
import { type ApiCall, mockApi, renderScreen, storeSession } from '../../../lib/test-render';
import { OffersPage } from './offers-page';

const admin = sampleUser({ id: 'admin', role: 'Admin', firstName: 'Ada', lastName: 'Admin' });
const buyer = sampleUser({
  id: 'b1',
  firstName: 'Olive',
  lastName: 'Offer',
  name: 'Olive Offer',
  email: 'olive@example.com',
  phone: '+1 (555) 010-4242',
  address: '1 Main St',
  city: 'Portland',
  state: 'OR',
  zipCode: '97201',
  createdAt: '2025-03-04T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
});

function offer(id: string, status: OfferStatus, overrides: Partial<Offer> = {}): Offer {
  return {
    id,
    amount: 98500,
    status,
    message: '',
    responseMessage: '',
    createdAt: new Date(Date.now() - 3 * 3600 * 1000).toISOString(),
    updatedAt: new Date().toISOString(),
    amendedAt: null,
    userId: buyer.id,
    user: { id: buyer.id, firstName: 'Olive', lastName: 'Offer', email: buyer.email },
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
const listOf = (offers: Offer[], totalPages = 1, totalOffers = offers.length) =>
  jsonResponse(200, { offers, totalOffers, totalPages, page: 1 });

function setup(routes: Record<string, (call: ApiCall) => Response | Promise<Response>> = {}) {
  storeSession(admin);
  const api = mockApi({
    'GET /api/auth/me': () => jsonResponse(200, { user: admin }),
    'GET /api/admin/offers': () =>
      listOf([
        offer('o1', 'pending', { message: 'Cash buyer, quick close' }),
        offer('o2', 'under_review', { amount: 12000.4 }),
        offer('o3', 'accepted', { responseMessage: 'See you Tuesday' }),
        offer('o4', 'rejected'),
      ]),
    ...routes,
  });
  renderScreen(<OffersPage />, { path: '/admin/offers', routePath: '/admin/offers' });
  return api;
}
const listCalls = (fetchMock: ReturnType<typeof mockApi>['fetchMock']) =>
  fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.startsWith('/api/admin/offers?') || url === '/api/admin/offers')
    .map((url) => Object.fromEntries(new URL(url, 'http://x').searchParams));
const rows = async () => screen.findAllByTestId('offer-row');

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OffersPage', () => {
  it('ADMIN-OFF-01 ADMIN-OFF-08..16 CONST-04 lists offers newest first with date, user, vehicle, amount, status and actions', async () => {
    const { fetchMock } = setup();
    expect(await screen.findByRole('heading', { name: 'Vehicle Offers' })).toBeTruthy();
    const [pending, review, accepted, rejected] = (await rows()).map((r) => within(r));
    expect(listCalls(fetchMock)[0]).toEqual({ sortBy: 'createdAt', sortOrder: 'desc', page: '1' });
    for (const name of ['Date', 'User', 'Vehicle', 'Amount', 'Status', 'Actions'])
      expect(screen.getByRole('columnheader', { name })).toBeTruthy();
    expect(pending?.getByText('3 hours ago')).toBeTruthy();
    expect(pending?.getByText('Olive Offer')).toBeTruthy();
    const link = pending?.getByRole('link', { name: /1971 Nissan Skyline/ });
    expect(link?.getAttribute('href')).toBe('/vehicles/v1');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(pending?.getByText('$98,500')).toBeTruthy();
    expect(review?.getByText('$12,000.40')).toBeTruthy();
    expect(pending?.getByText('Pending')).toBeTruthy();
    expect(review?.getByText('Under Review')).toBeTruthy();
    // ADMIN-OFF-16 / 36: quick actions only while the offer is open.
    for (const open of [pending, review]) {
      expect(open?.getByRole('button', { name: 'Accept offer from Olive Offer' })).toBeTruthy();
      expect(open?.getByRole('button', { name: 'Reject offer from Olive Offer' })).toBeTruthy();
    }
    for (const final of [accepted, rejected]) {
      expect(final?.queryByRole('button', { name: /Accept offer/ })).toBeNull();
      expect(final?.queryByRole('button', { name: /Reject offer/ })).toBeNull();
      expect(final?.getByRole('button', { name: 'View offer from Olive Offer' })).toBeTruthy();
    }
    // ADMIN-OFF-18: one page, no numbered pager.
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('ADMIN-OFF-17 ERR-16 shows the empty text and the load failure', async () => {
    setup({ 'GET /api/admin/offers': () => listOf([]) });
    expect(await screen.findByText('No offers found matching your criteria.')).toBeTruthy();
    cleanup();
    setup({ 'GET /api/admin/offers': () => jsonResponse(500, {}) });
    expect(await screen.findByText('Failed to load offers. Please try again.')).toBeTruthy();
  });

  it('ADMIN-OFF-18 shows numbered pages when there is more than one page', async () => {
    const { fetchMock } = setup({ 'GET /api/admin/offers': () => listOf([offer('o1', 'pending')], 3, 25) });
    const pager = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByRole('button', { name: '3' })).toBeTruthy();
    fireEvent.click(within(pager).getByRole('button', { name: '2' }));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)).toMatchObject({ page: '2' }));
  });

  it('ADMIN-OFF-02..07 VALID-35 applies status, amounts and sort together; Clear Filters resets them', async () => {
    const { fetchMock } = setup();
    await rows();
    const panel = within(screen.getByRole('form', { name: 'Offer filters' }));
    const statuses = [...(panel.getByLabelText('Status') as HTMLSelectElement).options].map((o) => o.value);
    expect(statuses).toEqual([
      '',
      'pending',
      'under_review',
      'accepted',
      'rejected',
      'expired',
      'countered',
      'withdrawn',
    ]);
    const sortBy = [...(panel.getByLabelText('Sort by') as HTMLSelectElement).options].map((o) => o.value);
    expect(sortBy).toEqual(['createdAt', 'amount', 'status']);
    expect((panel.getByLabelText('Min amount ($)') as HTMLInputElement).type).toBe('number');
    expect((panel.getByLabelText('Max amount ($)') as HTMLInputElement).type).toBe('number');

    fireEvent.change(panel.getByLabelText('Status'), { target: { value: 'under_review' } });
    fireEvent.change(panel.getByLabelText('Min amount ($)'), { target: { value: '50000' } });
    fireEvent.change(panel.getByLabelText('Max amount ($)'), { target: { value: '10' } });
    fireEvent.change(panel.getByLabelText('Sort by'), { target: { value: 'amount' } });
    fireEvent.change(panel.getByLabelText('Sort order'), { target: { value: 'asc' } });
    const before = listCalls(fetchMock).length;
    fireEvent.click(panel.getByRole('button', { name: 'Apply Filters' }));
    expect(await panel.findByText('Max amount must not be below min amount')).toBeTruthy();
    expect(listCalls(fetchMock)).toHaveLength(before);

    fireEvent.change(panel.getByLabelText('Max amount ($)'), { target: { value: '90000' } });
    fireEvent.click(panel.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() =>
      expect(listCalls(fetchMock).at(-1)).toEqual({
        status: 'under_review',
        minAmount: '50000',
        maxAmount: '90000',
        sortBy: 'amount',
        sortOrder: 'asc',
        page: '1',
      }),
    );
    fireEvent.click(panel.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() =>
      expect(listCalls(fetchMock).at(-1)).toEqual({ sortBy: 'createdAt', sortOrder: 'desc', page: '1' }),
    );
    expect((panel.getByLabelText('Status') as HTMLSelectElement).value).toBe('');
    expect((panel.getByLabelText('Min amount ($)') as HTMLInputElement).value).toBe('');
  });

  it('ADMIN-OFF-11 ADMIN-OFF-19..26 the user cell opens User Details with profile, email and call links', async () => {
    setup({ 'GET /api/users/b1': () => jsonResponse(200, { user: buyer }) });
    const [first] = await rows();
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Show details of Olive Offer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'User Details' }));
    await dialog.findByText('Member since');
    expect(dialog.getAllByText('olive@example.com').length).toBeGreaterThan(0);
    expect(dialog.getByText('+1 (555) 010-4242')).toBeTruthy();
    expect(dialog.getByText('User').className).toContain('blue');
    expect(dialog.getByText('Mar 4, 2025')).toBeTruthy();
    expect(dialog.getByText('Jan 2, 2026')).toBeTruthy();
    expect(dialog.getByText('1 Main St')).toBeTruthy();
    expect(dialog.getByText('Portland, OR 97201')).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'View Full Profile' }).getAttribute('href')).toBe('/admin/users/b1');
    expect(dialog.getByRole('link', { name: 'Send Email' }).getAttribute('href')).toBe('mailto:olive@example.com');
    expect(dialog.getByRole('link', { name: 'Call User' }).getAttribute('href')).toBe('tel:+15550104242');
  });

  it('ADMIN-OFF-20 ADMIN-OFF-23 ADMIN-OFF-26 ERR-17 no phone or address means no rows and no Call User; a failure says so', async () => {
    setup({
      'GET /api/users/b1': () =>
        jsonResponse(200, { user: { ...buyer, phone: '', address: '', city: '', state: '', zipCode: '' } }),
    });
    const [first] = await rows();
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Show details of Olive Offer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'User Details' }));
    await dialog.findByText('Member since');
    expect(dialog.queryByText('Phone')).toBeNull();
    expect(dialog.queryByText('Address')).toBeNull();
    expect(dialog.queryByRole('link', { name: 'Call User' })).toBeNull();
    cleanup();
    setup({ 'GET /api/users/b1': () => jsonResponse(500, {}) });
    const [again] = await rows();
    fireEvent.click(within(again as HTMLElement).getByRole('button', { name: 'Show details of Olive Offer' }));
    expect(await screen.findByText('Failed to load user details. Please try again.')).toBeTruthy();
  });

  it('ADMIN-OFF-27..29 Offer Details shows the parties, the buyer message or "No message provided", and a response', async () => {
    setup();
    const [pending, review, accepted] = await rows();
    fireEvent.click(within(pending as HTMLElement).getByRole('button', { name: 'View offer from Olive Offer' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Offer Details' }));
    expect(dialog.getByText('Olive Offer')).toBeTruthy();
    expect(dialog.getByText('olive@example.com')).toBeTruthy();
    expect(dialog.getByText('1971 Nissan Skyline')).toBeTruthy();
    expect(dialog.getByText('$98,500')).toBeTruthy();
    expect(dialog.getByText('Message from User')).toBeTruthy();
    expect(dialog.getByText('Cash buyer, quick close')).toBeTruthy();
    expect(dialog.queryByText('Response Message')).toBeNull();
    expect((dialog.getByLabelText('Your response to the buyer') as HTMLTextAreaElement).value).toBe('');
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));

    fireEvent.click(within(review as HTMLElement).getByRole('button', { name: 'View offer from Olive Offer' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Offer Details' }));
    expect(dialog.getByText('No message provided')).toBeTruthy();
    fireEvent.click(dialog.getAllByRole('button', { name: 'Close' })[0] as HTMLElement);

    fireEvent.click(within(accepted as HTMLElement).getByRole('button', { name: 'View offer from Olive Offer' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Offer Details' }));
    expect(dialog.getByText('Response Message')).toBeTruthy();
    expect(dialog.getByText('See you Tuesday')).toBeTruthy();
    // ADMIN-OFF-36 / 37: a decided offer offers no decision. Issue #20: the one way an accepted
    // offer becomes expired is a release with a reason (offer-release.test.tsx).
    expect(dialog.queryByRole('button', { name: 'Accept Offer' })).toBeNull();
    expect(dialog.queryByLabelText('Your response to the buyer')).toBeNull();
    expect(dialog.getByRole('button', { name: 'Release Offer' })).toBeTruthy();
  });

  it('ISSUE-20 an amended offer says when in its row and in Offer Details, with the latest message', async () => {
    const amendedAt = new Date(Date.now() - 3600 * 1000).toISOString();
    setup({
      'GET /api/admin/offers': () =>
        listOf([
          offer('o1', 'pending', { message: 'Raised it: can collect Friday', amendedAt }),
          offer('o2', 'pending', { message: 'First and only offer' }),
        ]),
    });
    const [amended, plain] = await rows();
    expect(within(amended as HTMLElement).getByText('Amended')).toBeTruthy();
    expect(within(amended as HTMLElement).getByText('1 hour ago')).toBeTruthy();
    expect(within(plain as HTMLElement).queryByText(/Amended/)).toBeNull();

    fireEvent.click(within(amended as HTMLElement).getByRole('button', { name: 'View offer from Olive Offer' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Offer Details' }));
    const amendedRow = dialog.getByText('Amended', { selector: 'dt' }).parentElement as HTMLElement;
    expect(within(amendedRow).getByText(formatDateTime(amendedAt))).toBeTruthy();
    expect(dialog.getByText("The latest, from the buyer's amendment.")).toBeTruthy();
    expect(dialog.getByText('Raised it: can collect Friday')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Offer Details' })).toBeNull());

    fireEvent.click(within(plain as HTMLElement).getByRole('button', { name: 'View offer from Olive Offer' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Offer Details' }));
    expect(dialog.queryByText('Amended', { selector: 'dt' })).toBeNull();
    expect(dialog.queryByText("The latest, from the buyer's amendment.")).toBeNull();
  });

  it('ADMIN-OFF-30..35 ADMIN-OFF-38 ROLE-12 quick accept prefills, shows Processing..., then updates the row in place', async () => {
    let release: (r: Response) => void = () => {};
    const { calls, fetchMock } = setup({
      'PUT /api/admin/offers/o1/status': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    const [pending] = await rows();
    fireEvent.click(within(pending as HTMLElement).getByRole('button', { name: 'Accept offer from Olive Offer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Offer Details' }));
    const response = dialog.getByLabelText('Your response to the buyer') as HTMLTextAreaElement;
    expect(response.value).toBe(QUICK_ACCEPT_RESPONSE);
    fireEvent.change(response, { target: { value: 'Welcome aboard.' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Accept Offer' }));
    const busy = await dialog.findAllByRole('button', { name: 'Processing...' });
    expect(busy).toHaveLength(2);
    expect(busy.every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      status: 'accepted',
      responseMessage: 'Welcome aboard.',
    });
    const listsBefore = listCalls(fetchMock).length;
    release(jsonResponse(200, { offer: offer('o1', 'accepted', { responseMessage: 'Welcome aboard.' }) }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Offer Details' })).toBeNull());
    const row = within((await rows())[0] as HTMLElement);
    expect(row.getByText('Accepted')).toBeTruthy();
    expect(row.queryByRole('button', { name: /Accept offer/ })).toBeNull();
    expect(listCalls(fetchMock)).toHaveLength(listsBefore);
  });

  it('ADMIN-OFF-34 ADMIN-OFF-39 quick reject prefills its response and rejects', async () => {
    const { calls } = setup({
      'PUT /api/admin/offers/o2/status': (call) =>
        jsonResponse(200, {
          offer: offer('o2', 'rejected', {
            responseMessage: String((call.body as { responseMessage: string }).responseMessage),
          }),
        }),
    });
    const [, review] = await rows();
    fireEvent.click(within(review as HTMLElement).getByRole('button', { name: 'Reject offer from Olive Offer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Offer Details' }));
    expect((dialog.getByLabelText('Your response to the buyer') as HTMLTextAreaElement).value).toBe(
      QUICK_REJECT_RESPONSE,
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Reject Offer' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Offer Details' })).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      status: 'rejected',
      responseMessage: QUICK_REJECT_RESPONSE,
    });
    expect(within((await rows())[1] as HTMLElement).getByText('Rejected')).toBeTruthy();
  });

  it('ERR-18 a failed decision says so; a 409 says the offer was decided and reloads the list', async () => {
    let decided = false;
    const { fetchMock } = setup({
      'GET /api/admin/offers': () =>
        listOf([offer('o1', decided ? 'rejected' : 'pending'), offer('o2', 'under_review')]),
      'PUT /api/admin/offers/o1/status': () => {
        decided = true;
        return jsonResponse(409, { message: MSG.offerFinal });
      },
      'PUT /api/admin/offers/o2/status': () => jsonResponse(500, { message: 'boom' }),
    });
    const [first, second] = await rows();
    fireEvent.click(within(second as HTMLElement).getByRole('button', { name: 'Accept offer from Olive Offer' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Offer Details' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Accept Offer' }));
    expect(await dialog.findByText('Failed to update offer status. Please try again.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));

    const listsBefore = listCalls(fetchMock).length;
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Accept offer from Olive Offer' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Offer Details' }));
    expect(dialog.queryByText('Failed to update offer status. Please try again.')).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Accept Offer' }));
    expect(await dialog.findByText(`${MSG.offerFinal}. The list has been refreshed.`)).toBeTruthy();
    await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(listsBefore));
    // The modal now shows the real, final status and no longer offers a decision.
    await waitFor(() => expect(dialog.queryByRole('button', { name: 'Accept Offer' })).toBeNull());
    expect(dialog.getByText('Rejected')).toBeTruthy();
  });

  it('ISSUE-16 a staff notice link (/admin/offers?offer=<id>) opens that offer in Offer Details, even off the listed page', async () => {
    storeSession(admin);
    const linked = offer('o9', 'pending', { amount: 31000, message: 'Is it still available?' });
    const { calls } = mockApi({
      'GET /api/auth/me': () => jsonResponse(200, { user: admin }),
      'GET /api/admin/offers': () => listOf([offer('o1', 'pending')]),
      'GET /api/admin/offers/o9': () => jsonResponse(200, { offer: linked }),
      'PUT /api/admin/offers/o9/status': () =>
        jsonResponse(200, { offer: { ...linked, status: 'accepted', responseMessage: 'Yes' } }),
    });
    renderScreen(<OffersPage />, { path: '/admin/offers?offer=o9', routePath: '/admin/offers' });
    const dialog = within(await screen.findByRole('dialog', { name: 'Offer Details' }));
    expect(dialog.getByText('$31,000')).toBeTruthy();
    expect(dialog.getByText('Is it still available?')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Your response to the buyer'), { target: { value: 'Yes' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Accept Offer' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Offer Details' })).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/admin/offers/o9/status',
      body: { status: 'accepted', responseMessage: 'Yes' },
    });
  });

  it('ISSUE-16 a link to an offer that no longer exists says so and still lists the offers', async () => {
    storeSession(admin);
    mockApi({
      'GET /api/auth/me': () => jsonResponse(200, { user: admin }),
      'GET /api/admin/offers': () => listOf([offer('o1', 'pending')]),
    });
    renderScreen(<OffersPage />, { path: '/admin/offers?offer=gone', routePath: '/admin/offers' });
    expect(await screen.findByText('The offer in this link was not found. It may have been removed.')).toBeTruthy();
    expect(await rows()).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'Offer Details' })).toBeNull();
  });
});

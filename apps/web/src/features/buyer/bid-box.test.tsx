import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PublicAuction, PublicBid } from '@vm/shared/auction';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetServerClock } from '../../lib/server-clock';
import { jsonResponse, sampleUser, sampleVehicle } from '../../lib/test-fixtures';
import { type ApiCall, mockApi, renderScreen, storeSession } from '../../lib/test-render';
import { FakeEventSource, samplePublicAuction } from '../storefront/auctions/auction-test-utils';
import { formatTimeLeft } from '../storefront/auctions/time-left';
import { BID_MESSAGES } from './bid-box';
import { bidProblem } from './bid-form';
import { BuyPanel } from './buy-panel';

const buyer = sampleUser();
const staff = sampleUser({ id: 'u9', role: 'Admin', firstName: 'Stu', email: 'staff@example.com' });
const vehicle = sampleVehicle({ listingType: 'auction', listing: { type: 'auction', tags: [] } });
const BIDS: PublicBid[] = [
  { amount: 12_500, at: '2026-11-20T10:05:00.000Z', bidder: 'Bidder 2' },
  { amount: 10_250, at: '2026-11-20T10:00:00.000Z', bidder: 'Bidder 1' },
  { amount: 10_000, at: '2026-11-19T09:00:00.000Z', bidder: 'Bidder 1' },
];

interface Setup {
  auction?: () => Response;
  bids?: () => Response;
  place?: (call: ApiCall) => Response;
  user?: typeof buyer | null;
}
function auctionApi({ auction, bids, place, user = null }: Setup = {}) {
  if (user) storeSession(user);
  return mockApi({
    'GET /api/auth/me': () => jsonResponse(200, { user }),
    'GET /api/vehicles/v1/auction': auction ?? (() => jsonResponse(200, samplePublicAuction())),
    'GET /api/vehicles/v1/bids': bids ?? (() => jsonResponse(200, { bids: BIDS })),
    'GET /api/vehicles/v1/offers': () => jsonResponse(200, { offers: [] }),
    ...(place ? { 'POST /api/vehicles/v1/bids': place } : {}),
  });
}
const renderBox = (v = vehicle) =>
  renderScreen(<BuyPanel vehicle={v} />, { path: '/vehicles/v1', routePath: '/vehicles/:id' });
const box = () => within(screen.getByRole('region', { name: 'Auction' }));
const amountField = () => screen.getByLabelText('Your maximum bid (USD)') as HTMLInputElement;
const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST');

beforeEach(() => {
  localStorage.clear();
  resetServerClock();
  FakeEventSource.install();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetServerClock();
});

describe('bid box', () => {
  it('ISSUE-17-WEB shows the price, bids, time left, reserve, next minimum and history; anonymous visitors sign in to bid', async () => {
    auctionApi();
    renderBox();
    expect(await screen.findByTestId('auction-price')).toHaveProperty('textContent', '$12,500');
    const b = box();
    expect(b.getByText('Current bid')).toBeTruthy();
    expect(b.getByText('3 bids')).toBeTruthy();
    expect(b.getByTestId('auction-time-left').textContent).toBe('2d 5h');
    expect(b.getByTestId('auction-reserve').textContent).toBe('Reserve not met');
    expect(b.getByTestId('auction-minimum').textContent).toBe('Next minimum bid: $12,750');
    // No offer panel while the auction runs.
    expect(screen.queryByRole('region', { name: 'Make an offer' })).toBeNull();

    const history = await screen.findByRole('list', { name: 'Bids, newest first' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace(/Nov.*$/, '')),
    ).toEqual(['$12,500Bidder 2', '$10,250Bidder 1', '$10,000Bidder 1']);

    const signIn = b.getByRole('link', { name: 'Sign in to bid' });
    expect(signIn.getAttribute('href')).toBe('/login');
    fireEvent.click(signIn);
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/login'));
  });

  it('ISSUE-17-WEB shows the starting bid before any bid, and "No reserve"', async () => {
    auctionApi({
      auction: () =>
        jsonResponse(200, samplePublicAuction({ currentBid: null, bidCount: 0, reserve: 'none', minimumBid: 10_000 })),
      bids: () => jsonResponse(200, { bids: [] }),
    });
    renderBox();
    expect((await screen.findByTestId('auction-price')).textContent).toBe('$10,000');
    expect(box().getByText('Starting bid')).toBeTruthy();
    expect(box().getByText('0 bids')).toBeTruthy();
    expect(box().getByTestId('auction-reserve').textContent).toBe('No reserve');
    expect(await box().findByText('No bids yet.')).toBeTruthy();
  });

  it('ISSUE-17-WEB refuses a bid under the minimum, asks for confirmation, and Cancel sends nothing', async () => {
    const { calls } = auctionApi({ user: buyer });
    renderBox();
    await screen.findByLabelText('Your maximum bid (USD)');
    fireEvent.click(screen.getByRole('button', { name: 'Place bid' }));
    expect(await screen.findByText('Bid amount is required')).toBeTruthy();
    fireEvent.change(amountField(), { target: { value: '12,600' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place bid' }));
    expect(await screen.findByText('The minimum bid is $12,750')).toBeTruthy();
    fireEvent.change(amountField(), { target: { value: '13000.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place bid' }));
    expect(await screen.findByText('Bids are in whole dollars')).toBeTruthy();

    fireEvent.change(amountField(), { target: { value: '$15,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place bid' }));
    const confirm = within(await screen.findByTestId('bid-confirmation'));
    expect(confirm.getByText('You commit to buy at up to $15,000')).toBeTruthy();
    expect(confirm.getByText(/and the reserve is met/)).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('bid-confirmation')).toBeNull();
    expect(amountField().value).toBe('$15,000');
    expect(posts(calls)).toEqual([]);
  });

  it('ISSUE-17-WEB places the confirmed maximum and shows the bidder leading', async () => {
    const after = samplePublicAuction({
      currentBid: 12_750,
      bidCount: 4,
      minimumBid: 13_000,
      myMaxBid: 15_000,
      leading: true,
    });
    const { calls } = auctionApi({
      user: buyer,
      place: () =>
        jsonResponse(201, { auction: after, bid: { id: 'b9', amount: 15_000, at: new Date().toISOString() } }),
    });
    renderBox();
    await screen.findByLabelText('Your maximum bid (USD)');
    fireEvent.change(amountField(), { target: { value: '15000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place bid' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm bid' }));

    expect(await screen.findByText(BID_MESSAGES.leading)).toBeTruthy();
    expect(posts(calls).map((c) => [c.path, c.body])).toEqual([['/api/vehicles/v1/bids', { amount: 15_000 }]]);
    const own = screen.getByTestId('own-bid');
    expect(own.textContent).toContain('Your maximum: $15,000');
    expect(own.textContent).toContain('You are the high bidder');
    expect(screen.getByTestId('auction-price').textContent).toBe('$12,750');
    expect(screen.getByTestId('auction-minimum').textContent).toBe('Next minimum bid: $13,000');
    // The form is empty again, and the history is read again.
    expect(amountField().value).toBe('');
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/vehicles/v1/bids' && c.method === 'GET')).toHaveLength(2),
    );
  });

  it("ISSUE-17-WEB shows the server's refusal under the field and keeps the amount", async () => {
    auctionApi({ user: buyer, place: () => jsonResponse(400, { message: 'The minimum bid is $13,000' }) });
    renderBox();
    await screen.findByLabelText('Your maximum bid (USD)');
    fireEvent.change(amountField(), { target: { value: '12750' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place bid' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm bid' }));
    expect(await screen.findByText('The minimum bid is $13,000')).toBeTruthy();
    expect(amountField().value).toBe('12750');
    expect(screen.queryByTestId('bid-confirmation')).toBeNull();
  });

  it('ISSUE-17-WEB shows an outbid bidder their maximum and that they were outbid', async () => {
    auctionApi({
      user: buyer,
      auction: () => jsonResponse(200, samplePublicAuction({ myMaxBid: 12_000, leading: false })),
    });
    renderBox();
    const own = await screen.findByTestId('own-bid');
    expect(own.textContent).toContain('Your maximum: $12,000');
    expect(own.textContent).toContain('You have been outbid');
    // A leader raising their own maximum is told it does not raise the price.
    cleanup();
    auctionApi({
      user: buyer,
      auction: () => jsonResponse(200, samplePublicAuction({ myMaxBid: 14_000, leading: true })),
    });
    renderBox();
    expect((await screen.findByTestId('own-bid')).textContent).toContain('You are the high bidder');
    fireEvent.change(amountField(), { target: { value: '16000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place bid' }));
    expect(await screen.findByText(/raises your maximum without raising the price/)).toBeTruthy();
  });

  it('ISSUE-17-WEB tells staff they cannot bid', async () => {
    auctionApi({ user: staff });
    renderBox();
    expect(await screen.findByText('Staff accounts cannot bid on auctions.')).toBeTruthy();
    expect(screen.queryByLabelText('Your maximum bid (USD)')).toBeNull();
  });

  it.each<[Partial<PublicAuction>, string, boolean]>([
    [{ status: 'Sold', currentBid: 31_000 }, 'Sold for $31,000', false],
    [{ status: 'ReserveNotMet', currentBid: 18_500 }, 'Bid to $18,500, reserve not met', true],
    [{ status: 'NoBids', currentBid: null, bidCount: 0 }, 'Ended with no bids', true],
    [{ status: 'Cancelled', cancelReason: 'The car was damaged in transit' }, 'This auction was cancelled', true],
  ])('ISSUE-17-WEB shows the ended state %o as "%s" (offer panel back: %s)', async (state, headline, offers) => {
    auctionApi({ auction: () => jsonResponse(200, samplePublicAuction(state)) });
    renderBox();
    expect((await screen.findByTestId('auction-headline')).textContent).toBe(headline);
    if (state.status === 'Cancelled') expect(box().getByText('The car was damaged in transit')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in to bid' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign in to bid' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Make an offer' }) !== null).toBe(offers);
    // An ended auction has no event stream.
    expect(FakeEventSource.open()).toHaveLength(0);
  });

  it('ISSUE-17-WEB shows a scheduled auction with its start', async () => {
    const startsAt = new Date(Date.now() + 3 * 3600_000).toISOString();
    auctionApi({
      auction: () =>
        jsonResponse(200, samplePublicAuction({ status: 'Scheduled', startsAt, currentBid: null, bidCount: 0 })),
    });
    renderBox();
    expect((await screen.findByTestId('auction-headline')).textContent).toMatch(/^Starts /);
    expect(box().getByText('Upcoming')).toBeTruthy();
    expect(box().getByText(/^(2h 59m|3h 00m)$/)).toBeTruthy();
  });

  it('ISSUE-17-WEB shows the offer panel for a vehicle without an auction, and asks nothing for a plain listing', async () => {
    const { calls } = auctionApi({ auction: () => jsonResponse(404, { message: 'No auction' }) });
    renderBox();
    expect(await screen.findByRole('button', { name: 'Log in to make an offer' })).toBeTruthy();
    cleanup();
    const second = auctionApi();
    renderBox(sampleVehicle());
    expect(screen.getByRole('button', { name: 'Log in to make an offer' })).toBeTruthy();
    expect(second.calls.filter((c) => c.path.includes('auction'))).toEqual([]);
    expect(calls.filter((c) => c.path === '/api/vehicles/v1/auction')).toHaveLength(1);
  });

  it('ISSUE-17-WEB follows the event stream: a new bid, a new end, then the close, without reloading', async () => {
    // What GET .../auction answers this buyer now; each event below changes it first, as a bid would.
    let current = samplePublicAuction({ myMaxBid: 12_500, leading: true });
    const { calls } = auctionApi({ user: buyer, auction: () => jsonResponse(200, current) });
    const happen = async (name: string, next: PublicAuction) => {
      current = next;
      // The stream carries the public auction: no one's maximum, no lead.
      await act(async () => stream?.emit(name, { ...next, myMaxBid: null, leading: false }));
    };
    renderBox();
    await screen.findByTestId('own-bid');
    const stream = FakeEventSource.open()[0];
    expect(stream?.url).toBe('/api/auctions/a1/events');
    const auctionGets = () => calls.filter((c) => c.path === '/api/vehicles/v1/auction').length;
    const bidGets = () => calls.filter((c) => c.path === '/api/vehicles/v1/bids').length;
    const before = { auction: auctionGets(), bids: bidGets() };

    const newEnd = new Date(Date.now() + 90_000).toISOString();
    const outbid = { currentBid: 13_000, bidCount: 4, minimumBid: 13_250, myMaxBid: 12_500 };
    await happen('bid', samplePublicAuction({ ...outbid, leading: false }));
    expect(screen.getByTestId('auction-price').textContent).toBe('$13,000');
    expect(box().getByText('4 bids')).toBeTruthy();
    expect(screen.getByTestId('auction-minimum').textContent).toBe('Next minimum bid: $13,250');
    // The signed-in bidder's own standing and the history are read again.
    await waitFor(() => expect(auctionGets()).toBe(before.auction + 1));
    await waitFor(() => expect(bidGets()).toBe(before.bids + 1));
    await waitFor(() => expect(screen.getByTestId('own-bid').textContent).toContain('You have been outbid'));

    await happen('extended', samplePublicAuction({ ...outbid, endsAt: newEnd }));
    // Within the moment it takes a re-read started by the previous event to settle (the page must
    // show the new state within a second, not in the same tick).
    await waitFor(() => expect(screen.getByTestId('auction-ends').getAttribute('datetime')).toBe(newEnd));
    expect(screen.getByTestId('auction-time-left').textContent).toMatch(/^(1m 30s|1m 29s)$/);

    await happen('ended', samplePublicAuction({ ...outbid, status: 'Sold', endsAt: newEnd }));
    await waitFor(() => expect(screen.getByTestId('auction-headline').textContent).toBe('Sold for $13,000'));
    await waitFor(() => expect(stream?.closed).toBe(true));
  });

  it("ISSUE-17-WEB counts down on the server's clock (the Date header), with seconds in the last hour", async () => {
    const serverNow = Date.now() + 2 * 3600_000; // The server's clock is two hours ahead of this one.
    const endsAt = new Date(serverNow + 30 * 60_000).toISOString();
    mockApi({
      'GET /api/vehicles/v1/auction': () =>
        new Response(JSON.stringify(samplePublicAuction({ endsAt })), {
          status: 200,
          headers: { 'content-type': 'application/json', date: new Date(serverNow).toUTCString() },
        }),
      'GET /api/vehicles/v1/bids': () => jsonResponse(200, { bids: BIDS }),
    });
    renderBox();
    // By the local clock it would be 2h 30m; by the server's, 30 minutes, shown to the second.
    expect((await screen.findByTestId('auction-time-left')).textContent).toMatch(/^(29m \d\ds|30m 0[01]s)$/);
  });
});

describe('bid box helpers', () => {
  it('ISSUE-17-WEB formats time left with seconds only in the last hour', () => {
    expect(formatTimeLeft(3 * 86_400 + 4 * 3600 + 59)).toBe('3d 4h');
    expect(formatTimeLeft(5 * 3600 + 7 * 60 + 3)).toBe('5h 07m');
    expect(formatTimeLeft(3600)).toBe('1h 00m');
    expect(formatTimeLeft(3599)).toBe('59m 59s');
    expect(formatTimeLeft(65)).toBe('1m 05s');
    expect(formatTimeLeft(9)).toBe('9s');
  });

  it('ISSUE-17-WEB checks a typed maximum as the server does', () => {
    expect(bidProblem('', 500)).toBe('Bid amount is required');
    expect(bidProblem('abc', 500)).toBe('Bid amount must be a number');
    expect(bidProblem('499', 500)).toBe('The minimum bid is $500');
    expect(bidProblem('100000001', 500)).toBe('Bid amount cannot be more than $100,000,000');
    expect(bidProblem('$1,500', 500)).toBeNull();
  });
});

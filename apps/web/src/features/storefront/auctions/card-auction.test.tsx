import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VehicleCard } from '../../../components/vehicle-card';
import { jsonResponse } from '../../../lib/test-fixtures';
import { renderAt, sampleSummary, stubFetch } from '../storefront-test-utils';

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const live = (vehicleId: string, currentBid: number | null, endsAt: string) => ({
  id: `a-${vehicleId}`,
  vehicleId,
  status: 'Live',
  startsAt: inMinutes(-60),
  endsAt,
  startingBid: 5_000,
  currentBid,
  bidCount: currentBid === null ? 0 : 2,
  reserve: 'none',
});

function Cards({ vehicles }: { vehicles: ReturnType<typeof sampleSummary>[] }) {
  return (
    <ul>
      {vehicles.map((v) => (
        <li key={v.id}>
          <VehicleCard vehicle={v} />
        </li>
      ))}
    </ul>
  );
}
const cardOf = (title: string) => within(screen.getByRole('link', { name: title }).closest('article') as HTMLElement);

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('vehicle cards of live auctions', () => {
  it('ISSUE-17-WEB show the current or starting bid and the time left, from one request for all cards', async () => {
    const calls = stubFetch((call) =>
      call.url.pathname === '/api/auctions/live'
        ? jsonResponse(200, {
            auctions: [live('v1', 21_500, inMinutes(42)), live('v2', null, inMinutes(3 * 24 * 60 + 90))],
          })
        : undefined,
    );
    const vehicles = [
      sampleSummary({ id: 'v1', title: 'Auction one', listingType: 'auction' }),
      sampleSummary({ id: 'v2', title: 'Auction two', listingType: 'auction' }),
      // Listed as an auction, but none is live: the card keeps its price.
      sampleSummary({ id: 'v3', title: 'Auction three', listingType: 'auction', price: 30_000 }),
      sampleSummary({ id: 'v4', title: 'Plain listing', price: 25_000 }),
    ];
    renderAt(<Cards vehicles={vehicles} />, { path: '/', routePath: '/' });

    const one = await screen.findAllByTestId('card-auction');
    expect(one).toHaveLength(2);
    expect(cardOf('Auction one').getByText('Current bid')).toBeTruthy();
    expect(cardOf('Auction one').getByText('$21,500')).toBeTruthy();
    expect(cardOf('Auction one').getByText(/^4[12]m \d\ds left$/)).toBeTruthy();
    expect(cardOf('Auction two').getByText('Starting bid')).toBeTruthy();
    expect(cardOf('Auction two').getByText('$5,000')).toBeTruthy();
    expect(cardOf('Auction two').getByText(/^3d 1h left$/)).toBeTruthy();
    expect(cardOf('Auction three').getByText('$30,000')).toBeTruthy();
    expect(cardOf('Plain listing').getByText('$25,000')).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === '/api/auctions/live')).toHaveLength(1);
  });

  it('ISSUE-17-WEB make no request when no card is an auction listing', async () => {
    const calls = stubFetch(() => undefined);
    renderAt(<Cards vehicles={[sampleSummary({ id: 'v4', title: 'Plain listing', price: 25_000 })]} />, {
      path: '/',
      routePath: '/',
    });
    expect(await screen.findByText('$25,000')).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname.startsWith('/api/auctions'))).toEqual([]);
  });
});

import { cleanup, screen, within } from '@testing-library/react';
import type { MyBids } from '@vm/shared/auction';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sampleUser } from '../../lib/test-fixtures';
import { mockApi, renderScreen, storeSession } from '../../lib/test-render';
import { sampleAuctionCard } from '../storefront/auctions/auction-test-utils';
import { AccountPage } from './account-page';

const user = sampleUser();
type Row = MyBids['bids'][number];
function row(
  title: string,
  slug: string,
  auction: Partial<Row['auction']>,
  myMaxBid: number,
  standing: Row['standing'],
): Row {
  return {
    auction: sampleAuctionCard({ id: `a-${slug}`, ...auction }).auction,
    vehicle: { id: `id-${slug}`, slug, title },
    myMaxBid,
    standing,
  };
}
const BIDS: Row[] = [
  row('1989 Porsche 911', '1989-porsche-911', { currentBid: 41_000 }, 45_000, 'winning'),
  row('1972 Datsun 240Z', '1972-datsun-240z', { currentBid: 22_000 }, 21_000, 'outbid'),
  row('1967 Jaguar E-Type', '1967-jaguar-e-type', { status: 'Sold', currentBid: 52_000 }, 55_000, 'won'),
  row('1985 BMW M635CSi', '1985-bmw-m635csi', { status: 'Sold', currentBid: 30_000 }, 28_000, 'lost'),
];

const renderTab = () => renderScreen(<AccountPage />, { path: '/account/bids', routePath: '/account/*' });
const item = (title: string) => within(screen.getByRole('listitem', { name: `Bids on ${title}` }));

beforeEach(() => {
  localStorage.clear();
  storeSession(user);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('My bids', () => {
  it('ISSUE-17-WEB lists each auction with the vehicle, the buyer’s maximum, the price and the standing', async () => {
    mockApi({
      'GET /api/auth/me': () => jsonResponse(200, { user }),
      'GET /api/users/u1': () => jsonResponse(200, { user }),
      'GET /api/users/me/bids': () => jsonResponse(200, { bids: BIDS }),
    });
    renderTab();
    await screen.findByRole('listitem', { name: 'Bids on 1989 Porsche 911' });
    expect(screen.getByRole('link', { name: 'My bids' }).getAttribute('aria-current')).toBe('page');

    const porsche = item('1989 Porsche 911');
    expect(porsche.getByRole('link', { name: '1989 Porsche 911' }).getAttribute('href')).toBe(
      '/vehicles/1989-porsche-911',
    );
    expect(porsche.getByText('Winning')).toBeTruthy();
    expect(porsche.getByText('$45,000')).toBeTruthy();
    expect(porsche.getByText('$41,000')).toBeTruthy();
    expect(porsche.getByText(/Current bid/)).toBeTruthy();
    expect(porsche.getByText(/left$/)).toBeTruthy();
    expect(porsche.queryByRole('link', { name: 'Raise your bid' })).toBeNull();

    const datsun = item('1972 Datsun 240Z');
    expect(datsun.getByText('Outbid')).toBeTruthy();
    expect(datsun.getByText('$21,000')).toBeTruthy();
    expect(datsun.getByRole('link', { name: 'Raise your bid' }).getAttribute('href')).toBe(
      '/vehicles/1972-datsun-240z#bid',
    );

    const jaguar = item('1967 Jaguar E-Type');
    expect(jaguar.getByText('Won')).toBeTruthy();
    expect(jaguar.getByText('Sold for $52,000')).toBeTruthy();
    expect(jaguar.getByText('$55,000')).toBeTruthy();

    const bmw = item('1985 BMW M635CSi');
    expect(bmw.getByText('Lost')).toBeTruthy();
    expect(bmw.getByText('Sold for $30,000')).toBeTruthy();
  });

  it('ISSUE-17-WEB invites to the live auctions when the buyer has not bid, and says when loading fails', async () => {
    let fail = false;
    mockApi({
      'GET /api/auth/me': () => jsonResponse(200, { user }),
      'GET /api/users/u1': () => jsonResponse(200, { user }),
      'GET /api/users/me/bids': () => (fail ? jsonResponse(500, {}) : jsonResponse(200, { bids: [] })),
    });
    renderTab();
    expect(await screen.findByText('You have not bid on any auction yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See live auctions' }).getAttribute('href')).toBe('/auctions');
    cleanup();
    fail = true;
    renderTab();
    expect(await screen.findByText('Your bids could not be loaded. Try again later.')).toBeTruthy();
  });
});

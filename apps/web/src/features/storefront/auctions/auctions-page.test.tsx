import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuctionCard, AuctionList } from '@vm/shared/auction';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../lib/test-fixtures';
import { type FetchCall, renderAt, stubFetch } from '../storefront-test-utils';
import { sampleAuctionCard } from './auction-test-utils';
import { AuctionsPage } from './auctions-page';

const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
const LIVE: AuctionCard[] = [
  sampleAuctionCard(
    { id: 'a1', endsAt: inHours(0.25), currentBid: 41_000, bidCount: 7, reserve: 'met' },
    { id: 'v1', title: '1989 Porsche 911 Carrera' },
  ),
  sampleAuctionCard(
    { id: 'a2', endsAt: inHours(50), currentBid: null, bidCount: 0, startingBid: 9_000, reserve: 'none' },
    {
      id: 'v2',
      title: '1972 Datsun 240Z',
      image: {
        id: 'img7',
        url: 'https://media.example.com/vehicles/v2/img7-1280.webp',
        srcSet:
          'https://media.example.com/vehicles/v2/img7-320.webp 320w, https://media.example.com/vehicles/v2/img7-640.webp 640w',
        width: 1600,
        height: 1000,
        category: 'gallery',
      },
    },
  ),
];
const ENDED: AuctionCard[] = [
  sampleAuctionCard({ id: 'e1', status: 'Sold', currentBid: 52_000 }, { id: 'v3', title: '1967 Jaguar E-Type' }),
  sampleAuctionCard({ id: 'e2', status: 'ReserveNotMet', currentBid: 18_500 }, { id: 'v4', title: '1985 BMW M635CSi' }),
  sampleAuctionCard(
    { id: 'e3', status: 'NoBids', currentBid: null, bidCount: 0 },
    { id: 'v5', title: '1979 Fiat 124' },
  ),
  sampleAuctionCard({ id: 'e4', status: 'Cancelled', currentBid: 9_000 }, { id: 'v6', title: '1990 Mazda Miata' }),
];
const page = (auctions: AuctionCard[], total = auctions.length, totalPages = 1, p = 1): AuctionList => ({
  auctions,
  total,
  page: p,
  totalPages,
});

function auctionsApi(
  answer: (url: URL) => AuctionList = (url) => page(url.searchParams.get('status') === 'ended' ? ENDED : LIVE),
) {
  return stubFetch((call) => (call.url.pathname === '/api/auctions' ? jsonResponse(200, answer(call.url)) : undefined));
}
const listCalls = (calls: FetchCall[]) =>
  calls.filter((c) => c.url.pathname === '/api/auctions').map((c) => Object.fromEntries(c.url.searchParams));
const renderPage = (path = '/auctions') => renderAt(<AuctionsPage />, { path, routePath: '/auctions' });
const card = (title: string) => within(screen.getByRole('article', { name: title }));

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/auctions', () => {
  it('ROUTE-16 ISSUE-17-WEB lists the live auctions in the order given (ending soonest first) with bid and time left', async () => {
    const calls = auctionsApi();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Auctions' })).toBeTruthy();
    expect(await screen.findByText('2 live auctions')).toBeTruthy();
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      '1989 Porsche 911 Carrera',
      '1972 Datsun 240Z',
    ]);
    const porsche = card('1989 Porsche 911 Carrera');
    expect(porsche.getByText('Current bid')).toBeTruthy();
    expect(porsche.getByTestId('auction-card-price').textContent).toBe('$41,000');
    // The last hour shows seconds.
    expect(porsche.getByTestId('auction-card-time').textContent).toMatch(/^1[45]m \d\ds left$/);
    expect(porsche.getByText('7 bids · Reserve met')).toBeTruthy();
    expect(porsche.getByRole('link', { name: '1989 Porsche 911 Carrera' }).getAttribute('href')).toBe('/vehicles/v1');
    const datsun = card('1972 Datsun 240Z');
    expect(datsun.getByText('Starting bid')).toBeTruthy();
    expect(datsun.getByTestId('auction-card-price').textContent).toBe('$9,000');
    expect(datsun.getByTestId('auction-card-time').textContent).toMatch(/^2d [12]h left$/);
    expect(datsun.getByText('0 bids · No reserve')).toBeTruthy();
    // Photos come as the API gives them (on MEDIA_PUBLIC_URL when set); none: the placeholder.
    const photo = (title: string) => screen.getByRole('article', { name: title }).querySelector('img');
    expect(photo('1972 Datsun 240Z')?.getAttribute('src')).toBe('https://media.example.com/vehicles/v2/img7-1280.webp');
    expect(photo('1972 Datsun 240Z')?.getAttribute('srcset')).toContain(
      'https://media.example.com/vehicles/v2/img7-320.webp 320w',
    );
    expect(photo('1989 Porsche 911 Carrera')?.getAttribute('src')).toBe('/placeholder-vehicle.svg');
    expect(listCalls(calls)).toEqual([{ status: 'live' }]);
    expect(screen.getByRole('link', { name: 'Live auctions' }).getAttribute('aria-current')).toBe('page');
  });

  it('ISSUE-17-WEB shows the results: "Sold for", "Bid to", "No bids" and "Cancelled"', async () => {
    const calls = auctionsApi();
    renderPage();
    await screen.findByText('2 live auctions');
    fireEvent.click(screen.getByRole('link', { name: 'Results' }));
    expect(await screen.findByText('4 results')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/auctions?status=ended');
    const results = screen.getAllByTestId('auction-card-result').map((r) => r.textContent);
    expect(results).toEqual(['Sold for $52,000', 'Bid to $18,500', 'No bids', 'Cancelled']);
    expect(card('1985 BMW M635CSi').getByText(/^Reserve not met · Ended/)).toBeTruthy();
    expect(listCalls(calls).at(-1)).toEqual({ status: 'ended' });
  });

  it('ISSUE-17-WEB searches the results by make, model or year, and pages them', async () => {
    const calls = auctionsApi((url) =>
      url.searchParams.get('q')
        ? page(ENDED.slice(0, 1), 30, 2, Number(url.searchParams.get('page') ?? 1))
        : page(ENDED),
    );
    renderPage('/auctions?status=ended');
    await screen.findByText('4 results');
    fireEvent.change(screen.getByLabelText('Search results by make, model or year'), {
      target: { value: ' Jaguar 1967 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('30 results for “Jaguar 1967”')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/auctions?status=ended&q=Jaguar+1967');
    expect(listCalls(calls).at(-1)).toEqual({ status: 'ended', q: 'Jaguar 1967' });

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/auctions?status=ended&q=Jaguar+1967&page=2'),
    );
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ status: 'ended', q: 'Jaguar 1967', page: '2' }));
  });

  it('ISSUE-17-WEB says when nothing is live, and when the results are empty or fail', async () => {
    let fail = false;
    stubFetch((call) =>
      call.url.pathname !== '/api/auctions' ? undefined : fail ? jsonResponse(500, {}) : jsonResponse(200, page([])),
    );
    renderPage();
    expect(await screen.findByText('No auctions are live right now.')).toBeTruthy();
    cleanup();
    renderPage('/auctions?status=ended&q=Lada');
    expect(await screen.findByText('No results match “Lada”.')).toBeTruthy();
    cleanup();
    fail = true;
    renderPage();
    expect(await screen.findByText('The auctions could not be loaded. Please try again.')).toBeTruthy();
  });
});

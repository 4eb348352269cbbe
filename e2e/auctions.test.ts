import type { AdminAuction, AuctionList, MyBids, PublicAuction, PublicBid } from '@vm/shared/auction';
import { formatMoney } from '@vm/shared/money';
import type { VehicleSummary } from '@vm/shared/vehicle';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  launchBrowser,
  loginThroughForm,
  newPage,
  type Server,
  screenshot,
  startServer,
  VIEWPORTS,
} from './harness.ts';

/*
 * Issue #17 in a real browser on the demo data: the /auctions lists, two buyers bidding against
 * each other on one auction through a soft-close extension to the Sold result, and the staff
 * screens (schedule from the vehicle screen, the live view, void a bid, cancel).
 */

interface Buyer {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  token: string;
}

const SOFT_CLOSE_MS = 2 * 60 * 1000;

/** "1m 55s", "45s", "2h 05m", "3d 4h" as seconds (the bid box's countdown). */
function countdownSeconds(text: string): number {
  const parts = { d: 86_400, h: 3_600, m: 60, s: 1 } as const;
  let total = 0;
  for (const [, n, unit] of text.matchAll(/(\d+)([dhms])/g)) total += Number(n) * parts[unit as keyof typeof parts];
  return total;
}

/** The bid box of a vehicle page. */
const bidBox = (page: Page): Locator => page.getByRole('region', { name: 'Auction', exact: true });

/** Marks the page's document, so a later check can tell it was never reloaded or left. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { e2eMark?: string }).e2eMark = 'kept';
  });
const documentKept = (page: Page) =>
  page.evaluate(() => (window as unknown as { e2eMark?: string }).e2eMark === 'kept');

describe('auctions in a real browser (issue #17)', () => {
  let server: Server;
  let browser: Browser;
  let adminToken = '';
  /** Available, fixed-price demo vehicles with a title of their own, for the auctions these tests schedule. */
  let spareVehicles: VehicleSummary[] = [];
  let buyerCount = 0;

  const api = async <T>(
    url: string,
    options: { method?: string; token?: string; body?: unknown } = {},
  ): Promise<{ status: number; body: T }> => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${server.baseUrl}${url}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  };

  const registerBuyer = async (firstName: string, lastName: string): Promise<Buyer> => {
    buyerCount += 1;
    const person = {
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}-${buyerCount}-${Date.now()}@example.com`,
      phone: `+1 555 010 ${String(5000 + buyerCount)}`,
      password: `${firstName.toLowerCase()}-pass-1`,
    };
    const res = await api<{ token: string }>('/api/auth/register', { method: 'POST', body: person });
    expect(res.status).toBe(201);
    return { firstName, lastName, email: person.email, password: person.password, token: res.body.token };
  };

  const signIn = async (page: Page, email: string, password: string) => {
    await page.goto('/login');
    await loginThroughForm(page, email, password);
    await page.waitForURL(`${server.baseUrl}/`);
  };

  const publicAuction = async (vehicleId: string, token?: string) => {
    const res = await api<PublicAuction>(`/api/vehicles/${vehicleId}/auction`, { token });
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const login = await api<{ token: string }>('/api/auth/login', { method: 'POST', body: ADMIN });
    adminToken = login.body.token;
    const list = await api<{ vehicles: VehicleSummary[] }>('/api/vehicles?status=Available&limit=100', {
      token: adminToken,
    });
    const titles = new Map<string, number>();
    for (const v of list.body.vehicles) titles.set(v.title, (titles.get(v.title) ?? 0) + 1);
    spareVehicles = list.body.vehicles.filter(
      (v) => v.status === 'Available' && v.listingType !== 'auction' && titles.get(v.title) === 1,
    );
    expect(spareVehicles.length).toBeGreaterThanOrEqual(2);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('/auctions lists the live demo auctions ending soonest first, and the Results view shows what ended ones sold for', async ({
    onTestFailed,
  }) => {
    const { page, context } = await newPage(browser, server.baseUrl, VIEWPORTS.desktop);
    onTestFailed(() => screenshot(page, 'auctions-list-failure'));

    // Live: the six demo auctions, ending soonest first, each with its bid and time left.
    const live = (await api<AuctionList>('/api/auctions?status=live')).body;
    expect(live.total).toBe(6);
    const ends = live.auctions.map((c) => Date.parse(c.auction.endsAt));
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
    await page.goto('/auctions');
    await page.getByRole('heading', { name: '6 live auctions' }).waitFor();
    expect(await page.getByRole('link', { name: 'Live auctions' }).getAttribute('aria-current')).toBe('page');
    const cards = page.getByRole('article');
    await expect.poll(() => cards.count()).toBe(live.auctions.length);
    const titles = await Promise.all((await cards.all()).map((card) => card.getAttribute('aria-label')));
    expect(titles).toEqual(live.auctions.map((c) => c.vehicle.title));
    for (const [i, card] of live.auctions.entries()) {
      const shown = cards.nth(i);
      const amount = card.auction.currentBid ?? card.auction.startingBid;
      expect(await shown.getByTestId('auction-card-price').textContent()).toBe(formatMoney(amount));
      expect(await shown.getByTestId('auction-card-time').textContent()).toMatch(/left$/);
    }
    // The first ends within minutes (the demo's "ending soon" auction): its countdown is in seconds.
    expect(await cards.first().getByTestId('auction-card-time').textContent()).toMatch(/^\d+m \d{2}s left$/);
    await screenshot(page, 'auctions-live-1440');

    // Results: the ten demo results, "Sold for $X" for the sold ones, "Bid to $X" below the reserve.
    const ended = (await api<AuctionList>('/api/auctions?status=ended')).body;
    expect(ended.total).toBe(10);
    // Newest first.
    const endedAt = ended.auctions.map((c) => Date.parse(c.auction.endsAt));
    expect(endedAt).toEqual([...endedAt].sort((x, y) => y - x));
    await page.getByRole('link', { name: 'Results' }).click();
    await page.waitForURL(`${server.baseUrl}/auctions?status=ended`);
    await page.getByRole('heading', { name: '10 results' }).waitFor();
    const results = page.getByTestId('auction-card-result');
    await expect.poll(() => results.count()).toBe(ended.auctions.length);
    const expected = ended.auctions.map(({ auction }) =>
      auction.status === 'Sold' && auction.currentBid !== null
        ? `Sold for ${formatMoney(auction.currentBid)}`
        : auction.status === 'ReserveNotMet' && auction.currentBid !== null
          ? `Bid to ${formatMoney(auction.currentBid)}`
          : auction.status === 'NoBids'
            ? 'No bids'
            : auction.status,
    );
    expect(await results.allTextContents()).toEqual(expected);
    expect(expected.filter((t) => t.startsWith('Sold for $')).length).toBeGreaterThanOrEqual(5);
    expect(expected.some((t) => t.startsWith('Bid to $'))).toBe(true);
    await screenshot(page, 'auctions-results-1440');

    // Searchable by make: a sold car's make finds it, and only cars of that make.
    const sold = ended.auctions.find((c) => c.auction.status === 'Sold');
    if (!sold) throw new Error('the demo data has no sold auction');
    const byMake = (await api<AuctionList>(`/api/auctions?status=ended&q=${encodeURIComponent(sold.vehicle.make)}`))
      .body;
    const resultsSearch = page
      .getByRole('search')
      .filter({ has: page.getByLabel('Search results by make, model or year') });
    await resultsSearch.getByLabel('Search results by make, model or year').fill(sold.vehicle.make);
    await resultsSearch.getByRole('button', { name: 'Search' }).click();
    await page
      .getByRole('heading', {
        name: `${byMake.total} ${byMake.total === 1 ? 'result' : 'results'} for “${sold.vehicle.make}”`,
      })
      .waitFor();
    await expect.poll(() => page.getByRole('article').count()).toBe(byMake.auctions.length);
    await page
      .getByRole('article', { name: sold.vehicle.title })
      .getByText(`Sold for ${formatMoney(sold.auction.currentBid ?? 0)}`)
      .waitFor();
    await context.close();
  });

  it('two buyers bid against each other live, the soft close moves the end, and both pages show the Sold result', async ({
    onTestFailed,
  }) => {
    const vehicle = spareVehicles[0] as VehicleSummary;
    const a = await registerBuyer('Avery', 'Ashford');
    const b = await registerBuyer('Blake', 'Brennan');
    const pageA = await newPage(browser, server.baseUrl, VIEWPORTS.desktop);
    const pageB = await newPage(browser, server.baseUrl, VIEWPORTS.desktop);
    onTestFailed(async () => {
      await screenshot(pageA.page, 'auction-buyer-a-failure');
      await screenshot(pageB.page, 'auction-buyer-b-failure');
    });
    // Both sign in first, so the short auction's minute goes to the bidding.
    await signIn(pageA.page, a.email, a.password);
    await signIn(pageB.page, b.email, b.password);

    // The admin schedules a one-minute auction (plus a few seconds) on an Available car.
    const scheduled = await api<AdminAuction>('/api/admin/auctions', {
      method: 'POST',
      token: adminToken,
      body: { vehicleId: vehicle.id, startingBid: 10_000, endsAt: new Date(Date.now() + 65_000).toISOString() },
    });
    expect(scheduled.status).toBe(201);
    expect(scheduled.body.status).toBe('Live');
    const firstEnd = scheduled.body.endsAt;

    const detail = `/vehicles/${vehicle.id}`;
    for (const { page } of [pageA, pageB]) {
      await page.goto(detail);
      const box = bidBox(page);
      await box.getByText('Starting bid', { exact: true }).waitFor();
      expect(await box.getByTestId('auction-price').textContent()).toBe('$10,000');
      await box.getByText('0 bids', { exact: true }).waitFor();
      await box.getByText('No bids yet.').waitFor();
      expect(await box.getByTestId('auction-ends').getAttribute('datetime')).toBe(firstEnd);
      // Under 65 s left: the countdown is in seconds.
      expect(countdownSeconds((await box.getByTestId('auction-time-left').textContent()) ?? '')).toBeLessThanOrEqual(
        65,
      );
      await markDocument(page);
    }
    const boxA = bidBox(pageA.page);
    const boxB = bidBox(pageB.page);

    // A bids a maximum of $12,000 through the confirmation step: the price is the starting bid.
    await boxA.getByLabel('Your maximum bid (USD)').fill('12000');
    await boxA.getByRole('button', { name: 'Place bid' }).click();
    const confirmA = boxA.getByRole('group', { name: 'You commit to buy at up to $12,000' });
    await confirmA.waitFor();
    await confirmA.getByRole('button', { name: 'Confirm bid' }).click();
    await pageA.page
      .locator('.Toastify__toast--success', { hasText: 'Your bid is in: you are the high bidder.' })
      .waitFor();
    await boxA.getByTestId('own-bid').getByText('You are the high bidder').waitFor();
    expect(await boxA.getByTestId('own-bid').textContent()).toContain('$12,000');

    // B sees A's bid arrive without reloading: price, count, history.
    await boxB.getByText('1 bid', { exact: true }).waitFor({ timeout: 10_000 });
    await boxB.getByText('Current bid', { exact: true }).waitFor();
    expect(await boxB.getByTestId('auction-price').textContent()).toBe('$10,000');
    const historyB = boxB.getByRole('list', { name: 'Bids, newest first' }).getByRole('listitem');
    await expect.poll(() => historyB.count(), { timeout: 10_000 }).toBe(1);
    expect(await historyB.first().textContent()).toContain('$10,000');
    // Never a maximum nor a name in public.
    expect(await boxB.textContent()).not.toContain('$12,000');
    expect(await boxB.textContent()).not.toContain('Avery');
    expect(await boxB.getByTestId('auction-minimum').textContent()).toBe('Next minimum bid: $10,250');

    // The bid came in the last 2 minutes: the end moved to 2 minutes after it, on both pages.
    const afterA = await publicAuction(vehicle.id);
    const bidsAfterA = (await api<{ bids: PublicBid[] }>(`/api/vehicles/${vehicle.id}/bids`)).body.bids;
    expect(bidsAfterA).toHaveLength(1);
    expect(Date.parse(afterA.endsAt)).toBeGreaterThan(Date.parse(firstEnd));
    expect(Date.parse(afterA.endsAt) - Date.parse(bidsAfterA[0]?.at ?? '')).toBe(SOFT_CLOSE_MS);
    for (const box of [boxA, boxB]) {
      await expect
        .poll(() => box.getByTestId('auction-ends').getAttribute('datetime'), { timeout: 10_000 })
        .toBe(afterA.endsAt);
      // The countdown follows the new end (within a couple of seconds of the server's clock).
      const shown = countdownSeconds((await box.getByTestId('auction-time-left').textContent()) ?? '');
      const expectedLeft = (Date.parse(afterA.endsAt) - Date.now()) / 1000;
      expect(Math.abs(shown - expectedLeft)).toBeLessThanOrEqual(3);
      // It moved at least 55 s past the first end (a bid at the start of the minute, plus 2 minutes).
      expect(shown).toBeGreaterThan((Date.parse(firstEnd) - Date.now()) / 1000 + 50);
    }
    await screenshot(pageB.page, 'auction-buyer-b-sees-bid-1440');

    // B bids more: B leads at $12,250 (A's maximum plus the increment), A sees it and "outbid" live.
    await boxB.getByLabel('Your maximum bid (USD)').fill('$15,000');
    await boxB.getByRole('button', { name: 'Place bid' }).click();
    const confirmB = boxB.getByRole('group', { name: 'You commit to buy at up to $15,000' });
    await confirmB.waitFor();
    await confirmB.getByRole('button', { name: 'Confirm bid' }).click();
    await pageB.page
      .locator('.Toastify__toast--success', { hasText: 'Your bid is in: you are the high bidder.' })
      .waitFor();
    await boxB.getByTestId('own-bid').getByText('You are the high bidder').waitFor();

    await expect.poll(() => boxA.getByTestId('auction-price').textContent(), { timeout: 10_000 }).toBe('$12,250');
    await boxA.getByText('2 bids', { exact: true }).waitFor();
    await boxA.getByTestId('own-bid').getByText('You have been outbid').waitFor({ timeout: 10_000 });
    const historyA = boxA.getByRole('list', { name: 'Bids, newest first' }).getByRole('listitem');
    await expect.poll(() => historyA.count(), { timeout: 10_000 }).toBe(2);
    expect(await historyA.first().textContent()).toContain('$12,250');
    expect(await boxA.getByTestId('auction-minimum').textContent()).toBe('Next minimum bid: $12,500');

    // B's bid moved the end again.
    const afterB = await publicAuction(vehicle.id);
    const bidsAfterB = (await api<{ bids: PublicBid[] }>(`/api/vehicles/${vehicle.id}/bids`)).body.bids;
    expect(Date.parse(afterB.endsAt)).toBeGreaterThanOrEqual(Date.parse(afterA.endsAt));
    expect(Date.parse(afterB.endsAt) - Date.parse(bidsAfterB[0]?.at ?? '')).toBe(SOFT_CLOSE_MS);
    for (const box of [boxA, boxB])
      await expect
        .poll(() => box.getByTestId('auction-ends').getAttribute('datetime'), { timeout: 10_000 })
        .toBe(afterB.endsAt);
    await screenshot(pageA.page, 'auction-buyer-a-outbid-1440');

    // The end passes: both pages show the result without reloading.
    const wait = Date.parse(afterB.endsAt) - Date.now() + 30_000;
    for (const box of [boxA, boxB])
      await expect
        .poll(
          () =>
            box
              .getByTestId('auction-headline')
              .textContent()
              .catch(() => null),
          {
            timeout: Math.max(wait, 30_000),
            interval: 1000,
          },
        )
        .toBe('Sold for $12,250');
    await boxB.getByTestId('own-bid').getByText('You won').waitFor();
    await boxA.getByTestId('own-bid').getByText('You lost').waitFor();
    await bidBox(pageA.page).getByText('Sold', { exact: true }).waitFor();
    expect(await boxA.getByLabel('Your maximum bid (USD)').count()).toBe(0);
    expect(await documentKept(pageA.page)).toBe(true);
    expect(await documentKept(pageB.page)).toBe(true);
    const closed = await publicAuction(vehicle.id);
    expect(closed.status).toBe('Sold');
    expect(closed.endsAt).toBe(afterB.endsAt);
    await screenshot(pageB.page, 'auction-buyer-b-won-1440');

    // "My bids": B won, A lost, each with their own maximum.
    const myBidsItem = (page: Page) => page.getByRole('listitem', { name: `Bids on ${vehicle.title}` });
    for (const [{ page }, standing, max] of [
      [pageB, 'Won', '$15,000'],
      [pageA, 'Lost', '$12,000'],
    ] as const) {
      await page.goto('/account');
      await page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'My bids' }).click();
      await page.waitForURL(`${server.baseUrl}/account/bids`);
      const item = myBidsItem(page);
      await item.waitFor();
      await item.getByText(standing, { exact: true }).waitFor();
      expect(await item.textContent()).toContain(`Your maximum: ${max}`);
      expect(await item.textContent()).toContain('Sold for $12,250');
    }
    const mine = (await api<MyBids>('/api/users/me/bids', { token: b.token })).body;
    expect(mine.bids.find((x) => x.vehicle.id === vehicle.id)?.standing).toBe('won');
    await screenshot(pageA.page, 'auction-my-bids-lost-1440');
    await pageA.context.close();
    await pageB.context.close();
  }, 300_000);

  it('staff schedule from the vehicle screen, watch bids in the live view, void one and cancel; the public page says so', async ({
    onTestFailed,
  }) => {
    const vehicle = spareVehicles[1] as VehicleSummary;
    const { page, context } = await newPage(browser, server.baseUrl, VIEWPORTS.desktop);
    onTestFailed(() => screenshot(page, 'auction-staff-failure'));
    await signIn(page, ADMIN.email, ADMIN.password);

    // Schedule from the back-office vehicle screen.
    await page.goto('/admin/vehicles');
    await page.getByLabel('Search vehicles').fill(vehicle.title);
    const edit = page.getByRole('button', { name: `Edit ${vehicle.title}`, exact: true });
    await edit.click();
    const dialog = page.getByRole('dialog', { name: 'Edit Vehicle' });
    const section = dialog.getByRole('region', { name: 'Auction', exact: true });
    const form = section.getByRole('form', { name: 'Schedule auction' });
    await form.waitFor();
    await form.getByRole('button', { name: 'Schedule auction' }).click();
    await form.getByText('Starting bid is required').waitFor();
    await form.getByLabel('Starting bid (USD) *').fill('20000');
    expect(await form.getByRole('radio', { name: 'Start now' }).isChecked()).toBe(true);
    // The form proposes an end 7 days after the start.
    const proposed = Date.parse(await form.getByLabel('Ends at').inputValue());
    expect(Math.abs(proposed - (Date.now() + 7 * 24 * 3600 * 1000))).toBeLessThan(5 * 60 * 1000);
    await screenshot(page, 'admin-auction-schedule-1440');
    await form.getByRole('button', { name: 'Schedule auction' }).click();
    await page.locator('.Toastify__toast--success', { hasText: 'The auction is live.' }).waitFor();
    await section.getByText('Live', { exact: true }).waitFor();
    await section.getByText('No bids yet').waitFor();
    await section.getByText('$20,000').waitFor();
    const auction = await publicAuction(vehicle.id);
    expect(auction.status).toBe('Live');
    expect(auction.startingBid).toBe(20_000);
    expect(Math.abs(Date.parse(auction.endsAt) - proposed)).toBeLessThan(60_000);
    expect(await dialog.getByLabel('Listing type').inputValue()).toBe('auction');

    // A buyer bids through the API; the live view shows the bidder, the maximum and the price.
    const cora = await registerBuyer('Cora', 'Bidwell');
    const dev = await registerBuyer('Dev', 'Outbidder');
    const first = await api(`/api/vehicles/${vehicle.id}/bids`, {
      method: 'POST',
      token: cora.token,
      body: { amount: 25_000 },
    });
    expect(first.status).toBe(201);
    await section.getByRole('link', { name: 'Open live view' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/auctions/${auction.id}`);
    await page.getByRole('heading', { name: `Auction: ${vehicle.title}` }).waitFor();
    const figures = page.getByRole('region', { name: 'Auction figures' });
    const rows = page.getByTestId('admin-bid');
    await expect.poll(() => rows.count()).toBe(1);
    const coraRow = rows.filter({ hasText: cora.email });
    expect(await coraRow.textContent()).toContain('Cora Bidwell');
    expect(await coraRow.textContent()).toContain('$25,000');
    await coraRow.getByText('Leading', { exact: true }).waitFor();
    await figures.getByText('$20,000').first().waitFor();
    await figures.getByText('High bidder:').waitFor();
    expect(await figures.textContent()).toContain(`Cora Bidwell (${cora.email})`);

    // A second buyer outbids while the view is open: it follows live.
    const second = await api(`/api/vehicles/${vehicle.id}/bids`, {
      method: 'POST',
      token: dev.token,
      body: { amount: 30_000 },
    });
    expect(second.status).toBe(201);
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    const devRow = rows.filter({ hasText: dev.email });
    await devRow.getByText('Leading', { exact: true }).waitFor();
    expect(await devRow.textContent()).toContain('$30,000');
    await figures.getByText('$25,500').waitFor();
    await figures.getByText('2 from 2 bidders').waitFor();
    await screenshot(page, 'admin-auction-live-1440');

    // Void Dev's bid with a reason: the price goes back to Cora's lead at the starting bid.
    await page.getByRole('button', { name: `Void the bid of $30,000 by Dev Outbidder` }).click();
    const voidDialog = page.getByRole('dialog', { name: 'Void bid' });
    await voidDialog.getByRole('button', { name: 'Void bid' }).click();
    await voidDialog.getByText('Please give a reason').waitFor();
    await voidDialog.getByLabel('Reason').fill('Bidder asked to withdraw a mistyped bid');
    await voidDialog.getByRole('button', { name: 'Void bid' }).click();
    await page
      .locator('.Toastify__toast--success', { hasText: 'The bid was voided and the price recomputed.' })
      .waitFor();
    await devRow.getByText('Voided', { exact: true }).waitFor();
    await devRow.getByText('Bidder asked to withdraw a mistyped bid').waitFor();
    await coraRow.getByText('Leading', { exact: true }).waitFor();
    await expect.poll(() => figures.textContent()).toContain(`Cora Bidwell (${cora.email})`);
    expect(await figures.textContent()).toContain('Current bid$20,000');
    const afterVoid = await publicAuction(vehicle.id);
    expect(afterVoid.currentBid).toBe(20_000);
    expect(afterVoid.bidCount).toBe(1);

    // Cancel with a reason.
    const reason = 'The owner withdrew the car from sale';
    await page.getByRole('button', { name: 'Cancel auction' }).click();
    const cancelDialog = page.getByRole('dialog', { name: 'Cancel auction' });
    await cancelDialog.getByLabel('Reason').fill(reason);
    await cancelDialog.getByRole('button', { name: 'Cancel auction' }).click();
    await page.locator('.Toastify__toast--success', { hasText: 'The auction was cancelled.' }).waitFor();
    await page.getByText('Cancelled', { exact: true }).first().waitFor();
    await figures.getByText(reason).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel auction' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Void the bid/ }).count()).toBe(0);
    await screenshot(page, 'admin-auction-cancelled-1440');

    // The public vehicle page: cancelled, with the reason, and the offer panel again.
    const visitor = await newPage(browser, server.baseUrl, VIEWPORTS.desktop);
    await visitor.page.goto(`/vehicles/${vehicle.id}`);
    const box = bidBox(visitor.page);
    await box.getByText('This auction was cancelled').waitFor();
    await box.getByText(reason).waitFor();
    await visitor.page.getByRole('button', { name: 'Log in to make an offer' }).waitFor();
    await screenshot(visitor.page, 'auction-cancelled-public-1440');
    // A bidder's page too: the offer form is open to them again.
    await signIn(visitor.page, cora.email, cora.password);
    await visitor.page.goto(`/vehicles/${vehicle.id}`);
    await bidBox(visitor.page).getByText('This auction was cancelled').waitFor();
    await visitor.page.getByRole('button', { name: 'Make an offer' }).waitFor();
    await visitor.context.close();
    await context.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminAuction,
  type AuctionList,
  auctionPrice,
  type MyBids,
  type PublicAuction,
  type PublicBid,
  standingOfBids,
} from '@vm/shared/auction';
import { MSG } from '@vm/shared/messages';
import { closeAuction, runAuctionClock } from '../src/features/auctions/auction-service.ts';
import {
  createTestContext,
  DIALECTS,
  registerBuyer,
  type SignedIn,
  signInAs,
  tableCounts,
  type TestContext,
} from './test-app.ts';
import { mustang } from './vehicle-fixtures.ts';

/**
 * Issue #17's rules (docs/decisions/125-auctions.md) through the HTTP layer on both databases,
 * with the server's clock injected: scheduling, who bids, proxy prices, soft close, closing,
 * offers during an auction, edits, cancellation, voiding, lists and My bids.
 */
const PUBLIC_URL = 'https://cars.example';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(DIALECTS)('auctions on %s', (dialect) => {
  let ctx: TestContext;
  let admin: SignedIn;
  let nowMs = Date.parse('2027-03-01T12:00:00.000Z');
  const clock = () => new Date(nowMs);
  const at = (offsetMs: number) => new Date(nowMs + offsetMs).toISOString();

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { PUBLIC_URL, RATE_LIMIT: 'off' }, { clock });
    admin = await signInAs(ctx, 'SuperAdmin');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const inject = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, who?: SignedIn, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload: payload as object } : {}) });

  let vehicleCount = 0;
  async function createVehicle() {
    const title = `1967 Ford Mustang Auction ${++vehicleCount}`;
    const res = await inject('POST', '/api/vehicles', admin, { ...mustang, vin: '', title });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string; slug: string; title: string }>();
  }
  async function schedule(body: Record<string, unknown> = {}) {
    const vehicle = await createVehicle();
    const res = await inject('POST', '/api/admin/auctions', admin, {
      vehicleId: vehicle.id,
      startingBid: 10_000,
      endsAt: at(7 * 24 * HOUR),
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { vehicle, auction: res.json<AdminAuction>() };
  }
  const bid = (vehicleId: string, who: SignedIn | undefined, amount: number) =>
    inject('POST', `/api/vehicles/${vehicleId}/bids`, who, { amount });
  async function bidOk(vehicleId: string, who: SignedIn, amount: number) {
    const res = await bid(vehicleId, who, amount);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ auction: PublicAuction; bid: { id: string } }>().auction;
  }
  const publicAuction = async (vehicleId: string, who?: SignedIn) => {
    const res = await inject('GET', `/api/vehicles/${vehicleId}/auction`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PublicAuction>();
  };
  const adminView = async (auctionId: string) =>
    (await inject('GET', `/api/admin/auctions/${auctionId}`, admin)).json<AdminAuction>();
  const outbox = (template: string) =>
    ctx.database.db
      .selectFrom('email_outbox')
      .select(['recipient', 'payload'])
      .where('template', '=', template)
      .execute();
  const vehicleRow = (id: string) =>
    ctx.database.db
      .selectFrom('vehicles')
      .select(['status', 'listing_type'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  describe('scheduling', () => {
    it('staff schedule an auction: the listing becomes an auction, the reserve is in the staff answer only', async () => {
      const { vehicle, auction } = await schedule({ reservePrice: 31_337 });
      expect(auction).toMatchObject({ status: 'Live', startingBid: 10_000, reservePrice: 31_337, currentBid: null });
      expect((await vehicleRow(vehicle.id)).listing_type).toBe('auction');
      const res = await inject('GET', `/api/vehicles/${vehicle.slug}/auction`);
      expect(res.json()).toMatchObject({
        reserve: 'not_met',
        minimumBid: 10_000,
        increment: 250,
        myMaxBid: null,
        leading: false,
      });
      expect(res.body).not.toContain('31337');
      expect(res.body).not.toContain('reservePrice');
    });

    it('refuses bad terms with 400 and changes nothing', async () => {
      const vehicle = await createVehicle();
      const before = await tableCounts(ctx.database);
      const cases: [Record<string, unknown>, string][] = [
        [{ startingBid: 10.5 }, 'Starting bid must be in whole dollars'],
        [{ startingBid: 0 }, 'Starting bid must be at least $1'],
        [{ reservePrice: 5_000 }, 'Reserve price cannot be below the starting bid'],
        [{ startsAt: at(HOUR), endsAt: at(HOUR + 30_000) }, 'The end must be at least 1 minute after the start'],
        [{ endsAt: at(30_000) }, 'The end must be at least 1 minute after the start'],
        [{ startsAt: at(-2 * HOUR) }, 'The start cannot be in the past'],
        [{ endsAt: 'next tuesday' }, 'End must be a date and time'],
      ];
      for (const [body, message] of cases) {
        const res = await inject('POST', '/api/admin/auctions', admin, {
          vehicleId: vehicle.id,
          startingBid: 10_000,
          endsAt: at(24 * HOUR),
          ...body,
        });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.body).toContain(message);
      }
      expect(await tableCounts(ctx.database)).toEqual(before);
    });

    it('one open auction per vehicle, on an Available vehicle only', async () => {
      const { vehicle } = await schedule();
      const again = await inject('POST', '/api/admin/auctions', admin, {
        vehicleId: vehicle.id,
        startingBid: 1_000,
        endsAt: at(HOUR),
      });
      expect(again.statusCode).toBe(409);
      const sold = await createVehicle();
      await ctx.database.db.updateTable('vehicles').set({ status: 'Sold' }).where('id', '=', sold.id).execute();
      const res = await inject('POST', '/api/admin/auctions', admin, {
        vehicleId: sold.id,
        startingBid: 1,
        endsAt: at(HOUR),
      });
      expect(res.statusCode).toBe(409);
    });

    it('only staff schedule: 401 anonymous, 403 buyer', async () => {
      const vehicle = await createVehicle();
      const body = { vehicleId: vehicle.id, startingBid: 1_000, endsAt: at(HOUR) };
      expect((await inject('POST', '/api/admin/auctions', undefined, body)).statusCode).toBe(401);
      expect((await inject('POST', '/api/admin/auctions', await registerBuyer(ctx.app), body)).statusCode).toBe(403);
    });

    it('a later start is Scheduled, takes no bid, and goes Live when the clock reaches it', async () => {
      const { vehicle, auction } = await schedule({ startsAt: at(HOUR), endsAt: at(2 * HOUR) });
      expect(auction.status).toBe('Scheduled');
      const buyer = await registerBuyer(ctx.app);
      const early = await bid(vehicle.id, buyer, 10_000);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe('This auction has not started yet');
      nowMs += HOUR;
      await runAuctionClock(ctx.app.auctions);
      expect((await adminView(auction.id)).status).toBe('Live');
      await bidOk(vehicle.id, buyer, 10_000);
      nowMs += 2 * HOUR;
      await runAuctionClock(ctx.app.auctions);
    });
  });

  describe('bidding', () => {
    it('who bids: 401 anonymous, 403 staff, 400 bad amounts', async () => {
      const { vehicle } = await schedule();
      expect((await bid(vehicle.id, undefined, 10_000)).statusCode).toBe(401);
      const staff = await bid(vehicle.id, admin, 10_000);
      expect(staff.statusCode).toBe(403);
      const buyer = await registerBuyer(ctx.app);
      for (const amount of [10_000.5, -5, 0, 'lots'])
        expect((await bid(vehicle.id, buyer, amount as number)).statusCode).toBe(400);
      const low = await bid(vehicle.id, buyer, 9_999);
      expect(low.statusCode).toBe(400);
      expect(low.json().message).toBe('The minimum bid is $10,000');
      expect((await publicAuction(vehicle.id)).bidCount).toBe(0);
    });

    it('proxy bidding: the price is the second maximum plus its increment; the outbid leader is emailed', async () => {
      const { vehicle } = await schedule();
      const [a, b, c] = [await registerBuyer(ctx.app), await registerBuyer(ctx.app), await registerBuyer(ctx.app)];
      let auction = await bidOk(vehicle.id, a, 20_000);
      expect(auction).toMatchObject({ currentBid: 10_000, minimumBid: 10_250, myMaxBid: 20_000, leading: true });
      auction = await bidOk(vehicle.id, b, 15_000);
      expect(auction).toMatchObject({ currentBid: 15_250, leading: false, myMaxBid: 15_000, minimumBid: 15_500 });
      expect(await publicAuction(vehicle.id, a)).toMatchObject({ leading: true, myMaxBid: 20_000 });
      expect((await outbox('auctionOutbid')).filter((r) => r.recipient === a.email)).toHaveLength(0);

      auction = await bidOk(vehicle.id, c, 30_000);
      expect(auction).toMatchObject({ currentBid: 20_250, leading: true, bidCount: 3, bidderCount: 3 });
      expect((await outbox('auctionOutbid')).map((r) => r.recipient)).toContain(a.email);
      const low = await bid(vehicle.id, b, 20_400);
      expect(low.json().message).toBe('The minimum bid is $20,500');
    });

    it('equal maximums: the earlier bid leads at that amount', async () => {
      const { vehicle } = await schedule();
      const [a, b] = [await registerBuyer(ctx.app), await registerBuyer(ctx.app)];
      await bidOk(vehicle.id, a, 12_000);
      const auction = await bidOk(vehicle.id, b, 12_000);
      expect(auction).toMatchObject({ currentBid: 12_000, leading: false });
      expect(await publicAuction(vehicle.id, a)).toMatchObject({ leading: true });
    });

    it('a leader raising their own maximum does not raise the price; a lower maximum is refused', async () => {
      const { vehicle } = await schedule();
      const [a, b] = [await registerBuyer(ctx.app), await registerBuyer(ctx.app)];
      await bidOk(vehicle.id, a, 20_000);
      await bidOk(vehicle.id, b, 11_000);
      const raised = await bidOk(vehicle.id, a, 40_000);
      expect(raised).toMatchObject({ currentBid: 11_250, myMaxBid: 40_000, leading: true });
      const lower = await bid(vehicle.id, a, 30_000);
      expect(lower.statusCode).toBe(400);
      expect(lower.json().message).toBe('Your maximum is already $40,000: bid more to raise it');
    });

    it('the reserve: reaching it lifts the price to it; the public answer says met, never the amount', async () => {
      const { vehicle } = await schedule({ reservePrice: 25_000 });
      const [a, b] = [await registerBuyer(ctx.app), await registerBuyer(ctx.app)];
      expect(await bidOk(vehicle.id, a, 20_000)).toMatchObject({ currentBid: 10_000, reserve: 'not_met' });
      expect(await bidOk(vehicle.id, b, 30_000)).toMatchObject({ currentBid: 25_000, reserve: 'met', leading: true });
    });

    it('the bid history shows visible prices and aliases, never maximums, names or emails', async () => {
      const { vehicle } = await schedule();
      const [a, b] = [
        await registerBuyer(ctx.app, { firstName: 'Zebulon' }),
        await registerBuyer(ctx.app, { firstName: 'Quintessa' }),
      ];
      await bidOk(vehicle.id, a, 50_000);
      await bidOk(vehicle.id, b, 20_000);
      const res = await inject('GET', `/api/vehicles/${vehicle.id}/bids`);
      const bids = res.json<{ bids: PublicBid[] }>().bids;
      expect(bids.map((x) => [x.amount, x.bidder])).toEqual([
        [20_250, 'Bidder 1'],
        [10_000, 'Bidder 1'],
      ]);
      for (const secret of ['50000', 'Zebulon', 'Quintessa', a.email, b.email]) expect(res.body).not.toContain(secret);
    });

    it('the two maximums kept on the row give the price of every bid standing, over many bids and raises', async () => {
      const { vehicle, auction } = await schedule({ startingBid: 900, reservePrice: 3_000 });
      const bidders = await Promise.all(Array.from({ length: 4 }, () => registerBuyer(ctx.app)));
      let seed = 7;
      const random = () => {
        seed = (seed * 48_271) % 2_147_483_647;
        return seed / 2_147_483_647;
      };
      for (let i = 0; i < 30; i++) {
        const current = await publicAuction(vehicle.id);
        const who = bidders[Math.floor(random() * bidders.length)] as SignedIn;
        await bid(vehicle.id, who, current.minimumBid + Math.floor(random() * 4) * current.increment);
        const view = await adminView(auction.id);
        const placed = [...view.bids]
          .reverse()
          .filter((b) => !b.voidedAt)
          .map((b, order) => ({ id: b.id, bidderId: b.bidder.id, amount: b.maxAmount, order }));
        const expected = auctionPrice(900, 3_000, standingOfBids(placed));
        expect(view.currentBid, `after bid ${i}`).toBe(expected.currentBid);
        expect(view.leaderId).toBe(expected.leaderId);
        expect(view.bidderCount).toBe(new Set(placed.map((b) => b.bidderId)).size);
      }
    });

    it('concurrent bids: one leader, and the price is what the rules give for the stored maximums', async () => {
      const { vehicle, auction } = await schedule({ startingBid: 1_000 });
      const buyers = await Promise.all(Array.from({ length: 8 }, () => registerBuyer(ctx.app)));
      const results = await Promise.all(buyers.map((buyer, i) => bid(vehicle.id, buyer, 1_000 + i * 100)));
      expect(results.every((r) => [201, 400].includes(r.statusCode))).toBe(true);
      const shown = await adminView(auction.id);
      const maxima = standingOfBids(
        shown.bids.reverse().map((b, i) => ({ id: b.id, bidderId: b.bidder.id, amount: b.maxAmount, order: i })),
      );
      const expected = auctionPrice(1_000, null, maxima);
      expect(shown.currentBid).toBe(expected.currentBid);
      expect(shown.leaderId).toBe(expected.leaderId);
      expect(shown.bidCount).toBe(results.filter((r) => r.statusCode === 201).length);
    });
  });

  describe('soft close and closing', () => {
    it('a bid in the last 2 minutes moves the end to 2 minutes after it; a refused bid never does', async () => {
      const { vehicle, auction } = await schedule({ endsAt: at(10 * MINUTE) });
      const [a, b] = [await registerBuyer(ctx.app), await registerBuyer(ctx.app)];
      await bidOk(vehicle.id, a, 10_000);
      expect((await publicAuction(vehicle.id)).endsAt).toBe(auction.endsAt);
      nowMs += 9 * MINUTE;
      expect((await bid(vehicle.id, b, 5)).statusCode).toBe(400);
      expect((await publicAuction(vehicle.id)).endsAt).toBe(auction.endsAt);
      const extended = await bidOk(vehicle.id, b, 11_000);
      expect(extended.endsAt).toBe(at(2 * MINUTE));
      nowMs += 2 * MINUTE;
      const late = await bid(vehicle.id, a, 20_000);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe('This auction has ended');
    });

    it('after the end every answer shows the ended state: Sold, the vehicle Sold, winner and staff emailed', async () => {
      const { vehicle, auction } = await schedule({ endsAt: at(HOUR), reservePrice: 12_000 });
      const [a, b] = [await registerBuyer(ctx.app), await registerBuyer(ctx.app)];
      await bidOk(vehicle.id, a, 15_000);
      await bidOk(vehicle.id, b, 13_000);
      nowMs += HOUR;
      // Closed on read, before any clock job.
      expect(await publicAuction(vehicle.id, a)).toMatchObject({ status: 'Sold', currentBid: 13_250, leading: true });
      expect((await vehicleRow(vehicle.id)).status).toBe('Sold');
      expect((await outbox('auctionWon')).map((r) => r.recipient)).toContain(a.email);
      expect(
        (await outbox('auctionEnded')).some((r) => r.recipient === admin.email && r.payload.includes(vehicle.title)),
      ).toBe(true);
      expect(await closeAuction(ctx.app.auctions, auction.id)).toBe(false);
      const mine = (await inject('GET', '/api/users/me/bids', a)).json<MyBids>();
      expect(mine.bids.find((x) => x.auction.id === auction.id)).toMatchObject({ standing: 'won', myMaxBid: 15_000 });
      const theirs = (await inject('GET', '/api/users/me/bids', b)).json<MyBids>();
      expect(theirs.bids.find((x) => x.auction.id === auction.id)).toMatchObject({ standing: 'lost' });
    });

    it("a sale by auction is a sale: the dashboard records it, at the time of the server's clock, and watchers are told", async () => {
      const { vehicle, auction } = await schedule({ endsAt: at(HOUR) });
      const watcher = await registerBuyer(ctx.app);
      await inject('POST', `/api/vehicles/${vehicle.id}/watch`, watcher, { watching: true });
      await bidOk(vehicle.id, await registerBuyer(ctx.app), 10_000);
      nowMs += HOUR;
      await runAuctionClock(ctx.app.auctions);
      const sold = await ctx.database.db
        .selectFrom('activity_events')
        .select('created_at')
        .where('subject_id', '=', vehicle.id)
        .where('type', '=', 'vehicle_sold')
        .execute();
      expect(sold).toHaveLength(1);
      const ended = await ctx.database.db
        .selectFrom('activity_events')
        .select('created_at')
        .where('subject_id', '=', auction.id)
        .where('type', 'in', ['auction_started', 'auction_ended'])
        .orderBy('created_at')
        .execute();
      // Stamped by the clock the auction runs on (2027 here), not the machine's.
      expect([...ended, ...sold].map((e) => new Date(e.created_at).getTime())).toEqual([nowMs - HOUR, nowMs, nowMs]);
      expect((await outbox('watchedVehicleChange')).map((r) => r.recipient)).toContain(watcher.email);
    });

    it('closes exactly once when two closers race', async () => {
      const { vehicle, auction } = await schedule({ endsAt: at(HOUR) });
      await bidOk(vehicle.id, await registerBuyer(ctx.app), 10_000);
      nowMs += HOUR;
      const results = await Promise.all([
        closeAuction(ctx.app.auctions, auction.id),
        closeAuction(ctx.app.auctions, auction.id),
        runAuctionClock(ctx.app.auctions).then(() => false),
      ]);
      expect(results.filter(Boolean).length).toBeLessThanOrEqual(1);
      const ended = await ctx.database.db
        .selectFrom('activity_events')
        .select('id')
        .where('subject_id', '=', auction.id)
        .where('type', '=', 'auction_ended')
        .execute();
      expect(ended).toHaveLength(1);
      expect((await adminView(auction.id)).status).toBe('Sold');
    });

    it('reserve not met: staff may sell to the high bidder; no bids: nothing happens', async () => {
      const { vehicle, auction } = await schedule({ endsAt: at(HOUR), reservePrice: 50_000 });
      const a = await registerBuyer(ctx.app);
      await bidOk(vehicle.id, a, 20_000);
      const empty = await schedule({ endsAt: at(HOUR) });
      nowMs += HOUR;
      await runAuctionClock(ctx.app.auctions);
      expect(await adminView(auction.id)).toMatchObject({ status: 'ReserveNotMet', currentBid: 10_000 });
      expect((await vehicleRow(vehicle.id)).status).toBe('Available');
      expect(await adminView(empty.auction.id)).toMatchObject({ status: 'NoBids' });
      expect((await vehicleRow(empty.vehicle.id)).status).toBe('Available');
      expect((await inject('POST', `/api/admin/auctions/${empty.auction.id}/sell`, admin)).statusCode).toBe(409);

      const sold = await inject('POST', `/api/admin/auctions/${auction.id}/sell`, admin);
      expect(sold.statusCode, sold.body).toBe(200);
      expect(sold.json()).toMatchObject({ status: 'Sold' });
      expect((await vehicleRow(vehicle.id)).status).toBe('Sold');
      expect((await outbox('auctionWon')).map((r) => r.recipient)).toContain(a.email);
    });
  });

  describe('offers', () => {
    it('are refused while an auction is Scheduled or Live, and open again after it ends unsold', async () => {
      const { vehicle } = await schedule({ endsAt: at(HOUR) });
      const buyer = await registerBuyer(ctx.app);
      const during = await inject('POST', `/api/vehicles/${vehicle.id}/offers`, buyer, { amount: 9_000 });
      expect(during.statusCode).toBe(409);
      expect(during.json().message).toBe(MSG.vehicleInAuction);
      nowMs += HOUR;
      await runAuctionClock(ctx.app.auctions);
      const after = await inject('POST', `/api/vehicles/${vehicle.id}/offers`, buyer, { amount: 9_000 });
      expect(after.statusCode, after.body).toBe(201);
    });
  });

  describe('the vehicle during an auction', () => {
    it('keeps its status: staff cancel the auction before changing it', async () => {
      const { vehicle, auction } = await schedule();
      const full = (await inject('GET', `/api/vehicles/${vehicle.id}`, admin)).json<Record<string, unknown>>();
      const res = await inject('PUT', `/api/vehicles/${vehicle.id}`, admin, {
        ...mustang,
        vin: '',
        title: vehicle.title,
        status: 'Archived',
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(MSG.vehicleHeldByAuction);
      expect(full.status).toBe('Available');
      const deletion = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/vehicles/${vehicle.id}`,
        headers: admin.headers,
      });
      expect(deletion.statusCode).toBe(409);
      await inject('POST', `/api/admin/auctions/${auction.id}/cancel`, admin, { reason: 'Withdrawn' });
      const after = await inject('PUT', `/api/vehicles/${vehicle.id}`, admin, {
        ...mustang,
        vin: '',
        title: vehicle.title,
        status: 'Archived',
      });
      expect(after.statusCode, after.body).toBe(200);
    });
  });

  it('staff cannot accept an offer made before the auction while it is open, nor list the vehicle otherwise', async () => {
    const vehicle = await createVehicle();
    const buyer = await registerBuyer(ctx.app);
    const offer = await inject('POST', `/api/vehicles/${vehicle.id}/offers`, buyer, { amount: 9_000 });
    expect(offer.statusCode, offer.body).toBe(201);
    const res = await inject('POST', '/api/admin/auctions', admin, {
      vehicleId: vehicle.id,
      startingBid: 5_000,
      endsAt: at(HOUR),
    });
    expect(res.statusCode, res.body).toBe(201);
    const accept = await inject('PUT', `/api/admin/offers/${offer.json().offer.id}/status`, admin, {
      status: 'accepted',
      responseMessage: '',
    });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe(MSG.offerDuringAuction);
    const relist = await inject('PUT', `/api/vehicles/${vehicle.id}`, admin, {
      ...mustang,
      vin: '',
      title: vehicle.title,
      listingType: 'listing',
    });
    expect(relist.statusCode).toBe(409);
    nowMs += HOUR;
    await runAuctionClock(ctx.app.auctions);
  });

  describe('staff changes', () => {
    it('before the first bid anything can be edited; after it only a lower reserve', async () => {
      const { vehicle, auction } = await schedule({ reservePrice: 30_000 });
      const edited = await inject('PATCH', `/api/admin/auctions/${auction.id}`, admin, {
        startingBid: 12_000,
        endsAt: at(2 * 24 * HOUR),
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ startingBid: 12_000, endsAt: at(2 * 24 * HOUR) });
      await bidOk(vehicle.id, await registerBuyer(ctx.app), 28_000);
      for (const body of [{ startingBid: 5_000 }, { reservePrice: 35_000 }, { endsAt: at(3 * 24 * HOUR) }]) {
        const res = await inject('PATCH', `/api/admin/auctions/${auction.id}`, admin, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toBe('After the first bid, only a lower reserve can be set');
      }
      const lowered = await inject('PATCH', `/api/admin/auctions/${auction.id}`, admin, { reservePrice: 25_000 });
      expect(lowered.statusCode, lowered.body).toBe(200);
      expect(lowered.json()).toMatchObject({ reservePrice: 25_000, reserve: 'met', currentBid: 25_000 });
    });

    it('cancel with a reason: bidders see it and are told, bids stay recorded, no more bids', async () => {
      const { vehicle, auction } = await schedule();
      const a = await registerBuyer(ctx.app);
      await bidOk(vehicle.id, a, 10_000);
      expect(
        (await inject('POST', `/api/admin/auctions/${auction.id}/cancel`, admin, { reason: ' ' })).statusCode,
      ).toBe(400);
      const res = await inject('POST', `/api/admin/auctions/${auction.id}/cancel`, admin, {
        reason: 'The owner withdrew the car',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await publicAuction(vehicle.id)).toMatchObject({
        status: 'Cancelled',
        cancelReason: 'The owner withdrew the car',
      });
      expect((await adminView(auction.id)).bids).toHaveLength(1);
      expect((await bid(vehicle.id, a, 20_000)).statusCode).toBe(409);
      expect((await outbox('auctionCancelled')).map((r) => r.recipient)).toContain(a.email);
    });

    it('voiding a bid recomputes the price from the remaining maximums and tells the bidders', async () => {
      const { vehicle, auction } = await schedule();
      const [a, b, c] = [await registerBuyer(ctx.app), await registerBuyer(ctx.app), await registerBuyer(ctx.app)];
      await bidOk(vehicle.id, a, 12_000);
      await bidOk(vehicle.id, b, 30_000);
      await bidOk(vehicle.id, c, 20_000);
      expect(await publicAuction(vehicle.id)).toMatchObject({ currentBid: 20_250 });
      const bBid = (await adminView(auction.id)).bids.find((x) => x.maxAmount === 30_000);
      const buyerTry = await inject('POST', `/api/admin/bids/${bBid?.id}/void`, a, { reason: 'x' });
      expect(buyerTry.statusCode).toBe(403);
      const res = await inject('POST', `/api/admin/bids/${bBid?.id}/void`, admin, { reason: 'Shill bidding' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<AdminAuction>()).toMatchObject({ currentBid: 12_250, leaderId: c.id, bidCount: 2 });
      expect(await publicAuction(vehicle.id, c)).toMatchObject({ currentBid: 12_250, leading: true });
      const history = (await inject('GET', `/api/vehicles/${vehicle.id}/bids`)).json<{ bids: PublicBid[] }>().bids;
      expect(history.map((x) => x.amount)).toEqual([12_250, 10_000]);
      const told = (await outbox('auctionBidVoided')).map((r) => r.recipient);
      expect(told).toEqual(expect.arrayContaining([a.email, b.email, c.email]));
      expect((await inject('POST', `/api/admin/bids/${bBid?.id}/void`, admin, { reason: 'again' })).statusCode).toBe(
        409,
      );
    });
  });

  describe('lists', () => {
    it('live auctions ending soonest first; results searchable by make, model and year', async () => {
      const late = await schedule({ endsAt: at(5 * HOUR) });
      const soon = await schedule({ endsAt: at(3 * HOUR) });
      const live = (await inject('GET', '/api/auctions?status=live')).json<AuctionList>();
      const ids = live.auctions.map((x) => x.auction.id);
      expect(ids.indexOf(soon.auction.id)).toBeLessThan(ids.indexOf(late.auction.id));
      const summaries = (await inject('GET', '/api/auctions/live')).json<{ auctions: { vehicleId: string }[] }>();
      expect(summaries.auctions.map((x) => x.vehicleId)).toContain(soon.vehicle.id);

      await bidOk(soon.vehicle.id, await registerBuyer(ctx.app), 10_000);
      nowMs += 3 * HOUR;
      const results = (await inject('GET', '/api/auctions?status=ended&q=mustang')).json<AuctionList>();
      expect(results.auctions.map((x) => x.auction.id)).toContain(soon.auction.id);
      expect(results.auctions.find((x) => x.auction.id === soon.auction.id)?.auction).toMatchObject({
        status: 'Sold',
        currentBid: 10_000,
      });
      const none = (await inject('GET', '/api/auctions?status=ended&q=ferrari')).json<AuctionList>();
      expect(none.total).toBe(0);
      nowMs += 3 * HOUR;
      await runAuctionClock(ctx.app.auctions);
    });

    it('watchers hear once that an auction ends within the hour', async () => {
      const { vehicle } = await schedule({ endsAt: at(2 * HOUR) });
      const watcher = await registerBuyer(ctx.app);
      expect((await inject('POST', `/api/vehicles/${vehicle.id}/watch`, watcher, { watching: true })).statusCode).toBe(
        200,
      );
      await runAuctionClock(ctx.app.auctions);
      const count = async () => (await outbox('auctionEndingSoon')).filter((r) => r.recipient === watcher.email).length;
      expect(await count()).toBe(0);
      nowMs += HOUR + MINUTE;
      await Promise.all([runAuctionClock(ctx.app.auctions), runAuctionClock(ctx.app.auctions)]);
      expect(await count()).toBe(1);
      nowMs += HOUR;
      await runAuctionClock(ctx.app.auctions);
    });
  });
});

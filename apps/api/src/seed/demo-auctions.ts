import type { Kysely } from 'kysely';
import { auctionPrice, type BidderMaximum, bidIncrement } from '@vm/shared/auction';
import { BUYER_ROLE } from '@vm/shared/constants';
import type { Dialect } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { findAuction } from '../features/auctions/auction-repository.ts';
import { type AuctionDeps, closeAuction, placeBid, scheduleAuction } from '../features/auctions/auction-service.ts';
import { DEMO_BUYERS, DEMO_STAFF } from './demo-people.ts';
import { DAY_MS, HOUR_MS, iso } from './demo-seed-rows.ts';
import type { SeededVehicle } from './demo-seed-vehicles.ts';

/**
 * Demo auctions (issue #17): six live auctions ending at staggered times after the seed (the
 * first within 10 minutes) and ten results (Sold, ReserveNotMet, NoBids). Every auction, bid and
 * close goes through the auction service with a clock the seed moves, so prices, leaders, counts,
 * soft-close extensions and vehicle statuses are exactly what real use makes.
 *
 * The service opens one transaction per change; here each of those joins the seed's transaction
 * (`joinTransaction`), so the demo commits whole or not at all, like the rest of the seed. What
 * the service stamps with the real time (dashboard events) is re-dated to the seed's clock, and
 * the emails it queues (outbid, won, auction ended) are dropped before the commit: the seed
 * writes history, it does not mail demo buyers or the dealer about it.
 */

export interface DemoAuctionsResult {
  live: number;
  ended: number;
  bids: number;
}

type ReservePlan = 'none' | 'met' | 'not_met';

interface AuctionPlan {
  /** The end relative to the seed, in ms (negative: already ended). */
  endsIn: number;
  /** How long the auction ran or runs. */
  durationMs: number;
  reserve: ReservePlan;
  bids: number;
  /** The last bid comes 40 s before the end: the soft close moves the end (ended results only). */
  lateBid?: boolean;
}

const MINUTE_MS = 60_000;
const WEEK_MS = 7 * DAY_MS;

/** Live: the first ends 8 minutes after the seed; the last started a moment ago and runs a week. */
export const LIVE_AUCTION_PLANS: readonly AuctionPlan[] = [
  { endsIn: 8 * MINUTE_MS, durationMs: WEEK_MS, reserve: 'met', bids: 6 },
  { endsIn: 2 * HOUR_MS, durationMs: WEEK_MS, reserve: 'none', bids: 5 },
  { endsIn: DAY_MS, durationMs: WEEK_MS, reserve: 'not_met', bids: 4 },
  { endsIn: 3 * DAY_MS, durationMs: WEEK_MS, reserve: 'met', bids: 4 },
  { endsIn: 5 * DAY_MS, durationMs: WEEK_MS, reserve: 'none', bids: 3 },
  { endsIn: 7 * DAY_MS, durationMs: WEEK_MS + 20 * MINUTE_MS, reserve: 'not_met', bids: 2 },
];

/** Results: six sold (with and without a reserve), two below the reserve, two without a bid. */
export const ENDED_AUCTION_PLANS: readonly AuctionPlan[] = [
  { endsIn: -2 * DAY_MS, durationMs: WEEK_MS, reserve: 'met', bids: 7, lateBid: true },
  { endsIn: -4 * DAY_MS - 3 * HOUR_MS, durationMs: WEEK_MS, reserve: 'not_met', bids: 4 },
  { endsIn: -6 * DAY_MS, durationMs: WEEK_MS, reserve: 'none', bids: 5 },
  { endsIn: -9 * DAY_MS, durationMs: WEEK_MS, reserve: 'none', bids: 0 },
  { endsIn: -12 * DAY_MS, durationMs: WEEK_MS, reserve: 'met', bids: 6 },
  { endsIn: -16 * DAY_MS, durationMs: WEEK_MS, reserve: 'not_met', bids: 3 },
  { endsIn: -20 * DAY_MS, durationMs: WEEK_MS, reserve: 'none', bids: 1 },
  { endsIn: -25 * DAY_MS, durationMs: WEEK_MS, reserve: 'met', bids: 5, lateBid: true },
  { endsIn: -31 * DAY_MS, durationMs: WEEK_MS, reserve: 'not_met', bids: 0 },
  { endsIn: -38 * DAY_MS, durationMs: WEEK_MS, reserve: 'met', bids: 4 },
];

/**
 * A Kysely on the seed's transaction whose `transaction().execute(fn)` runs `fn` in that same
 * transaction (Kysely refuses nested transactions). Methods are bound to the transaction itself,
 * so its private state is reached as usual.
 */
function joinTransaction(trx: Kysely<DB>): Kysely<DB> {
  const nested = { execute: <T>(fn: (db: Kysely<DB>) => Promise<T>) => fn(trx) };
  return new Proxy(trx, {
    get(target, prop) {
      if (prop === 'transaction') return () => nested;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const roundTo = (amount: number, step: number) => Math.max(step, Math.round(amount / step) * step);

/** The vehicles the plans go to: Available ones without a live or accepted offer, auction listings first. */
async function pickVehicles(
  db: Kysely<DB>,
  vehicles: readonly SeededVehicle[],
  plans: readonly { startMs: number }[],
): Promise<(SeededVehicle | undefined)[]> {
  const offered = new Set(
    (
      await db
        .selectFrom('offers')
        .select('vehicle_id')
        .where('status', 'not in', ['rejected', 'expired', 'withdrawn'])
        .execute()
    ).map((o) => o.vehicle_id),
  );
  const candidates = vehicles
    .filter((v) => v.plan.input.status === 'Available' && !offered.has(v.id))
    .sort(
      (a, b) =>
        Number(b.plan.input.listingType === 'auction') - Number(a.plan.input.listingType === 'auction') ||
        a.plan.input.year - b.plan.input.year ||
        a.plan.title.localeCompare(b.plan.title),
    );
  const taken = new Set<string>();
  return plans.map(({ startMs }) => {
    // Listed at least a day before its auction starts.
    const found = candidates.find((v) => !taken.has(v.id) && v.plan.createdMs <= startMs - DAY_MS);
    if (found) taken.add(found.id);
    return found;
  });
}

/**
 * The bids of one auction as (bidder, maximum) pairs: each bidder other than the leader bids the
 * next minimum or a step or two above it, raising their own maximum; a reserve planned as met is
 * passed by the last two bids, one planned as not met is never reached.
 */
function planBids(
  plan: AuctionPlan,
  startingBid: number,
  reserve: number | null,
  bidders: readonly string[],
  salt: number,
): { bidderId: string; amount: number }[] {
  const maxima = new Map<string, BidderMaximum>();
  const out: { bidderId: string; amount: number }[] = [];
  for (let j = 0; out.length < plan.bids && j < plan.bids * 4 && bidders.length > 0; j++) {
    const price = auctionPrice(startingBid, reserve, [...maxima.values()]);
    const bidderId = bidders[(salt + j) % bidders.length] as string;
    if (bidderId === price.leaderId) continue;
    const own = maxima.get(bidderId)?.amount ?? 0;
    const floor = Math.max(price.minimumBid, own + bidIncrement(own));
    let amount = floor + bidIncrement(floor) * ((j + salt) % 3);
    // The last two bids pass a reserve planned as met, so the price goes past it.
    if (reserve !== null && plan.reserve === 'met' && out.length >= plan.bids - 2)
      amount = Math.max(amount, reserve + bidIncrement(reserve) * (1 + ((salt + j) % 3)));
    if (reserve !== null && plan.reserve === 'not_met' && amount >= reserve) break;
    maxima.set(bidderId, { bidderId, amount, order: out.length + 1 });
    out.push({ bidderId, amount });
  }
  return out;
}

/** Starting bid and reserve for a vehicle listed at `price`: a start well below it, a reserve near it. */
function auctionTerms(price: number, reserve: ReservePlan): { startingBid: number; reservePrice: number | null } {
  const step = price >= 100_000 ? 5_000 : 1_000;
  const startingBid = roundTo(price * 0.5, step);
  if (reserve === 'none') return { startingBid, reservePrice: null };
  // Met: low enough that the bidding passes it; not met: at the asking price, which a few bids never reach.
  const reservePrice = reserve === 'met' ? roundTo(price * 0.65, step) : roundTo(price * 1.1, step);
  return { startingBid, reservePrice: Math.max(reservePrice, startingBid) };
}

/**
 * Schedules, bids and (for results) closes the demo auctions in the seed's transaction `trx`,
 * relative to `now` (the seed's time, in ms). Call it after the vehicles, people and activity
 * rows are in.
 */
export async function insertDemoAuctions(
  trx: Kysely<DB>,
  options: { dialect: Dialect; publicUrl: string; vehicles: readonly SeededVehicle[]; now: number },
): Promise<DemoAuctionsResult> {
  const { now } = options;
  const startedIso = new Date().toISOString();
  let clock = now;
  const deps: AuctionDeps = {
    db: joinTransaction(trx),
    dialect: options.dialect,
    now: () => new Date(clock),
    publicUrl: options.publicUrl,
    publish: async () => {},
  };
  const staff = await trx
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([eb('email', '=', DEMO_STAFF.email), eb('role', 'in', ['Admin', 'SuperAdmin', 'admin', 'superadmin'])]),
    )
    .orderBy((eb) => eb.case().when('email', '=', DEMO_STAFF.email).then(0).else(1).end())
    .orderBy('created_at')
    .executeTakeFirst();
  const buyers = await trx
    .selectFrom('users')
    .select(['id', 'created_at'])
    .where(
      'email',
      'in',
      DEMO_BUYERS.map((b) => b.email),
    )
    .where('role', '=', BUYER_ROLE)
    .where('is_active', '=', 1)
    .orderBy('email')
    .execute();
  const outboxBefore = new Set((await trx.selectFrom('email_outbox').select('id').execute()).map((r) => r.id));

  // Events the service stamps with the real time take the seed's clock instead.
  const redate = (auctionId: string) =>
    trx
      .updateTable('activity_events')
      .set({ created_at: iso(clock) })
      .where('subject_id', '=', auctionId)
      .where('created_at', '>=', startedIso)
      .execute();

  const plans = [...LIVE_AUCTION_PLANS, ...ENDED_AUCTION_PLANS].map((plan) => {
    const endMs = now + plan.endsIn;
    return { plan, endMs, startMs: endMs - plan.durationMs };
  });
  const picked = await pickVehicles(trx, options.vehicles, plans);
  const result: DemoAuctionsResult = { live: 0, ended: 0, bids: 0 };

  for (const [k, { plan, startMs, endMs }] of plans.entries()) {
    const vehicle = picked[k];
    if (!staff || !vehicle) continue;
    const terms = auctionTerms(vehicle.plan.input.price ?? 20_000, plan.reserve);
    clock = startMs;
    const auction = await scheduleAuction(deps, staff, {
      vehicleId: vehicle.id,
      startingBid: terms.startingBid,
      reservePrice: terms.reservePrice,
      endsAt: iso(endMs),
    });
    await redate(auction.id);

    // Bids from buyers registered before the bid, spread from an hour after the start to just
    // before the end (or the seed, for a live auction).
    const lastBidMs = Math.min(endMs - (plan.lateBid ? 40_000 : 25 * MINUTE_MS), now - MINUTE_MS);
    const eligible = buyers.filter((b) => Date.parse(b.created_at) < startMs).map((b) => b.id);
    const bids = planBids(plan, terms.startingBid, terms.reservePrice, eligible, k);
    const firstBidMs = Math.min(startMs + HOUR_MS, startMs + (lastBidMs - startMs) / 3);
    for (const [j, bid] of bids.entries()) {
      const share = bids.length === 1 ? 1 : j / (bids.length - 1);
      // Bidding picks up towards the end, as it does on real auction sites.
      clock = Math.round(firstBidMs + (lastBidMs - firstBidMs) * share ** 1.5);
      await placeBid(deps, { id: bid.bidderId }, vehicle.id, bid.amount);
      result.bids++;
    }

    if (plan.endsIn > 0) {
      result.live++;
      continue;
    }
    // The clock job closes an auction within a second of its (possibly extended) end.
    const row = await findAuction(deps.db, auction.id);
    clock = Date.parse(row?.ends_at ?? iso(endMs)) + 400 + (k % 5) * 100;
    await closeAuction(deps, auction.id);
    await redate(auction.id);
    result.ended++;
  }

  const auctioned = picked.filter((v): v is SeededVehicle => v !== undefined).map((v) => v.id);
  if (auctioned.length > 0)
    // The catalogue's made-up "auction started" events give way to the real ones.
    await trx
      .deleteFrom('activity_events')
      .where('type', '=', 'auction_started')
      .where('subject_id', 'in', auctioned)
      .execute();
  // The history's emails (outbid, won, auction ended) are not sent to anyone.
  const queued = (await trx.selectFrom('email_outbox').select('id').execute())
    .map((r) => r.id)
    .filter((id) => !outboxBefore.has(id));
  if (queued.length > 0) await trx.deleteFrom('email_outbox').where('id', 'in', queued).execute();
  return result;
}

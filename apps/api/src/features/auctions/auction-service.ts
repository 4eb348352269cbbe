import type { Kysely } from 'kysely';
import {
  type AdminAuction,
  type AuctionEventName,
  type AuctionList,
  type AuctionStatus,
  type AuctionSummary,
  type BidderMaximum,
  AUCTIONS_PAGE_SIZE,
  auctionPrice,
  type AuctionPrice,
  AUCTION_TOO_SHORT,
  bidIncrement,
  type EditAuctionBody,
  ENDING_SOON_MS,
  isAuctionOpen,
  MIN_AUCTION_MS,
  minimumBidMessage,
  type MyBids,
  type PublicAuction,
  type PublicBid,
  rankMaxima,
  replayBids,
  type ScheduleAuctionBody,
  SOFT_CLOSE_MS,
  standingOfBids,
} from '@vm/shared/auction';
import { formatMoney } from '@vm/shared/money';
import { totalPages } from '@vm/shared/pagination';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import { KeyedQueue } from '../../lib/keyed-queue.ts';
import type { AuctionEventMessage } from './auction-events.ts';
import { vehicleUrl } from '../../lib/notice-text.ts';
import { recordActivity } from '../activity/activity-repository.ts';
import { queueEmail } from '../email/outbox.ts';
import { expireOffersOnSale } from '../offers/offer-sale-service.ts';
import { findStaffRecipients } from '../settings/staff-recipients-repository.ts';
import { findNotifiableWatchers } from '../vehicles/admin-vehicle-repository.ts';
import { findOpenAuctionOfVehicle, holdVehicle } from '../vehicles/vehicle-holds.ts';
import { toVehicleImage } from '../vehicles/vehicle-mapper.ts';
import { findVehicleRow, findVehicleState } from '../vehicles/vehicle-repository.ts';
import { listVehicleAsAuction, markVehicleSold } from '../vehicles/vehicle-writes.ts';
import { queueWatcherNotices } from '../vehicles/watcher-notices.ts';
import {
  type AuctionRow,
  type AuctionWithVehicle,
  auctionsDueToClose,
  auctionsDueToOpen,
  auctionsEndingSoon,
  auctionsOfBidder,
  bidderAliases,
  biddersOf,
  bidsOfAuction,
  claimEndingSoon,
  endedAuctionCards,
  findAuction,
  findBid,
  findLatestAuctionOfVehicle,
  insertAuction,
  insertBid,
  liveAuctionCards,
  liveAuctionSummaries,
  lockAuction,
  lockAuctionForBid,
  markBidVoided,
  notifiableUsers,
  publicBidRows,
  setBidOutcome,
  updateAuction,
  viewerMaximum,
} from './auction-repository.ts';

/**
 * Timed auctions: scheduling, proxy bids, soft close, closing, voiding (issue #17,
 * docs/decisions/125-auctions.md). Every change runs in one transaction that holds the auction
 * row; its emails go through the outbox in that transaction; its live event is published after
 * the commit. The time is the server's, read once per request from `deps.now` (tests inject it).
 */

export interface AuctionDeps {
  db: Kysely<DB>;
  dialect: Dialect;
  now: () => Date;
  publicUrl: string;
  publish: (message: AuctionEventMessage) => Promise<void>;
}

export interface Staff {
  id: string;
}

const MSG = {
  auctionNotFound: 'Auction not found',
  noAuction: 'This vehicle has no auction',
  vehicleNotFound: 'Vehicle not found',
  notAvailable: 'Only an Available vehicle can be auctioned',
  alreadyOpen: 'This vehicle already has a scheduled or live auction',
  startInPast: 'The start cannot be in the past',
  endInPast: 'The end must be in the future',
  notStarted: 'This auction has not started yet',
  ended: 'This auction has ended',
  cancelled: 'This auction was cancelled',
  notOpen: 'Only a scheduled or live auction can be changed',
  afterFirstBid: 'After the first bid, only a lower reserve can be set',
  reserveBelowStart: 'Reserve price cannot be below the starting bid',
  bidNotFound: 'Bid not found',
  alreadyVoided: 'This bid is already voided',
  voidOnlyLive: 'Bids can be voided only while the auction is live',
  sellOnlyReserveNotMet: 'Only an auction that ended below its reserve can be sold to the high bidder',
  vehicleNotForSale: 'The vehicle is no longer for sale',
} as const;

const toCents = (dollars: number) => Math.round(dollars * 100);
const toDollars = (cents: number | null) => (cents === null ? null : Number(cents) / 100);
const priceText = (cents: number | null) => (cents === null ? null : formatMoney(Number(cents) / 100));

/** The status a reader sees: a Scheduled auction whose start has come is Live (the clock job writes it within a second). */
function effectiveStatus(row: Pick<AuctionRow, 'status' | 'starts_at'>, nowIso: string): AuctionStatus {
  const status = row.status as AuctionStatus;
  return status === 'Scheduled' && row.starts_at <= nowIso ? 'Live' : status;
}

function reserveState(row: Pick<AuctionRow, 'reserve_cents' | 'reserve_met'>): PublicAuction['reserve'] {
  if (row.reserve_cents === null) return 'none';
  return row.reserve_met ? 'met' : 'not_met';
}

/** The columns of an auction's summary (cards, lists, My bids). */
type SummaryColumns = Pick<
  AuctionRow,
  | 'id'
  | 'status'
  | 'starts_at'
  | 'ends_at'
  | 'starting_bid_cents'
  | 'current_bid_cents'
  | 'bid_count'
  | 'reserve_cents'
  | 'reserve_met'
>;

function summaryOf(row: SummaryColumns, nowIso: string): AuctionSummary {
  return {
    id: row.id,
    status: effectiveStatus(row, nowIso),
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    startingBid: Number(row.starting_bid_cents) / 100,
    currentBid: toDollars(row.current_bid_cents),
    bidCount: Number(row.bid_count),
    reserve: reserveState(row),
  };
}

/** The public auction; `viewer` fills myMaxBid and leading for the signed-in bidder. */
function toPublic(row: AuctionRow, nowIso: string, viewer?: { id: string; maxBid: number | null }): PublicAuction {
  const startingBid = Number(row.starting_bid_cents) / 100;
  const currentBid = toDollars(row.current_bid_cents);
  const increment = bidIncrement(currentBid ?? startingBid);
  return {
    id: row.id,
    vehicleId: row.vehicle_id,
    status: effectiveStatus(row, nowIso),
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    startingBid,
    currentBid,
    bidCount: Number(row.bid_count),
    bidderCount: Number(row.bidder_count),
    reserve: reserveState(row),
    minimumBid: currentBid === null ? startingBid : currentBid + increment,
    increment,
    myMaxBid: viewer?.maxBid ?? null,
    leading: viewer !== undefined && viewer.maxBid !== null && row.leader_id === viewer.id,
    cancelReason: row.cancel_reason,
  };
}

/** The two highest standing maximums the row keeps (leader, runner-up): all the price depends on. */
function standingOf(row: AuctionRow): BidderMaximum[] {
  const kept: BidderMaximum[] = [];
  if (row.leader_id && row.leader_max_cents !== null && row.leader_seq !== null)
    kept.push({ bidderId: row.leader_id, amount: Number(row.leader_max_cents) / 100, order: Number(row.leader_seq) });
  if (row.runner_id && row.runner_max_cents !== null && row.runner_seq !== null)
    kept.push({ bidderId: row.runner_id, amount: Number(row.runner_max_cents) / 100, order: Number(row.runner_seq) });
  return kept;
}

/** The columns a price and its standing maximums write on the auction row. */
function priceColumns(price: AuctionPrice, standing: readonly BidderMaximum[]) {
  const [leader, runner] = rankMaxima(standing);
  return {
    current_bid_cents: price.currentBid === null ? null : toCents(price.currentBid),
    leader_id: price.leaderId,
    reserve_met: price.reserveMet ? 1 : 0,
    leader_max_cents: leader ? toCents(leader.amount) : null,
    leader_seq: leader?.order ?? null,
    runner_id: runner?.bidderId ?? null,
    runner_max_cents: runner ? toCents(runner.amount) : null,
    runner_seq: runner?.order ?? null,
  };
}

/** Publishes the auction's state after a commit (never inside the transaction: a rollback would have announced nothing). */
async function announce(deps: AuctionDeps, auctionId: string, events: readonly AuctionEventName[]) {
  if (events.length === 0) return;
  const row = await findAuction(deps.db, auctionId);
  if (!row) return;
  const auction = toPublic(row, deps.now().toISOString());
  for (const event of events) await deps.publish({ auctionId, event, version: Number(row.version), auction });
}

// ---------------------------------------------------------------------------------------------
// Reading

/**
 * Closes the auction first when its end has passed (close on read): every answer shows the
 * ended state even before the clock job has run.
 */
async function readFresh(deps: AuctionDeps, row: AuctionWithVehicle): Promise<AuctionWithVehicle> {
  if (!isAuctionOpen(row.status as AuctionStatus) || row.ends_at > deps.now().toISOString()) return row;
  await closeAuction(deps, row.id);
  return (await findAuction(deps.db, row.id)) ?? row;
}

async function publicVehicleId(db: Kysely<DB>, idOrSlug: string, isAdmin: boolean): Promise<string> {
  const vehicle = await findVehicleState(db, idOrSlug);
  if (!vehicle || (vehicle.status === 'Archived' && !isAdmin)) throw notFound(MSG.vehicleNotFound);
  return vehicle.id;
}

/**
 * The current auction of a public vehicle (id or slug); an Archived vehicle's only for staff. A
 * 404 says whether the vehicle or its auction is missing.
 */
async function latestAuction(deps: AuctionDeps, idOrSlug: string, isAdmin: boolean): Promise<AuctionWithVehicle> {
  const row = await findLatestAuctionOfVehicle(deps.db, idOrSlug);
  if (row && (row.vehicle_status !== 'Archived' || isAdmin)) return row;
  await publicVehicleId(deps.db, idOrSlug, isAdmin);
  throw notFound(MSG.noAuction);
}

async function vehicleAuction(deps: AuctionDeps, idOrSlug: string, isAdmin: boolean): Promise<AuctionWithVehicle> {
  return readFresh(deps, await latestAuction(deps, idOrSlug, isAdmin));
}

/** GET /vehicles/:idOrSlug/auction. */
export async function auctionOfVehicle(
  deps: AuctionDeps,
  idOrSlug: string,
  viewer: { id: string; isAdmin: boolean } | null,
): Promise<PublicAuction> {
  const row = await vehicleAuction(deps, idOrSlug, viewer?.isAdmin ?? false);
  const maxBid = viewer ? await viewerMaximum(deps.db, row.id, viewer.id) : null;
  return toPublic(row, deps.now().toISOString(), viewer ? { id: viewer.id, maxBid } : undefined);
}

/** GET /vehicles/:idOrSlug/bids: visible prices, newest first, bidders by alias. */
export async function publicBidHistory(deps: AuctionDeps, idOrSlug: string): Promise<PublicBid[]> {
  const row = await vehicleAuction(deps, idOrSlug, false);
  const [rows, aliases] = await Promise.all([publicBidRows(deps.db, row.id, 200), bidderAliases(deps.db, row.id)]);
  return rows.map((r) => ({
    amount: Number(r.price_cents) / 100,
    at: r.created_at,
    bidder: aliases.get(r.leader_id) ?? 'Bidder',
  }));
}

/** The stream's catch-up: the auction's public state and version (auction-event-routes.ts). */
export async function auctionForEvents(
  deps: AuctionDeps,
  auctionId: string,
): Promise<{ auction: PublicAuction; version: number } | undefined> {
  const found = await findAuction(deps.db, auctionId);
  if (!found || found.vehicle_status === 'Archived') return undefined;
  const row = await readFresh(deps, found);
  return { auction: toPublic(row, deps.now().toISOString()), version: Number(row.version) };
}

/** GET /auctions: live ones ending soonest first, or results (newest first, searchable by make, model and year). */
export async function listAuctions(
  deps: AuctionDeps,
  query: { status: 'live' | 'ended'; page: number; q?: string | undefined },
): Promise<AuctionList> {
  await closeDueAuctions(deps);
  const nowIso = deps.now().toISOString();
  const limit = AUCTIONS_PAGE_SIZE;
  const offset = (query.page - 1) * limit;
  const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6);
  const [rows, count] =
    query.status === 'live'
      ? await liveAuctionCards(deps.db, { limit, offset })
      : await endedAuctionCards(deps.db, { limit, offset, words });
  const total = Number(count.n);
  return {
    auctions: rows.map((r) => ({
      auction: summaryOf(r, nowIso),
      vehicle: {
        id: r.vehicle_id,
        slug: r.slug,
        title: r.title,
        year: r.year,
        make: r.make,
        model: r.model,
        mileage: r.mileage,
        image:
          r.default_image_id && r.image_width !== null && r.image_height !== null
            ? toVehicleImage({
                id: r.default_image_id,
                vehicle_id: r.vehicle_id,
                width: r.image_width,
                height: r.image_height,
              })
            : null,
      },
    })),
    total,
    page: query.page,
    totalPages: totalPages(total, limit),
  };
}

/** GET /auctions/live: every live auction's summary, keyed by vehicle, for vehicle cards. */
export async function liveSummaries(deps: AuctionDeps): Promise<(AuctionSummary & { vehicleId: string })[]> {
  const nowIso = deps.now().toISOString();
  const rows = await liveAuctionSummaries(deps.db);
  return rows.filter((r) => r.ends_at > nowIso).map((r) => ({ ...summaryOf(r, nowIso), vehicleId: r.vehicle_id }));
}

/** GET /users/me/bids: the buyer's auctions with their maximum and standing. */
export async function myBids(deps: AuctionDeps, userId: string): Promise<MyBids> {
  const nowIso = deps.now().toISOString();
  const rows = await auctionsOfBidder(deps.db, userId);
  return {
    bids: rows.map((r) => {
      const summary = summaryOf(r, nowIso);
      const leads = r.leader_id === userId;
      const open = isAuctionOpen(summary.status) && r.ends_at > nowIso;
      const standing = open ? (leads ? 'winning' : 'outbid') : summary.status === 'Sold' && leads ? 'won' : 'lost';
      return {
        auction: summary,
        vehicle: { id: r.vehicle_id, slug: r.slug, title: r.title },
        myMaxBid: Number(r.my_max_cents) / 100,
        standing,
      };
    }),
  };
}

/** GET /admin/auctions/:id: the reserve, and every bid with its bidder and maximum. */
export async function adminAuction(deps: AuctionDeps, auctionId: string): Promise<AdminAuction> {
  const found = await findAuction(deps.db, auctionId);
  if (!found) throw notFound(MSG.auctionNotFound);
  const row = await readFresh(deps, found);
  const [bids, aliases] = await Promise.all([bidsOfAuction(deps.db, row.id), bidderAliases(deps.db, row.id)]);
  return {
    ...toPublic(row, deps.now().toISOString()),
    reservePrice: toDollars(row.reserve_cents),
    leaderId: row.leader_id,
    vehicle: { id: row.vehicle_id, slug: row.vehicle_slug, title: row.vehicle_title },
    bids: bids.reverse().map((b) => ({
      id: b.id,
      maxAmount: Number(b.max_cents) / 100,
      price: Number(b.price_cents) / 100,
      at: b.created_at,
      bidder: {
        id: b.bidder_id,
        alias: aliases.get(b.bidder_id) ?? 'Bidder',
        name: `${b.first_name} ${b.last_name}`.trim(),
        email: b.email,
      },
      voidedAt: b.voided_at,
      voidReason: b.void_reason,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Bidding

/**
 * POST /vehicles/:idOrSlug/bids: the bidder's maximum (proxy bidding). One transaction holds the
 * auction row, so two bids at the same moment run one after the other and the price is always
 * what auctionPrice gives for the standing maxima. A bid in the last two minutes moves the end.
 *
 * Speed (docs/benchmarks.md, issue #17): this instance's bids on one auction wait their turn in
 * process (bidQueue), so at most one of its connections waits on the row lock and reads are never
 * starved of connections; at its turn a bid below the price just read is refused before any
 * transaction (the price only goes up between voids); and the answer and the live event are made
 * from what the transaction wrote, without reading it again.
 */
export async function placeBid(
  deps: AuctionDeps,
  bidder: { id: string },
  idOrSlug: string,
  amount: number,
): Promise<{ auction: PublicAuction; bid: { id: string; amount: number; at: string } }> {
  const latest = await latestAuction(deps, idOrSlug, false);
  const outcome = await bidQueue.run(latest.id, async () => {
    const now = deps.now();
    const nowIso = now.toISOString();
    const current = await findAuction(deps.db, latest.id);
    if (!current) throw notFound(MSG.noAuction);
    refuseBid(current, nowIso, amount);
    return deps.db.transaction().execute(async (trx) => {
      const row = await lockAuctionForBid(trx, deps.dialect, latest.id, bidder.id);
      if (!row) throw notFound(MSG.noAuction);
      refuseBid(row, nowIso, amount);
      return recordBid(deps, trx, row, bidder.id, amount, now);
    });
  });
  await deps.publish({
    auctionId: outcome.row.id,
    event: 'bid',
    version: Number(outcome.row.version),
    auction: toPublic(outcome.row, outcome.bid.at),
  });
  if (outcome.extended)
    await deps.publish({
      auctionId: outcome.row.id,
      event: 'extended',
      version: Number(outcome.row.version),
      auction: toPublic(outcome.row, outcome.bid.at),
    });
  return {
    auction: toPublic(outcome.row, outcome.bid.at, { id: bidder.id, maxBid: amount }),
    bid: outcome.bid,
  };
}

/** This instance's bids, one auction at a time (placeBid). */
const bidQueue = new KeyedQueue();

/** Refuses a bid on an auction that is not live at `nowIso`, or below the price the row shows. */
function refuseBid(row: AuctionRow, nowIso: string, amount: number) {
  const status = effectiveStatus(row, nowIso);
  if (status === 'Cancelled') throw conflict(MSG.cancelled);
  if (status === 'Scheduled') throw conflict(MSG.notStarted);
  // The end has passed: refused even when the close has not been processed yet (the server's clock decides).
  if (status !== 'Live' || row.ends_at <= nowIso) throw conflict(MSG.ended);
  const { minimumBid } = toPublic(row, nowIso);
  if (amount < minimumBid) throw badRequest(minimumBidMessage(minimumBid), 'amount');
}

/**
 * Writes a bid on the held auction row: the bid, the new price, standing maximums and end, and
 * the outbid notice. The row's two standing maximums are all it reads: a bidder who is neither
 * the leader nor the runner-up has a maximum at most the runner-up's, so below any bid allowed.
 */
async function recordBid(
  deps: AuctionDeps,
  trx: Kysely<DB>,
  row: NonNullable<Awaited<ReturnType<typeof lockAuctionForBid>>>,
  bidderId: string,
  amount: number,
  now: Date,
) {
  const nowIso = now.toISOString();
  const maxima = standingOf(row);
  const before = auctionPrice(Number(row.starting_bid_cents) / 100, toDollars(row.reserve_cents), maxima);
  if (amount < before.minimumBid) throw badRequest(minimumBidMessage(before.minimumBid), 'amount');
  const own = maxima.find((m) => m.bidderId === bidderId);
  if (own && amount <= own.amount)
    throw badRequest(`Your maximum is already ${formatMoney(own.amount)}: bid more to raise it`, 'amount');

  const seq = Number(row.next_seq);
  const standing = [...maxima.filter((m) => m.bidderId !== bidderId), { bidderId, amount, order: seq }];
  const after = auctionPrice(Number(row.starting_bid_cents) / 100, toDollars(row.reserve_cents), standing);
  const leaderId = after.leaderId as string;
  const bidId = newId();
  await insertBid(trx, {
    id: bidId,
    auction_id: row.id,
    bidder_id: bidderId,
    seq,
    max_cents: toCents(amount),
    price_cents: toCents(after.currentBid as number),
    leader_id: leaderId,
    created_at: nowIso,
  });
  const extended = Date.parse(row.ends_at) - now.getTime() < SOFT_CLOSE_MS;
  const changes = {
    ...priceColumns(after, standing),
    status: 'Live',
    ends_at: extended ? new Date(now.getTime() + SOFT_CLOSE_MS).toISOString() : row.ends_at,
    bid_count: Number(row.bid_count) + 1,
    bidder_count: Number(row.bidder_count) + (row.bidder_has_bid ? 0 : 1),
    next_seq: seq + 1,
    updated_at: nowIso,
  };
  await updateAuction(trx, row.id, changes, Number(row.version));
  // The previous leader, passed by someone else, hears of it (always sent: they bid).
  if (before.leaderId && before.leaderId !== leaderId && row.leader_email)
    await queueEmail(trx, {
      template: 'auctionOutbid',
      to: row.leader_email,
      userId: before.leaderId,
      data: {
        firstName: row.leader_first_name ?? '',
        vehicleTitle: row.vehicle_title,
        vehicleUrl: vehicleUrl(deps.publicUrl, row.vehicle_slug),
        currentBidText: formatMoney(after.currentBid as number),
        minimumBidText: formatMoney(after.minimumBid),
      },
    });
  return {
    row: { ...row, ...changes, version: Number(row.version) + 1 } satisfies AuctionRow,
    bid: { id: bidId, amount, at: nowIso },
    extended,
  };
}

// ---------------------------------------------------------------------------------------------
// The clock: opening, closing, ending-soon notices

/**
 * Ends an auction whose end has passed, exactly once: the row is held and its status checked in
 * the transaction, so a second instance (or a read closing it at the same moment) finds it ended
 * and does nothing. Sold: the vehicle becomes Sold, its waiting offers expire, the winner and
 * staff are emailed. ReserveNotMet: staff are emailed and may sell to the high bidder. NoBids:
 * staff are emailed; nothing else happens.
 */
export async function closeAuction(deps: AuctionDeps, auctionId: string): Promise<boolean> {
  const nowIso = deps.now().toISOString();
  const closed = await deps.db.transaction().execute(async (trx) => {
    const row = await lockAuction(trx, deps.dialect, auctionId);
    if (!row || !isAuctionOpen(row.status as AuctionStatus) || row.ends_at > nowIso) return false;
    const outcome =
      row.bid_count === 0 || row.leader_id === null ? 'NoBids' : row.reserve_met ? 'Sold' : 'ReserveNotMet';
    await updateAuction(trx, row.id, { status: outcome, closed_at: nowIso, updated_at: nowIso }, Number(row.version));
    const [winner] = outcome === 'NoBids' ? [] : await notifiableUsers(trx, [row.leader_id as string]);
    if (outcome === 'Sold') await sellVehicle(deps, trx, row, winner);
    const summary =
      outcome === 'Sold'
        ? `Auction for ${row.vehicle_title} sold for ${priceText(row.current_bid_cents)}`
        : outcome === 'ReserveNotMet'
          ? `Auction for ${row.vehicle_title} ended below its reserve at ${priceText(row.current_bid_cents)}`
          : `Auction for ${row.vehicle_title} ended without a bid`;
    await recordActivity(trx, 'auction_ended', row.id, summary, deps.now());
    for (const to of await findStaffRecipients(trx))
      await queueEmail(trx, {
        template: 'auctionEnded',
        to,
        data: {
          vehicleTitle: row.vehicle_title,
          adminUrl: adminAuctionUrl(deps.publicUrl, row.id),
          outcome,
          priceText: priceText(row.current_bid_cents),
          winnerName: winner ? `${winner.first_name} ${winner.last_name}` : null,
        },
      });
    return true;
  });
  if (closed) await announce(deps, auctionId, ['ended']);
  return closed;
}

export const adminAuctionUrl = (publicUrl: string, auctionId: string) =>
  `${publicUrl}/admin/auctions/${encodeURIComponent(auctionId)}`;

/** The vehicle of a won auction becomes Sold; its waiting offers expire; the winner is told. False when the vehicle is not Available. */
async function sellVehicle(
  deps: AuctionDeps,
  trx: Kysely<DB>,
  row: AuctionWithVehicle,
  winner: { id: string; email: string; first_name: string } | undefined,
): Promise<boolean> {
  await holdVehicle(trx, deps.dialect, row.vehicle_id);
  // Staff cannot move the vehicle while its auction is open (admin-vehicle-service.ts); should it
  // happen all the same, the auction's result stands and the vehicle keeps the status staff chose.
  const before = await findVehicleRow(trx, row.vehicle_id);
  if (before?.status !== 'Available') return false;
  const updatedAt = deps.now().toISOString();
  await markVehicleSold(trx, row.vehicle_id, updatedAt);
  // As a sale made in the vehicle form: the dashboard's sale event and the watchers' notice.
  await recordActivity(
    trx,
    'vehicle_sold',
    before.id,
    `Vehicle sold: ${before.year} ${before.make} ${before.model}`,
    deps.now(),
  );
  await queueWatcherNotices(trx, before, { ...before, status: 'Sold', updated_at: updatedAt }, deps.publicUrl);
  await expireOffersOnSale(
    trx,
    { id: before.id, title: before.title, slug: before.slug },
    { publicUrl: deps.publicUrl },
  );
  if (winner)
    await queueEmail(trx, {
      template: 'auctionWon',
      to: winner.email,
      userId: winner.id,
      data: {
        firstName: winner.first_name,
        vehicleTitle: row.vehicle_title,
        vehicleUrl: vehicleUrl(deps.publicUrl, row.vehicle_slug),
        priceText: priceText(row.current_bid_cents) as string,
      },
    });
  return true;
}

/** Closes every open auction whose end has passed; returns how many this call closed. */
export async function closeDueAuctions(deps: AuctionDeps): Promise<number> {
  let closed = 0;
  for (const { id } of await auctionsDueToClose(deps.db, deps.now().toISOString()))
    if (await closeAuction(deps, id)) closed++;
  return closed;
}

/**
 * One tick of the auction clock (background-work.ts runs it every second): Scheduled auctions
 * whose start has come become Live, ended ones close, and watchers of auctions ending within the
 * hour are told once.
 */
export async function runAuctionClock(deps: AuctionDeps): Promise<void> {
  const nowIso = deps.now().toISOString();
  for (const { id } of await auctionsDueToOpen(deps.db, nowIso)) await openAuction(deps, id);
  await closeDueAuctions(deps);
  const until = new Date(deps.now().getTime() + ENDING_SOON_MS).toISOString();
  for (const { id } of await auctionsEndingSoon(deps.db, nowIso, until)) await tellWatchersEndingSoon(deps, id);
}

async function openAuction(deps: AuctionDeps, auctionId: string) {
  const nowIso = deps.now().toISOString();
  const opened = await deps.db.transaction().execute(async (trx) => {
    const row = await lockAuction(trx, deps.dialect, auctionId);
    if (row?.status !== 'Scheduled' || row.starts_at > nowIso) return false;
    await updateAuction(trx, row.id, { status: 'Live', updated_at: nowIso }, Number(row.version));
    await recordActivity(trx, 'auction_started', row.id, `Auction for ${row.vehicle_title} started`, deps.now());
    return true;
  });
  if (opened) await announce(deps, auctionId, ['bid']);
}

async function tellWatchersEndingSoon(deps: AuctionDeps, auctionId: string) {
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockAuction(trx, deps.dialect, auctionId);
    if (row?.status !== 'Live' || !(await claimEndingSoon(trx, auctionId))) return;
    for (const watcher of await findNotifiableWatchers(trx, row.vehicle_id))
      await queueEmail(
        trx,
        {
          template: 'auctionEndingSoon',
          to: watcher.email,
          userId: watcher.id,
          data: {
            firstName: watcher.first_name,
            vehicleTitle: row.vehicle_title,
            vehicleUrl: vehicleUrl(deps.publicUrl, row.vehicle_slug),
            currentBidText: priceText(row.current_bid_cents),
          },
        },
        watcher.notification_prefs,
      );
  });
}

// ---------------------------------------------------------------------------------------------
// Staff

/** POST /admin/auctions: schedules an auction for an Available vehicle and makes its listing an auction. */
export async function scheduleAuction(
  deps: AuctionDeps,
  staff: Staff,
  body: ScheduleAuctionBody,
): Promise<AdminAuction> {
  const now = deps.now();
  const nowIso = now.toISOString();
  const startsAt = body.startsAt ? new Date(body.startsAt) : now;
  const endsAt = new Date(body.endsAt);
  // A start a minute in the past is "now" from a form filled a moment ago.
  if (startsAt.getTime() < now.getTime() - 60_000) throw badRequest(MSG.startInPast, 'startsAt');
  if (endsAt.getTime() - startsAt.getTime() < MIN_AUCTION_MS) throw badRequest(AUCTION_TOO_SHORT, 'endsAt');
  const auctionId = newId();
  await deps.db.transaction().execute(async (trx) => {
    const vehicle = await holdVehicle(trx, deps.dialect, body.vehicleId);
    if (!vehicle) throw notFound(MSG.vehicleNotFound);
    if (vehicle.status !== 'Available') throw conflict(MSG.notAvailable);
    if (await findOpenAuctionOfVehicle(trx, vehicle.id)) throw conflict(MSG.alreadyOpen);
    const live = startsAt.getTime() <= now.getTime();
    const reserveCents = body.reservePrice == null ? null : toCents(body.reservePrice);
    await insertAuction(trx, {
      id: auctionId,
      vehicle_id: vehicle.id,
      status: live ? 'Live' : 'Scheduled',
      starting_bid_cents: toCents(body.startingBid),
      reserve_cents: reserveCents,
      starts_at: live ? nowIso : startsAt.toISOString(),
      ends_at: endsAt.toISOString(),
      current_bid_cents: null,
      leader_id: null,
      leader_max_cents: null,
      leader_seq: null,
      runner_id: null,
      runner_max_cents: null,
      runner_seq: null,
      reserve_met: reserveCents === null ? 1 : 0,
      cancel_reason: null,
      closed_at: null,
      created_by: staff.id,
      created_at: nowIso,
      updated_at: nowIso,
    });
    await listVehicleAsAuction(trx, vehicle.id, nowIso);
    if (live) await recordActivity(trx, 'auction_started', auctionId, `Auction for ${vehicle.title} started`, now);
  });
  return adminAuction(deps, auctionId);
}

/**
 * PATCH /admin/auctions/:id. Before the first bid anything can change; after it only a lower
 * reserve (a bidder committed under the terms shown). A lower reserve can be met at once, which
 * raises the price to it.
 */
export async function editAuction(deps: AuctionDeps, auctionId: string, body: EditAuctionBody): Promise<AdminAuction> {
  const now = deps.now();
  const nowIso = now.toISOString();
  const events = await deps.db.transaction().execute(async (trx) => {
    const row = await lockAuction(trx, deps.dialect, auctionId);
    if (!row) throw notFound(MSG.auctionNotFound);
    if (!isAuctionOpen(row.status as AuctionStatus) || row.ends_at <= nowIso) throw conflict(MSG.notOpen);
    const hasBids = Number(row.next_seq) > 1;
    const reserveCents =
      body.reservePrice === undefined
        ? row.reserve_cents
        : body.reservePrice === null
          ? null
          : toCents(body.reservePrice);
    if (hasBids) {
      const lowersReserve =
        body.reservePrice !== undefined &&
        row.reserve_cents !== null &&
        (reserveCents === null || reserveCents < Number(row.reserve_cents));
      const onlyReserve = body.startingBid === undefined && body.startsAt === undefined && body.endsAt === undefined;
      if (!onlyReserve || !lowersReserve) throw badRequest(MSG.afterFirstBid);
    }
    const startingCents = body.startingBid === undefined ? Number(row.starting_bid_cents) : toCents(body.startingBid);
    if (reserveCents !== null && reserveCents < startingCents) throw badRequest(MSG.reserveBelowStart, 'reservePrice');
    const startsAt = body.startsAt ? new Date(body.startsAt) : new Date(row.starts_at);
    const endsAt = body.endsAt ? new Date(body.endsAt) : new Date(row.ends_at);
    if (body.startsAt && startsAt.getTime() < now.getTime() - 60_000 && row.status === 'Scheduled')
      throw badRequest(MSG.startInPast, 'startsAt');
    if (endsAt.getTime() - startsAt.getTime() < MIN_AUCTION_MS) throw badRequest(AUCTION_TOO_SHORT, 'endsAt');
    if (endsAt.getTime() <= now.getTime()) throw badRequest(MSG.endInPast, 'endsAt');
    const price = auctionPrice(startingCents / 100, toDollars(reserveCents), standingOf(row));
    const live = startsAt.getTime() <= now.getTime();
    await updateAuction(
      trx,
      row.id,
      {
        ...(hasBids ? priceColumns(price, standingOf(row)) : { reserve_met: price.reserveMet ? 1 : 0 }),
        starting_bid_cents: startingCents,
        reserve_cents: reserveCents,
        starts_at: startsAt.toISOString(),
        ends_at: endsAt.toISOString(),
        status: live ? 'Live' : 'Scheduled',
        updated_at: nowIso,
      },
      Number(row.version),
    );
    const moved: AuctionEventName[] = endsAt.toISOString() !== row.ends_at ? ['extended'] : [];
    return ['bid', ...moved] as AuctionEventName[];
  });
  await announce(deps, auctionId, events);
  return adminAuction(deps, auctionId);
}

/** POST /admin/auctions/:id/cancel: ends a Scheduled or Live auction; its bids stay recorded; bidders are told why. */
export async function cancelAuction(deps: AuctionDeps, auctionId: string, reason: string): Promise<AdminAuction> {
  const nowIso = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockAuction(trx, deps.dialect, auctionId);
    if (!row) throw notFound(MSG.auctionNotFound);
    if (!isAuctionOpen(row.status as AuctionStatus) || row.ends_at <= nowIso) throw conflict(MSG.notOpen);
    await updateAuction(
      trx,
      row.id,
      { status: 'Cancelled', cancel_reason: reason, closed_at: nowIso, updated_at: nowIso },
      Number(row.version),
    );
    await recordActivity(trx, 'auction_ended', row.id, `Auction for ${row.vehicle_title} was cancelled`, deps.now());
    for (const bidder of await notifiableUsers(trx, await biddersOf(trx, row.id)))
      await queueEmail(trx, {
        template: 'auctionCancelled',
        to: bidder.email,
        userId: bidder.id,
        data: {
          firstName: bidder.first_name,
          vehicleTitle: row.vehicle_title,
          vehicleUrl: vehicleUrl(deps.publicUrl, row.vehicle_slug),
          reason,
        },
      });
  });
  await announce(deps, auctionId, ['cancelled']);
  return adminAuction(deps, auctionId);
}

/**
 * POST /admin/bids/:id/void: takes a bid out of a live auction with a reason. The price, leader
 * and each remaining bid's visible price are replayed from the remaining bids in their order
 * (replayBids), and every bidder is told by email. The void stays recorded on the bid (who, when,
 * why) and is logged.
 */
export async function voidBid(deps: AuctionDeps, staff: Staff, bidId: string, reason: string): Promise<AdminAuction> {
  const nowIso = deps.now().toISOString();
  const found = await findBid(deps.db, bidId);
  if (!found) throw notFound(MSG.bidNotFound);
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockAuction(trx, deps.dialect, found.auction_id);
    if (!row) throw notFound(MSG.bidNotFound);
    if (row.status !== 'Live' || row.ends_at <= nowIso) throw conflict(MSG.voidOnlyLive);
    const bids = await bidsOfAuction(trx, row.id);
    const target = bids.find((b) => b.id === bidId);
    if (!target) throw notFound(MSG.bidNotFound);
    if (target.voided_at) throw conflict(MSG.alreadyVoided);
    await markBidVoided(trx, bidId, staff.id, reason, nowIso);
    const remaining = bids.filter((b) => !b.voided_at && b.id !== bidId);
    const placed = remaining.map((b) => ({
      id: b.id,
      bidderId: b.bidder_id,
      amount: Number(b.max_cents) / 100,
      order: b.seq,
    }));
    const replayed = replayBids(Number(row.starting_bid_cents) / 100, toDollars(row.reserve_cents), placed);
    for (const { bid, price } of replayed) {
      const stored = remaining.find((b) => b.id === bid.id);
      const cents = toCents(price.currentBid as number);
      if (stored && (Number(stored.price_cents) !== cents || stored.leader_id !== price.leaderId))
        await setBidOutcome(trx, bid.id, cents, price.leaderId as string);
    }
    const final =
      replayed.at(-1)?.price ?? auctionPrice(Number(row.starting_bid_cents) / 100, toDollars(row.reserve_cents), []);
    await updateAuction(
      trx,
      row.id,
      {
        ...priceColumns(final, standingOfBids(placed)),
        bid_count: remaining.length,
        bidder_count: new Set(remaining.map((b) => b.bidder_id)).size,
        updated_at: nowIso,
      },
      Number(row.version),
    );
    const currentBidText = final.currentBid === null ? null : formatMoney(final.currentBid);
    for (const bidder of await notifiableUsers(trx, [...new Set(bids.map((b) => b.bidder_id))]))
      await queueEmail(trx, {
        template: 'auctionBidVoided',
        to: bidder.email,
        userId: bidder.id,
        data: {
          firstName: bidder.first_name,
          vehicleTitle: row.vehicle_title,
          vehicleUrl: vehicleUrl(deps.publicUrl, row.vehicle_slug),
          yours: bidder.id === target.bidder_id,
          amountText: formatMoney(Number(target.max_cents) / 100),
          reason,
          currentBidText,
        },
      });
  });
  await announce(deps, found.auction_id, ['bid']);
  return adminAuction(deps, found.auction_id);
}

/** POST /admin/auctions/:id/sell: after ReserveNotMet, staff sell to the high bidder at the high bid. */
export async function sellToHighBidder(deps: AuctionDeps, auctionId: string): Promise<AdminAuction> {
  const nowIso = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockAuction(trx, deps.dialect, auctionId);
    if (!row) throw notFound(MSG.auctionNotFound);
    if (row.status !== 'ReserveNotMet' || !row.leader_id) throw conflict(MSG.sellOnlyReserveNotMet);
    await updateAuction(trx, row.id, { status: 'Sold', updated_at: nowIso }, Number(row.version));
    const [winner] = await notifiableUsers(trx, [row.leader_id]);
    if (!(await sellVehicle(deps, trx, row, winner))) throw conflict(MSG.vehicleNotForSale);
    await recordActivity(
      trx,
      'auction_ended',
      row.id,
      `Auction for ${row.vehicle_title} sold to the high bidder for ${priceText(row.current_bid_cents)}`,
      deps.now(),
    );
  });
  await announce(deps, auctionId, ['ended']);
  return adminAuction(deps, auctionId);
}

import { type ExpressionBuilder, type Kysely, type Selectable, sql } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { AuctionsTable, DB } from '../../db/schema.ts';

/**
 * The SQL of auctions (docs/decisions/125-auctions.md). Functions that take a transaction run in
 * the caller's; `lockAuction` holds the auction row for the rest of it.
 */

export type AuctionRow = Selectable<AuctionsTable>;
export type AuctionWithVehicle = AuctionRow & { vehicle_slug: string; vehicle_title: string; vehicle_status: string };

const OPEN = ['Scheduled', 'Live'];

function auctionsWithVehicle(db: Kysely<DB>) {
  return db
    .selectFrom('auctions')
    .innerJoin('vehicles', 'vehicles.id', 'auctions.vehicle_id')
    .selectAll('auctions')
    .select(['vehicles.slug as vehicle_slug', 'vehicles.title as vehicle_title', 'vehicles.status as vehicle_status']);
}

/**
 * Reads an auction and holds it for the rest of the transaction, so two bids (or a bid and the
 * close) on one auction run one after the other. PostgreSQL: SELECT ... FOR UPDATE. SQLite has no
 * row locks: the app's one connection is held for the whole transaction (Kysely's SQLite driver),
 * so nothing runs between this read and the writes.
 */
export function lockAuction(
  trx: Kysely<DB>,
  dialect: Dialect,
  auctionId: string,
): Promise<AuctionWithVehicle | undefined> {
  const q = auctionsWithVehicle(trx).where('auctions.id', '=', auctionId);
  return (dialect === 'postgres' ? q.forUpdate('auctions') : q).executeTakeFirst();
}

/**
 * lockAuction for a bid: the row held, whether the bidder already has a bid standing in it (the
 * bidder count), and the current leader's address for the outbid notice (null when their
 * account may not be emailed), in one statement: a bid holds the row for as few round trips as
 * it can (docs/decisions/125-auctions.md).
 */
export function lockAuctionForBid(trx: Kysely<DB>, dialect: Dialect, auctionId: string, bidderId: string) {
  const q = auctionsWithVehicle(trx)
    .leftJoin('users as leader', (join) =>
      join
        .onRef('leader.id', '=', 'auctions.leader_id')
        .on('leader.is_active', '=', 1)
        .on('leader.deleted_at', 'is', null),
    )
    .select((eb) => [
      'leader.email as leader_email',
      'leader.first_name as leader_first_name',
      eb
        .exists(
          eb
            .selectFrom('auction_bids')
            .select('auction_bids.id')
            .whereRef('auction_bids.auction_id', '=', 'auctions.id')
            .where('auction_bids.bidder_id', '=', bidderId)
            .where('auction_bids.voided_at', 'is', null),
        )
        .as('bidder_has_bid'),
    ])
    .where('auctions.id', '=', auctionId);
  return (dialect === 'postgres' ? q.forUpdate('auctions') : q).executeTakeFirst();
}

export function findAuction(db: Kysely<DB>, auctionId: string): Promise<AuctionWithVehicle | undefined> {
  return auctionsWithVehicle(db).where('auctions.id', '=', auctionId).executeTakeFirst();
}

/**
 * The current auction (the latest) of a vehicle given by id or slug, in one statement: every
 * viewer of an auction's page asks for it. An id wins over another vehicle's identical slug, as
 * in vehicle-repository.ts.
 */
export function findLatestAuctionOfVehicle(db: Kysely<DB>, idOrSlug: string): Promise<AuctionWithVehicle | undefined> {
  return auctionsWithVehicle(db)
    .where(
      'auctions.vehicle_id',
      '=',
      sql<string>`coalesce((select id from vehicles where id = ${idOrSlug}), (select id from vehicles where slug = ${idOrSlug}))`,
    )
    .orderBy('auctions.created_at', 'desc')
    .orderBy('auctions.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertAuction(
  trx: Kysely<DB>,
  row: Omit<AuctionRow, 'bid_count' | 'bidder_count' | 'reserve_met' | 'next_seq' | 'version' | 'ending_soon_sent'> & {
    reserve_met: number;
  },
) {
  await trx.insertInto('auctions').values(row).execute();
}

/** Writes changed columns of an auction and moves its version on (the id of its next live event). */
export async function updateAuction(
  trx: Kysely<DB>,
  auctionId: string,
  changes: Partial<Omit<AuctionRow, 'id' | 'vehicle_id' | 'version' | 'created_at' | 'created_by'>>,
  version: number,
) {
  await trx
    .updateTable('auctions')
    .set({ ...changes, version: version + 1 })
    .where('id', '=', auctionId)
    .execute();
}

export async function insertBid(
  trx: Kysely<DB>,
  bid: {
    id: string;
    auction_id: string;
    bidder_id: string;
    seq: number;
    max_cents: number;
    price_cents: number;
    leader_id: string;
    created_at: string;
  },
) {
  await trx.insertInto('auction_bids').values(bid).execute();
}

/** Bids of an auction in the order they were placed, voided ones included. */
export function bidsOfAuction(db: Kysely<DB>, auctionId: string) {
  return db
    .selectFrom('auction_bids')
    .innerJoin('users', 'users.id', 'auction_bids.bidder_id')
    .select([
      'auction_bids.id',
      'auction_bids.bidder_id',
      'auction_bids.seq',
      'auction_bids.max_cents',
      'auction_bids.price_cents',
      'auction_bids.leader_id',
      'auction_bids.created_at',
      'auction_bids.voided_at',
      'auction_bids.void_reason',
      'users.first_name',
      'users.last_name',
      'users.email',
    ])
    .where('auction_bids.auction_id', '=', auctionId)
    .orderBy('auction_bids.seq')
    .execute();
}

/** The public history's rows: newest first, not voided, with the bidder's first sequence number for their alias. */
export function publicBidRows(db: Kysely<DB>, auctionId: string, limit: number) {
  return db
    .selectFrom('auction_bids as b')
    .select((eb) => [
      'b.seq',
      'b.price_cents',
      'b.leader_id',
      'b.created_at',
      eb
        .selectFrom('auction_bids as first')
        .select((e) => e.fn.min('first.seq').as('s'))
        .whereRef('first.auction_id', '=', 'b.auction_id')
        .whereRef('first.bidder_id', '=', 'b.leader_id')
        .as('leader_first_seq'),
    ])
    .where('b.auction_id', '=', auctionId)
    .where('b.voided_at', 'is', null)
    .orderBy('b.seq', 'desc')
    .limit(limit)
    .execute();
}

/** The bidders' aliases: "Bidder N", N counting bidders in the order of their first bid. */
export async function bidderAliases(db: Kysely<DB>, auctionId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('auction_bids')
    .select((eb) => ['bidder_id', eb.fn.min('seq').as('first')])
    .where('auction_id', '=', auctionId)
    .groupBy('bidder_id')
    .execute();
  rows.sort((a, b) => Number(a.first) - Number(b.first));
  return new Map(rows.map((r, i) => [r.bidder_id, `Bidder ${i + 1}`]));
}

export function findBid(db: Kysely<DB>, bidId: string) {
  return db.selectFrom('auction_bids').selectAll().where('id', '=', bidId).executeTakeFirst();
}

export async function markBidVoided(trx: Kysely<DB>, bidId: string, by: string, reason: string, at: string) {
  await trx
    .updateTable('auction_bids')
    .set({ voided_at: at, voided_by: by, void_reason: reason })
    .where('id', '=', bidId)
    .execute();
}

export async function setBidOutcome(trx: Kysely<DB>, bidId: string, priceCents: number, leaderId: string) {
  await trx
    .updateTable('auction_bids')
    .set({ price_cents: priceCents, leader_id: leaderId })
    .where('id', '=', bidId)
    .execute();
}

/** A viewer's standing maximum in an auction (not voided), or null. */
export async function viewerMaximum(db: Kysely<DB>, auctionId: string, userId: string): Promise<number | null> {
  const row = await db
    .selectFrom('auction_bids')
    .select((eb) => eb.fn.max('max_cents').as('max'))
    .where('auction_id', '=', auctionId)
    .where('bidder_id', '=', userId)
    .where('voided_at', 'is', null)
    .executeTakeFirst();
  return row?.max == null ? null : Number(row.max) / 100;
}

/** Active, not deleted accounts among the given ids, for notices. */
export function notifiableUsers(db: Kysely<DB>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'notification_prefs'])
    .where('id', 'in', [...ids])
    .where('is_active', '=', 1)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Distinct bidders of an auction (voided bids included: they were in it). */
export async function biddersOf(db: Kysely<DB>, auctionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('auction_bids')
    .select('bidder_id')
    .distinct()
    .where('auction_id', '=', auctionId)
    .execute();
  return rows.map((r) => r.bidder_id);
}

/** Scheduled auctions whose start has come. */
export function auctionsDueToOpen(db: Kysely<DB>, nowIso: string) {
  return db
    .selectFrom('auctions')
    .select('id')
    .where('status', '=', 'Scheduled')
    .where('starts_at', '<=', nowIso)
    .execute();
}

/** Open auctions whose end has passed. */
export function auctionsDueToClose(db: Kysely<DB>, nowIso: string) {
  return db.selectFrom('auctions').select('id').where('status', 'in', OPEN).where('ends_at', '<=', nowIso).execute();
}

/** Live auctions ending within the window whose watchers have not been told yet. */
export function auctionsEndingSoon(db: Kysely<DB>, nowIso: string, untilIso: string) {
  return db
    .selectFrom('auctions')
    .select('id')
    .where('status', '=', 'Live')
    .where('ending_soon_sent', '=', 0)
    .where('ends_at', '>', nowIso)
    .where('ends_at', '<=', untilIso)
    .execute();
}

/** Claims an auction's ending-soon notice: true for the one caller that flips the flag. */
export async function claimEndingSoon(trx: Kysely<DB>, auctionId: string): Promise<boolean> {
  const result = await trx
    .updateTable('auctions')
    .set({ ending_soon_sent: 1 })
    .where('id', '=', auctionId)
    .where('ending_soon_sent', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An auction's summary (service: summaryOf). */
const summaryColumns = [
  'auctions.id',
  'auctions.status',
  'auctions.starts_at',
  'auctions.ends_at',
  'auctions.starting_bid_cents',
  'auctions.current_bid_cents',
  'auctions.bid_count',
  'auctions.reserve_cents',
  'auctions.reserve_met',
] as const;

const cardColumns = [
  ...summaryColumns,
  'vehicles.id as vehicle_id',
  'vehicles.slug',
  'vehicles.title',
  'vehicles.year',
  'vehicles.make',
  'vehicles.model',
  'vehicles.mileage',
  'vehicles.default_image_id',
  // The main photo's size, for its srcset (null without one).
  'vehicle_images.width as image_width',
  'vehicle_images.height as image_height',
] as const;

/** Live auctions of public vehicles, ending soonest first. */
export function liveAuctionCards(db: Kysely<DB>, options: { limit: number; offset: number }) {
  const base = db
    .selectFrom('auctions')
    .innerJoin('vehicles', 'vehicles.id', 'auctions.vehicle_id')
    .where('auctions.status', '=', 'Live')
    .where('vehicles.status', '<>', 'Archived');
  return Promise.all([
    base
      .leftJoin('vehicle_images', 'vehicle_images.id', 'vehicles.default_image_id')
      .select(cardColumns)
      .orderBy('auctions.ends_at')
      .orderBy('auctions.id')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
}

/** Ended auctions (results) of public vehicles, newest first, optionally matching words against make, model and year. */
export function endedAuctionCards(db: Kysely<DB>, options: { limit: number; offset: number; words: string[] }) {
  let base = db
    .selectFrom('auctions')
    .innerJoin('vehicles', 'vehicles.id', 'auctions.vehicle_id')
    .where('auctions.status', 'in', ['Sold', 'ReserveNotMet', 'NoBids'])
    .where('vehicles.status', '<>', 'Archived');
  for (const word of options.words) {
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['vehicles.make']), 'like', like),
        eb(eb.fn('lower', ['vehicles.model']), 'like', like),
        eb(eb.cast('vehicles.year', 'text'), '=', word),
      ]),
    );
  }
  return Promise.all([
    base
      .leftJoin('vehicle_images', 'vehicle_images.id', 'vehicles.default_image_id')
      .select(cardColumns)
      .orderBy('auctions.ends_at', 'desc')
      .orderBy('auctions.id')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
}

/** Every live auction's summary, for vehicle cards (bounded: a dealer runs dozens, not thousands). */
export function liveAuctionSummaries(db: Kysely<DB>) {
  return db
    .selectFrom('auctions')
    .select([...summaryColumns, 'auctions.vehicle_id'])
    .where('status', '=', 'Live')
    .orderBy('ends_at')
    .limit(500)
    .execute();
}

/** The buyer's auctions (where a bid of theirs stands) with their own standing maximum, latest end first. */
export function auctionsOfBidder(db: Kysely<DB>, userId: string) {
  const ownBids = (eb: ExpressionBuilder<DB, 'auctions'>) =>
    eb
      .selectFrom('auction_bids')
      .whereRef('auction_bids.auction_id', '=', 'auctions.id')
      .where('auction_bids.bidder_id', '=', userId)
      .where('auction_bids.voided_at', 'is', null);
  return db
    .selectFrom('auctions')
    .innerJoin('vehicles', 'vehicles.id', 'auctions.vehicle_id')
    .select((eb) => [
      ...summaryColumns,
      'auctions.leader_id',
      'vehicles.id as vehicle_id',
      'vehicles.slug',
      'vehicles.title',
      ownBids(eb)
        .select((e) => e.fn.max('auction_bids.max_cents').as('m'))
        .as('my_max_cents'),
    ])
    .where((eb) => eb.exists(ownBids(eb).select('auction_bids.id')))
    .orderBy('auctions.ends_at', 'desc')
    .limit(200)
    .execute();
}

import { type Kysely, sql } from 'kysely';

/**
 * Timed auctions (issue #17, docs/decisions/125-auctions.md).
 * - auctions: one per scheduling; a vehicle has at most one open (Scheduled or Live) auction, which
 *   the service checks under the vehicle's lock. `ends_at` is the only end: a soft-close bid moves
 *   it. `version` grows with every change and is the id of each live event. The price, leader and
 *   counts are kept on the row, recomputed in the transaction of each bid or void, with the two
 *   highest standing maximums (leader and runner-up: all the price depends on), so a bid reads
 *   the auction row and no other bid.
 * - auction_bids: every bid is the bidder's maximum (`max_cents`), never shown in public; `price_cents`
 *   and `leader_id` are the visible price and leader after it (the public history); `seq` orders
 *   bids (equal maximums: the earlier leads). A voided bid stays, marked.
 * Money in cents like every other amount; the rules keep bids in whole dollars.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are typed Kysely<any> by design
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const money = sql.raw(dialect === 'postgres' ? 'bigint' : 'integer');
  await db.schema
    .createTable('auctions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('vehicle_id', 'text', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('starting_bid_cents', money, (c) => c.notNull())
    .addColumn('reserve_cents', money)
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('current_bid_cents', money)
    .addColumn('leader_id', 'text')
    .addColumn('leader_max_cents', money)
    .addColumn('leader_seq', 'integer')
    .addColumn('runner_id', 'text')
    .addColumn('runner_max_cents', money)
    .addColumn('runner_seq', 'integer')
    .addColumn('bid_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bidder_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reserve_met', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_seq', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('cancel_reason', 'text')
    .addColumn('ending_soon_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('closed_at', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auctions_vehicle').on('auctions').columns(['vehicle_id', 'created_at']).execute();
  await db.schema.createIndex('auctions_status_ends').on('auctions').columns(['status', 'ends_at']).execute();
  await db.schema.createIndex('auctions_closed').on('auctions').columns(['closed_at']).execute();

  await db.schema
    .createTable('auction_bids')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('auction_id', 'text', (c) => c.notNull().references('auctions.id').onDelete('cascade'))
    .addColumn('bidder_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('max_cents', money, (c) => c.notNull())
    .addColumn('price_cents', money, (c) => c.notNull())
    .addColumn('leader_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('voided_at', 'text')
    .addColumn('void_reason', 'text')
    .addColumn('voided_by', 'text')
    .addUniqueConstraint('auction_bids_seq', ['auction_id', 'seq'])
    .execute();
  await db.schema.createIndex('auction_bids_bidder').on('auction_bids').columns(['bidder_id', 'auction_id']).execute();
  await db.schema
    .createIndex('auction_bids_auction_bidder')
    .on('auction_bids')
    .columns(['auction_id', 'bidder_id'])
    .execute();
}

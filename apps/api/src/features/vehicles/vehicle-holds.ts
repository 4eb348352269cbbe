import type { Kysely } from 'kysely';
import { OPEN_AUCTION_STATUSES } from '@vm/shared/auction';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

/**
 * What holds a vehicle against a change. A change of a vehicle, or of its offers, first takes the
 * vehicle's row (holdVehicle), so changes of one vehicle run one after the other; an open auction
 * holds its vehicle until it closes (docs/decisions/125-auctions.md). Offers and auctions ask
 * here: the vehicles feature depends on neither (docs/ARCHITECTURE.md, the boundaries).
 */

/** What the sale rules and the buyers' notices need of a held vehicle. */
export interface HeldVehicle {
  id: string;
  status: string;
  title: string;
  slug: string;
  year: number;
  make: string;
  model: string;
}

/**
 * Reads the vehicle and holds it for the rest of the transaction, so that two acceptances on one
 * vehicle, or an acceptance and a sale, run one after the other; undefined when there is no such
 * vehicle. PostgreSQL: SELECT ... FOR UPDATE; the second transaction waits here until the first
 * commits and then reads what it wrote. SQLite has no row locks: the app holds its one connection
 * for the whole transaction (Kysely's SQLite driver), so nothing runs between this read and the
 * writes.
 */
export async function holdVehicle(
  trx: Kysely<DB>,
  dialect: Dialect,
  vehicleId: string,
): Promise<HeldVehicle | undefined> {
  const q = trx
    .selectFrom('vehicles')
    .select(['id', 'status', 'title', 'slug', 'year', 'make', 'model'])
    .where('id', '=', vehicleId);
  return (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
}

/** The vehicle's Scheduled or Live auction, if any: while there is one, its close decides the sale. */
export function findOpenAuctionOfVehicle(db: Kysely<DB>, vehicleId: string) {
  return db
    .selectFrom('auctions')
    .select(['id', 'ends_at'])
    .where('vehicle_id', '=', vehicleId)
    .where('status', 'in', [...OPEN_AUCTION_STATUSES])
    .executeTakeFirst();
}

import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { reusableQuery } from '../../lib/reusable-query.ts';

/**
 * The writes of `vehicles` that other features ask for: only the vehicles feature writes the
 * table (docs/ARCHITECTURE.md, the boundaries). Each runs in the caller's transaction (or on the
 * database it is given). A write that changes what the vehicle's public answer shows (its status,
 * listing, photo) sets `updated_at` to the time the caller gives; the counters (watches, views)
 * never do, so that a watch or a view does not make the vehicle look changed.
 */

/** Moves the vehicle from one status to another at `at`; nothing when it is in another status. */
export async function moveVehicleStatus(
  trx: Kysely<DB>,
  vehicleId: string,
  from: string,
  to: string,
  at: string,
): Promise<void> {
  await trx
    .updateTable('vehicles')
    .set({ status: to, updated_at: at })
    .where('id', '=', vehicleId)
    .where('status', '=', from)
    .execute();
}

/** The vehicle is Sold from `at`, whatever its status was (the caller has checked it). */
export async function markVehicleSold(trx: Kysely<DB>, vehicleId: string, at: string): Promise<void> {
  await trx.updateTable('vehicles').set({ status: 'Sold', updated_at: at }).where('id', '=', vehicleId).execute();
}

/** The vehicle is listed as an auction from `at` (an auction of it was just scheduled). */
export async function listVehicleAsAuction(trx: Kysely<DB>, vehicleId: string, at: string): Promise<void> {
  await trx
    .updateTable('vehicles')
    .set({ listing_type: 'auction', updated_at: at })
    .where('id', '=', vehicleId)
    .execute();
}

/** The photo a vehicle's card and page show first (null: none), changed at `at`. */
export async function setDefaultImage(
  db: Kysely<DB>,
  vehicleId: string,
  imageId: string | null,
  at: string,
): Promise<void> {
  await db
    .updateTable('vehicles')
    .set({ default_image_id: imageId, updated_at: at })
    .where('id', '=', vehicleId)
    .execute();
}

// A watch toggle's count move, built once (lib/reusable-query.ts): a busy storefront sends many.
const addToWatchCountQuery = reusableQuery((db: Kysely<DB>, vehicleId: string, delta: number) =>
  db
    .updateTable('vehicles')
    .set((eb) => ({ watch_count: eb('watch_count', '+', delta) }))
    .where('id', '=', vehicleId),
);

/**
 * Moves one vehicle's watch_count by the watch rows a write really changed. Incrementing the
 * stored value (rather than recounting in a subquery) stays exact on PostgreSQL under READ
 * COMMITTED: a concurrent update waits for the row lock and then applies its delta to the
 * committed value. Leaves updated_at alone.
 */
export async function addToWatchCount(db: Kysely<DB>, vehicleId: string, delta: number): Promise<void> {
  await addToWatchCountQuery(db, vehicleId, delta);
}

/** addToWatchCount for several vehicles at once. */
export async function addToWatchCounts(db: Kysely<DB>, vehicleIds: readonly string[], delta: number): Promise<void> {
  if (vehicleIds.length === 0 || delta === 0) return;
  await db
    .updateTable('vehicles')
    .set((eb) => ({ watch_count: eb('watch_count', '+', delta) }))
    .where('id', 'in', [...vehicleIds])
    .execute();
}

/**
 * Takes one off the watch count of every vehicle the user watches (never below zero), before
 * their watch rows go with them. Leaves updated_at alone.
 */
export async function subtractWatcherFromCounts(trx: Kysely<DB>, userId: string): Promise<void> {
  const watched = trx.selectFrom('watches').select('watches.vehicle_id').where('watches.user_id', '=', userId);
  await trx
    .updateTable('vehicles')
    .set((eb) => ({
      watch_count: sql<number>`case when ${eb.ref('watch_count')} > 0 then ${eb.ref('watch_count')} - 1 else 0 end`,
    }))
    .where('vehicles.id', 'in', watched)
    .execute();
}

/**
 * Sets every vehicle's watch and view counts to the watch and view rows there are (the demo
 * data, written as rows, counted once at the end). Leaves updated_at alone.
 */
export async function recountWatchesAndViews(db: Kysely<DB>): Promise<void> {
  await db
    .updateTable('vehicles')
    .set((eb) => ({
      watch_count: eb
        .selectFrom('watches')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('watches.vehicle_id', '=', 'vehicles.id'),
      view_count: eb
        .selectFrom('vehicle_views')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('vehicle_views.vehicle_id', '=', 'vehicles.id'),
    }))
    .execute();
}

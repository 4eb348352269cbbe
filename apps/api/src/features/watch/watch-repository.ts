import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { reusableQuery } from '../../lib/reusable-query.ts';
import { nowIso } from '../../lib/time.ts';
import type { VehicleRow } from '../vehicles/vehicle-mapper.ts';
import { addToWatchCount, addToWatchCounts } from '../vehicles/vehicle-writes.ts';

export interface WatchState {
  isWatching: boolean;
  watchCount: number;
}

// The queries of a watch toggle, built once (lib/reusable-query.ts): a busy storefront sends many.
const watchRowQuery = reusableQuery((db: Kysely<DB>, userId: string, vehicleId: string) =>
  db.selectFrom('watches').select('vehicle_id').where('user_id', '=', userId).where('vehicle_id', '=', vehicleId),
);
const watchCountQuery = reusableQuery((db: Kysely<DB>, vehicleId: string) =>
  db.selectFrom('vehicles').select('watch_count').where('id', '=', vehicleId),
);
const insertWatchQuery = reusableQuery((db: Kysely<DB>, userId: string, vehicleId: string, createdAt: string) =>
  db
    .insertInto('watches')
    .values({ user_id: userId, vehicle_id: vehicleId, created_at: createdAt })
    .onConflict((oc) => oc.columns(['user_id', 'vehicle_id']).doNothing())
    .returning('vehicle_id'),
);
const deleteWatchQuery = reusableQuery((db: Kysely<DB>, userId: string, vehicleId: string) =>
  db.deleteFrom('watches').where('user_id', '=', userId).where('vehicle_id', '=', vehicleId),
);

export async function isWatching(db: Kysely<DB>, userId: string, vehicleId: string): Promise<boolean> {
  return (await watchRowQuery(db, userId, vehicleId)).rows.length > 0;
}

async function watchCount(db: Kysely<DB>, vehicleId: string): Promise<number> {
  const row = (await watchCountQuery(db, vehicleId)).rows[0];
  if (!row) throw new Error(`vehicle ${vehicleId} not found`);
  return Number(row.watch_count);
}

export async function readWatchState(db: Kysely<DB>, userId: string, vehicleId: string): Promise<WatchState> {
  // Sequential on purpose: inside a transaction both reads share one connection.
  const watching = await isWatching(db, userId, vehicleId);
  return { isWatching: watching, watchCount: await watchCount(db, vehicleId) };
}

/**
 * Idempotent watch or unwatch; call inside a transaction. Insert-or-ignore and delete report
 * whether a row actually changed, so repeated or simultaneous toggles never double-count.
 */
export async function setWatching(
  trx: Kysely<DB>,
  userId: string,
  vehicleId: string,
  watching: boolean,
): Promise<WatchState> {
  if (watching) {
    const inserted = await insertWatchQuery(trx, userId, vehicleId, nowIso());
    if (inserted.rows.length > 0) await addToWatchCount(trx, vehicleId, 1);
  } else {
    const deleted = await deleteWatchQuery(trx, userId, vehicleId);
    if (Number(deleted.numAffectedRows ?? 0) > 0) await addToWatchCount(trx, vehicleId, -1);
  }
  // The row now exists exactly when `watching` asked for it (same transaction): no need to read it back.
  return { isWatching: watching, watchCount: await watchCount(trx, vehicleId) };
}

/** Removes every watch of a user and takes each vehicle's count down by one; call inside a transaction. */
export async function removeAllWatches(trx: Kysely<DB>, userId: string): Promise<void> {
  const removed = await trx.deleteFrom('watches').where('user_id', '=', userId).returning('vehicle_id').execute();
  await addToWatchCounts(
    trx,
    removed.map((r) => r.vehicle_id),
    -1,
  );
}

/** The vehicles a user watches that the storefront still shows, newest watch first. */
export function listWatchedVehicles(
  db: Kysely<DB>,
  userId: string,
  options: { includeArchived?: boolean } = {},
): Promise<VehicleRow[]> {
  let q = db
    .selectFrom('watches')
    .innerJoin('vehicles', 'vehicles.id', 'watches.vehicle_id')
    .selectAll('vehicles')
    .where('watches.user_id', '=', userId);
  // Buyers no longer see archived cars; staff looking at a customer see everything they watch.
  if (!options.includeArchived) q = q.where('vehicles.status', '!=', 'Archived');
  return q.orderBy('watches.created_at', 'desc').orderBy('vehicles.id', 'desc').execute();
}

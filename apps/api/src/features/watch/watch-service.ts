import type { Kysely } from 'kysely';
import { MSG } from '@vm/shared/messages';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { findVehicleState } from '../vehicles/vehicle-repository.ts';
import { readWatchState, setWatching, type WatchState } from './watch-repository.ts';

/** Whether the user watches a vehicle (id or slug), and how many do. */
export async function watchStateOf(db: Kysely<DB>, userId: string, idOrSlug: string): Promise<WatchState> {
  const vehicle = await findVehicleState(db, idOrSlug);
  if (!vehicle) throw notFound(MSG.vehicleNotFound);
  return readWatchState(db, userId, vehicle.id);
}

/**
 * Watches or unwatches a vehicle (id or slug), idempotently (docs/decisions/020-watch-counts.md).
 * An archived car is off the storefront: it cannot be newly watched, but can still be unwatched.
 */
export async function setWatch(
  db: Kysely<DB>,
  userId: string,
  idOrSlug: string,
  watching: boolean,
): Promise<WatchState> {
  const vehicle = await findVehicleState(db, idOrSlug);
  if (!vehicle || (watching && vehicle.status === 'Archived')) throw notFound(MSG.vehicleNotFound);
  return db.transaction().execute((trx) => setWatching(trx, userId, vehicle.id, watching));
}

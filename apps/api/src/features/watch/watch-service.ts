import type { Kysely } from 'kysely';
import { MSG } from '@vm/shared/messages';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { findVehicleState } from '../vehicles/vehicle-repository.ts';
import { isWatching, readWatchState, setWatching, type WatchState } from './watch-repository.ts';

/** The signed-in caller: an admin sees archived vehicles, anyone else does not. */
export interface Watcher {
  id: string;
  isAdmin: boolean;
}

/**
 * Whether the user watches a vehicle (id or slug), and how many do. An archived vehicle is a 404
 * to anyone but an admin, as the vehicle itself is (docs/product-rules.md#vehicles): a 200 here
 * told anyone which archived ids and slugs exist (issue #21).
 */
export async function watchStateOf(db: Kysely<DB>, watcher: Watcher, idOrSlug: string): Promise<WatchState> {
  const vehicle = await findVehicleState(db, idOrSlug);
  if (!vehicle || (vehicle.status === 'Archived' && !watcher.isAdmin)) throw notFound(MSG.vehicleNotFound);
  return readWatchState(db, watcher.id, vehicle.id);
}

/**
 * Watches or unwatches a vehicle (id or slug), idempotently (docs/decisions/020-watch-counts.md).
 * An archived car is off the storefront: it cannot be newly watched, but whoever watches it can
 * still unwatch it. To anyone else who is not an admin it is a 404 like an unknown one (issue #21).
 */
export async function setWatch(
  db: Kysely<DB>,
  watcher: Watcher,
  idOrSlug: string,
  watching: boolean,
): Promise<WatchState> {
  const vehicle = await findVehicleState(db, idOrSlug);
  if (!vehicle) throw notFound(MSG.vehicleNotFound);
  if (vehicle.status === 'Archived') {
    if (watching) throw notFound(MSG.vehicleNotFound);
    if (!watcher.isAdmin && !(await isWatching(db, watcher.id, vehicle.id))) throw notFound(MSG.vehicleNotFound);
  }
  return db.transaction().execute((trx) => setWatching(trx, watcher.id, vehicle.id, watching));
}

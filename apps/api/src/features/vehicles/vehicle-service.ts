import type { Kysely } from 'kysely';
import { MSG } from '@vm/shared/messages';
import type { Vehicle } from '@vm/shared/vehicle';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { nowIso } from '../../lib/time.ts';
import { findVehicleState, getVehicle } from './vehicle-repository.ts';
import { incrementViewCount, insertViewIfNew, readViewCount } from './vehicle-view-repository.ts';

/**
 * One vehicle by id or slug for the storefront. Archived vehicles are off the storefront; admins
 * still open them from the back office. `isAdmin` is asked only for an archived vehicle, so
 * reading the caller's session costs every other page nothing.
 */
export async function publicVehicle(
  db: Kysely<DB>,
  idOrSlug: string,
  isAdmin: () => Promise<boolean>,
): Promise<Vehicle> {
  const vehicle = await getVehicle(db, idOrSlug);
  if (!vehicle || (vehicle.status === 'Archived' && !(await isAdmin()))) throw notFound(MSG.vehicleNotFound);
  return vehicle;
}

/**
 * Counts one view per (vehicle, fingerprint) (docs/decisions/014-view-counting.md). The counter
 * moves only when the view row was really inserted, in the same transaction, so concurrent views
 * are each counted exactly once. Archived and unknown vehicles are a 404.
 */
export async function recordView(
  db: Kysely<DB>,
  idOrSlug: string,
  viewer: { fingerprint: string; userId: string | null },
): Promise<{ isNewView: boolean; viewCount: number }> {
  const vehicle = await findVehicleState(db, idOrSlug);
  if (!vehicle || vehicle.status === 'Archived') throw notFound(MSG.vehicleNotFound);
  const view = { vehicleId: vehicle.id, fingerprint: viewer.fingerprint, userId: viewer.userId, at: nowIso() };
  return db.transaction().execute(async (trx) => {
    const isNewView = await insertViewIfNew(trx, view);
    const viewCount = isNewView ? await incrementViewCount(trx, vehicle.id) : await readViewCount(trx, vehicle.id);
    if (viewCount === undefined) throw new Error(`vehicle ${vehicle.id} vanished while its view was recorded`);
    return { isNewView, viewCount };
  });
}

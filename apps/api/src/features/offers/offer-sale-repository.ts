import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import type { HeldVehicle } from '../vehicles/vehicle-holds.ts';

/**
 * The SQL of one sale per vehicle (docs/decisions/121-one-sale-per-vehicle.md): the accepted-offer
 * check and the expiries of a vehicle's offers. The vehicle lock that orders acceptances, and the
 * vehicle's status moves, are the vehicles feature's (vehicle-holds.ts, vehicle-writes.ts).
 */

/** An offer that a sale, a deletion or a release ends, with what its buyer's notice needs. */
export interface EndedOffer {
  id: string;
  user_id: string;
  amount_cents: number;
  status: string;
}

/** An offer's status and vehicle (null once the vehicle was deleted), or undefined for no offer. */
export function findOfferState(
  trx: Kysely<DB>,
  offerId: string,
): Promise<{ status: string; vehicle_id: string | null } | undefined> {
  return trx.selectFrom('offers').select(['status', 'vehicle_id']).where('id', '=', offerId).executeTakeFirst();
}

/** Whether another offer on the vehicle is accepted. */
export async function hasOtherAcceptedOffer(trx: Kysely<DB>, vehicleId: string, offerId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('offers')
    .select('id')
    .where('vehicle_id', '=', vehicleId)
    .where('status', '=', 'accepted')
    .where('id', '<>', offerId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The vehicle's offers in the given statuses. */
export function offersOfVehicle(
  trx: Kysely<DB>,
  vehicleId: string,
  statuses: readonly string[],
): Promise<EndedOffer[]> {
  return trx
    .selectFrom('offers')
    .select(['id', 'user_id', 'amount_cents', 'status'])
    .where('vehicle_id', '=', vehicleId)
    .where('status', 'in', [...statuses])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Ends these offers as expired with the reason the buyer reads; only those still in `from`. */
export async function expireOffers(
  trx: Kysely<DB>,
  ids: readonly string[],
  from: readonly string[],
  reason: string,
): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('offers')
    .set({ status: 'expired', response_message: reason, updated_at: nowIso() })
    .where('id', 'in', [...ids])
    .where('status', 'in', [...from])
    .execute();
}

/**
 * Releases an accepted offer in one conditional UPDATE: of two releases at once exactly one wins.
 * Returns false when the offer is not accepted (any more).
 */
export async function releaseAcceptedOfferRow(
  trx: Kysely<DB>,
  id: string,
  release: { reason: string; releasedBy: string },
): Promise<boolean> {
  const now = nowIso();
  const result = await trx
    .updateTable('offers')
    .set({
      status: 'expired',
      response_message: release.reason,
      decided_by: release.releasedBy,
      decided_at: now,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'accepted')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Before a vehicle's rows are deleted: its offers keep the vehicle as it was (title, year, make,
 * model) and lose the link, so they stay in history once the vehicle is gone.
 */
export async function detachOffersFromVehicle(trx: Kysely<DB>, vehicle: HeldVehicle): Promise<void> {
  await trx
    .updateTable('offers')
    .set({
      vehicle_id: null,
      vehicle_title: vehicle.title,
      vehicle_year: vehicle.year,
      vehicle_make: vehicle.make,
      vehicle_model: vehicle.model,
    })
    .where('vehicle_id', '=', vehicle.id)
    .execute();
}

/** How many of the vehicle's offers are open and how many accepted: the delete confirmation names them. */
export async function countLiveOffers(
  db: Kysely<DB>,
  vehicleId: string,
  openStatuses: readonly string[],
): Promise<{ open: number; accepted: number }> {
  const rows = await db
    .selectFrom('offers')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('vehicle_id', '=', vehicleId)
    .where('status', 'in', [...openStatuses, 'accepted'])
    .groupBy('status')
    .execute();
  let open = 0;
  let accepted = 0;
  for (const row of rows) {
    if (row.status === 'accepted') accepted += Number(row.n);
    else open += Number(row.n);
  }
  return { open, accepted };
}

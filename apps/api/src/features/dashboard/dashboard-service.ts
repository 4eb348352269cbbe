import type { Kysely } from 'kysely';
import { ACTIVITY_TYPES, type ActivityType, SUPER_ADMIN_ONLY_ACTIVITIES } from '@vm/shared/constants';
import type { ActivityResponse } from '@vm/shared/dashboard';
import type { DB } from '../../db/schema.ts';
import { existingVehicleIds, listActivity, vehicleIdsOfOffers } from '../activity/activity-repository.ts';

/** Activity types whose subject is a vehicle id. */
const VEHICLE_ACTIVITIES = new Set(['vehicle_listed', 'auction_started', 'auction_ended', 'vehicle_sold']);

const isActivityType = (type: string): type is ActivityType => (ACTIVITY_TYPES as readonly string[]).includes(type);

/**
 * The dashboard's Recent Activity, newest first. Registrations and sales are for super admins
 * only (docs/decisions/032-vehicle-activity-events.md).
 */
export async function recentActivity(
  db: Kysely<DB>,
  options: { limit: number; isSuperAdmin: boolean },
): Promise<ActivityResponse> {
  const { isSuperAdmin } = options;
  const rows = await listActivity(db, {
    limit: options.limit,
    excludeTypes: isSuperAdmin ? [] : SUPER_ADMIN_ONLY_ACTIVITIES,
  });
  // Which vehicles an event names are gone: a vehicle event names the vehicle, an offer event
  // the offer, whose vehicle is then looked up (issue #20).
  const offerVehicles = await vehicleIdsOfOffers(
    db,
    rows.filter((r) => r.type === 'offer_submitted').map((r) => r.subject_id),
  );
  const vehicleOf = (row: (typeof rows)[number]): string | null | undefined =>
    row.type === 'offer_submitted'
      ? (offerVehicles.get(row.subject_id) ?? null)
      : VEHICLE_ACTIVITIES.has(row.type)
        ? row.subject_id
        : undefined;
  const named = rows.map(vehicleOf).filter((id): id is string => typeof id === 'string');
  const existing = await existingVehicleIds(db, [...new Set(named)]);
  const activities = rows.flatMap((row) => {
    if (!isActivityType(row.type)) return [];
    const vehicleId = vehicleOf(row);
    const vehicleDeleted = vehicleId === null || (vehicleId !== undefined && !existing.has(vehicleId));
    return [{ id: row.id, type: row.type, message: row.summary, createdAt: row.created_at, vehicleDeleted }];
  });
  return { activities, isSuperAdmin };
}

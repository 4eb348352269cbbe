import type { Kysely } from 'kysely';
import { ACTIVITY_TYPES, type ActivityType, SUPER_ADMIN_ONLY_ACTIVITIES } from '@vm/shared/constants';
import type { ActivityResponse } from '@vm/shared/dashboard';
import type { DB } from '../../db/schema.ts';
import { listActivity } from '../activity/activity-repository.ts';

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
  const activities = rows.flatMap((row) =>
    isActivityType(row.type) ? [{ id: row.id, type: row.type, message: row.summary, createdAt: row.created_at }] : [],
  );
  return { activities, isSuperAdmin };
}

import type { Kysely } from 'kysely';
import type { ActivityType } from '@vm/shared/constants';
import type { DB } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { reusableQuery } from '../../lib/reusable-query.ts';
import { nowIso } from '../../lib/time.ts';

// Built once (lib/reusable-query.ts): every offer, inquiry and account event writes one.
const insertActivityQuery = reusableQuery(
  (db: Kysely<DB>, id: string, type: ActivityType, subjectId: string, summary: string, createdAt: string) =>
    db.insertInto('activity_events').values({ id, type, subject_id: subjectId, summary, created_at: createdAt }),
);

/**
 * Records a dashboard event; call it inside the transaction of the action it describes. `at` is
 * when it happened, for actions timed by the server's clock (auctions: `app.now`); else now.
 */
export async function recordActivity(
  db: Kysely<DB>,
  type: ActivityType,
  subjectId: string,
  summary: string,
  at?: Date,
): Promise<void> {
  await insertActivityQuery(db, newId(), type, subjectId, summary, at ? at.toISOString() : nowIso());
}

export function listActivity(db: Kysely<DB>, options: { limit: number; excludeTypes: readonly string[] }) {
  let q = db
    .selectFrom('activity_events')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit);
  if (options.excludeTypes.length > 0) q = q.where('type', 'not in', [...options.excludeTypes]);
  return q.execute();
}

/**
 * The events that name a person: their registration, and the offers they made (submitted or
 * amended). Read before their account is erased or deleted (docs/decisions/122-people-rules.md).
 */
export function activityNamingUser(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('activity_events')
    .select(['id', 'type', 'summary'])
    .where((eb) =>
      eb.or([
        eb.and([eb('type', '=', 'user_registration'), eb('subject_id', '=', userId)]),
        eb.and([
          eb('type', '=', 'offer_submitted'),
          eb('subject_id', 'in', eb.selectFrom('offers').select('offers.id').where('offers.user_id', '=', userId)),
        ]),
      ]),
    )
    .execute();
}

export async function setActivitySummary(db: Kysely<DB>, id: string, summary: string): Promise<void> {
  await db.updateTable('activity_events').set({ summary }).where('id', '=', id).execute();
}

/** Of these vehicle ids, those that still exist. */
export async function existingVehicleIds(db: Kysely<DB>, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('vehicles')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The vehicle id of each of these offers that still exists (null once its vehicle is deleted). */
export async function vehicleIdsOfOffers(
  db: Kysely<DB>,
  offerIds: readonly string[],
): Promise<Map<string, string | null>> {
  if (offerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('offers')
    .select(['id', 'vehicle_id'])
    .where('id', 'in', [...offerIds])
    .execute();
  return new Map(rows.map((r) => [r.id, r.vehicle_id]));
}

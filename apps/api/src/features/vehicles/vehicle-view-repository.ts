import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { reusableQuery } from '../../lib/reusable-query.ts';

// The queries of a view, built once (lib/reusable-query.ts): every vehicle page opened sends one.
// The rule that ties them together (count only a new view, in one transaction) is in vehicle-service.ts.
const insertViewQuery = reusableQuery(
  (db: Kysely<DB>, vehicleId: string, fingerprint: string, userId: string | null, at: string) =>
    db
      .insertInto('vehicle_views')
      .values({ vehicle_id: vehicleId, fingerprint, user_id: userId, created_at: at })
      .onConflict((oc) => oc.columns(['vehicle_id', 'fingerprint']).doNothing())
      .returning('vehicle_id'),
);
const countViewQuery = reusableQuery((db: Kysely<DB>, vehicleId: string) =>
  db
    .updateTable('vehicles')
    .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
    .where('id', '=', vehicleId)
    .returning('view_count'),
);
const viewCountQuery = reusableQuery((db: Kysely<DB>, vehicleId: string) =>
  db.selectFrom('vehicles').select('view_count').where('id', '=', vehicleId),
);

/** Inserts the view of a (vehicle, fingerprint) pair; false when that pair was already seen. */
export async function insertViewIfNew(
  db: Kysely<DB>,
  view: { vehicleId: string; fingerprint: string; userId: string | null; at: string },
): Promise<boolean> {
  const inserted = await insertViewQuery(db, view.vehicleId, view.fingerprint, view.userId, view.at);
  return inserted.rows.length > 0;
}

/** Adds one to the vehicle's view count and returns the new count (undefined: no such vehicle). */
export async function incrementViewCount(db: Kysely<DB>, vehicleId: string): Promise<number | undefined> {
  return (await countViewQuery(db, vehicleId)).rows[0]?.view_count;
}

/** The vehicle's view count (undefined: no such vehicle). */
export async function readViewCount(db: Kysely<DB>, vehicleId: string): Promise<number | undefined> {
  return (await viewCountQuery(db, vehicleId)).rows[0]?.view_count;
}

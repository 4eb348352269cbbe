import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { reusableQuery } from '../../lib/reusable-query.ts';

/** What a public vehicle's answer is validated by: its status and update time, and the catalogue version. */
export interface VehicleStamp {
  id: string;
  status: string;
  updated_at: string;
  /** Moves with its tags and photos (and every card the page lists), read in the same statement. */
  catalogue_version: number;
}

const stampQuery = reusableQuery((db: Kysely<DB>, idOrSlug: string) => {
  const columns = (key: 'id' | 'slug') =>
    db
      .selectFrom('vehicles')
      .select((eb) => [
        'id',
        'status',
        'updated_at',
        eb.selectFrom('catalogue_version').select('version').where('id', '=', 1).as('catalogue_version'),
      ])
      .where(key, '=', idOrSlug);
  // By id, else by slug, as lookUpVehicle (vehicle-repository.ts) finds a vehicle.
  return columns('id').unionAll(columns('slug')).limit(sql.lit(1));
});

/** A vehicle's stamp by id or slug, in one indexed read; undefined for an unknown vehicle. */
export async function readVehicleStamp(db: Kysely<DB>, idOrSlug: string): Promise<VehicleStamp | undefined> {
  const row = (await stampQuery(db, idOrSlug)).rows[0];
  return row ? { ...row, catalogue_version: Number(row.catalogue_version ?? 0) } : undefined;
}

/** A minute: how old the view and watch counts in a held answer may be. */
const COUNTS_AGE_MS = 60_000;

/**
 * What a public vehicle's answer and page are validated by (docs/decisions/143-one-plain-read-path.md):
 * the catalogue version, the vehicle's update time (every edit moves it) and the minute. The view
 * and watch counts are not in it: a view never changes the validator, and the counts shown are at
 * most a minute old.
 */
export const vehicleValidator = (stamp: VehicleStamp, now: Date): string =>
  [stamp.catalogue_version, Date.parse(stamp.updated_at), Math.floor(now.getTime() / COUNTS_AGE_MS)].join('-');

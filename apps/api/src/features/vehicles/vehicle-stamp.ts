import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { reusableQuery } from '../../lib/reusable-query.ts';

/** What a public vehicle's answer is validated by: its status, update time and watch count, and the catalogue version. */
export interface VehicleStamp {
  id: string;
  status: string;
  updated_at: string;
  watch_count: number;
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
        'watch_count',
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

/**
 * What a public vehicle's answer and page are validated by (docs/decisions/143-one-plain-read-path.md):
 * the catalogue version, the vehicle's update time (every edit moves it) and its watch count. Not
 * its view count: a view never changes the validator. A held answer shows the view count of when
 * it was made; the page shows the current one from its own view call (DETAIL-32..36).
 */
export const vehicleValidator = (stamp: VehicleStamp): string =>
  [stamp.catalogue_version, Date.parse(stamp.updated_at), stamp.watch_count].join('-');

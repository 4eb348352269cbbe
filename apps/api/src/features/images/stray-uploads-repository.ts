import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface KnownUploads {
  /** The vehicles among those asked for that have a row. */
  vehicles: Set<string>;
  /** The image ids each of those vehicles has rows for (vehicles without images are absent). */
  images: Map<string, Set<string>>;
}

/** What the database knows of the files in these vehicles' upload folders. */
export async function knownUploadsOf(db: Kysely<DB>, vehicleIds: readonly string[]): Promise<KnownUploads> {
  const known: KnownUploads = { vehicles: new Set(), images: new Map() };
  if (vehicleIds.length === 0) return known;
  const ids = [...vehicleIds];
  const vehicles = await db.selectFrom('vehicles').select('id').where('id', 'in', ids).execute();
  for (const row of vehicles) known.vehicles.add(row.id);
  const images = await db
    .selectFrom('vehicle_images')
    .select(['id', 'vehicle_id'])
    .where('vehicle_id', 'in', ids)
    .execute();
  for (const row of images) {
    const set = known.images.get(row.vehicle_id) ?? new Set<string>();
    set.add(row.id);
    known.images.set(row.vehicle_id, set);
  }
  return known;
}

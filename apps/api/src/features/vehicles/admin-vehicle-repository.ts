import { type Kysely, sql } from 'kysely';
import type { AdminVehicleListQuery } from '@vm/shared/vehicle';
import type { DB } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import { allWordsMatch, foldedPrefix } from '../../db/text-match.ts';
import type { VehicleRow } from './vehicle-mapper.ts';

/** Sort fields of the admin list mapped to columns: the schema whitelists the keys. */
const SORT_COLUMNS = {
  createdAt: 'created_at',
  title: 'title',
  make: 'make',
  year: 'year',
  price: 'price_cents',
} as const satisfies Record<AdminVehicleListQuery['sort'], keyof VehicleRow>;

/** One page of the admin list (every status) and the total matching the filters. */
export async function listAdminVehicles(
  db: Kysely<DB>,
  query: AdminVehicleListQuery,
): Promise<{ rows: VehicleRow[]; total: number }> {
  let base = db.selectFrom('vehicles');
  // Every word somewhere in title, make, model or VIN, in any order, any case, accents folded
  // ("911 porsche" finds "2019 Porsche 911 GT3 Touring"; issue #20).
  if (query.search) base = base.where(allWordsMatch(['title', 'make', 'model', 'vin'], query.search));
  // The model filter is a prefix ("911" finds "911 GT3"), without case or accents.
  if (query.model) base = base.where(foldedPrefix('model', query.model));
  // Make, body type, category and status are exact choices from the form's selects,
  // compared without case so "bmw" finds "BMW".
  const exact = [
    ['make', query.make],
    ['body_type', query.bodyType],
    ['category', query.category],
    ['status', query.status],
  ] as const;
  for (const [column, value] of exact) {
    if (value) base = base.where(sql<boolean>`lower(${sql.ref(column)}) = ${value.toLowerCase()}`);
  }
  if (query.year !== undefined) base = base.where('year', '=', query.year);
  if (query.minYear !== undefined) base = base.where('year', '>=', query.minYear);
  if (query.maxYear !== undefined) base = base.where('year', '<=', query.maxYear);

  const countRow = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  const column = SORT_COLUMNS[query.sort];
  const rows = await base
    .selectAll()
    .orderBy(column, query.order)
    // A stable tie-break so pages never repeat or skip rows.
    .orderBy('id', query.order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return { rows, total: Number(countRow?.n ?? 0) };
}

/**
 * Deletes a vehicle and everything that hangs off it; call inside a transaction. Its offers are
 * not deleted: the caller has detached them first, and they stay in history
 * (docs/decisions/121-one-sale-per-vehicle.md).
 */
export async function deleteVehicleRows(db: Kysely<DB>, vehicleId: string): Promise<void> {
  for (const table of ['vehicle_images', 'vehicle_tags', 'watches', 'vehicle_views'] as const) {
    await db.deleteFrom(table).where('vehicle_id', '=', vehicleId).execute();
  }
  await db.deleteFrom('vehicles').where('id', '=', vehicleId).execute();
}

/** The next free position after the vehicle's existing images. */
export async function nextImagePosition(db: Kysely<DB>, vehicleId: string): Promise<number> {
  const row = await db
    .selectFrom('vehicle_images')
    .select((eb) => eb.fn.max('position').as('maxPosition'))
    .where('vehicle_id', '=', vehicleId)
    .executeTakeFirst();
  const max = row?.maxPosition;
  return max === null || max === undefined ? 0 : Number(max) + 1;
}

export async function countVehicleImages(db: Kysely<DB>, vehicleId: string): Promise<number> {
  const row = await db
    .selectFrom('vehicle_images')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('vehicle_id', '=', vehicleId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface NewImageRow {
  id: string;
  width: number;
  height: number;
}

/** Inserts image rows after the existing ones; call inside a transaction. */
export async function insertVehicleImages(db: Kysely<DB>, vehicleId: string, images: NewImageRow[]): Promise<void> {
  if (images.length === 0) return;
  const start = await nextImagePosition(db, vehicleId);
  const createdAt = nowIso();
  await db
    .insertInto('vehicle_images')
    .values(
      images.map((img, i) => ({
        id: img.id,
        vehicle_id: vehicleId,
        position: start + i,
        width: img.width,
        height: img.height,
        created_at: createdAt,
      })),
    )
    .execute();
}

export async function deleteVehicleImageRow(db: Kysely<DB>, vehicleId: string, imageId: string): Promise<void> {
  await db.deleteFrom('vehicle_images').where('vehicle_id', '=', vehicleId).where('id', '=', imageId).execute();
}

/** Rewrites the positions in the given order (every image of the vehicle, each once). */
export async function reorderVehicleImages(db: Kysely<DB>, vehicleId: string, orderedIds: string[]): Promise<void> {
  for (const [position, id] of orderedIds.entries()) {
    await db
      .updateTable('vehicle_images')
      .set({ position })
      .where('vehicle_id', '=', vehicleId)
      .where('id', '=', id)
      .execute();
  }
}

/** Every distinct make and model pair in the catalogue, whatever the status. */
export function distinctMakesModels(db: Kysely<DB>): Promise<{ make: string; model: string }[]> {
  return db.selectFrom('vehicles').select(['make', 'model']).distinct().execute();
}

/**
 * Who watches a vehicle and may be emailed about it: active, not deleted accounts, with their
 * stored notification preferences (docs/product-rules.md#notifications).
 */
export function findNotifiableWatchers(
  db: Kysely<DB>,
  vehicleId: string,
): Promise<{ id: string; email: string; first_name: string; notification_prefs: string }[]> {
  return db
    .selectFrom('watches')
    .innerJoin('users', 'users.id', 'watches.user_id')
    .select(['users.id', 'users.email', 'users.first_name', 'users.notification_prefs'])
    .where('watches.vehicle_id', '=', vehicleId)
    .where('users.is_active', '=', 1)
    .where('users.deleted_at', 'is', null)
    .orderBy('users.id')
    .execute();
}

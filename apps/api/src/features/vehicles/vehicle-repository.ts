import type { Kysely } from 'kysely';
import { dollarsToCents } from '@vm/shared/money';
import { slugify } from '@vm/shared/slug';
import type { Vehicle, VehicleInput, VehicleSummary } from '@vm/shared/vehicle';
import type { DB } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { toVehicle, toVehicleSummary, type VehicleImageRow, type VehicleRow } from './vehicle-mapper.ts';

export function findVehicleRow(db: Kysely<DB>, idOrSlug: string): Promise<VehicleRow | undefined> {
  return db
    .selectFrom('vehicles')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
    .executeTakeFirst();
}

export function listVehicleImages(db: Kysely<DB>, vehicleId: string): Promise<VehicleImageRow[]> {
  return db
    .selectFrom('vehicle_images')
    .selectAll()
    .where('vehicle_id', '=', vehicleId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

async function listTags(db: Kysely<DB>, vehicleIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (vehicleIds.length === 0) return map;
  const rows = await db
    .selectFrom('vehicle_tags')
    .select(['vehicle_id', 'tag'])
    .where('vehicle_id', 'in', vehicleIds)
    .execute();
  for (const r of rows) map.set(r.vehicle_id, [...(map.get(r.vehicle_id) ?? []), r.tag]);
  return map;
}

/** Full vehicle by id or slug, or undefined. */
export async function getVehicle(db: Kysely<DB>, idOrSlug: string): Promise<Vehicle | undefined> {
  const row = await findVehicleRow(db, idOrSlug);
  if (!row) return undefined;
  const [tags, images] = await Promise.all([listTags(db, [row.id]), listVehicleImages(db, row.id)]);
  return toVehicle(row, tags.get(row.id) ?? [], images);
}

/** Maps rows to summaries with their tags and default image, in two extra queries for the page. */
export async function toSummaries(db: Kysely<DB>, rows: VehicleRow[]): Promise<VehicleSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [tags, images] = await Promise.all([
    listTags(db, ids),
    db.selectFrom('vehicle_images').selectAll().where('vehicle_id', 'in', ids).orderBy('position').execute(),
  ]);
  const firstImage = new Map<string, VehicleImageRow>();
  const byId = new Map<string, VehicleImageRow>();
  for (const img of images) {
    byId.set(img.id, img);
    if (!firstImage.has(img.vehicle_id)) firstImage.set(img.vehicle_id, img);
  }
  return rows.map((r) => {
    const chosen = r.default_image_id ? byId.get(r.default_image_id) : undefined;
    return toVehicleSummary(r, tags.get(r.id) ?? [], chosen ?? firstImage.get(r.id));
  });
}

/** A slug from the title, made unique with -2, -3, ... */
export async function uniqueSlug(db: Kysely<DB>, title: string, exceptId?: string): Promise<string> {
  const base = slugify(title) || 'vehicle';
  let q = db
    .selectFrom('vehicles')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]));
  if (exceptId) q = q.where('id', '!=', exceptId);
  const taken = new Set((await q.execute()).map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

function columns(input: VehicleInput) {
  return {
    title: input.title,
    long_title: input.longTitle,
    year: input.year,
    vin: input.vin || 'UNKNOWN',
    make: input.make,
    model: input.model,
    name: input.name,
    description: input.description,
    mileage: input.mileage,
    body_type: input.bodyType || 'SUV',
    category: input.category,
    price_cents: dollarsToCents(input.price),
    msrp_cents: dollarsToCents(input.msrp),
    status: input.status,
    listing_type: input.listingType,
    section_exterior: input.sections.exterior,
    section_interior: input.sections.interior,
    section_other: input.sections.other,
    city: input.location.city,
    state: input.location.state,
    country: input.location.country,
    fuel_type: input.fuelType,
    transmission: input.transmission,
    exterior_color: input.exteriorColor,
    features: JSON.stringify(input.features),
  };
}

async function replaceTags(db: Kysely<DB>, vehicleId: string, tags: readonly string[]): Promise<void> {
  await db.deleteFrom('vehicle_tags').where('vehicle_id', '=', vehicleId).execute();
  if (tags.length > 0)
    await db
      .insertInto('vehicle_tags')
      .values(tags.map((tag) => ({ vehicle_id: vehicleId, tag })))
      .execute();
}

/** Inserts a vehicle and its tags; call inside a transaction. */
export async function insertVehicle(db: Kysely<DB>, input: VehicleInput, createdAt = nowIso()): Promise<string> {
  const id = newId();
  const slug = await uniqueSlug(db, input.title);
  await db
    .insertInto('vehicles')
    .values({ id, slug, ...columns(input), default_image_id: null, created_at: createdAt, updated_at: createdAt })
    .execute();
  await replaceTags(db, id, input.tags);
  return id;
}

/** Updates a vehicle and its tags; the slug follows the title. Call inside a transaction. */
export async function updateVehicle(db: Kysely<DB>, id: string, input: VehicleInput): Promise<void> {
  const slug = await uniqueSlug(db, input.title, id);
  await db
    .updateTable('vehicles')
    .set({ slug, ...columns(input), updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
  await replaceTags(db, id, input.tags);
}

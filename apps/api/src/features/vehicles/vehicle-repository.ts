import { type Kysely, sql } from 'kysely';
import { dollarsToCents } from '@vm/shared/money';
import { slugify } from '@vm/shared/slug';
import type { Vehicle, VehicleInput, VehicleSummary } from '@vm/shared/vehicle';
import type { Dialect } from '../../db/database.ts';
import { idList } from '../../db/id-list.ts';
import type { DB, VehiclesTable } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { reusableQuery } from '../../lib/reusable-query.ts';
import { nowIso } from '../../lib/time.ts';
import {
  SUMMARY_COLUMNS,
  type SummaryRow,
  toVehicle,
  toVehicleSummary,
  type CardImage,
  type VehicleImageRow,
  type VehicleRow,
} from './vehicle-mapper.ts';

/**
 * Every column of a vehicle row, by name: on PostgreSQL `*` would also ship the generated
 * full-text columns, a few kilobytes per vehicle that nothing reads. Keyed by the table type,
 * so a column added to VehiclesTable and not here fails to compile.
 */
const VEHICLE_COLUMNS = Object.keys({
  id: true,
  slug: true,
  title: true,
  long_title: true,
  year: true,
  vin: true,
  make: true,
  model: true,
  name: true,
  description: true,
  mileage: true,
  body_type: true,
  category: true,
  price_cents: true,
  msrp_cents: true,
  status: true,
  listing_type: true,
  section_exterior: true,
  section_interior: true,
  section_other: true,
  city: true,
  state: true,
  country: true,
  fuel_type: true,
  transmission: true,
  exterior_color: true,
  features: true,
  default_image_id: true,
  view_count: true,
  watch_count: true,
  created_at: true,
  updated_at: true,
  published_at: true,
} satisfies Record<keyof VehiclesTable, true>) as (keyof VehiclesTable)[];

/**
 * Columns of one vehicle by id, else by slug. Two index lookups joined by UNION ALL rather than
 * one `id = ? OR slug = ?`: with the planner's samples (sqlite_stat4) SQLite plans an OR of two
 * bound values again at every run, which made this lookup cost three to eight times as much on
 * every detail, view, watch and offer request. The limit is a literal for the same reason (a
 * bound LIMIT is re-planned too). LIMIT 1 skips the slug lookup when the id matches, and makes an
 * id win over another vehicle's identical slug.
 */
function lookUpVehicle<C extends keyof VehiclesTable>(db: Kysely<DB>, idOrSlug: string, columns: readonly C[]) {
  return db
    .selectFrom('vehicles')
    .select(columns)
    .where('id', '=', idOrSlug)
    .unionAll(db.selectFrom('vehicles').select(columns).where('slug', '=', idOrSlug))
    .limit(sql.lit(1));
}

const vehicleRowQuery = reusableQuery((db: Kysely<DB>, idOrSlug: string) =>
  lookUpVehicle(db, idOrSlug, VEHICLE_COLUMNS),
);

export async function findVehicleRow(db: Kysely<DB>, idOrSlug: string): Promise<VehicleRow | undefined> {
  return (await vehicleRowQuery(db, idOrSlug)).rows[0];
}

/** What a buyer's write (watch, offer) checks about a vehicle. */
export type VehicleState = Pick<VehicleRow, 'id' | 'status' | 'title'>;

const vehicleStateQuery = reusableQuery((db: Kysely<DB>, idOrSlug: string) =>
  lookUpVehicle(db, idOrSlug, ['id', 'status', 'title']),
);

/**
 * The id, status and title of a vehicle by id or slug: half the cost of the whole row, which
 * SQLite reads and turns into a 32-property object for nothing on every watch and offer.
 */
export async function findVehicleState(db: Kysely<DB>, idOrSlug: string): Promise<VehicleState | undefined> {
  return (await vehicleStateQuery(db, idOrSlug)).rows[0];
}

const vehicleImagesQuery = reusableQuery((db: Kysely<DB>, vehicleId: string) =>
  db
    .selectFrom('vehicle_images')
    .selectAll()
    // `in` with one value, not `=`: SQLite plans `vehicle_id = ?` again at every run to weigh
    // the bound id against its samples (sqlite_stat4), doubling this lookup on every detail page.
    .where('vehicle_id', 'in', [vehicleId])
    .orderBy('position')
    .orderBy('id'),
);

export async function listVehicleImages(db: Kysely<DB>, vehicleId: string): Promise<VehicleImageRow[]> {
  return (await vehicleImagesQuery(db, vehicleId)).rows;
}

const vehicleTagsQuery = reusableQuery((db: Kysely<DB>, vehicleId: string) =>
  db.selectFrom('vehicle_tags').select('tag').where('vehicle_id', 'in', [vehicleId]),
);

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
  const [tags, images] = await Promise.all([vehicleTagsQuery(db, row.id), listVehicleImages(db, row.id)]);
  return toVehicle(
    row,
    tags.rows.map((t) => t.tag),
    images,
  );
}

/** Maps rows to summaries with their tags and default image, in two extra queries for the page. */
export async function toSummaries(db: Kysely<DB>, rows: SummaryRow[]): Promise<VehicleSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [tags, images] = await Promise.all([
    listTags(db, ids),
    db.selectFrom('vehicle_images').selectAll().where('vehicle_id', 'in', ids).orderBy('position').execute(),
  ]);
  return summariesOf(rows, tags, images);
}

/** Cards from their rows, tags and photos (ordered by position): the default photo, else the first. */
function summariesOf(
  rows: readonly SummaryRow[],
  tags: ReadonlyMap<string, string[]>,
  images: readonly VehicleImageRow[],
): VehicleSummary[] {
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

/**
 * A card's tags and chosen photo (the default one, else the first by position), read as JSON
 * beside its row: a page of cards is one statement, whatever its length.
 */
function cardJson(dialect: Dialect) {
  const photo =
    dialect === 'sqlite'
      ? sql`json_object('id', i.id, 'vehicle_id', i.vehicle_id, 'width', i.width, 'height', i.height)`
      : sql`json_build_object('id', i.id, 'vehicle_id', i.vehicle_id, 'width', i.width, 'height', i.height)`;
  const tags =
    dialect === 'sqlite'
      ? sql`(select json_group_array(tag) from vehicle_tags where vehicle_tags.vehicle_id = vehicles.id)`
      : sql`(select coalesce(json_agg(tag), '[]'::json) from vehicle_tags where vehicle_tags.vehicle_id = vehicles.id)`;
  const image = sql`(select ${photo} from vehicle_images i where i.vehicle_id = vehicles.id
    order by case when i.id = vehicles.default_image_id then 0 else 1 end, i.position, i.id limit 1)`;
  return [tags.as('tags_json'), image.as('image_json')] as const;
}

/** What a query selects for cards (toCards reads it), from `vehicles` alone or joined. */
export const cardColumns = (dialect: Dialect) =>
  [...SUMMARY_COLUMNS.map((column) => `vehicles.${column}` as const), ...cardJson(dialect)] as const;

/** A row read with cardColumns. */
export type CardRow = SummaryRow & { tags_json: unknown; image_json: unknown };

/** SQLite gives JSON as text, PostgreSQL's driver as values. */
const fromJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

export function toCard(row: CardRow): VehicleSummary {
  const { tags_json, image_json, ...summary } = row;
  return toVehicleSummary(summary, fromJson(tags_json) as string[], (fromJson(image_json) ?? undefined) as CardImage);
}

/** The cards of the vehicles with these ids, in the order of the ids (an id that is gone is left out), in one statement. */
export async function cardsByIds(db: Kysely<DB>, dialect: Dialect, ids: readonly string[]): Promise<VehicleSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('vehicles')
    .select(cardColumns(dialect))
    .where('vehicles.id', 'in', idList[dialect](JSON.stringify(ids)))
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toCard(row as CardRow)] : [];
  });
}

/**
 * A slug from the title, made unique with -2, -3, ... A slug another vehicle had before its
 * title changed is taken too: links to it still lead to that vehicle (docs/decisions/135-former-slugs.md).
 */
export async function uniqueSlug(db: Kysely<DB>, title: string, exceptId?: string): Promise<string> {
  const base = slugify(title) || 'vehicle';
  const like = `${base}-%`;
  let current = db
    .selectFrom('vehicles')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', like)]));
  let former = db
    .selectFrom('vehicle_former_slugs')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', like)]));
  if (exceptId) {
    current = current.where('id', '!=', exceptId);
    former = former.where('vehicle_id', '!=', exceptId);
  }
  const taken = new Set((await current.unionAll(former).execute()).map((r) => r.slug));
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

/**
 * Inserts a vehicle and its tags; call inside a transaction. A vehicle listed with a public status
 * is published when it is listed (saved-search alerts: docs/decisions/115-saved-searches.md).
 */
export async function insertVehicle(db: Kysely<DB>, input: VehicleInput, createdAt = nowIso()): Promise<string> {
  const id = newId();
  const slug = await uniqueSlug(db, input.title);
  const publishedAt = input.status === 'Archived' ? null : createdAt;
  await db
    .insertInto('vehicles')
    .values({
      id,
      slug,
      ...columns(input),
      default_image_id: null,
      created_at: createdAt,
      updated_at: createdAt,
      published_at: publishedAt,
    })
    .execute();
  await replaceTags(db, id, input.tags);
  return id;
}

/**
 * Updates a vehicle and its tags; the slug follows the title, and the slug it leaves is kept as a
 * former one (docs/decisions/135-former-slugs.md). Call inside a transaction, `before` read there.
 * `publishedAt`: the vehicle becomes public again now (taken out of Archived).
 */
export async function updateVehicle(
  db: Kysely<DB>,
  before: Pick<VehicleRow, 'id' | 'slug'>,
  input: VehicleInput,
  publishedAt?: string,
): Promise<void> {
  const { id } = before;
  const slug = await uniqueSlug(db, input.title, id);
  if (before.slug !== slug) {
    // The address it leaves keeps leading to it; the one it takes back is its address again.
    // uniqueSlug keeps current and former slugs apart, so a former slug already kept stays its owner's.
    await db.deleteFrom('vehicle_former_slugs').where('slug', '=', slug).execute();
    await db
      .insertInto('vehicle_former_slugs')
      .values({ slug: before.slug, vehicle_id: id })
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
  }
  await db
    .updateTable('vehicles')
    .set({ slug, ...columns(input), updated_at: nowIso(), ...(publishedAt ? { published_at: publishedAt } : {}) })
    .where('id', '=', id)
    .execute();
  await replaceTags(db, id, input.tags);
}

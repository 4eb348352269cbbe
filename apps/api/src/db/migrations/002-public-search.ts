import { type Kysely, sql } from 'kysely';

/**
 * What the storefront search needs to stay fast on a large catalogue (docs/decisions/011).
 *
 * 1. Partial indexes over the vehicles the public may see. The search states exactly this
 *    condition (the same text, in vehicle-search-repository.ts): both databases use a partial
 *    index only when the query states its condition verbatim. `<>` rather than
 *    `in ('Available', 'Pending', 'Sold')`, because an IN list is also usable by the older
 *    (status, ...) indexes, and without statistics SQLite takes those and sorts the catalogue.
 *    Every index ends with `status` so counts and id lists are answered from the index alone;
 *    sorts tie-break on id in the same direction, so one (column, id) index serves both ways.
 * 2. A catalogue version, bumped by triggers whenever a vehicle is added, removed, re-tagged,
 *    gets or loses a photo, or changes a column that a search or a vehicle card shows (not on
 *    view or watch counts, which change all the time). Public list answers are cached per
 *    version, so every app instance sees a change at once and a busy storefront repeats no work.
 * 3. On SQLite, FTS5's rank weighs title, make and model above the description, so
 *    `ORDER BY rank LIMIT n` takes the best matches straight from the full-text index.
 */
const PUBLIC = sql<boolean>`status <> 'Archived'`;
/** Every column a search filters or sorts on, or a vehicle card shows. */
const LISTED_COLUMNS = [
  'slug, title, description, year, vin, make, model, mileage, body_type, category, price_cents, status',
  'listing_type, city, state, country, fuel_type, transmission, default_image_id, created_at',
].join(', ');

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed Kysely<any> by design
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const indexes: [string, string[]][] = [
    ['vehicles_public_created', ['created_at', 'id', 'status']],
    ['vehicles_public_price', ['price_cents', 'id', 'status']],
    ['vehicles_public_year', ['year', 'id', 'status']],
    ['vehicles_public_mileage', ['mileage', 'id', 'status']],
    ['vehicles_public_make', ['make', 'model', 'year', 'price_cents', 'created_at', 'id', 'status']],
    ['vehicles_public_category', ['category', 'created_at', 'id', 'status']],
    ['vehicles_public_listing', ['listing_type', 'created_at', 'id', 'status']],
    ['vehicles_public_id', ['id', 'created_at', 'status']],
  ];
  for (const [name, columns] of indexes) {
    await db.schema.createIndex(name).on('vehicles').columns(columns).where(PUBLIC).execute();
  }

  await db.schema
    .createTable('catalogue_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('catalogue_version').values({ id: 1, version: 1 }).execute();
  const bump = sql.raw('UPDATE catalogue_version SET version = version + 1 WHERE id = 1;');

  if (dialect === 'sqlite') {
    const triggers: [string, string][] = [
      ['catalogue_version_vehicle_insert', 'AFTER INSERT ON vehicles'],
      ['catalogue_version_vehicle_delete', 'AFTER DELETE ON vehicles'],
      ['catalogue_version_vehicle_update', `AFTER UPDATE OF ${LISTED_COLUMNS} ON vehicles`],
      ['catalogue_version_tag_insert', 'AFTER INSERT ON vehicle_tags'],
      ['catalogue_version_tag_delete', 'AFTER DELETE ON vehicle_tags'],
      ['catalogue_version_image_insert', 'AFTER INSERT ON vehicle_images'],
      ['catalogue_version_image_delete', 'AFTER DELETE ON vehicle_images'],
      ['catalogue_version_image_update', 'AFTER UPDATE ON vehicle_images'],
    ];
    for (const [name, event] of triggers) {
      await sql`CREATE TRIGGER ${sql.raw(name)} ${sql.raw(event)} BEGIN ${bump} END`.execute(db);
    }
    await sql`INSERT INTO vehicles_fts(vehicles_fts, rank) VALUES ('rank', 'bm25(10.0, 6.0, 6.0, 1.0)')`.execute(db);
  } else {
    await sql`CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${bump} RETURN NULL; END $$`.execute(db);
    // Statement-level: a bulk insert bumps the version once, not once per row.
    const triggers: [string, string][] = [
      ['catalogue_version_vehicle_write', 'AFTER INSERT OR DELETE ON vehicles'],
      ['catalogue_version_vehicle_update', `AFTER UPDATE OF ${LISTED_COLUMNS} ON vehicles`],
      ['catalogue_version_tag_write', 'AFTER INSERT OR DELETE ON vehicle_tags'],
      ['catalogue_version_image_write', 'AFTER INSERT OR DELETE OR UPDATE ON vehicle_images'],
    ];
    for (const [name, event] of triggers) {
      await sql`CREATE TRIGGER ${sql.raw(name)} ${sql.raw(event)}
        FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()`.execute(db);
    }
  }
}

import { type Kysely, sql } from 'kysely';

/*
 * The catalogue reads with SQL (docs/decisions/143-one-plain-read-path.md):
 * - the card stamps of migrations 014 and 015 go, with their triggers, sequence and index:
 *   nothing keeps cards any more;
 * - every filter and sort has a partial index of public vehicles (the status condition spelled
 *   as the queries spell it, search-filters.ts IS_PUBLIC), ending in the id that breaks ties:
 *   mileage, category and listing type come back (004-unused-search-indexes dropped them while
 *   the in-memory snapshot answered those filters);
 * - a make has an index in each sort order, holding the price and year its ranges filter on: a
 *   make's page is read in order and stops, and its count reads only its price or year range (a
 *   Chevrolet search at 100,000 vehicles counted and sorted all 9,193 Chevrolets: 2.5 and 1.3 ms,
 *   now 0.35 and 0.02 ms); the newest-first one also gives the similar list a make's newest 200;
 *   the make-and-model one covers mileage too (a make sorted by mileage read each row: 11-27 ms);
 * - the planner's statistics are gathered again, for the new indexes.
 */

const PUBLIC = sql<boolean>`status <> 'Archived'`;

const INDEXES: [string, string[]][] = [
  ['vehicles_public_make_sorts', ['make', 'model', 'year', 'price_cents', 'mileage', 'created_at', 'id', 'status']],
  ['vehicles_public_make_newest', ['make', 'created_at', 'id', 'model', 'year', 'price_cents', 'status']],
  ['vehicles_public_make_price', ['make', 'price_cents', 'id', 'year', 'status']],
  ['vehicles_public_make_year', ['make', 'year', 'id', 'price_cents', 'status']],
  ['vehicles_public_make_mileage', ['make', 'mileage', 'id', 'price_cents', 'year', 'status']],
  ['vehicles_public_mileage', ['mileage', 'id', 'status']],
  ['vehicles_public_category', ['category', 'created_at', 'id', 'status']],
  ['vehicles_public_listing', ['listing_type', 'created_at', 'id', 'status']],
];

// biome-ignore lint/suspicious/noExplicitAny: migrations run on the untyped schema
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const cardTriggers = ['vehicle_tags', 'vehicle_images'].flatMap((table) =>
    ['insert', 'delete', 'update'].map((event) => `${table}_card_version_${event}`),
  );
  if (dialect === 'sqlite') {
    for (const name of ['vehicles_card_version', 'vehicles_card_version_insert', ...cardTriggers])
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(name)}`.execute(db);
    await sql`DROP TABLE IF EXISTS card_versions`.execute(db);
  } else {
    await sql`DROP TRIGGER IF EXISTS vehicles_card_version ON vehicles`.execute(db);
    for (const name of cardTriggers) {
      const table = name.startsWith('vehicle_tags') ? 'vehicle_tags' : 'vehicle_images';
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(name)} ON ${sql.raw(table)}`.execute(db);
    }
    await sql`DROP FUNCTION IF EXISTS bump_own_card_version()`.execute(db);
    await sql`DROP FUNCTION IF EXISTS bump_card_versions()`.execute(db);
  }
  await sql`DROP INDEX IF EXISTS vehicles_card_version`.execute(db);
  await db.schema.alterTable('vehicles').dropColumn('card_version').execute();
  for (const [name, columns] of INDEXES)
    await db.schema.createIndex(name).ifNotExists().on('vehicles').columns(columns).where(PUBLIC).execute();
  await sql`DROP INDEX IF EXISTS vehicles_public_make`.execute(db);
  await sql`ANALYZE vehicles`.execute(db);
}

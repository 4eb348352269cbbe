import { type Kysely, sql } from 'kysely';

/**
 * Searches now filter and sort on the in-memory catalogue snapshot (docs/decisions/100), so the
 * partial indexes that only served SQL searches by mileage, category, listing type and by make
 * with year and price ranges are dropped: each cost every vehicle insert and update a write.
 * Kept: created (newest lists), price and year (similar vehicles), make (makes and models), id
 * (PostgreSQL reads keyword matches newest first).
 */
const UNUSED = [
  'vehicles_public_mileage',
  'vehicles_public_category',
  'vehicles_public_listing',
  'vehicles_public_make_year',
];

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed Kysely<any> by design
export async function up(db: Kysely<any>): Promise<void> {
  for (const name of UNUSED) await sql`DROP INDEX IF EXISTS ${sql.raw(name)}`.execute(db);
}

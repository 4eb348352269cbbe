import { DEFAULT_MIGRATION_TABLE, type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Dialect } from './database.ts';
import * as initial from './migrations/001-initial.ts';
import * as publicSearch from './migrations/002-public-search.ts';
import * as searchCold from './migrations/003-search-cold.ts';
import * as unusedSearchIndexes from './migrations/004-unused-search-indexes.ts';
import * as tokenVersion from './migrations/005-token-version.ts';
import * as email from './migrations/006-email.ts';
import * as buyersAndFinding from './migrations/007-buyers-and-finding.ts';
import * as sitemap from './migrations/008-sitemap.ts';
import * as offersOutliveVehicles from './migrations/009-offers-outlive-vehicles.ts';
import * as peopleErased from './migrations/010-people-erased.ts';
import * as auctions from './migrations/011-auctions.ts';
import * as rateLimits from './migrations/012-rate-limits.ts';
import * as formerSlugs from './migrations/013-former-slugs.ts';
import * as cardStamps from './migrations/014-card-stamps.ts';
import * as cardStampSequence from './migrations/015-card-stamp-sequence.ts';
import * as tagUpdates from './migrations/016-tag-updates.ts';
import * as plainReadPath from './migrations/017-plain-read-path.ts';

/**
 * Migrations in order, numbered: Kysely runs them in the order of their names and refuses a new
 * one that sorts before one already run. Each gets the dialect when the two databases need
 * different statements.
 */
function provider(dialect: Dialect): MigrationProvider {
  const all: Record<string, Migration> = {
    '001-initial': { up: (db) => initial.up(db, dialect) },
    '002-public-search': { up: (db) => publicSearch.up(db, dialect) },
    '003-search-cold': { up: (db) => searchCold.up(db, dialect) },
    '004-unused-search-indexes': { up: (db) => unusedSearchIndexes.up(db) },
    '005-token-version': { up: (db) => tokenVersion.up(db) },
    '006-email': { up: (db) => email.up(db) },
    '007-buyers-and-finding': { up: (db) => buyersAndFinding.up(db, dialect) },
    '008-sitemap': { up: (db) => sitemap.up(db) },
    '009-offers-outlive-vehicles': { up: (db) => offersOutliveVehicles.up(db, dialect) },
    '010-people-erased': { up: (db) => peopleErased.up(db) },
    '011-auctions': { up: (db) => auctions.up(db, dialect) },
    '012-rate-limits': { up: (db) => rateLimits.up(db) },
    '013-former-slugs': { up: (db) => formerSlugs.up(db) },
    '014-card-stamps': { up: (db) => cardStamps.up(db, dialect) },
    '015-card-stamp-sequence': { up: (db) => cardStampSequence.up(db, dialect) },
    '016-tag-updates': { up: (db) => tagUpdates.up(db, dialect) },
    '017-plain-read-path': { up: (db) => plainReadPath.up(db, dialect) },
  };
  return { getMigrations: async () => all };
}

/**
 * The names the migrations ran under before they were numbered (dated names, which ran days
 * ahead of the calendar: a migration named with the day's date could sort before them). A
 * database migrated under those names has them renamed once, before the migrator reads them.
 */
const DATED_NAMES: readonly [dated: string, numbered: string][] = [
  ['2026-11-21-initial', '001-initial'],
  ['2026-11-22-public-search', '002-public-search'],
  ['2026-11-22-search-cold', '003-search-cold'],
  ['2026-11-22-unused-search-indexes', '004-unused-search-indexes'],
  ['2026-11-25-token-version', '005-token-version'],
  ['2026-11-26-email', '006-email'],
  ['2026-11-27-buyers-and-finding', '007-buyers-and-finding'],
  ['2026-11-28-sitemap', '008-sitemap'],
  ['2026-11-29-offers-outlive-vehicles', '009-offers-outlive-vehicles'],
  ['2026-11-30-people-erased', '010-people-erased'],
  ['2026-12-01-auctions', '011-auctions'],
  ['2026-12-02-rate-limits', '012-rate-limits'],
  ['2026-12-03-former-slugs', '013-former-slugs'],
  ['2026-12-04-card-stamps', '014-card-stamps'],
  ['2026-12-05-card-stamp-sequence', '015-card-stamp-sequence'],
  ['2026-12-06-tag-updates', '016-tag-updates'],
];

// biome-ignore lint/suspicious/noExplicitAny: the migrator runs on the untyped schema
async function renameDatedMigrations(db: Kysely<any>, schema: string | undefined): Promise<void> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === DEFAULT_MIGRATION_TABLE && (schema === undefined || t.schema === schema))) return;
  for (const [dated, numbered] of DATED_NAMES)
    await db.updateTable(DEFAULT_MIGRATION_TABLE).set({ name: numbered }).where('name', '=', dated).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: the migrator runs on the untyped schema
export async function migrateToLatest(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // Kysely looks for its migration tables in every schema it can see; name the current one, or
  // a database with several schemas (one per parallel test file) finds another schema's tables.
  const schema =
    dialect === 'postgres'
      ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name
      : undefined;
  await renameDatedMigrations(db, schema);
  const migrator = new Migrator({
    db,
    provider: provider(dialect),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

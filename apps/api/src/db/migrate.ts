import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Dialect } from './database.ts';
import * as initial from './migrations/2026-11-21-initial.ts';
import * as publicSearch from './migrations/2026-11-22-public-search.ts';
import * as unusedSearchIndexes from './migrations/2026-11-22-unused-search-indexes.ts';
import * as searchCold from './migrations/2026-11-22-search-cold.ts';
import * as tokenVersion from './migrations/2026-11-25-token-version.ts';
import * as email from './migrations/2026-11-26-email.ts';
import * as buyersAndFinding from './migrations/2026-11-27-buyers-and-finding.ts';
import * as sitemap from './migrations/2026-11-28-sitemap.ts';
import * as offersOutliveVehicles from './migrations/2026-11-29-offers-outlive-vehicles.ts';
import * as peopleErased from './migrations/2026-11-30-people-erased.ts';
import * as auctions from './migrations/2026-12-01-auctions.ts';
import * as rateLimits from './migrations/2026-12-02-rate-limits.ts';
import * as formerSlugs from './migrations/2026-12-03-former-slugs.ts';
import * as cardStamps from './migrations/2026-12-04-card-stamps.ts';
import * as cardStampSequence from './migrations/2026-12-05-card-stamp-sequence.ts';
import * as tagUpdates from './migrations/2026-12-06-tag-updates.ts';
import * as plainReadPath from './migrations/2026-12-07-plain-read-path.ts';

/** Migrations in order; each gets the dialect so it can spell the few differences. */
function provider(dialect: Dialect): MigrationProvider {
  const all: Record<string, Migration> = {
    '2026-11-21-initial': { up: (db) => initial.up(db, dialect) },
    '2026-11-22-public-search': { up: (db) => publicSearch.up(db, dialect) },
    '2026-11-22-search-cold': { up: (db) => searchCold.up(db, dialect) },
    // Names sort in the order they run (Kysely's rule): this one after search-cold.
    '2026-11-22-unused-search-indexes': { up: (db) => unusedSearchIndexes.up(db) },
    '2026-11-25-token-version': { up: (db) => tokenVersion.up(db) },
    '2026-11-26-email': { up: (db) => email.up(db) },
    '2026-11-27-buyers-and-finding': { up: (db) => buyersAndFinding.up(db, dialect) },
    '2026-11-28-sitemap': { up: (db) => sitemap.up(db) },
    '2026-11-29-offers-outlive-vehicles': { up: (db) => offersOutliveVehicles.up(db, dialect) },
    '2026-11-30-people-erased': { up: (db) => peopleErased.up(db) },
    '2026-12-01-auctions': { up: (db) => auctions.up(db, dialect) },
    '2026-12-02-rate-limits': { up: (db) => rateLimits.up(db) },
    '2026-12-03-former-slugs': { up: (db) => formerSlugs.up(db) },
    '2026-12-04-card-stamps': { up: (db) => cardStamps.up(db, dialect) },
    '2026-12-05-card-stamp-sequence': { up: (db) => cardStampSequence.up(db, dialect) },
    '2026-12-06-tag-updates': { up: (db) => tagUpdates.up(db, dialect) },
    '2026-12-07-plain-read-path': { up: (db) => plainReadPath.up(db, dialect) },
  };
  return { getMigrations: async () => all };
}

// biome-ignore lint/suspicious/noExplicitAny: the migrator runs on the untyped schema
export async function migrateToLatest(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // Kysely looks for its migration tables in every schema it can see; name the current one, or
  // a database with several schemas (one per parallel test file) finds another schema's tables.
  const schema =
    dialect === 'postgres'
      ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name
      : undefined;
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

import path from 'node:path';
import type { Config } from './config.ts';
import { type Database, isPostgresUrl, openPostgres, openSqlite } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';

/** Opens the configured database (PostgreSQL when DATABASE_URL is set, else SQLite) and migrates it. */
export async function openDatabase(config: Config): Promise<Database> {
  const database = isPostgresUrl(config.databaseUrl)
    ? openPostgres(config.databaseUrl)
    : openSqlite(path.join(config.dataDir, 'marketplace.db'));
  await migrateToLatest(database.db, database.dialect);
  return database;
}

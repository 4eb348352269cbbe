import { closeSync, openSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { foldAccents } from '@vm/shared/slug';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { MAIN_AUTOCHECKPOINT_FRAMES, startBackgroundCheckpoints } from './background-checkpoints.ts';
import { mergeFullTextIndexes } from './full-text-maintenance.ts';
import type { DB } from './schema.ts';
import { withPreparedStatements } from './prepared-statements.ts';
import { withStatementCache } from './statement-cache.ts';

export type Dialect = 'sqlite' | 'postgres';
export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  close: () => Promise<void>;
  /**
   * PostgreSQL only: a new client outside the pool, not yet connected, on the same server and
   * database, for a connection that LISTENs (features/auctions/auction-events.ts). Its owner
   * connects it, ends it and reconnects it; closing the Database does not touch it.
   */
  listenClient?: () => pg.Client;
}

// int8 (bigint money in cents) comes back as a JS number; cents stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

/**
 * Creates the database file readable and writable by its owner only (0600, like
 * DATA_DIR/jwt-secret) before SQLite opens it: SQLite would create it 0644, readable by every
 * account on the machine. SQLite gives the -wal and -shm files the mode of the database file,
 * so they are 0600 too. An existing file keeps its mode (docs/operations.md says how to tighten
 * one made earlier).
 */
function createPrivately(file: string): void {
  if (file === ':memory:' || file === '') return;
  try {
    closeSync(openSync(file, 'wx', 0o600));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}

export function openSqlite(file: string): Database {
  createPrivately(file);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // Durability: in WAL mode NORMAL syncs the WAL at each checkpoint, not at each commit. A
  // process crash (kill -9, an exception) loses nothing committed: the WAL is in the OS's
  // page cache and is replayed at the next open. A power cut or an OS crash can lose the last
  // transactions committed before it (never corrupt the file). FULL syncs at every commit; the
  // choice and its measured cost are in docs/operations.md (Durability).
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // vm_fold(text): lower case, accents folded; PostgreSQL has it from migration 007.
  sqlite.function('vm_fold', { deterministic: true }, (value: unknown) =>
    value === null || value === undefined ? '' : foldAccents(String(value)),
  );
  // WAL checkpoints run on a worker thread, off the thread that answers requests (background-checkpoints.ts).
  sqlite.pragma(`wal_autocheckpoint = ${MAIN_AUTOCHECKPOINT_FRAMES}`);
  // Query planner statistics: without them SQLite picks a range index and sorts tens of thousands
  // of rows for a filtered "newest first" search (170-270 ms on 100k vehicles instead of 2-9 ms).
  // 0x10002 analyzes tables that lack statistics at open; the hourly run keeps them current as
  // the catalogue grows (both are cheap when nothing changed much).
  sqlite.pragma('optimize = 0x10002');
  mergeFullTextIndexes(sqlite);
  const optimizer = setInterval(
    () => {
      try {
        sqlite.pragma('optimize');
        mergeFullTextIndexes(sqlite);
      } catch {
        // Maintenance only (the database busy past the timeout): the next hour tries again.
      }
    },
    60 * 60 * 1000,
  );
  optimizer.unref();
  const checkpoints = sqlite.memory ? undefined : startBackgroundCheckpoints(file);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    close: async () => {
      clearInterval(optimizer);
      // The worker's connection closes first, so the main one is the last and checkpoints the WAL away.
      await checkpoints?.stop();
      await db.destroy();
    },
  };
}

export function openPostgres(connectionString: string, options: { schema?: string; max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 20,
    connectionTimeoutMillis: 3000,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // A client losing its connection (database restart or outage) emits 'error'. The pool listens
  // only while the client is idle; a checked-out client with no listener would throw an uncaught
  // exception and take the server down. Its query still fails and becomes a 503.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }) });
  // TCP keep-alive lets the system notice a LISTEN connection that died silently (a network cut).
  // No search_path: NOTIFY channels belong to the database, not to a schema.
  const listenClient = () =>
    new pg.Client({
      connectionString,
      connectionTimeoutMillis: 3000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
  return { db, dialect: 'postgres', close: () => db.destroy(), listenClient };
}

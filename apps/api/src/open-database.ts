import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Config, StartError } from './config.ts';
import { type Database, isPostgresUrl, openPostgres, openSqlite } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { isDatabaseUnavailable } from './plugins/errors.ts';

/** First wait between attempts to reach PostgreSQL at start; it doubles up to the cap. */
const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 5_000;

export interface OpenDatabaseOptions {
  /** Told of each failed attempt to reach PostgreSQL at start (server.ts prints it). */
  onRetry?: (message: string) => void;
}

/**
 * Opens the configured database (PostgreSQL when DATABASE_URL is set, else SQLite) and migrates it.
 *
 * A PostgreSQL that is not up yet (a container that starts with the server, a restart) is waited
 * for: each failed attempt is reported through `onRetry` and tried again after a pause that
 * doubles from 0.5 s up to 5 s, for at most `config.databaseStartTimeoutMs`
 * (DATABASE_START_TIMEOUT, 60 s by default). Then, or at once for a refusal that waiting does
 * not cure (a wrong password, a database that does not exist), the start stops with a
 * StartError whose message names the server and the reason, never the password
 * (docs/decisions/112-framework-errors-and-start-up.md). Migrations run on PostgreSQL in a
 * transaction each, so an attempt cut short by the outage leaves nothing half done.
 */
export async function openDatabase(config: Config, options: OpenDatabaseOptions = {}): Promise<Database> {
  if (!isPostgresUrl(config.databaseUrl)) {
    const database = openSqlite(path.join(config.dataDir, 'marketplace.db'));
    await migrateToLatest(database.db, database.dialect);
    return database;
  }
  const where = describePostgres(config.databaseUrl);
  const database = openPostgres(config.databaseUrl);
  const started = Date.now();
  let wait = FIRST_RETRY_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      await migrateToLatest(database.db, database.dialect);
      return database;
    } catch (err) {
      const reason = reasonOf(err);
      const elapsed = Date.now() - started;
      if (!isDatabaseUnavailable(err)) {
        await database.close().catch(() => {});
        throw new StartError(`PostgreSQL at ${where} refused to start the server: ${reason}`);
      }
      if (elapsed + wait > config.databaseStartTimeoutMs) {
        await database.close().catch(() => {});
        throw new StartError(
          `PostgreSQL at ${where} could not be reached (${reason}) after ${attempt} attempt${attempt === 1 ? '' : 's'} ` +
            `in ${seconds(elapsed)}; giving up. Check DATABASE_URL and that the database is running ` +
            `(DATABASE_START_TIMEOUT sets how long a start waits, now ${seconds(config.databaseStartTimeoutMs)}).`,
        );
      }
      options.onRetry?.(
        `PostgreSQL at ${where} is not reachable yet (${reason}); attempt ${attempt} failed, ` +
          `trying again in ${seconds(wait)} (giving up after ${seconds(config.databaseStartTimeoutMs)})`,
      );
      await sleep(wait);
      wait = Math.min(wait * 2, MAX_RETRY_MS);
    }
  }
}

/** host:port/database of a connection string: enough to find the server, without the credentials. */
function describePostgres(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** The driver's one-line reason (an AggregateError of every address tried reports the first). */
function reasonOf(err: unknown): string {
  const e = err as { message?: unknown; code?: unknown; errors?: unknown[] } | null;
  const first = Array.isArray(e?.errors) && e.errors.length > 0 ? (e.errors[0] as typeof e) : e;
  const message = typeof first?.message === 'string' && first.message !== '' ? first.message : String(err);
  const code = typeof first?.code === 'string' && !message.includes(first.code) ? ` [${first.code}]` : '';
  return `${message}${code}`;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

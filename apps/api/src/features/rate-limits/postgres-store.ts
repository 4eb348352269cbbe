import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** What @fastify/rate-limit hands a store and expects back (its store/LocalStore.js contract). */
type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface StoreParams {
  continueExceeding?: boolean;
  routeInfo?: { method?: string; url?: string };
}

/** How often one instance deletes expired counters. */
export const PRUNE_EVERY_MS = 60_000;

/**
 * A @fastify/rate-limit store counting in the `rate_limits` table, so every instance on one
 * PostgreSQL database counts against the same limits (docs/decisions/128-shared-state.md).
 * Each count is one atomic upsert: a new key or an expired window starts at 1, a live one adds
 * 1; the database's clock decides expiry, so instances whose clocks differ still agree.
 * `continueExceeding` restarts the window past the limit, like the plugin's own stores;
 * exponential backoff is not offered (the app does not use it).
 *
 * The plugin builds the store with `new Store(params)`, so the class closes over the database.
 */
export function postgresRateLimitStore(db: Kysely<DB>) {
  const state = { lastPrune: 0 };

  const prune = () => {
    const now = Date.now();
    if (now - state.lastPrune < PRUNE_EVERY_MS) return;
    state.lastPrune = now;
    // Best effort: a failed prune (a closing pool, a database away) is retried next minute.
    sql`delete from rate_limits where expires_at < (extract(epoch from clock_timestamp()) * 1000)::bigint`
      .execute(db)
      .catch(() => {});
  };

  return class PostgresRateLimitStore {
    readonly #prefix: string;
    readonly #continueExceeding: boolean;

    constructor(params: object, prefix = 'rl:') {
      this.#continueExceeding = (params as StoreParams).continueExceeding === true;
      this.#prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      prune();
      const fullKey = this.#prefix + key;
      const restart = this.#continueExceeding ? sql`or rate_limits.count + 1 > ${max}` : sql``;
      const counted = sql<{ count: number; ttl: string }>`
        with now as (select (extract(epoch from clock_timestamp()) * 1000)::bigint as ms)
        insert into rate_limits as rate_limits (key, count, expires_at)
        select ${fullKey}, 1, now.ms + ${timeWindow} from now
        on conflict (key) do update set
          count = case when rate_limits.expires_at <= excluded.expires_at - ${timeWindow} then 1
                       else rate_limits.count + 1 end,
          expires_at = case when rate_limits.expires_at <= excluded.expires_at - ${timeWindow} ${restart}
                            then excluded.expires_at else rate_limits.expires_at end
        returning count, expires_at - (select ms from now) as ttl`
        .execute(db)
        .then(({ rows }) => {
          const row = rows[0];
          if (!row) throw new Error('rate limit upsert returned no row');
          return { current: Number(row.count), ttl: Math.max(0, Number(row.ttl)) };
        });
      settle(counted, callback);
    }

    /** The counter as it stands, without counting (the plugin's `{ increment: false }`). */
    read(key: string, callback: Callback): void {
      const read = sql<{ count: number; ttl: string }>`
        select count, expires_at - (extract(epoch from clock_timestamp()) * 1000)::bigint as ttl
        from rate_limits where key = ${this.#prefix + key}`
        .execute(db)
        .then(({ rows }) => {
          const row = rows[0];
          const ttl = row ? Number(row.ttl) : 0;
          return row && ttl > 0 ? { current: Number(row.count), ttl } : { current: 0, ttl: 0 };
        });
      settle(read, callback);
    }

    /** A store per route or limiter: its keys carry the route, as the plugin's Redis store does. */
    child(routeOptions: object): PostgresRateLimitStore {
      // The plugin passes the limit's merged options, with the route's method and url for a route's limit.
      const params = routeOptions as StoreParams;
      const route = params.routeInfo?.method ? `${params.routeInfo.method}${params.routeInfo.url ?? ''}:` : '';
      return new PostgresRateLimitStore(params, `${this.#prefix}${route}`);
    }
  };
}

/** Calls back once, outside the promise chain, so an exception in the plugin's callback is not taken for a store error. */
function settle(result: Promise<{ current: number; ttl: number }>, callback: Callback): void {
  result.then(
    (value) => setImmediate(callback, null, value),
    (error: Error) => setImmediate(callback, error),
  );
}

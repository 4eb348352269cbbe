import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Database } from '../../db/database.ts';
import { postgresRateLimitStore } from './postgres-store.ts';

/** How long one Redis command may take before the request that needed it fails (503). */
export const REDIS_COMMAND_TIMEOUT_MS = 5_000;

/** Every key the limits write in Redis starts with this, so a shared Redis can hold other data. */
export const REDIS_KEY_PREFIX = 'vm:rate-limit:';

/**
 * Where this instance counts its rate limits (docs/decisions/130-redis-and-proxies.md):
 * - Redis when REDIS_URL is set: every instance using that Redis counts together, through
 *   @fastify/rate-limit's own Redis store (one Lua script per count);
 * - else PostgreSQL when the database is PostgreSQL: the `rate_limits` table
 *   (docs/decisions/128-shared-state.md);
 * - else memory (SQLite is one instance).
 */
export interface RateLimitCounters {
  kind: 'redis' | 'postgres' | 'memory';
  /** The store options for @fastify/rate-limit. */
  pluginOptions: Pick<RateLimitPluginOptions, 'store' | 'redis' | 'nameSpace'>;
  /** Resolves when the shared store answers, for GET /api/ready; undefined when the store is the database or memory. */
  checkReachable: (() => Promise<void>) | undefined;
  close(): Promise<void>;
}

export function openRateLimitCounters(
  config: { redisUrl: string | undefined; rateLimit: boolean },
  database: Database,
  log: FastifyBaseLogger,
): RateLimitCounters {
  // With RATE_LIMIT=off nothing is counted, so Redis is neither opened nor checked.
  if (config.redisUrl && config.rateLimit) {
    const redis = connectRedis(config.redisUrl, log);
    return {
      kind: 'redis',
      pluginOptions: { redis, nameSpace: REDIS_KEY_PREFIX },
      // A write, as every count is: a replica left read-only by a failover answers PING but not this.
      checkReachable: async () => {
        await redis.set(`${REDIS_KEY_PREFIX}ready-check`, '1', 'PX', 5_000);
      },
      close: async () => {
        await redis.quit().catch(() => redis.disconnect());
      },
    };
  }
  const none = { checkReachable: undefined, close: async () => {} };
  if (database.dialect === 'postgres')
    return { kind: 'postgres', pluginOptions: { store: postgresRateLimitStore(database.db) }, ...none };
  return { kind: 'memory', pluginOptions: {}, ...none };
}

/**
 * A client that reconnects on its own and never holds a request long: while Redis is away a
 * command is retried once, then fails, and the request answers 503 (plugins/errors.ts) rather
 * than waiting. Commands sent while it first connects wait for the connection.
 */
function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
  // One line when Redis cannot be reached and one when it is back, not one per reconnect attempt.
  let reachable = true;
  redis.on('ready', () => {
    if (!reachable) log.info('redis reachable again');
    reachable = true;
  });
  redis.on('error', (err) => {
    if (!reachable) return;
    reachable = false;
    log.warn({ err }, 'redis unreachable; rate-limited routes answer 503 until it is back');
  });
  return redis;
}

/**
 * Redis's refusals that mean "not now" rather than a bug: a replica after a failover (READONLY),
 * a restart loading its data, a failed persistence or full memory, a lost password.
 */
const REDIS_REFUSALS = /^(READONLY|LOADING|MASTERDOWN|BUSY|TRYAGAIN|CLUSTERDOWN|MISCONF|OOM|NOAUTH|WRONGPASS)\b/;

/** True when an error is Redis away, too slow, or refusing writes for now: the request gets a 503. */
export function isRedisUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { name, message } = err as { name?: unknown; message?: unknown };
  if (name === 'MaxRetriesPerRequestError') return true;
  if (typeof message !== 'string') return false;
  if (name === 'ReplyError') return REDIS_REFUSALS.test(message);
  return /^(Command timed out|Connection is closed\.|Stream isn't writeable and enableOfflineQueue options is false)/.test(
    message,
  );
}

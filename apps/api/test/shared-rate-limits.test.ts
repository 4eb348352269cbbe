import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openPostgres, openSqlite } from '../src/db/database.ts';
import { postgresRateLimitStore } from '../src/features/rate-limits/postgres-store.ts';
import { REDIS_KEY_PREFIX } from '../src/features/rate-limits/rate-limit-store.ts';
import { hasRedisServer, startRedis, type TestRedis } from './redis-server.ts';
import { createTestContext, DIALECTS, registerBuyer, type TestContext, uniqueEmail } from './test-app.ts';

/**
 * Rate limits shared by the instances of a fleet (issue #19): counted in the `rate_limits` table on
 * PostgreSQL (docs/decisions/128-shared-state.md) or in Redis when REDIS_URL is set
 * (docs/decisions/130-redis-and-proxies.md), so a burst spread over two instances is limited at the
 * same total as on one. The Redis tests run a real redis-server started here (CI installs it and
 * sets REDIS_REQUIRED=1, scripts/test.mjs).
 */
const login = (app: FastifyInstance, email: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-password' }, remoteAddress });

interface TwoInstances {
  ctx: TestContext;
  second: { app: FastifyInstance; close: () => Promise<void> };
}

/** Two instances on one database (and one Redis when the env names it), as behind a load balancer. */
function twoInstances(dialect: 'sqlite' | 'postgres', env: () => Record<string, string>): TwoInstances {
  const instances = {} as TwoInstances;
  beforeAll(async () => {
    instances.ctx = await createTestContext(dialect, { RATE_LIMIT: 'on', ...env() });
    instances.second = await secondInstance(instances.ctx);
  });
  afterAll(async () => {
    await instances.second?.close();
    await instances.ctx?.close();
  });
  return instances;
}

/** What every shared store must do: the same totals over two instances as on one. */
function limitedAsOnOne(tag: string, instances: TwoInstances, net: string) {
  const apps = () => [instances.ctx.app, instances.second.app];

  it(`${tag} 10 failed sign-ins for one email alternating between A and B: the 11th is 429 on either`, async () => {
    const buyer = await registerBuyer(instances.ctx.app);
    for (let i = 0; i < 10; i++) {
      const res = await login(apps()[i % 2] as FastifyInstance, buyer.email, `${net}.1.${i + 1}`);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    for (const app of apps()) {
      const res = await login(app, buyer.email, `${net}.1.99`);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
    }
  });

  it(`${tag} 30 sign-ins a minute per address over both instances; the 31st is 429 on either`, async () => {
    for (let i = 0; i < 30; i++) {
      const res = await login(apps()[i % 2] as FastifyInstance, uniqueEmail('nobody'), `${net}.2.1`);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const [a, b] = apps() as [FastifyInstance, FastifyInstance];
    expect((await login(a, uniqueEmail('nobody'), `${net}.2.1`)).statusCode).toBe(429);
    expect((await login(b, uniqueEmail('nobody'), `${net}.2.1`)).statusCode).toBe(429);
    expect((await login(b, uniqueEmail('nobody'), `${net}.2.2`)).statusCode).toBe(401);
  });
}

describe.skipIf(!DIALECTS.includes('postgres'))('rate limits in PostgreSQL across two instances', () => {
  const instances = twoInstances('postgres', () => ({}));
  limitedAsOnOne('ISSUE-19-SHARED-LIMITS', instances, '10.19');

  it('ISSUE-19-SHARED-LIMITS counts in the rate_limits table', async () => {
    expect(instances.ctx.app.rateLimitCounters.kind).toBe('postgres');
    await login(instances.ctx.app, uniqueEmail('counted'), '10.19.4.1');
    await login(instances.second.app, uniqueEmail('counted'), '10.19.4.1');
    const { rows } = await sql<{ count: number }>`select count from rate_limits where key like ${'%10.19.4.1'}`.execute(
      instances.ctx.database.db,
    );
    expect(rows.map((r) => Number(r.count))).toEqual([2]);
  });

  it('ISSUE-19-SHARED-LIMITS a burst in parallel counts every attempt once: exactly 10 of 20 concurrent sign-ins pass the per-email limit', async () => {
    const email = uniqueEmail('burst');
    const apps = [instances.ctx.app, instances.second.app];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(apps[i % 2] as FastifyInstance, email, `10.19.3.${i + 1}`)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
  });

  it('ISSUE-19-SHARED-LIMITS an expired window starts again at 1, and expired rows are pruned', async () => {
    const db = instances.ctx.database.db;
    await sql`insert into rate_limits (key, count, expires_at) values ('rl:old', 99, 1), ('rl:also-old', 5, 2)`.execute(
      db,
    );
    const Store = postgresRateLimitStore(db);
    const store = new Store({}).child({ routeInfo: {} });
    const incr = (key: string) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), 60_000, 2),
      );
    expect(await incr('old')).toMatchObject({ current: 1 });
    const second = await incr('old');
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(59_000);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    // The first count of a store's minute deleted the other expired row.
    await expect
      .poll(async () => (await sql`select 1 from rate_limits where key = 'rl:also-old'`.execute(db)).rows.length)
      .toBe(0);
  });
});

describe.skipIf(!hasRedisServer).each(DIALECTS)('rate limits in Redis across two instances (%s)', (dialect) => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => redis?.stop());
  const instances = twoInstances(dialect, () => ({ REDIS_URL: redis.url }));
  limitedAsOnOne('ISSUE-19-REDIS-LIMITS', instances, '10.30');

  it('ISSUE-19-REDIS-LIMITS counts in Redis under its prefix, with the window as its expiry', async () => {
    expect(instances.ctx.app.rateLimitCounters.kind).toBe('redis');
    await login(instances.ctx.app, uniqueEmail('counted'), '10.30.4.1');
    await login(instances.second.app, uniqueEmail('counted'), '10.30.4.1');
    const client = new Redis(redis.url);
    try {
      const keys = await client.keys(`${REDIS_KEY_PREFIX}*10.30.4.1`);
      expect(keys).toHaveLength(1);
      expect(Number(await client.get(keys[0] as string))).toBe(2);
      const ttl = await client.pttl(keys[0] as string);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      client.disconnect();
    }
  });

  it('ISSUE-19-READY-REDIS ready checks Redis: 503 naming it while it is stopped, limited routes 503 (not let through), both back once it returns', async () => {
    const { app } = instances.ctx;
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    await redis.stop();
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'unavailable',
        message: 'Not ready: redis unreachable',
        failed: ['redis'],
      });
      const limited = await login(app, uniqueEmail('away'), '10.30.3.1');
      expect(limited.statusCode).toBe(503);
      expect(limited.json()).toEqual({ message: 'The service is temporarily unavailable. Please try again shortly.' });
      // So are searches (the visitor's search limit), but routes without a limit do not need Redis.
      expect((await app.inject({ method: 'GET', url: '/api/vehicles/search' })).statusCode).toBe(503);
      expect((await app.inject({ method: 'GET', url: '/api/vehicles/makes' })).statusCode).toBe(200);
    } finally {
      await redis.start();
    }
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/api/ready' })).statusCode, { timeout: 8_000 })
      .toBe(200);
    expect((await login(app, uniqueEmail('back'), '10.30.3.1')).statusCode).toBe(401);
  });

  it('ISSUE-19-READY-REDIS a Redis that answers but refuses writes (a replica after a failover) is a 503 too, and ready says so', async () => {
    const { app } = instances.ctx;
    const client = new Redis(redis.url);
    try {
      // Following a primary that is not there leaves this server a read-only replica.
      await client.replicaof('127.0.0.1', '1');
      const limited = await login(app, uniqueEmail('replica'), '10.30.5.1');
      expect(limited.statusCode).toBe(503);
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ failed: ['redis'] });
    } finally {
      await client.replicaof('NO', 'ONE');
      client.disconnect();
    }
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    expect((await login(app, uniqueEmail('primary'), '10.30.5.1')).statusCode).toBe(401);
  });
});

describe('REDIS_URL with RATE_LIMIT=off', () => {
  it('ISSUE-19-READY-REDIS opens no Redis: nothing is counted, so a Redis that is not there does not make the instance unready', async () => {
    const ctx = await createTestContext('sqlite', { RATE_LIMIT: 'off', REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      expect(ctx.app.rateLimitCounters.kind).toBe('memory');
      expect((await ctx.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});

/** Another instance on the same database, with the same settings. */
async function secondInstance(ctx: TestContext): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  let database: Database;
  if (ctx.database.dialect === 'postgres') {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(ctx.database.db);
    database = openPostgres(process.env.TEST_DATABASE_URL as string, { schema: rows[0]?.schema as string, max: 3 });
  } else {
    // SQLite is one instance in production; a second app on the same file stands in for one here.
    database = openSqlite(path.join(ctx.config.dataDir, 'test.db'));
  }
  const app = await buildApp({ config: ctx.config, database, logger: false });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openPostgres, openSqlite } from '../src/db/database.ts';
import { REDIS_KEY_PREFIX } from '../src/features/rate-limits/rate-limit-store.ts';
import { hasRedisServer, startRedis, type TestRedis } from './redis-server.ts';
import { createTestContext, DIALECTS, registerBuyer, type TestContext, uniqueEmail } from './test-app.ts';

/**
 * Rate limits counted in Redis when REDIS_URL is set (issue #19, docs/decisions/130-redis-and-proxies.md):
 * two instances on one Redis limit a burst at the same total as one; Redis's absence is a 503 on
 * the limited routes and in GET /api/ready, and both recover when it is back. Against a real
 * redis-server started here (CI installs it and sets REDIS_REQUIRED=1, scripts/test.mjs).
 */
const login = (app: FastifyInstance, email: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-password' }, remoteAddress });

describe.skipIf(!hasRedisServer).each(DIALECTS)('rate limits in Redis (%s)', (dialect) => {
  let redis: TestRedis;
  let ctx: TestContext;
  let second: { app: FastifyInstance; close: () => Promise<void> };
  beforeAll(async () => {
    redis = await startRedis();
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'on', REDIS_URL: redis.url });
    second = await secondInstance(ctx);
  });
  afterAll(async () => {
    await second?.close();
    await ctx?.close();
    await redis?.stop();
  });

  it('ISSUE-19-REDIS-LIMITS 10 failed sign-ins for one email alternating between two instances: the 11th is 429 on either', async () => {
    expect(ctx.app.rateLimitCounters.kind).toBe('redis');
    const buyer = await registerBuyer(ctx.app);
    const apps = [ctx.app, second.app];
    for (let i = 0; i < 10; i++) {
      const res = await login(apps[i % 2] as FastifyInstance, buyer.email, `10.30.1.${i + 1}`);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    for (const app of apps) {
      const res = await login(app, buyer.email, '10.30.1.99');
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
    }
  });

  it('ISSUE-19-REDIS-LIMITS 30 sign-ins a minute per address over both instances; the 31st is 429 on either, and the counts are in Redis', async () => {
    const apps = [ctx.app, second.app];
    for (let i = 0; i < 30; i++) {
      const res = await login(apps[i % 2] as FastifyInstance, uniqueEmail('nobody'), '10.30.2.1');
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    expect((await login(ctx.app, uniqueEmail('nobody'), '10.30.2.1')).statusCode).toBe(429);
    expect((await login(second.app, uniqueEmail('nobody'), '10.30.2.1')).statusCode).toBe(429);
    expect((await login(second.app, uniqueEmail('nobody'), '10.30.2.2')).statusCode).toBe(401);

    const client = new Redis(redis.url);
    try {
      const keys = await client.keys(`${REDIS_KEY_PREFIX}*10.30.2.1`);
      expect(keys).toHaveLength(1);
      expect(Number(await client.get(keys[0] as string))).toBe(32);
      const ttl = await client.pttl(keys[0] as string);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      client.disconnect();
    }
  });

  it('ISSUE-19-READY-REDIS ready checks Redis: 503 naming it while it is stopped, limited routes 503 (not let through), both back once it returns', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    await redis.stop();
    try {
      const ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'unavailable',
        message: 'Not ready: redis unreachable',
        failed: ['redis'],
      });
      const limited = await login(ctx.app, uniqueEmail('away'), '10.30.3.1');
      expect(limited.statusCode).toBe(503);
      expect(limited.json()).toEqual({ message: 'The service is temporarily unavailable. Please try again shortly.' });
      // So are searches (the visitor's search limit), but routes without a limit do not need Redis.
      expect((await ctx.app.inject({ method: 'GET', url: '/api/vehicles/search' })).statusCode).toBe(503);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/vehicles/makes' })).statusCode).toBe(200);
    } finally {
      await redis.start();
    }
    await expect
      .poll(async () => (await ctx.app.inject({ method: 'GET', url: '/api/ready' })).statusCode, { timeout: 8_000 })
      .toBe(200);
    expect((await login(ctx.app, uniqueEmail('back'), '10.30.3.1')).statusCode).toBe(401);
  });
});

/** Another instance on the same database and the same Redis, as behind a load balancer. */
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

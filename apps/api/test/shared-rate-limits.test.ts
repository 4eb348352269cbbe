import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openPostgres } from '../src/db/database.ts';
import { postgresRateLimitStore } from '../src/features/rate-limits/postgres-store.ts';
import { createTestContext, DIALECTS, registerBuyer, type TestContext, uniqueEmail } from './test-app.ts';

/**
 * Rate limits shared by the instances of a fleet (issue #19, docs/decisions/128-shared-state.md):
 * on PostgreSQL every instance counts in the `rate_limits` table, so a burst spread over two
 * instances is limited at the same total as on one.
 */
const login = (app: FastifyInstance, email: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-password' }, remoteAddress });

describe.skipIf(!DIALECTS.includes('postgres'))('rate limits across two instances (postgres)', () => {
  let ctx: TestContext;
  let second: { app: FastifyInstance; database: Database };
  beforeAll(async () => {
    ctx = await createTestContext('postgres', { RATE_LIMIT: 'on' });
    // A second instance on the same schema, as behind a load balancer.
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(ctx.database.db);
    const database = openPostgres(process.env.TEST_DATABASE_URL as string, {
      schema: rows[0]?.schema as string,
      max: 3,
    });
    const app = await buildApp({ config: ctx.config, database, logger: false });
    await app.ready();
    second = { app, database };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await ctx?.close();
  });

  it('ISSUE-19-SHARED-LIMITS 10 failed sign-ins for one email alternating between A and B: the 11th is 429 on either', async () => {
    const buyer = await registerBuyer(ctx.app);
    const apps = [ctx.app, second.app];
    for (let i = 0; i < 10; i++) {
      const res = await login(apps[i % 2] as FastifyInstance, buyer.email, `10.19.1.${i + 1}`);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    for (const app of apps) {
      const res = await login(app, buyer.email, '10.19.1.99');
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
    }
  });

  it('ISSUE-19-SHARED-LIMITS 30 sign-ins a minute per address over both instances; the 31st is 429 on either', async () => {
    const apps = [ctx.app, second.app];
    for (let i = 0; i < 30; i++) {
      const res = await login(apps[i % 2] as FastifyInstance, uniqueEmail('nobody'), '10.19.2.1');
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    expect((await login(ctx.app, uniqueEmail('nobody'), '10.19.2.1')).statusCode).toBe(429);
    expect((await login(second.app, uniqueEmail('nobody'), '10.19.2.1')).statusCode).toBe(429);
    expect((await login(second.app, uniqueEmail('nobody'), '10.19.2.2')).statusCode).toBe(401);
  });

  it('ISSUE-19-SHARED-LIMITS a burst in parallel counts every attempt once: exactly 10 of 20 concurrent sign-ins pass the per-email limit', async () => {
    const email = uniqueEmail('burst');
    const apps = [ctx.app, second.app];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(apps[i % 2] as FastifyInstance, email, `10.19.3.${i + 1}`)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
  });

  it('ISSUE-19-SHARED-LIMITS an expired window starts again at 1, and expired rows are pruned', async () => {
    const db = ctx.database.db;
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

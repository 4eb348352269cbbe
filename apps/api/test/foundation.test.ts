import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MSG } from '@vm/shared/messages';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openPostgres } from '../src/db/database.ts';
import { isDatabaseUnavailable } from '../src/plugins/errors.ts';
import { createTestContext, DIALECTS } from './test-app.ts';

describe('configuration', () => {
  it('applies the documented defaults and keeps a generated JWT secret in DATA_DIR', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vm-config-'));
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a).toMatchObject({
      port: 3000,
      seed: 'demo',
      logLevel: 'info',
      dataDir: dir,
      uploadsDir: path.join(dir, 'uploads'),
    });
    expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(b.jwtSecret).toBe(a.jwtSecret);
  });
  it('refuses bad values with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres/);
    expect(() => loadConfig({ SEED: 'lots' })).toThrow(/SEED/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });
});

describe('database outage', () => {
  it('answers 503 with a message, not a crash, when PostgreSQL cannot be reached', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vm-outage-'));
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(40) });
    // Port 1 on loopback: nothing listens there, so every connection is refused at once.
    const database = openPostgres('postgres://nobody:nothing@127.0.0.1:1/none');
    const app = await buildApp({ config, database, logger: false });
    try {
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a@b.co', password: 'whatever' },
      });
      expect(login.statusCode).toBe(503);
      expect(login.json()).toEqual({ message: MSG.databaseUnavailable });
      expect(login.headers['retry-after']).toBe('5');
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe.each(DIALECTS)('server basics on %s', (dialect) => {
  it('sets security headers, serves OpenAPI docs and never leaks internals in errors', async () => {
    const ctx = await createTestContext(dialect);
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(docs.statusCode).toBe(200);
      expect(docs.json().paths['/api/auth/login']).toBeDefined();
      const big = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toEqual(expect.any(String));
      expect(big.body).not.toMatch(/node_modules|at \w+ \(|SELECT /);
    } finally {
      await ctx.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL connection loss', () => {
  it('a connection killed while checked out fails its request, not the process', async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const database = openPostgres(url, { max: 2 });
    const killer = openPostgres(url, { max: 1 });
    try {
      const outcome = await database.db
        .transaction()
        .execute(async (trx) => {
          const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]?.pid;
          await sql`select pg_terminate_backend(${pid})`.execute(killer.db);
          // The client is checked out and idle here: pg emits 'error' on it. Without a listener
          // that is an uncaught exception, which vitest reports as a failure of this test.
          await new Promise((resolve) => setTimeout(resolve, 300));
          await sql`select 1`.execute(trx);
          return 'survived';
        })
        .catch((err: unknown) => (isDatabaseUnavailable(err) ? 'unavailable' : `other: ${String(err)}`));
      expect(outcome).toBe('unavailable');
      expect((await sql<{ ok: number }>`select 1 as ok`.execute(database.db)).rows[0]?.ok).toBe(1);
    } finally {
      await database.close();
      await killer.close();
    }
  });
});

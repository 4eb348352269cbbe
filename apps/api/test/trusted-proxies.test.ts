import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createTestContext, type TestContext } from './test-app.ts';

/**
 * TRUST_PROXY (issue #19, docs/decisions/130-redis-and-proxies.md): behind a reverse proxy every
 * request comes from the proxy's address, so per-address limits must read the client's address from
 * X-Forwarded-For, but only when the request comes through a proxy the operator named: otherwise
 * any client could pick the address its limits count under.
 */
// features/sitemap/sitemap-routes.ts: /sitemaps/pages.xml is a cheap route with a per-address limit.
const SITEMAP_LIMIT = 60;

async function statuses(app: FastifyInstance, count: number, remoteAddress: string, forwardedFor?: string) {
  const codes: number[] = [];
  for (let i = 0; i < count; i++) {
    const headers = forwardedFor ? { 'x-forwarded-for': forwardedFor.replace('{i}', String(i)) } : undefined;
    codes.push((await app.inject({ method: 'GET', url: '/sitemaps/pages.xml', remoteAddress, headers })).statusCode);
  }
  return codes;
}

describe('TRUST_PROXY', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  it('ISSUE-19-TRUST-PROXY unset: X-Forwarded-For is ignored, so a client cannot escape its limit by sending a new one each time', async () => {
    ctx = await createTestContext('sqlite', { RATE_LIMIT: 'on' });
    const codes = await statuses(ctx.app, SITEMAP_LIMIT + 1, '203.0.113.7', '198.51.100.{i}');
    expect(codes.slice(0, SITEMAP_LIMIT)).toEqual(Array(SITEMAP_LIMIT).fill(200));
    expect(codes[SITEMAP_LIMIT]).toBe(429);
  });

  it('ISSUE-19-TRUST-PROXY 1 hop: each client behind the proxy has its own limit, counted by its forwarded address', async () => {
    ctx = await createTestContext('sqlite', { RATE_LIMIT: 'on', TRUST_PROXY: '1' });
    const proxy = '10.0.0.2';
    const first = await statuses(ctx.app, SITEMAP_LIMIT + 1, proxy, '198.51.100.1');
    expect(first[SITEMAP_LIMIT]).toBe(429);
    // Another client through the same proxy is not limited by the first one's requests.
    expect(await statuses(ctx.app, 1, proxy, '198.51.100.2')).toEqual([200]);
    // Only the nearest hop is believed: an address the client wrote further left changes nothing.
    expect(await statuses(ctx.app, 1, proxy, '192.0.2.99, 198.51.100.1')).toEqual([429]);
  });

  it('ISSUE-19-TRUST-PROXY a list of addresses: X-Forwarded-For is believed from those proxies only', async () => {
    ctx = await createTestContext('sqlite', { RATE_LIMIT: 'on', TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' });
    const fromStranger = await statuses(ctx.app, SITEMAP_LIMIT + 1, '203.0.113.8', '198.51.100.{i}');
    expect(fromStranger[SITEMAP_LIMIT]).toBe(429);
    const throughProxy = await statuses(ctx.app, SITEMAP_LIMIT + 1, '10.1.2.3', '198.51.100.{i}');
    expect(throughProxy).toEqual(Array(SITEMAP_LIMIT + 1).fill(200));
  });

  it('ISSUE-19-TRUST-PROXY and REDIS_URL are checked at start with a clear message', () => {
    const base = { DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/vm-config-check` };
    for (const value of ['true', 'proxy.example.com', '10.0.0.0/33', '1,2', '10.0.0.1/8/2']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: value }), value).toThrow(
        'TRUST_PROXY must be the number of proxies in front of the app (such as 1) or their addresses (such as 10.0.0.0/8,127.0.0.1)',
      );
    }
    for (const value of ['2', '192.168.0.1', '10.0.0.0/8,127.0.0.1', 'fd00::/8, ::1']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: value }), value).not.toThrow();
    }
    expect(() => loadConfig({ ...base, REDIS_URL: 'localhost:6379' })).toThrow(
      'REDIS_URL must start with redis:// or rediss://, such as redis://localhost:6379',
    );
    expect(loadConfig({ ...base, REDIS_URL: 'rediss://user:secret@cache.internal:6380/0' }).redisUrl).toBe(
      'rediss://user:secret@cache.internal:6380/0',
    );
  });
});

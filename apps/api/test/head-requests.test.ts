import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVehicle } from './fixtures/vehicles.ts';
import { createTestContext, DIALECTS, type TestContext } from './test-app.ts';
import { fakeWebBuild } from './fixtures/web-build.ts';

/*
 * Issue #21: uptime monitors and crawlers send HEAD. Every page URL answers HEAD as it answers
 * GET (status, type, caching, encoding) with no body; API, file and unknown paths likewise
 * (docs/decisions/112-framework-errors-and-start-up.md). The page status depends on the
 * database (a vehicle that does not exist is a 404), so both databases. A stand-in web build, as
 * in storefront-pages.test.ts.
 */
/** The headers a HEAD must share with its GET. */
const COMPARED = ['content-type', 'cache-control', 'content-encoding', 'vary', 'content-security-policy'];

describe.each(DIALECTS)('HEAD requests on %s', (dialect) => {
  let ctx: TestContext;
  let webDist: string;
  let mustang: { id: string; slug: string };

  beforeAll(async () => {
    webDist = fakeWebBuild();
    writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *\n');
    ctx = await createTestContext(dialect, { WEB_DIST: webDist, RATE_LIMIT: 'off' });
    mustang = await createVehicle(ctx.database.db, {
      title: '1967 Ford Mustang Fastback',
      make: 'Ford',
      model: 'Mustang',
      year: 1967,
    });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('ISSUE-21-HEAD every page URL answers HEAD like its GET, without a body', async () => {
    const pages = [
      ['/', 200],
      ['/vehicles', 200],
      ['/vehicles?make=Ford&page=2', 200],
      ['/auctions', 200],
      [`/vehicles/${mustang.slug}`, 200],
      ['/vehicles/no-such-vehicle', 404],
      ['/contact', 200],
      ['/admin/vehicles', 200],
    ] as const;
    for (const [url, status] of pages) {
      for (const headers of [{}, { 'accept-encoding': 'gzip, deflate, br' }]) {
        const get = await ctx.app.inject({ method: 'GET', url, headers });
        const head = await ctx.app.inject({ method: 'HEAD', url, headers });
        expect(get.statusCode, url).toBe(status);
        expect(head.statusCode, url).toBe(status);
        expect(head.headers['content-type'], url).toContain('text/html');
        expect(head.body, url).toBe('');
        for (const name of COMPARED) expect(head.headers[name], `${url} ${name}`).toEqual(get.headers[name]);
      }
    }
  });

  it('ISSUE-21-HEAD API routes, files and unknown paths answer HEAD like their GET', async () => {
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/vehicles/search?q=mustang', 200],
      ['/robots.txt', 200],
      ['/api/no-such-route', 404],
      ['/uploads/no-such-file.webp', 404],
      ['/missing.js', 404],
    ] as const) {
      const get = await ctx.app.inject({ method: 'GET', url });
      const head = await ctx.app.inject({ method: 'HEAD', url });
      expect(get.statusCode, url).toBe(status);
      expect(head.statusCode, url).toBe(status);
      expect(head.body, url).toBe('');
      expect(head.headers['content-type'], url).toEqual(get.headers['content-type']);
    }
  });

  it('other methods on a page URL stay 404s', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const res = await ctx.app.inject({ method, url: '/vehicles' });
      expect(res.statusCode, method).toBe(404);
    }
  });
});

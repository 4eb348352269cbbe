import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@vm/shared/common';
import { MSG } from '@vm/shared/messages';
import { BOOT_DATA_ELEMENT_ID } from '@vm/shared/storefront-requests';
import { createVehicle } from './fixtures/vehicles.ts';
import { createTestContext, type TestContext } from './test-app.ts';
import { fakeWebBuild } from './fixtures/web-build.ts';

/*
 * Issue #21: a generous per-address limit on GET /api/vehicles/search (600 a minute), obeying
 * RATE_LIMIT=off like every limit; a page's own search counts against its visitor, not against
 * the server's address (decision 112). The limit is kept in memory, whatever the database:
 * SQLite only.
 */
const LIMIT = 600;
const INDEX_HTML = '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>';

/** Searches with a new word each time, as the soak benchmark does: none of them is a kept answer. */
async function search(ctx: TestContext, n: number, remoteAddress: string, from = 0): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = from; i < from + n; i++) {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/vehicles/search?query=nomatch${i}`, remoteAddress });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('the search rate limit', () => {
  let on: TestContext;
  let off: TestContext;
  let webDist: string;

  beforeAll(async () => {
    webDist = fakeWebBuild(INDEX_HTML);
    on = await createTestContext('sqlite', { WEB_DIST: webDist });
    off = await createTestContext('sqlite', { RATE_LIMIT: 'off' });
    await createVehicle(on.database.db, { title: '1967 Ford Mustang' });
  });
  afterAll(async () => {
    await on?.close();
    await off?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it(`ISSUE-21-SEARCH-LIMIT answers ${LIMIT} searches a minute per address, then 429 { message } with Retry-After`, async () => {
    const statuses = await search(on, LIMIT, '10.0.0.1');
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await on.app.inject({
      method: 'GET',
      url: '/api/vehicles/search?query=one-more',
      remoteAddress: '10.0.0.1',
    });
    expect(refused.statusCode).toBe(429);
    expect(errorBodySchema.strict().parse(refused.json())).toEqual({ message: MSG.rateLimited });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect(await search(on, 1, '10.0.0.2')).toEqual([200]);
  });

  it('ISSUE-21-SEARCH-LIMIT a search page counts against its visitor, not against the server’s own address', async () => {
    // The server's own address (page rendering used to call the API as 127.0.0.1) is spent ...
    await search(on, LIMIT + 1, '127.0.0.1');
    // ... and a visitor's search page still carries its search answer.
    const page = await on.app.inject({ method: 'GET', url: '/vehicles?query=mustang', remoteAddress: '10.0.0.3' });
    expect(page.statusCode).toBe(200);
    const data = new RegExp(`<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">(.*?)</script>`, 's').exec(
      page.body,
    )?.[1];
    const keys = Object.keys(JSON.parse(data ?? '{}'));
    expect(keys.some((key) => key.startsWith('/vehicles/search?'))).toBe(true);
    // The page's search was the visitor's: a visitor who has spent the limit gets a page not
    // made before without it (the browser then asks, and is refused like any other search).
    await search(on, LIMIT, '10.0.0.4');
    const spent = await on.app.inject({ method: 'GET', url: '/vehicles?query=bronco', remoteAddress: '10.0.0.4' });
    expect(spent.statusCode).toBe(200);
    expect(spent.body).not.toContain('/vehicles/search?');
    // The next visitor's page has its answer: nothing is kept between visitors on the server...
    const next = await on.app.inject({ method: 'GET', url: '/vehicles?query=bronco', remoteAddress: '10.0.0.5' });
    expect(next.body).toContain('/vehicles/search?');
    // ...and a visitor (or a CDN) holding a page revalidates it for free: a 304 spends no search
    // (docs/decisions/143-one-plain-read-path.md).
    const held = await on.app.inject({
      method: 'GET',
      url: '/vehicles?query=mustang',
      remoteAddress: '10.0.0.4',
      headers: { 'if-none-match': String(page.headers.etag) },
    });
    expect(held.statusCode).toBe(304);
  });

  it('ISSUE-21-SEARCH-LIMIT results pages and API searches spend one count (decision 142)', async () => {
    const address = '10.0.0.6';
    // Half the limit through results pages nobody asked for before, half through the API...
    for (let i = 0; i < LIMIT / 2; i++) {
      const page = await on.app.inject({
        method: 'GET',
        url: `/vehicles?query=pagesearch${i}`,
        remoteAddress: address,
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('/vehicles/search?');
    }
    expect((await search(on, LIMIT / 2, address)).every((s) => s === 200)).toBe(true);
    // ... and the next search is refused, whichever way it comes.
    expect(await search(on, 1, address, LIMIT)).toEqual([429]);
    const page = await on.app.inject({ method: 'GET', url: '/vehicles?query=onemorepage', remoteAddress: address });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('/vehicles/search?');
  });

  it('ISSUE-21-SEARCH-LIMIT an IPv6 visitor is counted by their /64, as route limits count', async () => {
    expect((await search(on, LIMIT, '2001:db8:1:2::1')).every((s) => s === 200)).toBe(true);
    // Another address of the same /64 is the same visitor; another /64 is not.
    expect(await search(on, 1, '2001:db8:1:2::ffff', LIMIT)).toEqual([429]);
    expect(await search(on, 1, '2001:db8:1:3::1', LIMIT)).toEqual([200]);
  });

  it('ISSUE-21-SEARCH-LIMIT RATE_LIMIT=off lifts it', async () => {
    const statuses = await search(off, LIMIT + 50, '10.0.0.1');
    expect(statuses.every((s) => s === 200)).toBe(true);
  });
});

import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from '../src/lib/http-caching.ts';

import { fakeWebBuild } from './fixtures/web-build.ts';
import { createVehicle } from './fixtures/vehicles.ts';
import { createTestContext, DIALECTS, registerBuyer, signInAs, type TestContext } from './test-app.ts';

/*
 * HTTP does the caching (docs/decisions/143-one-plain-read-path.md): public anonymous answers
 * carry a strong ETag and the cache rules a CDN can use, and a client holding the answer gets a
 * 304 without it being made; signed-in, personal and admin answers are never stored.
 */

/** The public answers and pages, each with its validator. */
const PUBLIC_URLS = (car: { id: string; slug: string }) => [
  '/api/vehicles/search?make=Porsche',
  '/api/vehicles/search?query=porsche',
  '/api/vehicles/makes',
  '/api/vehicles/models?make=Porsche',
  '/api/vehicles/tagged?tag=featured',
  `/api/vehicles/similar?make=Porsche&exclude=${car.id}`,
  `/api/vehicles/${car.slug}`,
  '/api/settings/public',
  '/',
  '/vehicles?make=Porsche',
  `/vehicles/${car.slug}`,
  '/contact',
];

describe.each(DIALECTS)('HTTP caching on %s', (dialect) => {
  let ctx: TestContext;
  let webDist: string;
  let car: { id: string; slug: string };

  beforeAll(async () => {
    webDist = fakeWebBuild();
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'off', WEB_DIST: webDist });
    car = await createVehicle(ctx.database.db, {
      title: '1973 Porsche 911 Carrera RS',
      make: 'Porsche',
      model: '911',
      tags: ['featured'],
    });
    await createVehicle(ctx.database.db, { title: '1970 Porsche 914', make: 'Porsche', model: '914' });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd', ...headers } });

  it('marks every public answer and page with a strong ETag and the CDN rules, and answers 304 to it without a body', async () => {
    for (const url of PUBLIC_URLS(car)) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers.etag, url).toMatch(/^"[^"]+"$/);
      expect(first.headers['cache-control'], url).toBe(PUBLIC_CACHE_CONTROL);
      expect(first.headers.vary, url).toMatch(/accept-encoding/i);
      const again = await get(url, { 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(first.headers.etag);
      // A list of tags, and a weak form of the same tag, match too (RFC 9110's weak comparison).
      const listed = await get(url, { 'if-none-match': `"other", W/${first.headers.etag}` });
      expect(listed.statusCode, url).toBe(304);
      expect((await get(url, { 'if-none-match': '"other"' })).statusCode, url).toBe(200);
    }
  });

  it('answers a held search, vehicle or page with a 304 without searching or reading the vehicle', async () => {
    const search = await get('/api/vehicles/search?make=Porsche');
    const page = await get('/vehicles?make=Porsche');
    const vehicle = await get(`/api/vehicles/${car.id}`);
    const searches = vi.spyOn(ctx.app.catalogue, 'search');
    const similar = vi.spyOn(ctx.app.catalogue, 'similar');
    try {
      expect(
        (await get('/api/vehicles/search?make=Porsche', { 'if-none-match': String(search.headers.etag) })).statusCode,
      ).toBe(304);
      expect((await get('/vehicles?make=Porsche', { 'if-none-match': String(page.headers.etag) })).statusCode).toBe(
        304,
      );
      expect((await get(`/api/vehicles/${car.id}`, { 'if-none-match': String(vehicle.headers.etag) })).statusCode).toBe(
        304,
      );
      expect(searches).not.toHaveBeenCalled();
      expect(similar).not.toHaveBeenCalled();
    } finally {
      searches.mockRestore();
      similar.mockRestore();
    }
  });

  it('gives a new validator after a change the answer shows: a search after a price change, a vehicle after an edit', async () => {
    const search = await get('/api/vehicles/search?make=Porsche&sort=price_asc');
    const vehicle = await get(`/api/vehicles/${car.id}`);
    const page = await get(`/vehicles/${car.slug}`);
    const later = new Date(Date.parse(vehicle.json().updatedAt) + 1000).toISOString();
    await ctx.database.db
      .updateTable('vehicles')
      .set({ price_cents: 12_345_600, updated_at: later })
      .where('id', '=', car.id)
      .execute();
    for (const [url, before] of [
      ['/api/vehicles/search?make=Porsche&sort=price_asc', search],
      [`/api/vehicles/${car.id}`, vehicle],
      [`/vehicles/${car.slug}`, page],
    ] as const) {
      const res = await get(url, { 'if-none-match': String(before.headers.etag) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.etag, url).not.toBe(before.headers.etag);
    }
    expect((await get(`/api/vehicles/${car.id}`)).json().price).toBe(123_456);
  });

  it('keeps the validator of a vehicle and its page through views by new visitors; a watch moves it', async () => {
    const vehicle = await get(`/api/vehicles/${car.id}`);
    const page = await get(`/vehicles/${car.slug}`);
    for (let i = 0; i < 3; i++) {
      const view = await ctx.app.inject({
        method: 'POST',
        url: `/api/vehicles/${car.id}/view`,
        payload: { fingerprint: `new-visitor-${dialect}-${i}` },
      });
      expect(view.statusCode).toBe(200);
      // The page shows the current count from its own view call.
      expect(view.json().viewCount).toBe(vehicle.json().viewCount + i + 1);
    }
    const held = { 'if-none-match': String(vehicle.headers.etag) };
    expect((await get(`/api/vehicles/${car.id}`, held)).statusCode).toBe(304);
    expect((await get(`/vehicles/${car.slug}`, { 'if-none-match': String(page.headers.etag) })).statusCode).toBe(304);
    const buyer = await registerBuyer(ctx.app);
    const watched = await ctx.app.inject({
      method: 'POST',
      url: `/api/vehicles/${car.id}/watch`,
      headers: buyer.headers,
      payload: { watching: true },
    });
    expect(watched.statusCode).toBeLessThan(300);
    const fresh = await get(`/api/vehicles/${car.id}`, held);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().viewCount).toBe(vehicle.json().viewCount + 3);
    expect(fresh.json().watchCount).toBe(vehicle.json().watchCount + 1);
    expect((await get(`/vehicles/${car.slug}`, { 'if-none-match': String(page.headers.etag) })).statusCode).toBe(200);
  });

  it('sends signed-in, personal and admin answers private and never stored, with no validator', async () => {
    const buyer = await registerBuyer(ctx.app);
    const admin = await signInAs(ctx, 'Admin');
    const personal: [string, { authorization: string }][] = [
      ['/api/auth/me', buyer.headers],
      [`/api/vehicles/${car.id}/watch`, buyer.headers],
      ['/api/users/watchlist', buyer.headers],
      ['/api/users/me/offers', buyer.headers],
      ['/api/users/me/bids', buyer.headers],
      ['/api/vehicles/makes-models', admin.headers],
      ['/api/admin/activity', admin.headers],
    ];
    for (const [url, headers] of personal) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(PRIVATE_CACHE_CONTROL);
      expect(res.headers.etag, url).toBeUndefined();
    }
    // Refusals and random picks are never stored either.
    expect((await get('/api/auth/me')).headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    expect((await get('/api/vehicles/search?random=true&limit=2')).headers['cache-control']).toBe(
      PRIVATE_CACHE_CONTROL,
    );
  });

  it('never marks a refused or failed answer as cacheable, even when the client sent a validator', async () => {
    const search = await get('/api/vehicles/search?make=Porsche');
    const tag = String(search.headers.etag);
    // A query the route refuses: a 400, never stored, whatever validator came with it.
    const refused = await get('/api/vehicles/search?minPrice=5000&maxPrice=100', { 'if-none-match': '"other"' });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    expect(refused.headers.etag).toBeUndefined();
    // Random picks with a validator that does not match: private, no validator.
    const random = await get('/api/vehicles/search?random=true&limit=2', { 'if-none-match': '"other"' });
    expect(random.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    expect(random.headers.etag).toBeUndefined();
    // The catalogue failing after the route marked its answer public: a 5xx, never stored.
    const failing = vi.spyOn(ctx.app.catalogue, 'makes').mockRejectedValueOnce(new Error('database went away'));
    try {
      const failed = await get('/api/vehicles/makes');
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
      expect(failed.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
      expect(failed.headers.etag).toBeUndefined();
    } finally {
      failing.mockRestore();
    }
    expect((await get('/api/vehicles/search?make=Porsche', { 'if-none-match': tag })).statusCode).toBe(304);
  });

  it('never marks a missing vehicle or its page as cacheable', async () => {
    const api = await get('/api/vehicles/no-such-car');
    expect(api.statusCode).toBe(404);
    expect(api.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    const page = await get('/vehicles/no-such-car');
    expect(page.statusCode).toBe(404);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.etag).toBeUndefined();
  });
});

import { PUBLIC_CACHE_CONTROL } from '../src/lib/http-caching.ts';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_CARD_SIZES } from '@vm/shared/image-sizes';
import { BOOT_DATA_ELEMENT_ID } from '@vm/shared/storefront-requests';
import type { VehicleSearchResponse } from '@vm/shared/vehicle';
import { addVehicleImage, createVehicle } from './fixtures/vehicles.ts';
import { createTestContext, DIALECTS, type TestContext } from './test-app.ts';
import { fakeWebBuild } from './fixtures/web-build.ts';

/*
 * Page URLs answer the web build's index.html with the page's first API answers inside it (a
 * JSON data block), preloads of its code and main photo, and a real 404 for a vehicle that does
 * not exist. A stand-in build keeps the test independent of `vite build`.
 */
const LANDING_CHUNKS = {
  home: ['/assets/home-page-test.js'],
  search: ['/assets/search-page-test.js'],
  detail: ['/assets/vehicle-detail-page-test.js', '/assets/watch-test.js'],
};

/** The boot data block of a page, parsed as the browser's JSON.parse would. */
function bootData(html: string): Record<string, unknown> {
  const match = new RegExp(`<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">(.*?)</script>`, 's').exec(
    html,
  );
  if (!match?.[1]) throw new Error('no boot data block');
  return JSON.parse(match[1]) as Record<string, unknown>;
}

describe.each(DIALECTS)('storefront page HTML on %s', (dialect) => {
  let ctx: TestContext;
  let webDist: string;
  let mustang: { id: string; slug: string };
  let camaro: { id: string; slug: string };
  const hostile = '</script><script>alert(1)</script><!--';

  /** What the API answers to a public GET, to compare with what the page carries. */
  const apiAnswer = async (url: string) => (await ctx.app.inject({ method: 'GET', url: `/api${url}` })).json();

  beforeAll(async () => {
    webDist = fakeWebBuild();
    writeFileSync(path.join(webDist, 'landing-chunks.json'), JSON.stringify(LANDING_CHUNKS));
    ctx = await createTestContext(dialect, { WEB_DIST: webDist });
    const db = ctx.database.db;
    mustang = await createVehicle(db, {
      title: '1967 Ford Mustang Fastback',
      make: 'Ford',
      model: 'Mustang',
      year: 1967,
      price: 65_000,
      tags: ['featured'],
      description: hostile,
    });
    camaro = await createVehicle(db, {
      title: '1969 Chevrolet Camaro',
      make: 'Chevrolet',
      model: 'Camaro',
      year: 1969,
    });
    await createVehicle(db, { title: '1966 Ford Mustang Coupe', make: 'Ford', model: 'Mustang', year: 1966 });
    await addVehicleImage(db, ctx.app.storage, mustang.id);
    await addVehicleImage(db, ctx.app.storage, mustang.id, { color: '#1d4ed8' });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('HOME-12 HOME-13 the home page carries its settings, featured, popular and makes answers and preloads its code', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    // Revalidated by its ETag every time, kept a minute by a CDN (docs/decisions/143-one-plain-read-path.md).
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    const data = bootData(res.body);
    expect(Object.keys(data).sort()).toEqual(
      [
        '/settings/public',
        '/vehicles/makes',
        '/vehicles/tagged?tag=featured&limit=6',
        '/vehicles/tagged?tag=popular&limit=6',
      ].sort(),
    );
    for (const [url, body] of Object.entries(data)) expect(body, url).toEqual(await apiAnswer(url));
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/home-page-test.js">');
    // The answers come in call order, however the calls finish: the same page, the same HTML.
    expect((await ctx.app.inject({ method: 'GET', url: '/' })).body).toBe(res.body);
  });

  it('SEARCH-02 SEARCH-24 a search page carries the answer to the search its URL asks for, nonsense values dropped', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/vehicles?make=Ford&minPrice=abc&page=-4&yearFrom=1960' });
    const data = bootData(res.body);
    const searchUrl = '/vehicles/search?make=Ford&minYear=1960&page=1&limit=9';
    expect(Object.keys(data).sort()).toEqual(['/settings/public', '/vehicles/makes', searchUrl].sort());
    expect(data[searchUrl]).toEqual(await apiAnswer(searchUrl));
    expect((data[searchUrl] as { total: number }).total).toBe(2);
    expect(res.body).toContain('href="/assets/search-page-test.js"');

    // /auctions lists timed auctions, whose bids change by the second: its HTML carries the
    // settings only, and the page asks for the auctions as it opens (docs/decisions/125-auctions.md).
    const auctions = bootData((await ctx.app.inject({ method: 'GET', url: '/auctions' })).body);
    expect(Object.keys(auctions)).toEqual(['/settings/public']);
  });

  it('SEARCH-02 a results page preloads the photo of its first card, as the card shows it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/vehicles?make=Ford&model=Mustang&minYear=1967' });
    const searchUrl = '/vehicles/search?make=Ford&model=Mustang&minYear=1967&page=1&limit=9';
    const first = (bootData(res.body)[searchUrl] as VehicleSearchResponse).vehicles[0];
    expect(first?.id).toBe(mustang.id);
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(res.body)?.[0] ?? '';
    expect(preload).toContain(`href="${first?.image?.url}"`);
    expect(preload).toContain(`imagesrcset="${first?.image?.srcSet}"`);
    expect(preload).toContain(`imagesizes="${SEARCH_CARD_SIZES}"`);
    // A first card without a photo: nothing to preload.
    const camaros = await ctx.app.inject({ method: 'GET', url: '/vehicles?make=Chevrolet' });
    expect(camaros.body).toContain(camaro.id);
    expect(camaros.body).not.toContain('rel="preload" as="image"');
  });

  it('DETAIL-01 DETAIL-29 a detail page (by id or slug) carries the vehicle and its similar vehicles, and preloads the main photo', async () => {
    for (const ref of [mustang.id, mustang.slug]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/vehicles/${ref}` });
      expect(res.statusCode).toBe(200);
      const data = bootData(res.body);
      const vehicle = data[`/vehicles/${ref}`] as { id: string; images: { url: string; srcSet: string }[] };
      expect(vehicle).toEqual(await apiAnswer(`/vehicles/${ref}`));
      const similarUrl = Object.keys(data).find((url) => url.startsWith('/vehicles/similar?'));
      expect(similarUrl).toBe(
        `/vehicles/similar?make=Ford&model=Mustang&year=1967&price=65000&exclude=${mustang.id}&limit=3`,
      );
      expect(data[similarUrl ?? '']).toEqual(await apiAnswer(similarUrl ?? ''));
      const first = vehicle.images[0];
      expect(first).toBeDefined();
      const preload = /<link rel="preload" as="image"[^>]*>/.exec(res.body)?.[0] ?? '';
      expect(preload).toContain(`href="${first?.url}"`);
      expect(preload).toContain(`imagesrcset="${first?.srcSet}"`);
      expect(preload).toContain('fetchpriority="high"');
      expect(res.body).toContain('href="/assets/vehicle-detail-page-test.js"');
      expect(res.body).toContain('href="/assets/watch-test.js"');
    }
  });

  it('a vehicle that does not exist answers 404 with the app, which shows its not-found state', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/vehicles/no-such-vehicle' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(Object.keys(bootData(res.body))).toEqual(['/settings/public']);
    expect(res.body).not.toContain('rel="preload" as="image"');
  });

  it('stored HTML in an answer cannot end the data block: it stays data and reads back unchanged', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/vehicles/${mustang.id}` });
    expect(res.body).not.toContain(hostile);
    // The module script, the data block and the page's two JSON-LD blocks (page-heads.test.ts).
    expect(res.body.match(/<\/script>/g)?.length).toBe(4);
    const vehicle = bootData(res.body)[`/vehicles/${mustang.id}`] as { description: string };
    expect(vehicle.description).toBe(hostile);
  });

  it('other pages carry the settings only; the back office carries no data, only its head', async () => {
    expect(Object.keys(bootData((await ctx.app.inject({ method: 'GET', url: '/contact' })).body))).toEqual([
      '/settings/public',
    ]);
    const admin = await ctx.app.inject({ method: 'GET', url: '/admin/vehicles' });
    expect(admin.statusCode).toBe(200);
    expect(admin.body).not.toContain(BOOT_DATA_ELEMENT_ID);
    expect(admin.body).not.toContain('modulepreload');
    // Its head keeps it out of search engines (page-heads.test.ts).
    expect(admin.body).toContain('<meta name="robots" content="noindex" data-page-head>');
    expect(camaro.id).toBeTruthy();
  });

  it('pages are compressed as the browser accepts; API and file paths that do not exist stay JSON 404s', async () => {
    // A page whose answers (the settings) are the same on every request, so the bodies compare.
    const plain = await ctx.app.inject({ method: 'GET', url: '/contact' });
    const br = await ctx.app.inject({
      method: 'GET',
      url: '/contact',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await ctx.app.inject({ method: 'GET', url: '/contact', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    for (const url of ['/api/nope', '/uploads/nope.webp', '/missing.js']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message, url).toContain('not found');
    }
  });
});

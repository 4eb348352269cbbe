import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CACHE_CONTROL } from '../src/lib/http-caching.ts';
import { COMPRESSION_THRESHOLD } from '../src/plugins/compression.ts';
import { createVehicle } from './fixtures/vehicles.ts';
import { createTestContext, DIALECTS, type TestContext } from './test-app.ts';
import { fakeWebBuild } from './fixtures/web-build.ts';

/*
 * One compression path (docs/decisions/107-one-compression-path.md): @fastify/compress for every
 * answer, with the options and threshold of plugins/compression.ts.
 */

function decode(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return res.body;
}

/** A stand-in web build: an index.html over the threshold and one pre-compressed asset. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Heritage Import Motors</title>
    <meta name="description" content="${'Imported and classic vehicles from a dealer you can visit. '.repeat(30)}">
    <script type="module" crossorigin src="/assets/index-test.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const ASSET_JS = `export const makes = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `make-${i}`))};\n`;

describe.each(DIALECTS)('answers of the app compressed on %s', (dialect) => {
  let ctx: TestContext;
  let webDist: string;
  let url: string;

  beforeAll(async () => {
    webDist = fakeWebBuild(INDEX_HTML);
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'assets', 'index-test.js'), ASSET_JS);
    writeFileSync(path.join(webDist, 'assets', 'index-test.js.br'), brotliCompressSync(ASSET_JS));
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'off', WEB_DIST: webDist });
    const car = await createVehicle(ctx.database.db, {
      title: '1965 Shelby GT350',
      description: 'Original paint, matching numbers, documented history. '.repeat(40),
    });
    url = `/api/vehicles/${car.id}`;
    for (const model of ['356', '911', '912', '914', '928', '944', '968', 'Boxster']) {
      await createVehicle(ctx.database.db, { title: `1970 Porsche ${model}`, make: 'Porsche', model });
    }
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: path, headers });

  it('API-20 sends a vehicle as brotli or gzip as the client accepts, the same JSON once decoded', async () => {
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['content-type']).toBe(plain.headers['content-type']);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(decode(br))).toEqual(plain.json());
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode(gzip))).toEqual(plain.json());
    const refusedBr = await get(url, { 'accept-encoding': 'br;q=0, gzip' });
    expect(refusedBr.headers['content-encoding']).toBe('gzip');
  });

  it('leaves an answer as is when the client refuses both, asks for none, or it is under 1 KB', async () => {
    const refusals: Record<string, string>[] = [
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br', 'x-no-compression': '1' },
    ];
    for (const headers of refusals) {
      const res = await get(url, headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json().title).toBe('1965 Shelby GT350');
    }
    const small = await get('/api/ping', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    const notFound = await get('/api/vehicles/no-such-car', { 'accept-encoding': 'br' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['content-encoding']).toBeUndefined();
  });

  it('sends a search answer compressed as the client accepts, the same JSON once decoded', async () => {
    const search = '/api/vehicles/search?make=Porsche&limit=20';
    const plain = await get(search);
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    for (const [header, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
    ] as const) {
      const res = await get(search, { 'accept-encoding': header });
      expect(res.headers['content-encoding'], header).toBe(encoding);
      expect(res.headers.vary, header).toBe('accept-encoding');
      expect(decode(res), header).toBe(plain.body);
    }
  });

  it('sends pages (the web app HTML) compressed as the browser accepts, and refusals as is', async () => {
    for (const page of ['/contact', '/admin/vehicles']) {
      const plain = await get(page);
      expect(plain.statusCode, page).toBe(200);
      expect(plain.headers['content-type'], page).toBe('text/html; charset=utf-8');
      expect(plain.headers['content-encoding'], page).toBeUndefined();
      expect(plain.body.length, page).toBeGreaterThan(COMPRESSION_THRESHOLD);
      const cases: [Record<string, string>, 'br' | 'gzip' | undefined][] = [
        [{ 'accept-encoding': 'gzip, deflate, br' }, 'br'],
        [{ 'accept-encoding': 'gzip' }, 'gzip'],
        // The page compressor before decision 107 sent brotli to both of these.
        [{ 'accept-encoding': 'br;q=0, gzip;q=0' }, undefined],
        [{ 'accept-encoding': 'br;q=0, gzip' }, 'gzip'],
        [{ 'accept-encoding': 'br', 'x-no-compression': '1' }, undefined],
      ];
      for (const [headers, encoding] of cases) {
        const res = await get(page, headers);
        const label = `${page} ${JSON.stringify(headers)}`;
        expect(res.statusCode, label).toBe(200);
        expect(res.headers['content-encoding'], label).toBe(encoding);
        expect(res.headers['cache-control'], label).toBe(PUBLIC_CACHE_CONTROL);
        if (encoding) expect(res.headers.vary, label).toBe('accept-encoding');
        expect(decode(res), label).toBe(plain.body);
      }
    }
  });

  it('sends a missing vehicle page as a compressed 404 page, and other missing paths as JSON 404s', async () => {
    const missing = await get('/vehicles/no-such-car', { 'accept-encoding': 'br' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBe('br');
    expect(decode(missing)).toContain('<div id="root"></div>');
    for (const path of ['/api/nope', '/uploads/nope.webp', '/missing.js', '/assets/missing.js']) {
      const res = await get(path, { 'accept-encoding': 'br' });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message, path).toContain('not found');
    }
    const post = await ctx.app.inject({ method: 'POST', url: '/contact' });
    expect(post.statusCode).toBe(404);
  });

  it('sends a built file from its .br twin as it is, not compressed again', async () => {
    const res = await get('/assets/index-test.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(decode(res)).toBe(ASSET_JS);
  });
});

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPRESS_OPTIONS,
  COMPRESSION_THRESHOLD,
  type Encoding,
  negotiateEncoding,
  PER_REQUEST_BROTLI,
} from '../src/plugins/compression.ts';
import { PrecompressedBody, sendPrecompressed } from '../src/plugins/precompressed.ts';
import { createVehicle } from './fixtures/vehicles.ts';
import { createTestContext, DIALECTS, type TestContext } from './test-app.ts';
import { fakeWebBuild } from './fixtures/web-build.ts';

/*
 * One compression path (docs/decisions/107-one-compression-path.md): @fastify/compress for every
 * answer computed per request, PrecompressedBody for answers kept in memory, both with the
 * negotiation and threshold of plugins/compression.ts.
 */

/** Accept-Encoding headers and the encoding each gets; undefined: the header is not sent. */
const NEGOTIATION: [header: string | undefined, expected: Encoding | undefined][] = [
  [undefined, undefined],
  ['', undefined],
  ['identity', undefined],
  ['deflate', undefined],
  ['gzip, deflate, br', 'br'],
  ['br', 'br'],
  ['gzip', 'gzip'],
  ['x-gzip', 'gzip'],
  ['GZIP;Q=1', 'gzip'],
  ['br;q=0.5, gzip;q=0.8', 'gzip'],
  ['br;q=0, gzip', 'gzip'],
  ['br;q=0, gzip;q=0', undefined],
  ['gzip;q=0, br;q=0, identity', undefined],
  // @fastify/compress reads `*` as gzip (for clients that mean "anything"); kept answers follow it.
  ['*', 'gzip'],
  ['br;q=0, *', 'gzip'],
];

const headersFor = (header: string | undefined): Record<string, string> =>
  header === undefined ? {} : { 'accept-encoding': header };

function decode(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return res.body;
}

/** A JSON text of about 4 KB, compressible as answers are. */
const LARGE_JSON = JSON.stringify({
  vehicles: Array.from({ length: 40 }, (_, i) => ({ id: `v-${i}`, title: `19${60 + i} Porsche 911`, price: i * 1000 })),
});
const SMALL_JSON = JSON.stringify({ makes: ['Porsche'] });
const JSON_TYPE = 'application/json; charset=utf-8';

describe('negotiateEncoding', () => {
  it.each(NEGOTIATION)('Accept-Encoding %j gets %s', (header, expected) => {
    expect(negotiateEncoding({ headers: headersFor(header) })).toBe(expected);
  });

  it('gives none when the client opts out with x-no-compression', () => {
    expect(negotiateEncoding({ headers: { 'accept-encoding': 'br', 'x-no-compression': '1' } })).toBeUndefined();
  });
});

describe('PrecompressedBody', () => {
  it('ISSUE-18-FIRST-SEND compresses the first send per encoding at the per-request level, keeps nothing, and keeps the second', () => {
    const body = new PrecompressedBody(Buffer.from(LARGE_JSON), JSON_TYPE);
    const firstBr = body.encoded('br');
    const firstGzip = body.encoded('gzip');
    expect(brotliDecompressSync(firstBr).toString()).toBe(LARGE_JSON);
    expect(gunzipSync(firstGzip).toString()).toBe(LARGE_JSON);
    // Brotli quality 1, as @fastify/compress compresses an answer made per request.
    expect(firstBr.equals(brotliCompressSync(Buffer.from(LARGE_JSON), { params: PER_REQUEST_BROTLI }))).toBe(true);
    expect(body.keptEncoding('br')).toBeUndefined();
    expect(body.keptEncoding('gzip')).toBeUndefined();
    // Asked a second time: compressed at the kept level (brotli 5, gzip 9), kept and sent from then on.
    const br = body.encoded('br');
    const gzip = body.encoded('gzip');
    expect(brotliDecompressSync(br).toString()).toBe(LARGE_JSON);
    expect(gunzipSync(gzip).toString()).toBe(LARGE_JSON);
    expect(br.length).toBeLessThan(body.identity.length / 2);
    expect(br.length).toBeLessThanOrEqual(firstBr.length);
    expect(body.keptEncoding('br')).toBe(br);
    expect(body.keptEncoding('gzip')).toBe(gzip);
    expect(body.encoded('br')).toBe(br);
    expect(body.encoded('gzip')).toBe(gzip);
  });
});

describe('sendPrecompressed beside @fastify/compress', () => {
  let app: FastifyInstance;
  const kept = new PrecompressedBody(Buffer.from(LARGE_JSON), JSON_TYPE);
  const small = new PrecompressedBody(Buffer.from(SMALL_JSON), JSON_TYPE);

  beforeAll(async () => {
    // A bare server with the app's @fastify/compress registration and test-only routes.
    app = Fastify();
    await app.register(compress, COMPRESS_OPTIONS);
    app.get('/kept', async (request, reply) => sendPrecompressed(request, reply, kept));
    app.get('/kept-small', async (request, reply) => sendPrecompressed(request, reply, small));
    app.get('/kept-with-vary', async (request, reply) =>
      sendPrecompressed(request, reply.header('vary', 'origin'), kept),
    );
    app.get('/computed', async (_request, reply) => reply.type(JSON_TYPE).send(LARGE_JSON));
    await app.ready();
  });
  afterAll(async () => app?.close());

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it.each(NEGOTIATION)(
    'Accept-Encoding %j: a kept body and a computed one are both sent as %s',
    async (header, expected) => {
      for (const url of ['/kept', '/computed']) {
        const res = await get(url, headersFor(header));
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-encoding'], url).toBe(expected);
        expect(res.headers['content-type'], url).toBe(JSON_TYPE);
        // Decoded once it is the JSON: @fastify/compress did not compress the kept bytes again.
        expect(decode(res), url).toBe(LARGE_JSON);
      }
      const res = await get('/kept', headersFor(header));
      expect(res.headers.vary).toBe('accept-encoding');
    },
  );

  it('sends the bytes kept on the second send on every later answer', async () => {
    const once = new PrecompressedBody(Buffer.from(LARGE_JSON), JSON_TYPE);
    const local = Fastify();
    await local.register(compress, COMPRESS_OPTIONS);
    local.get('/once', async (request, reply) => sendPrecompressed(request, reply, once));
    try {
      const send = () => local.inject({ method: 'GET', url: '/once', headers: { 'accept-encoding': 'br' } });
      const first = await send();
      expect(first.headers['content-encoding']).toBe('br');
      expect(decode(first)).toBe(LARGE_JSON);
      expect(once.keptEncoding('br')).toBeUndefined();
      const second = await send();
      const third = await send();
      expect(decode(second)).toBe(LARGE_JSON);
      expect(second.rawPayload.equals(once.keptEncoding('br') ?? Buffer.alloc(0))).toBe(true);
      expect(third.rawPayload.equals(second.rawPayload)).toBe(true);
      expect(Number(third.headers['content-length'])).toBe(third.rawPayload.length);
    } finally {
      await local.close();
    }
  });

  it('sends the identity bytes to a client that opts out with x-no-compression', async () => {
    const res = await get('/kept', { 'accept-encoding': 'br', 'x-no-compression': '1' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(LARGE_JSON);
  });

  it('sends a body under the threshold as is, with no Vary', async () => {
    expect(small.identity.length).toBeLessThan(COMPRESSION_THRESHOLD);
    const res = await get('/kept-small', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.body).toBe(SMALL_JSON);
  });

  it('adds accept-encoding to a Vary the route set', async () => {
    const res = await get('/kept-with-vary', { 'accept-encoding': 'gzip' });
    expect(res.headers.vary).toBe('origin, accept-encoding');
    expect(decode(res)).toBe(LARGE_JSON);
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    // Sent twice first, so the kept bytes are made (a first send is compressed at the per-request level).
    for (let i = 0; i < 2; i++) await get('/kept', { 'accept-encoding': 'br' });
    const res = await app.inject({ method: 'HEAD', url: '/kept', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(Number(res.headers['content-length'])).toBe(kept.keptEncoding('br')?.length);
    expect(res.rawPayload.length).toBe(0);
  });
});

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

  it('sends a kept search answer compressed once, the same JSON once decoded', async () => {
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
      const cases: [Record<string, string>, Encoding | undefined][] = [
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
        expect(res.headers['cache-control'], label).toBe('no-cache');
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

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredEncoding } from '../src/plugins/json-compression.ts';
import { createVehicle } from './fixtures/vehicles.ts';
import { createTestContext, DIALECTS, type TestContext } from './test-app.ts';

describe('preferredEncoding', () => {
  it('takes the accepted encoding with the highest q-value, brotli on a tie, none when refused', () => {
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding('')).toBeUndefined();
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('x-gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('deflate')).toBeUndefined();
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0.5, br;q=0')).toBe('gzip');
    expect(preferredEncoding('GZIP;Q=1')).toBe('gzip');
  });
});

describe.each(DIALECTS)('JSON answers compressed on %s', (dialect) => {
  let ctx: TestContext;
  let url: string;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'off' });
    const car = await createVehicle(ctx.database.db, {
      title: '1965 Shelby GT350',
      description: 'Original paint, matching numbers, documented history. '.repeat(40),
    });
    url = `/api/vehicles/${car.id}`;
  });
  afterAll(async () => ctx?.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: path, headers });

  it('API-20 sends a vehicle as brotli or gzip as the client accepts, the same JSON once decoded', async () => {
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['content-type']).toBe(plain.headers['content-type']);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves an answer as is when the client refuses both, asks for none, or it is under 1 KB', async () => {
    const refusals: Record<string, string>[] = [
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
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
});

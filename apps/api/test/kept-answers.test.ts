import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehicleSearchResponseSchema } from '@vm/shared/vehicle';
import { createVehicle } from './fixtures/vehicles.ts';
import { createTestContext, DIALECTS, type TestContext } from './test-app.ts';

/**
 * Storefront answers kept per catalogue version are kept as the JSON text first sent
 * (decision 104): a repeated request must get the very same bytes, as JSON, compressed when the
 * client asks, and a change to the catalogue must still show at once.
 */
describe.each(DIALECTS)('kept storefront answers on %s', (dialect) => {
  let ctx: TestContext;
  const lookups = (kind: string) => {
    const { hits, misses } = ctx.lookups.take(kind);
    return { kept: hits, computed: misses };
  };
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    for (const [i, model] of ['356', '911', '912', '914', '928', '944', '968', 'Boxster'].entries()) {
      await createVehicle(ctx.database.db, {
        title: `19${60 + i} Porsche ${model}`,
        make: 'Porsche',
        model,
        tags: ['hot'],
      });
    }
  });
  afterAll(async () => ctx?.close());

  it('API-28 a repeated search sends the same JSON, checked against the answer schema, from what was kept', async () => {
    const url = '/api/vehicles/search?make=Porsche&sort=price_asc&limit=5';
    lookups('search');
    const first = await get(url);
    const again = await get(url);
    expect(lookups('search')).toEqual({ kept: 1, computed: 1 });
    for (const res of [first, again]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    }
    expect(again.body).toBe(first.body);
    const answer = vehicleSearchResponseSchema.parse(first.json());
    expect(answer.total).toBe(8);
    expect(answer.vehicles).toHaveLength(5);
  });

  it('API-28 a kept answer is compressed for a client that accepts gzip', async () => {
    const url = '/api/vehicles/search?make=Porsche&limit=20';
    const plain = await get(url);
    const zipped = await get(url, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('API-29 API-30 API-31 makes, models and tagged lists are kept as JSON too, and follow a change at once', async () => {
    const kinds = {
      '/api/vehicles/makes': 'makes',
      '/api/vehicles/models?make=Porsche': 'models',
      '/api/vehicles/tagged?tag=hot&limit=3': 'tagged',
    };
    for (const [url, kind] of Object.entries(kinds)) {
      lookups(kind);
      const first = await get(url);
      const again = await get(url);
      expect(lookups(kind)).toEqual({ kept: 1, computed: 1 });
      expect(first.statusCode).toBe(200);
      expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(again.body).toBe(first.body);
    }
    expect((await get('/api/vehicles/models?make=Porsche')).json().models).not.toContain('Cayenne');
    const added = await createVehicle(ctx.database.db, {
      title: '2004 Porsche Cayenne',
      make: 'Porsche',
      model: 'Cayenne',
      tags: ['hot'],
    });
    expect((await get('/api/vehicles/models?make=Porsche')).json().models).toContain('Cayenne');
    const tagged = (await get('/api/vehicles/tagged?tag=hot&limit=3')).json() as { vehicles: { id: string }[] };
    expect(tagged.vehicles.map((v) => v.id)).toContain(added.id);
  });

  it('API-28 identical searches sent together share one computation and get the same JSON', async () => {
    lookups('search');
    const url = '/api/vehicles/search?make=Porsche&sort=year&limit=4';
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(url)));
    expect(lookups('search')).toEqual({ kept: 4, computed: 1 });
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
  });

  it('API-29 an answer that failed is not kept: the next request computes it again', async () => {
    const db = ctx.database.db;
    await createVehicle(db, { title: '1999 Porsche 996', make: 'Porsche', model: '996' }); // a new catalogue version
    lookups('makes');
    await sql`alter table vehicles rename to vehicles_away`.execute(db);
    try {
      const failed = await get('/api/vehicles/makes');
      expect(failed.statusCode).toBe(500);
      expect(failed.json().message).toEqual(expect.any(String));
    } finally {
      await sql`alter table vehicles_away rename to vehicles`.execute(db);
    }
    const answer = await get('/api/vehicles/makes');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().makes).toContain('Porsche');
    expect(lookups('makes')).toEqual({ kept: 0, computed: 2 });
  });
});

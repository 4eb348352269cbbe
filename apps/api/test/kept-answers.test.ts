import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehicleSearchResponseSchema } from '@vm/shared/vehicle';
import { cacheLookups } from '../src/features/vehicles/versioned-cache.ts';
import { createVehicle } from './fixtures/vehicles.ts';
import { createTestContext, DIALECTS, type TestContext } from './test-app.ts';

/**
 * Storefront answers kept per catalogue version are kept as the JSON text first sent
 * (decision 104): a repeated request must get the very same bytes, as JSON, compressed when the
 * client asks, and a change to the catalogue must still show at once.
 */
function lookups(kind: string) {
  const { hits, misses } = cacheLookups.get(kind) ?? { hits: 0, misses: 0 };
  cacheLookups.delete(kind);
  return { kept: hits, computed: misses };
}

describe.each(DIALECTS)('kept storefront answers on %s', (dialect) => {
  let ctx: TestContext;
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
    for (const url of [
      '/api/vehicles/makes',
      '/api/vehicles/models?make=Porsche',
      '/api/vehicles/tagged?tag=hot&limit=3',
    ]) {
      const first = await get(url);
      const again = await get(url);
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
});

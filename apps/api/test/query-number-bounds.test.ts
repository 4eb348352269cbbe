import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVehicle } from './fixtures/vehicles.ts';
import { createTestContext, DIALECTS, signInAs, type TestContext } from './test-app.ts';

/**
 * Numbers in query strings that a column type refuses (a fractional year, a year past 2^31, a
 * price past bigint cents) are dropped by the shared schemas like any other nonsense, on both
 * databases: PostgreSQL used to answer 500 for them (issue #21).
 */
const OUT_OF_RANGE = ['1.5', '2147483648', '-2147483649', '1e17', '1e309', 'abc'];

describe.each(DIALECTS)('query-string numbers out of a column range on %s', (dialect) => {
  let ctx: TestContext;
  let admin: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await createVehicle(ctx.database.db, { make: 'Ford', model: 'Mustang', year: 1967, price: 45_000 });
    admin = (await signInAs(ctx, 'Admin')).headers;
  });
  afterAll(async () => ctx?.close());

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.json() };
  };

  it('the similar vehicles ignore a year or price no vehicle could have', async () => {
    for (const value of OUT_OF_RANGE) {
      for (const key of ['year', 'price']) {
        const { status, body } = await get(`/api/vehicles/similar?make=Ford&${key}=${value}`);
        expect(status, `${key}=${value}`).toBe(200);
        expect(body.vehicles).toHaveLength(1);
      }
    }
  });

  it('the admin vehicle list ignores such a year, minYear or maxYear', async () => {
    for (const value of OUT_OF_RANGE) {
      for (const key of ['year', 'minYear', 'maxYear']) {
        const { status, body } = await get(`/api/vehicles?${key}=${value}`, admin);
        expect(status, `${key}=${value}`).toBe(200);
        expect(body.totalVehicles).toBe(1);
      }
    }
  });

  it('the admin offer list ignores such a minAmount or maxAmount', async () => {
    for (const value of OUT_OF_RANGE) {
      for (const key of ['minAmount', 'maxAmount']) {
        const { status } = await get(`/api/admin/offers?${key}=${value}`, admin);
        expect(status, `${key}=${value}`).toBe(200);
      }
    }
  });

  it('a year or an amount within range still filters', async () => {
    expect((await get('/api/vehicles?year=1968', admin)).body.totalVehicles).toBe(0);
    expect((await get('/api/vehicles?minYear=1960&maxYear=1970', admin)).body.totalVehicles).toBe(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VehicleSearchResponse } from '@vm/shared/vehicle';
import { fillCatalogue } from '../../../bench/catalogue.ts';
import { COUNT_CAP } from '../src/features/catalogue/catalogue-repository.ts';
import { IS_PUBLIC } from '../src/features/catalogue/search-filters.ts';
import { createTestContext, DIALECTS, type TestContext } from './test-app.ts';

/*
 * A search counts its matches exactly up to COUNT_CAP (10,000) and then says "10,000+"
 * (`totalIsLowerBound`): a count reads at most that many index entries, so a broad search costs
 * the same at any catalogue size (docs/decisions/143-one-plain-read-path.md).
 */
describe.each(DIALECTS)('search counts past the cap on %s', (dialect) => {
  let ctx: TestContext;
  let publicCount: number;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'off' });
    await fillCatalogue(ctx.database, { vehicles: COUNT_CAP + 600, users: 1, seed: 37 });
    const row = await ctx.database.db
      .selectFrom('vehicles')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(IS_PUBLIC)
      .executeTakeFirstOrThrow();
    publicCount = Number(row.n);
  }, 180_000);
  afterAll(async () => ctx?.close());

  const search = async (qs: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/vehicles/search?${qs}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<VehicleSearchResponse>();
  };

  it('SEARCH-01 API-28 says "10,000+" for a search matching more, pages within the cap, and counts a narrower one exactly', async () => {
    expect(publicCount).toBeGreaterThan(COUNT_CAP);
    const all = await search('limit=12');
    expect(all).toMatchObject({ total: COUNT_CAP, totalIsLowerBound: true, pages: Math.ceil(COUNT_CAP / 12) });
    expect(all.vehicles).toHaveLength(12);
    const last = await search(`limit=12&page=${all.pages}&sort=price_asc`);
    expect(last.vehicles.length).toBeGreaterThan(0);
    // A make is well under the cap: exact, and no lower bound.
    const make = all.vehicles[0]?.make as string;
    const exact = await ctx.database.db
      .selectFrom('vehicles')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(IS_PUBLIC)
      .where('make', '=', make)
      .executeTakeFirstOrThrow();
    const narrow = await search(`make=${encodeURIComponent(make)}`);
    expect(narrow.total).toBe(Number(exact.n));
    expect(narrow.totalIsLowerBound).toBeUndefined();
  });
});

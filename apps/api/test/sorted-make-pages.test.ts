import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_SEARCH_PAGE_SIZE } from '@vm/shared/constants';
import type { VehicleSearchResponse } from '@vm/shared/vehicle';
import { createVehicle } from './fixtures/vehicles.ts';
import { createTestContext, DIALECTS, type TestContext } from './test-app.ts';

/*
 * Every page of every sort, of a word's matches and of one make's vehicles (with price and year
 * ranges), must be the slice of the one full order: the sort column, then the id, both in the
 * sort's direction, near the front and deep into the results alike
 * (docs/decisions/143-one-plain-read-path.md).
 */
const MAKE = 'Porsche';
/** Enough for many pages of every sort. */
const COUNT = 150;
const SORTS = {
  price_asc: { key: 'price', sign: 1 },
  price_desc: { key: 'price', sign: -1 },
  year: { key: 'year', sign: -1 },
  mileage: { key: 'mileage', sign: 1 },
} as const;

interface Made {
  id: string;
  price: number;
  year: number;
  mileage: number;
}

describe.each(DIALECTS)('pages of a sorted search within a make on %s', (dialect) => {
  let ctx: TestContext;
  const made: Made[] = [];

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    for (let i = 0; i < COUNT; i++) {
      // Few distinct values, so many ties fall to the id.
      const fields = {
        price: 20_000 + ((i * 7) % 9) * 5_000,
        year: 1960 + ((i * 5) % 11),
        mileage: ((i * 3) % 8) * 10_000,
      };
      const { id } = await createVehicle(ctx.database.db, {
        title: `Porsche ${i}`,
        make: MAKE,
        model: '911',
        ...fields,
      });
      made.push({ id, ...fields });
    }
    // Other makes, which the make's group leaves out.
    for (let i = 0; i < 5; i++)
      await createVehicle(ctx.database.db, { title: `Ford ${i}`, make: 'Ford', price: 30_000 });
  });
  afterAll(async () => ctx.close());

  it.each(Object.keys(SORTS) as (keyof typeof SORTS)[])(
    'ISSUE-18-SORTED-PAGES every page sorted by %s is its slice of the whole order, ties broken by id',
    async (sort) => {
      const { key, sign } = SORTS[sort];
      const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      const expected = [...made].sort((a, b) => sign * (a[key] - b[key] || byId(a.id, b.id))).map((v) => v.id);
      const pages = Math.ceil(COUNT / PUBLIC_SEARCH_PAGE_SIZE);
      // By make (the make's group), and by a word every one of them has in its title (the word's matches).
      for (const filter of [`make=${MAKE}`, `query=${MAKE.toLowerCase()}`]) {
        const seen: string[] = [];
        for (let page = 1; page <= pages; page++) {
          const res = await ctx.app.inject({ url: `/api/vehicles/search?${filter}&sort=${sort}&page=${page}` });
          expect(res.statusCode, res.body).toBe(200);
          const body = res.json<VehicleSearchResponse>();
          expect(body.total).toBe(COUNT);
          seen.push(...body.vehicles.map((v) => v.id));
        }
        expect(seen, filter).toEqual(expected);
      }
    },
  );

  it.each(Object.keys(SORTS) as (keyof typeof SORTS)[])(
    'ISSUE-18-SORTED-PAGES a make with price and year ranges, sorted by %s, pages through exactly its matches in order',
    async (sort) => {
      const { key, sign } = SORTS[sort];
      const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      const expected = made
        .filter((v) => v.price >= 30_000 && v.price <= 50_000 && v.year >= 1963)
        .sort((a, b) => sign * (a[key] - b[key] || byId(a.id, b.id)))
        .map((v) => v.id);
      expect(expected.length).toBeGreaterThan(PUBLIC_SEARCH_PAGE_SIZE);
      const seen: string[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / PUBLIC_SEARCH_PAGE_SIZE); page++) {
        const res = await ctx.app.inject({
          url: `/api/vehicles/search?make=${MAKE}&minPrice=30000&maxPrice=50000&minYear=1963&sort=${sort}&page=${page}`,
        });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json<VehicleSearchResponse>();
        expect(body.total).toBe(expected.length);
        seen.push(...body.vehicles.map((v) => v.id));
      }
      expect(seen).toEqual(expected);
    },
  );
});

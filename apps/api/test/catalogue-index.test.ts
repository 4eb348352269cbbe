import fc from 'fast-check';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_NAMES, type RangeFilter, SEARCH_FILTERS, type ValueFilter } from '@vm/shared/search-filters';
import { type VehicleSearchResponse, vehicleSearchQuerySchema } from '@vm/shared/vehicle';
import type { DB } from '../src/db/schema.ts';
import { FILTER_COLUMNS, toSearchFilters } from '../src/features/catalogue/search-filters.ts';
import { createVehicle } from './fixtures/vehicles.ts';
import { createTestContext, DIALECTS, type TestContext } from './test-app.ts';

/**
 * The in-memory catalogue index (docs/decisions/110) must answer every search without words exactly
 * as SQL would: these tests compare GET /api/vehicles/search with a plain SQL statement of each
 * filter, on a small catalogue full of ties (same price, year, mileage, listing time).
 */

const MAKES = { Ford: ['Mustang', 'Bronco'], Porsche: ['911', '356'], Toyota: ['Supra'] } as const;
const TAGS = ['featured', 'hot', 'popular', 'limited'] as const;
const CATEGORIES = ['Classics', 'Muscle Cars', 'Sports Cars'] as const;
const SORTS = {
  newest: ['created_at', 'desc'],
  price_asc: ['price_cents', 'asc'],
  price_desc: ['price_cents', 'desc'],
  year: ['year', 'desc'],
  mileage: ['mileage', 'asc'],
} as const;

/** Description words, none a prefix of another, so a word query matches exactly these. */
const WORDS = ['alpine', 'boxer', 'cabrio', 'diesel'] as const;

interface Query {
  query?: string;
  make?: keyof typeof MAKES | 'Lada';
  model?: string;
  minPrice?: number;
  maxPrice?: number;
  minYear?: number;
  maxYear?: number;
  tags: string[];
  category: string[];
  listingType?: 'auction' | 'listing';
  sort?: keyof typeof SORTS;
  page: number;
  limit: number;
}

/** Mostly left out, so a search has a few filters and a few pages of results, not none. */
const sometimes = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: arb, weight: 1 });

const queryArb: fc.Arbitrary<Query> = fc
  .record({
    query: sometimes(fc.constantFrom(...WORDS)),
    make: sometimes(fc.constantFrom('Ford', 'Porsche', 'Toyota', 'Lada' as const)),
    model: sometimes(fc.constantFrom('Mustang', 'Bronco', '911', '356', 'Supra', 'Corolla')),
    minPrice: sometimes(fc.constantFrom(0, 10_000, 20_000, 30_000)),
    maxPrice: sometimes(fc.constantFrom(15_000, 30_000, 50_000)),
    minYear: sometimes(fc.integer({ min: 1960, max: 1975 })),
    maxYear: sometimes(fc.integer({ min: 1965, max: 1980 })),
    tags: fc.subarray([...TAGS], { minLength: 0, maxLength: 2 }),
    category: fc.subarray([...CATEGORIES, 'Trucks'], { minLength: 0, maxLength: 2 }),
    listingType: sometimes(fc.constantFrom('auction', 'listing' as const)),
    sort: fc.option(fc.constantFrom(...(Object.keys(SORTS) as (keyof typeof SORTS)[])), { nil: undefined }),
    page: fc.integer({ min: 1, max: 4 }),
    limit: fc.integer({ min: 1, max: 12 }),
  })
  // Drop the keys left out, as a query string would.
  .map((q) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as unknown as Query);

function queryString(q: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(q)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
    } else params.set(key, String(value));
  }
  return params.toString();
}

/**
 * The same search as plain SQL: the oracle. Built from the filter table, as the catalogue is:
 * each filter the query sets becomes a condition on its column (FILTER_COLUMNS), so a filter
 * added to the table is in the oracle too.
 */
async function sqlSearch(db: Kysely<DB>, q: Query): Promise<{ total: number; ids: string[] }> {
  const filters = toSearchFilters(
    vehicleSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(queryString(q)))),
  );
  let query = db.selectFrom('vehicles').select('id').where('status', '<>', 'Archived');
  // The words here appear only in descriptions.
  for (const term of filters.terms) query = query.where('description', 'like', `%${term}%`);
  for (const name of FILTER_NAMES) {
    const where = FILTER_COLUMNS[name];
    const spec = SEARCH_FILTERS[name];
    if (spec.kind === 'range' && where.source === 'column') {
      const [min, max] = filters.ranges[name as RangeFilter] ?? [];
      if (min !== undefined) query = query.where(where.column, '>=', min);
      if (max !== undefined) query = query.where(where.column, '<=', max);
    } else if (spec.kind === 'exact' || spec.kind === 'anyOf') {
      const values = filters.values[name as ValueFilter];
      if (!values) continue;
      query =
        where.source === 'tags'
          ? query.where('id', 'in', db.selectFrom('vehicle_tags').select('vehicle_id').where('tag', 'in', values))
          : query.where(sql.ref(`vehicles.${(where as { column: string }).column}`), 'in', values);
    }
  }
  // Words appear only in descriptions here, so relevance is one tier: the latest added first.
  const [column, direction] = q.query && !q.sort ? (['id', 'desc'] as const) : SORTS[q.sort ?? 'newest'];
  const rows = await query.orderBy(column, direction).orderBy('id', direction).execute();
  const offset = (q.page - 1) * q.limit;
  return { total: rows.length, ids: rows.slice(offset, offset + q.limit).map((r) => r.id) };
}

describe.each(DIALECTS)('catalogue index on %s', (dialect) => {
  let ctx: TestContext;

  /** `remoteAddress`: a visitor of its own, for a test sending more searches than one visitor's limit (decision 112). */
  const search = async (qs: string, remoteAddress?: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/vehicles/search?${qs}`,
      ...(remoteAddress && { remoteAddress }),
    });
    expect(res.statusCode).toBe(200);
    return res.json<VehicleSearchResponse>();
  };

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const random = fc.sample(
      fc.record({
        make: fc.constantFrom(...(Object.keys(MAKES) as (keyof typeof MAKES)[])),
        pick: fc.nat(),
        year: fc.integer({ min: 1960, max: 1980 }),
        price: fc.constantFrom(9_500, 15_000, 20_000, 30_000, 45_000),
        mileage: fc.constantFrom(10_000, 50_000, 90_000),
        category: fc.constantFrom(...CATEGORIES),
        tags: fc.subarray([...TAGS], { maxLength: 2 }),
        auction: fc.boolean(),
        archived: fc.integer({ min: 0, max: 9 }),
        sameTime: fc.boolean(),
        words: fc.subarray([...WORDS], { maxLength: 3 }),
      }),
      { numRuns: 90, seed: 20261122 },
    );
    for (const [i, v] of random.entries()) {
      const models = MAKES[v.make];
      await createVehicle(ctx.database.db, {
        make: v.make,
        model: models[v.pick % models.length],
        year: v.year,
        price: v.price,
        mileage: v.mileage,
        category: v.category,
        tags: v.tags,
        listingType: v.auction ? 'auction' : 'listing',
        description: `A fine car. ${v.words.join(' ')}`,
        status: v.archived === 0 ? 'Archived' : 'Available',
        // Some listed at the same moment: newest first then breaks on id.
        ...(v.sameTime
          ? { createdAt: '2026-03-01T10:00:00.000Z' }
          : { createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() }),
      });
    }
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('SEARCH-01 SEARCH-04 answers every combination of words, filters, sort and page exactly as SQL does', async () => {
    await fc.assert(
      fc.asyncProperty(queryArb, async (q) => {
        // A minimum above its maximum is explained with a 400, not searched (issue #20, decision 124).
        const reversed = (q.minPrice ?? 0) > (q.maxPrice ?? Infinity) || (q.minYear ?? 0) > (q.maxYear ?? Infinity);
        if (reversed) {
          const res = await ctx.app.inject({ method: 'GET', url: `/api/vehicles/search?${queryString(q)}` });
          expect(res.statusCode, res.body).toBe(400);
          return;
        }
        const expected = await sqlSearch(ctx.database.db, q);
        const answer = await search(queryString(q));
        expect(answer.total).toBe(expected.total);
        expect(answer.vehicles.map((v) => v.id)).toEqual(expected.ids);
      }),
      { numRuns: 150, seed: 7 },
    );
  });

  it("SEARCH-21 SEARCH-04 SEARCH-05 orders the whole catalogue, a make and every word's matches in every sort, ties broken on id the same way", async () => {
    for (const query of [undefined, ...WORDS]) {
      for (const make of [undefined, 'Ford', 'Porsche'] as const) {
        for (const sort of [undefined, ...(Object.keys(SORTS) as (keyof typeof SORTS)[])]) {
          for (let page = 1; page <= 8; page++) {
            const q: Query = { tags: [], category: [], page, limit: 12, ...(sort ? { sort } : {}) };
            if (query) q.query = query;
            if (make) q.make = make;
            const expected = await sqlSearch(ctx.database.db, q);
            const answer = await search(queryString(q));
            expect(answer.total).toBe(expected.total);
            expect(answer.vehicles.map((v) => v.id)).toEqual(expected.ids);
            if (expected.ids.length < q.limit) break;
          }
        }
      }
    }
  });

  it('SEARCH-01 counts the matches of price and year ranges past the page as SQL does, at every bound (decision 137)', async () => {
    // The matches past the page are counted in the catalogue's price and year orders once they
    // are made: the first search in each order makes it.
    await search('sort=price_asc&limit=1', '10.137.1.1');
    await search('sort=year&limit=1', '10.137.1.1');
    // Bounds below every stored value, at stored values, between them and above them (prices
    // $9,500-$45,000, years 1960-1980); a page of 2 leaves most matches past it.
    const prices = [undefined, 9_000, 15_000, 20_000, 25_000, 30_000, 50_000];
    const years = [undefined, 1959, 1970, 1975, 1985];
    // Every (minimum, maximum), either open, none reversed (a reversed pair is a 400).
    const pairs = (values: (number | undefined)[]) =>
      values.flatMap((min) =>
        values.filter((max) => min === undefined || max === undefined || min <= max).map((max) => [min, max] as const),
      );
    let visitor = 0;
    for (const make of [undefined, 'Ford', 'Porsche'] as const)
      for (const sort of Object.keys(SORTS) as (keyof typeof SORTS)[]) {
        const from = `10.137.0.${++visitor}`;
        // Each make and sort takes a tenth of the price pairs, in turn: every pair is searched at least once.
        for (const [minPrice, maxPrice] of pairs(prices).filter((_, i) => i % 10 === visitor % 10))
          for (const [minYear, maxYear] of pairs(years)) {
            const q: Query = { tags: [], category: [], sort, page: 1, limit: 2 };
            Object.assign(q, make && { make }, minPrice && { minPrice }, maxPrice && { maxPrice });
            Object.assign(q, minYear && { minYear }, maxYear && { maxYear });
            const expected = await sqlSearch(ctx.database.db, q);
            const answer = await search(queryString(q), from);
            expect(answer.total, queryString(q)).toBe(expected.total);
            expect(answer.vehicles.map((v) => v.id)).toEqual(expected.ids);
          }
      }
  });

  it('a make, model or category no public vehicle has matches nothing', async () => {
    expect((await search('make=Lada')).total).toBe(0);
    expect((await search('make=Ford&model=Supra')).total).toBe(0);
    expect((await search('category=Trucks')).total).toBe(0);
    expect((await search('tags=unknown-tag')).total).toBe(0);
    // Matching is exact, as in SQL.
    expect((await search('make=ford')).total).toBe(0);
  });
});

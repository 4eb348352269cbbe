import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VehicleSearchResponse } from '@vm/shared/vehicle';
import type { DB } from '../src/db/schema.ts';
import { TEXT_SEARCH_WINDOW } from '../src/features/catalogue/catalogue-repository.ts';
import { newId } from '../src/lib/ids.ts';
import { createVehicle } from './fixtures/vehicles.ts';
import { createTestContext, DIALECTS, type TestContext } from './test-app.ts';

/** Copies of one vehicle, inserted in one statement per hundred rows (the search triggers run for each). */
async function insertCopies(
  db: Kysely<DB>,
  sourceId: string,
  count: number,
  change: (i: number) => { title: string; description: string; price_cents: number },
): Promise<string[]> {
  const source = await db.selectFrom('vehicles').selectAll().where('id', '=', sourceId).executeTakeFirstOrThrow();
  // PostgreSQL also returns its generated search columns, which an insert may not set.
  const {
    view_count: _views,
    watch_count: _watches,
    search_vector: _words,
    headline_vector: _headline,
    ...columns
  } = source as typeof source & { search_vector?: unknown; headline_vector?: unknown };
  const ids: string[] = [];
  for (let start = 0; start < count; start += 100) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + 100); i++) {
      const id = newId();
      ids.push(id);
      rows.push({ ...columns, ...change(i), id, slug: `${source.slug}-copy-${i}` });
    }
    await db.insertInto('vehicles').values(rows).execute();
  }
  return ids;
}

describe.each(DIALECTS)('keyword search window on %s', (dialect) => {
  let ctx: TestContext;
  const ids: Record<string, string> = {};
  let described: string[] = [];

  const search = async (query: string): Promise<VehicleSearchResponse> => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/vehicles/search${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const idsOf = (r: VehicleSearchResponse) => r.vehicles.map((v) => v.id);

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const db = ctx.database.db;
    // Added first, so older than every other match: outside a full window.
    ids.oldTitle = (
      await createVehicle(db, { title: 'Leather Special', make: 'Jaguar', model: 'XK120', price: 1_000 })
    ).id;
    const template = await createVehicle(db, {
      title: 'Template coupe',
      make: 'Ford',
      model: 'Mustang',
      description: 'Tan leather seats and a fresh service.',
      price: 30_000,
    });
    // More description-only matches than the window holds, and more than SQLite reads ahead
    // before it lets the other filters lead.
    described = await insertCopies(db, template.id, 2_100, (i) => ({
      title: `Coupe ${i}`,
      description: `Tan leather seats, service number ${i}.`,
      price_cents: (20_000 + i) * 100,
    }));
    ids.newTitle = (await createVehicle(db, { title: 'Leather Edition', make: 'Ford', price: 50_000 })).id;
    // Relevance tiers for two words, added in the reverse of the expected order.
    ids.both = (await createVehicle(db, { title: 'Red Ferrari 308', make: 'Ferrari', model: '308' })).id;
    ids.some = (
      await createVehicle(db, { title: 'Ferrari 328', make: 'Ferrari', model: '328', description: 'Red paint.' })
    ).id;
    ids.none = (
      await createVehicle(db, {
        title: 'Classic coupe',
        make: 'Fiat',
        model: '124',
        description: 'A red car once owned by a Ferrari collector.',
      })
    ).id;
  });
  afterAll(async () => ctx?.close());

  it(`SEARCH-04 SEARCH-15 API-28 counts, orders and pages the newest ${TEXT_SEARCH_WINDOW} matches of a very common word and says more match`, async () => {
    const first = await search('?query=leather');
    expect(first.total).toBe(TEXT_SEARCH_WINDOW);
    expect(first.totalIsLowerBound).toBe(true);
    expect(first.pages).toBe(Math.ceil(TEXT_SEARCH_WINDOW / 9));
    // Named after the word beats mentioning it, then the most recently added first. The oldest
    // match, also named after the word, is outside the window: it would come second otherwise.
    expect(idsOf(first)).toEqual([ids.newTitle, ...described.slice(-8).reverse()]);
    const last = await search(`?query=leather&page=${first.pages}`);
    expect(last.vehicles).toHaveLength(TEXT_SEARCH_WINDOW - (first.pages - 1) * 9);
    expect(idsOf(last).at(-1)).toBe(described.at(-(TEXT_SEARCH_WINDOW - 1)));
    const past = await search(`?query=leather&page=${first.pages + 1}`);
    expect(past).toMatchObject({ vehicles: [], total: TEXT_SEARCH_WINDOW, totalIsLowerBound: true });
  });

  it('SEARCH-04 SEARCH-08 counts exactly when the other filters leave fewer matches than the window, however old they are', async () => {
    const jaguar = await search('?query=leather&make=Jaguar');
    expect(jaguar.total).toBe(1);
    expect(jaguar.totalIsLowerBound).toBeUndefined();
    expect(idsOf(jaguar)).toEqual([ids.oldTitle]);
    const cheap = await search('?query=leather&maxPrice=20010');
    expect(cheap.total).toBe(12);
    expect(idsOf(cheap).slice(0, 3)).toEqual([ids.oldTitle, described[10], described[9]]);
  });

  it('SEARCH-04 sorts the window by the chosen order', async () => {
    const cheapest = await search('?query=leather&sort=price_asc');
    expect(cheapest.total).toBe(TEXT_SEARCH_WINDOW);
    const prices = cheapest.vehicles.map((v) => v.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // The cheapest of the window: the window starts at the 500th newest match.
    expect(cheapest.vehicles[0]?.id).toBe(described.at(-(TEXT_SEARCH_WINDOW - 1)));
  });

  it('SEARCH-04 ranks every word in the title, make or model above some of them, above the description only', async () => {
    const ranked = await search('?query=red%20ferrari');
    expect(idsOf(ranked)).toEqual([ids.both, ids.some, ids.none]);
    expect(ranked.total).toBe(3);
    expect(idsOf(await search('?query=red%20ferrari&page=2&limit=1'))).toEqual([ids.some]);
    expect(idsOf(await search('?query=red%20ferrari&page=3&limit=1'))).toEqual([ids.none]);
  });

  it('SEARCH-04 keeps the search index to public vehicles as listings are archived, renamed, restored and deleted', async () => {
    const db = ctx.database.db;
    const { id } = await createVehicle(db, { title: 'Quokka Roadster', status: 'Archived' });
    expect((await search('?query=quokka')).total).toBe(0);
    await db.updateTable('vehicles').set({ status: 'Available' }).where('id', '=', id).execute();
    expect(idsOf(await search('?query=quokka'))).toEqual([id]);
    await db.updateTable('vehicles').set({ title: 'Wombat Roadster' }).where('id', '=', id).execute();
    expect((await search('?query=quokka')).total).toBe(0);
    expect(idsOf(await search('?query=wombat'))).toEqual([id]);
    await db.updateTable('vehicles').set({ status: 'Archived' }).where('id', '=', id).execute();
    expect((await search('?query=wombat')).total).toBe(0);
    await db.updateTable('vehicles').set({ status: 'Pending' }).where('id', '=', id).execute();
    expect(idsOf(await search('?query=roadster'))).toEqual([id]);
    await db.deleteFrom('vehicles').where('id', '=', id).execute();
    expect((await search('?query=roadster')).total).toBe(0);
  });
});

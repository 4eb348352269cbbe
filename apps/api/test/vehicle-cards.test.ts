import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@vm/shared/messages';
import {
  type VehicleSearchResponse,
  type VehicleSummary,
  vehicleListSchema,
  vehicleSearchResponseSchema,
  vehicleSummarySchema,
} from '@vm/shared/vehicle';
import { summariesByIds } from '../src/features/vehicles/vehicle-repository.ts';
import { CacheLookups } from '../src/features/catalogue/cache-lookups.ts';
import { readCatalogueVersion as catalogueVersion } from '../src/features/catalogue/catalogue-repository.ts';
import { cardListJson, VehicleCards } from '../src/features/catalogue/vehicle-cards.ts';
import { addVehicleImage, createVehicle } from './fixtures/vehicles.ts';
import { createTestContext, DIALECTS, type TestContext } from './test-app.ts';

/**
 * Vehicle cards are kept in memory per catalogue version (docs/decisions/110): a card must equal a
 * fresh read for as long as its version holds, and every listed change must show at once.
 */
/** Cards kept and read since the last call (the `cards` cache lookups). */
const lookups = new CacheLookups();
function cardLookups() {
  const { hits, misses } = lookups.take('cards');
  return { kept: hits, read: misses };
}

/** The kept cards, parsed back from their JSON. */
async function cardsOf(cards: VehicleCards, ...args: Parameters<VehicleCards['jsonOf']>): Promise<VehicleSummary[]> {
  return (await cards.jsonOf(...args)).map((json) => JSON.parse(json) as VehicleSummary);
}

describe('the JSON of a card list', () => {
  const searchRest = vehicleSearchResponseSchema.omit({ vehicles: true });
  const cards = ['{"id":"a"}', '{"id":"b","title":"Pagode \\"230 SL\\" – ünique"}'];

  it('puts the cards and the rest of the answer in one JSON object', () => {
    const json = cardListJson(cards, { total: 30, pages: 4, page: 2, totalIsLowerBound: true as const }, searchRest);
    expect(JSON.parse(json)).toEqual({
      vehicles: [{ id: 'a' }, { id: 'b', title: 'Pagode "230 SL" – ünique' }],
      total: 30,
      pages: 4,
      page: 2,
      totalIsLowerBound: true,
    });
    expect(cardListJson([], {}, vehicleListSchema.omit({ vehicles: true }))).toBe('{"vehicles":[]}');
  });

  it('refuses a rest that breaks the response schema, as the route serializer would', () => {
    const notANumber = { total: 'many', pages: 1, page: 1 } as unknown as {
      total: number;
      pages: number;
      page: number;
    };
    expect(() => cardListJson(cards, notANumber, searchRest)).toThrow();
  });
});

describe.each(DIALECTS)('vehicle cards on %s', (dialect) => {
  let ctx: TestContext;
  const ids: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    for (const [i, model] of ['Mustang', 'Bronco', 'Falcon', 'Galaxie', 'Thunderbird'].entries()) {
      ids.push((await createVehicle(ctx.database.db, { title: `196${i} Ford ${model}`, model, tags: ['hot'] })).id);
    }
  });
  afterAll(async () => ctx?.close());

  it('API-28 gives the same cards as a fresh read, in the order asked, and reads each card once per version', async () => {
    const db = ctx.database.db;
    const cards = new VehicleCards(undefined, lookups);
    const version = await catalogueVersion(db);
    cardLookups();
    const asked = [ids[3], ids[0], ids[4]] as string[];
    const first = await cardsOf(cards, db, version, asked);
    expect(first).toEqual(await summariesByIds(db, asked));
    expect(first.map((c) => c.id)).toEqual(asked);
    expect(cardLookups()).toEqual({ kept: 0, read: 3 });
    const again = await cardsOf(cards, db, version, [ids[0], ids[1]] as string[]);
    expect(cardLookups()).toEqual({ kept: 1, read: 1 });
    expect(again).toEqual(await summariesByIds(db, [ids[0], ids[1]] as string[]));
  });

  it('API-28 API-31 search, random and tagged answers are the JSON the route serializer gives for their schema', async () => {
    // The cards are checked with the card schema when kept: it must be the schema of each route's items.
    expect(vehicleSearchResponseSchema.shape.vehicles.element).toBe(vehicleSummarySchema);
    expect(vehicleListSchema.shape.vehicles.element).toBe(vehicleSummarySchema);
    const answers = [
      ['/api/vehicles/search?make=Ford&limit=2&page=2', vehicleSearchResponseSchema],
      ['/api/vehicles/search?random=true&limit=3', vehicleSearchResponseSchema],
      ['/api/vehicles/tagged?tag=hot&limit=4', vehicleListSchema],
    ] as const;
    for (const [url, schema] of answers) {
      const answer = await ctx.app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      // What fastify-type-provider-zod's serializer sends: the schema's output, stringified.
      expect(answer.body).toBe(JSON.stringify(schema.parse(answer.json())));
    }
    const page = vehicleSearchResponseSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/vehicles/search?make=Ford&limit=2&page=2' })).json(),
    );
    expect(page).toMatchObject({ total: 5, pages: 3, page: 2 });
    expect(page.vehicles).toHaveLength(2);
  });

  // Only SQLite can hold such a row: it keeps text in an integer column, where PostgreSQL refuses it.
  if (dialect === 'sqlite')
    it('a card that breaks the card schema is a 500, and the failed answer is not kept', async () => {
      const db = ctx.database.db;
      const id = ids[0] as string;
      await sql`update vehicles set mileage = 'far' where id = ${id}`.execute(db);
      ctx.lookups.take('search');
      const url = '/api/vehicles/search?make=Ford&limit=50';
      for (let i = 0; i < 2; i++) {
        const answer = await ctx.app.inject({ method: 'GET', url });
        expect(answer.statusCode).toBe(500);
        expect(answer.json()).toEqual({ message: MSG.internalError });
      }
      expect(ctx.lookups.take('search')).toEqual({ hits: 0, misses: 2 });
      await db.updateTable('vehicles').set({ mileage: 1_000 }).where('id', '=', id).execute();
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    });

  it('leaves out a vehicle that is gone', async () => {
    const db = ctx.database.db;
    const gone = await createVehicle(db, { title: 'Short-lived listing' });
    await db.deleteFrom('vehicles').where('id', '=', gone.id).execute();
    const cards = new VehicleCards(undefined, lookups);
    const found = await cardsOf(cards, db, await catalogueVersion(db), [ids[0] as string, gone.id]);
    expect(found.map((c) => c.id)).toEqual([ids[0]]);
  });

  it('drops every card when the catalogue version moves on, and keeps none for an older version', async () => {
    const db = ctx.database.db;
    const cards = new VehicleCards(undefined, lookups);
    const id = ids[2] as string;
    const before = await catalogueVersion(db);
    expect((await cardsOf(cards, db, before, [id]))[0]?.price).toBe(40_000);
    await db
      .updateTable('vehicles')
      .set({ price_cents: 3_150_000, title: '1962 Ford Falcon Sprint' })
      .where('id', '=', id)
      .execute();
    const after = await catalogueVersion(db);
    expect(after).toBeGreaterThan(before);
    const fresh = (await cardsOf(cards, db, after, [id]))[0];
    expect(fresh).toMatchObject({ price: 31_500, title: '1962 Ford Falcon Sprint' });
    // A request that read the older version before the change still gets what the database holds.
    const late = new VehicleCards(undefined, lookups);
    cardLookups();
    await cardsOf(late, db, after, [id]);
    expect((await cardsOf(late, db, before, [id]))[0]?.price).toBe(31_500);
    expect(cardLookups()).toEqual({ kept: 0, read: 2 });
    expect((await cardsOf(late, db, after, [id]))[0]?.price).toBe(31_500);
    expect(cardLookups()).toEqual({ kept: 1, read: 0 });
  });

  it('ISSUE-18-CARDS-AHEAD reads ahead the cards not kept, which a lookup then finds, and stops when the version moves on', async () => {
    const db = ctx.database.db;
    const cards = new VehicleCards(undefined, lookups);
    const version = await catalogueVersion(db);
    await cardsOf(cards, db, version, [ids[0]] as string[]);
    const current = async () => true;
    expect(await cards.readAhead(db, version, ids, current)).toBe(ids.length - 1);
    expect(await cards.readAhead(db, version, ids, current)).toBe(0);
    cardLookups();
    expect(await cardsOf(cards, db, version, ids)).toEqual(await summariesByIds(db, ids));
    expect(cardLookups()).toEqual({ kept: ids.length, read: 0 });
    // The version moved on before the first read: nothing is read for it.
    const fresh = new VehicleCards(undefined, lookups);
    expect(await fresh.readAhead(db, version, ids, async () => false)).toBe(0);
    await cardsOf(fresh, db, version, ids);
    expect(cardLookups()).toEqual({ kept: 0, read: ids.length });
  });

  it('keeps at most its limit, letting the least recently shown card go', async () => {
    const db = ctx.database.db;
    const cards = new VehicleCards(2, lookups);
    const version = await catalogueVersion(db);
    cardLookups();
    await cardsOf(cards, db, version, [ids[0], ids[1]] as string[]);
    await cardsOf(cards, db, version, [ids[0]] as string[]); // ids[0] is now the most recently shown
    await cardsOf(cards, db, version, [ids[2]] as string[]); // so ids[1] goes
    expect(cardLookups()).toEqual({ kept: 1, read: 3 });
    await cardsOf(cards, db, version, [ids[0], ids[2]] as string[]);
    expect(cardLookups()).toEqual({ kept: 2, read: 0 });
    await cardsOf(cards, db, version, [ids[1]] as string[]);
    expect(cardLookups()).toEqual({ kept: 0, read: 1 });
  });

  it('API-28 API-31 HOME-14 search, tagged and random answers show a card change at once', async () => {
    const db = ctx.database.db;
    const get = async <T>(url: string) => (await ctx.app.inject({ method: 'GET', url })).json() as T;
    const cardIn = (list: { vehicles: VehicleSearchResponse['vehicles'] }, id: string) =>
      list.vehicles.find((v) => v.id === id);
    const id = ids[4] as string;
    const urls = [
      '/api/vehicles/search?make=Ford&limit=50',
      '/api/vehicles/search?make=Ford&sort=price_asc&limit=50',
      '/api/vehicles/tagged?tag=hot&limit=20',
      '/api/vehicles/search?random=true&limit=50',
    ];
    for (const url of urls) expect(cardIn(await get(url), id)?.title).toBe('1964 Ford Thunderbird');
    await db
      .updateTable('vehicles')
      .set({ title: '1964 Ford Thunderbird Landau', mileage: 12_345 })
      .where('id', '=', id)
      .execute();
    for (const url of urls)
      expect(cardIn(await get(url), id)).toMatchObject({ title: '1964 Ford Thunderbird Landau', mileage: 12_345 });
    const photo = await addVehicleImage(db, ctx.app.storage, id, { width: 400, height: 300 });
    for (const url of urls) expect(cardIn(await get(url), id)?.image?.id).toBe(photo);
  });
});

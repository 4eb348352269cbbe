import path from 'node:path';
import { type QueryResult, type RootOperationNode, sql, type UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@vm/shared/messages';
import {
  type VehicleSearchResponse,
  type VehicleSummary,
  vehicleListSchema,
  vehicleSearchResponseSchema,
  vehicleSummarySchema,
} from '@vm/shared/vehicle';
import type { Kysely } from 'kysely';
import { openSqlite } from '../src/db/database.ts';
import type { DB } from '../src/db/schema.ts';
import { summariesByIds } from '../src/features/vehicles/vehicle-repository.ts';
import { SUMMARY_COLUMNS } from '../src/features/vehicles/vehicle-mapper.ts';
import { SNAPSHOT_COLUMNS } from '../src/features/catalogue/search-filters.ts';
import { CacheLookups } from '../src/features/catalogue/cache-lookups.ts';
import { type CardStamps, cardListJson, VehicleCards } from '../src/features/catalogue/vehicle-cards.ts';
import { addVehicleImage, createVehicle } from './fixtures/vehicles.ts';
import { createTestContext, DIALECTS, type TestContext } from './test-app.ts';

/**
 * Vehicle cards are kept in memory, each under its stamp (docs/decisions/110,
 * docs/decisions/138-card-stamps.md): a card must equal a fresh read for as long as its stamp
 * holds, every change a card shows must move its stamp and show at once, and a change to one
 * vehicle must leave the other cards kept.
 */
/** Cards kept and read since the last call (the `cards` cache lookups). */
const lookups = new CacheLookups();
function cardLookups() {
  const { hits, misses } = lookups.take('cards');
  return { kept: hits, read: misses };
}

/** Every vehicle's card stamp as the database holds it now: what a snapshot read now would hold. */
async function stampsNow(db: Kysely<DB>): Promise<CardStamps> {
  const rows = await db.selectFrom('vehicles').select(['id', 'card_version']).execute();
  const stamps = new Map(rows.map((r) => [r.id, r.card_version]));
  return { cardStampOf: (id) => stamps.get(id) ?? 0 };
}

const stampOf = async (db: Kysely<DB>, id: string) =>
  (await db.selectFrom('vehicles').select('card_version').where('id', '=', id).executeTakeFirstOrThrow()).card_version;

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

  it('API-28 gives the same cards as a fresh read, in the order asked, and reads each card once while its stamp holds', async () => {
    const db = ctx.database.db;
    const cards = new VehicleCards(undefined, lookups);
    const stamps = await stampsNow(db);
    cardLookups();
    const asked = [ids[3], ids[0], ids[4]] as string[];
    const first = await cardsOf(cards, db, asked, stamps);
    expect(first).toEqual(await summariesByIds(db, asked));
    expect(first.map((c) => c.id)).toEqual(asked);
    expect(cardLookups()).toEqual({ kept: 0, read: 3 });
    const again = await cardsOf(cards, db, [ids[0], ids[1]] as string[], stamps);
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
    const found = await cardsOf(cards, db, [ids[0] as string, gone.id], await stampsNow(db));
    expect(found.map((c) => c.id)).toEqual([ids[0]]);
  });

  it('ISSUE-18-CARD-STAMPS reads again only the card of the vehicle that changed, and a card newer than the stamp asked is kept', async () => {
    const db = ctx.database.db;
    const cards = new VehicleCards(undefined, lookups);
    const id = ids[2] as string;
    const others = [ids[0], ids[1]] as string[];
    const before = await stampsNow(db);
    expect((await cardsOf(cards, db, [id, ...others], before))[0]?.price).toBe(40_000);
    await db
      .updateTable('vehicles')
      .set({ price_cents: 3_150_000, title: '1962 Ford Falcon Sprint' })
      .where('id', '=', id)
      .execute();
    const after = await stampsNow(db);
    expect(after.cardStampOf(id)).toBeGreaterThan(before.cardStampOf(id));
    cardLookups();
    const fresh = await cardsOf(cards, db, [id, ...others], after);
    expect(fresh[0]).toMatchObject({ price: 31_500, title: '1962 Ford Falcon Sprint' });
    expect(fresh).toEqual(await summariesByIds(db, [id, ...others]));
    expect(cardLookups()).toEqual({ kept: 2, read: 1 });
    // A vehicle the snapshot does not hold: no kept card is known to be new enough, so it is read.
    const unknown: CardStamps = { cardStampOf: () => Number.POSITIVE_INFINITY };
    expect((await cardsOf(cards, db, [id], unknown))[0]?.price).toBe(31_500);
    expect(cardLookups()).toEqual({ kept: 0, read: 1 });
    // A request whose snapshot was read before the change gets the newer card kept since.
    expect((await cardsOf(cards, db, [id], before))[0]?.price).toBe(31_500);
    expect(cardLookups()).toEqual({ kept: 1, read: 0 });
    // A card read before the change, kept under its older stamp, is not shown for the newer one.
    const early = new VehicleCards(undefined, lookups);
    await db.updateTable('vehicles').set({ mileage: 61_000 }).where('id', '=', id).execute();
    await cardsOf(early, db, [id], after);
    cardLookups();
    const latest = await stampsNow(db);
    expect((await cardsOf(early, db, [id], after))[0]?.mileage).toBe(61_000);
    expect((await cardsOf(early, db, [id], latest))[0]?.mileage).toBe(61_000);
    expect(cardLookups()).toEqual({ kept: 2, read: 0 });
  });

  it('ISSUE-18-CARD-STAMPS a read that ends after a newer one keeps the newer card', async () => {
    const db = ctx.database.db;
    const cards = new VehicleCards(undefined, lookups);
    const id = ids[4] as string;
    // One read whose rows arrive only when the test lets them: the database's answer, held back.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let answered: () => void = () => {};
    const read = new Promise<void>((resolve) => {
      answered = resolve;
    });
    const holdBack = {
      transformQuery: ({ node }: { node: RootOperationNode }) => node,
      transformResult: async ({ result }: { result: QueryResult<UnknownRow> }) => {
        answered();
        await held;
        return result;
      },
    };
    // SQLite's one connection would wait for the held read: it reads through a second one.
    const second = dialect === 'sqlite' ? openSqlite(path.join(ctx.config.dataDir, 'test.db')) : undefined;
    const slowDb = (second?.db ?? db).withPlugin(holdBack);
    const slow = cardsOf(cards, slowDb, [id], await stampsNow(db));
    // The slow read has its rows, from before the change.
    await read;
    await db.updateTable('vehicles').set({ mileage: 77_000 }).where('id', '=', id).execute();
    const now = await stampsNow(db);
    expect((await cardsOf(cards, db, [id], now))[0]?.mileage).toBe(77_000);
    release();
    expect((await slow)[0]?.mileage).not.toBe(77_000);
    await second?.close();
    cardLookups();
    // The older read, ending last, did not replace the newer card: it is still kept for the new stamp.
    expect((await cardsOf(cards, db, [id], now))[0]?.mileage).toBe(77_000);
    expect(cardLookups()).toEqual({ kept: 1, read: 0 });
  });

  it('ISSUE-18-CARD-STAMPS every change a card shows moves its stamp, in the same statement (a tag or photo moved: both vehicles); counts and the description do not', async () => {
    const db = ctx.database.db;
    const id = ids[1] as string;
    const moves = async (change: () => Promise<unknown>) => {
      const before = await stampOf(db, id);
      await change();
      return (await stampOf(db, id)) > before;
    };
    // Every column a catalogue snapshot reads is a card column, so it moves the stamp too: on
    // SQLite a snapshot reads again only the vehicles whose stamp moved (catalogue-snapshots.ts).
    for (const column of SNAPSHOT_COLUMNS) expect(SUMMARY_COLUMNS, column).toContain(column);
    // Each card column, even set to the value it has: the triggers fire on the columns a statement sets.
    for (const column of SUMMARY_COLUMNS.filter((c) => c !== 'id'))
      expect(
        await moves(() =>
          sql`update vehicles set ${sql.ref(column)} = ${sql.ref(column)} where id = ${id}`.execute(db),
        ),
        column,
      ).toBe(true);
    for (const column of ['view_count', 'watch_count', 'description', 'updated_at'])
      expect(
        await moves(() =>
          sql`update vehicles set ${sql.ref(column)} = ${sql.ref(column)} where id = ${id}`.execute(db),
        ),
        column,
      ).toBe(false);
    expect(await moves(() => db.insertInto('vehicle_tags').values({ vehicle_id: id, tag: 'rare' }).execute())).toBe(
      true,
    );
    expect(
      await moves(() =>
        db
          .updateTable('vehicle_tags')
          .set({ tag: 'rarer' })
          .where('vehicle_id', '=', id)
          .where('tag', '=', 'rare')
          .execute(),
      ),
    ).toBe(true);
    expect(
      await moves(() =>
        db.deleteFrom('vehicle_tags').where('vehicle_id', '=', id).where('tag', '=', 'rarer').execute(),
      ),
    ).toBe(true);
    // Several rows in one statement (PostgreSQL bumps once per statement).
    expect(
      await moves(() =>
        db
          .insertInto('vehicle_tags')
          .values(['one', 'two'].map((tag) => ({ vehicle_id: id, tag })))
          .execute(),
      ),
    ).toBe(true);
    expect(await moves(() => db.deleteFrom('vehicle_tags').where('vehicle_id', '=', id).execute())).toBe(true);
    let photo = '';
    expect(
      await moves(async () => {
        photo = await addVehicleImage(db, ctx.app.storage, id, { width: 400, height: 300 });
      }),
    ).toBe(true);
    expect(
      await moves(() => db.updateTable('vehicle_images').set({ position: 5 }).where('id', '=', photo).execute()),
    ).toBe(true);
    // A photo moved to another vehicle changes both cards.
    const other = ids[0] as string;
    const otherBefore = await stampOf(db, other);
    expect(
      await moves(() => db.updateTable('vehicle_images').set({ vehicle_id: other }).where('id', '=', photo).execute()),
    ).toBe(true);
    expect(await stampOf(db, other)).toBeGreaterThan(otherBefore);
    await db.updateTable('vehicle_images').set({ vehicle_id: id }).where('id', '=', photo).execute();
    expect(await moves(() => db.deleteFrom('vehicle_images').where('id', '=', photo).execute())).toBe(true);
    // Another vehicle's change leaves this stamp alone.
    expect(
      await moves(() =>
        db
          .updateTable('vehicles')
          .set({ mileage: 7 })
          .where('id', '=', ids[0] as string)
          .execute(),
      ),
    ).toBe(false);
  });

  it('ISSUE-18-CARDS-AHEAD reads ahead the cards not kept under their stamp, which a lookup then finds, and stops when the catalogue moves on', async () => {
    const db = ctx.database.db;
    const cards = new VehicleCards(undefined, lookups);
    const stamps = await stampsNow(db);
    await cardsOf(cards, db, [ids[0]] as string[], stamps);
    const current = async () => true;
    expect(await cards.readAhead(db, ids, stamps, current)).toBe(ids.length - 1);
    expect(await cards.readAhead(db, ids, stamps, current)).toBe(0);
    cardLookups();
    expect(await cardsOf(cards, db, ids, stamps)).toEqual(await summariesByIds(db, ids));
    expect(cardLookups()).toEqual({ kept: ids.length, read: 0 });
    // After a change only the changed card is read again.
    await db
      .updateTable('vehicles')
      .set({ year: 1963 })
      .where('id', '=', ids[3] as string)
      .execute();
    expect(await cards.readAhead(db, ids, await stampsNow(db), current)).toBe(1);
    expect((await cardsOf(cards, db, [ids[3]] as string[], await stampsNow(db)))[0]?.year).toBe(1963);
    expect(cardLookups()).toEqual({ kept: 1, read: 0 });
    // The catalogue moved on before the first read: nothing is read for it.
    const fresh = new VehicleCards(undefined, lookups);
    expect(await fresh.readAhead(db, ids, stamps, async () => false)).toBe(0);
    await cardsOf(fresh, db, ids, stamps);
    expect(cardLookups()).toEqual({ kept: 0, read: ids.length });
  });

  it('ISSUE-18-CARDS-AHEAD looks the cards up a slice at a time and reads every stale one, wherever it is in a long list', async () => {
    const db = ctx.database.db;
    const cards = new VehicleCards(undefined, lookups);
    // 12,000 ids, more than two slices of lookups: the real vehicles at the start, in the
    // middle and at the end; the others are kept as far as the stamps say (none is asked newer
    // than nothing), so only the real ones are read.
    const real = ids.slice(0, 3);
    const list = Array.from({ length: 12_000 }, (_, i) => `not-a-vehicle-${i}`);
    list[0] = real[0] as string;
    list[7_000] = real[1] as string;
    list[11_999] = real[2] as string;
    const now = await stampsNow(db);
    const stamps: CardStamps = { cardStampOf: (id) => (real.includes(id) ? now.cardStampOf(id) : -2) };
    expect(await cards.readAhead(db, list, stamps, async () => true)).toBe(3);
    cardLookups();
    expect(await cardsOf(cards, db, real, stamps)).toEqual(await summariesByIds(db, real));
    expect(cardLookups()).toEqual({ kept: 3, read: 0 });
  });

  it('keeps at most its limit, letting the least recently shown card go', async () => {
    const db = ctx.database.db;
    const cards = new VehicleCards(2, lookups);
    const stamps = await stampsNow(db);
    cardLookups();
    await cardsOf(cards, db, [ids[0], ids[1]] as string[], stamps);
    await cardsOf(cards, db, [ids[0]] as string[], stamps); // ids[0] is now the most recently shown
    await cardsOf(cards, db, [ids[2]] as string[], stamps); // so ids[1] goes
    expect(cardLookups()).toEqual({ kept: 1, read: 3 });
    await cardsOf(cards, db, [ids[0], ids[2]] as string[], stamps);
    expect(cardLookups()).toEqual({ kept: 2, read: 0 });
    await cardsOf(cards, db, [ids[1]] as string[], stamps);
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

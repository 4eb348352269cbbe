import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@vm/shared/messages';
import { openSqlite } from '../src/db/database.ts';
import { reusableQuery } from '../src/lib/reusable-query.ts';
import type { DB } from '../src/db/schema.ts';
import type { Kysely } from 'kysely';
import { createVehicle } from './fixtures/vehicles.ts';
import { createTestContext, DIALECTS, registerBuyer, type TestContext } from './test-app.ts';

const vehicleTitles = reusableQuery((db: Kysely<DB>, make: string, minYear: number) =>
  db
    .selectFrom('vehicles')
    .select(['title', 'year'])
    .where('make', '=', make)
    .where('year', '>=', minYear)
    .where('status', '!=', 'Archived')
    .orderBy('year'),
);

describe.each(DIALECTS)('cheaper request paths on %s', (dialect) => {
  let ctx: TestContext;
  let db: Kysely<DB>;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'off' });
    db = ctx.database.db;
  });
  afterAll(async () => ctx?.close());

  it('API-20 an id wins over another vehicle whose slug is that id, and each slug still opens its own vehicle', async () => {
    // The impostor is older (an earlier row), so a lookup returning matches in row order would pick it.
    const impostor = await createVehicle(db, { title: '1970 Plymouth Superbird' });
    const real = await createVehicle(db, { title: '1969 Dodge Charger Daytona' });
    await db.updateTable('vehicles').set({ slug: real.id }).where('id', '=', impostor.id).execute();
    const byId = await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${real.id}` });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({ id: real.id, title: '1969 Dodge Charger Daytona' });
    const bySlug = await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${real.slug}` });
    expect(bySlug.json().id).toBe(real.id);
  });

  it('API-36 API-34 a watch and an offer sent by slug land on that vehicle; an unknown one is 404 and writes nothing', async () => {
    const car = await createVehicle(db, { title: '1957 Chevrolet Bel Air', price: 55_000 });
    const buyer = await registerBuyer(ctx.app);
    const watch = await ctx.app.inject({
      method: 'POST',
      url: `/api/vehicles/${car.slug}/watch`,
      headers: buyer.headers,
      payload: { watching: true },
    });
    expect(watch.json()).toEqual({ isWatching: true, watchCount: 1 });
    const offer = await ctx.app.inject({
      method: 'POST',
      url: `/api/vehicles/${car.slug}/offers`,
      headers: buyer.headers,
      payload: { amount: 50_000, message: 'Cash buyer' },
    });
    expect(offer.statusCode).toBe(201);
    expect(offer.json().offer).toMatchObject({
      amount: 50_000,
      vehicle: { id: car.id, title: '1957 Chevrolet Bel Air' },
    });
    const counts = async () =>
      Promise.all(
        (['watches', 'offers', 'activity_events'] as const).map(async (t) =>
          Number(
            (
              await db
                .selectFrom(t)
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      );
    const before = await counts();
    for (const url of ['/api/vehicles/no-such-car/watch', '/api/vehicles/no-such-car/offers']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: buyer.headers,
        payload: url.endsWith('watch') ? { watching: true } : { amount: 1000, message: '' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: MSG.vehicleNotFound });
    }
    expect(await counts()).toEqual(before);
  });

  it('a reusable query runs with each call’s values, keeps its constants, and works inside a transaction', async () => {
    await createVehicle(db, { title: 'Reusable A', make: 'Studebaker', year: 1950 });
    await createVehicle(db, { title: 'Reusable B', make: 'Studebaker', year: 1962 });
    await createVehicle(db, { title: 'Reusable C', make: 'Studebaker', year: 1964, status: 'Archived' });
    await createVehicle(db, { title: 'Reusable D', make: 'Packard', year: 1955 });
    const titles = async (q: Kysely<DB>, make: string, minYear: number) =>
      (await vehicleTitles(q, make, minYear)).rows.map((r) => r.title);
    expect(await titles(db, 'Studebaker', 1900)).toEqual(['Reusable A', 'Reusable B']);
    expect(await titles(db, 'Studebaker', 1960)).toEqual(['Reusable B']);
    expect(await titles(db, 'Packard', 1900)).toEqual(['Reusable D']);
    // A transaction is another Kysely instance on the same dialect: the compiled query is shared.
    const inside = await db.transaction().execute((trx) => titles(trx, 'Packard', 1956));
    expect(inside).toEqual([]);
  });

  it('a reusable query refuses an argument that is not a plain bound value', async () => {
    const listed = reusableQuery((q: Kysely<DB>, id: string) =>
      q.selectFrom('vehicles').select('id').where('id', 'in', [id, id]),
    );
    const inlined = reusableQuery((q: Kysely<DB>, title: string) =>
      q.selectFrom('vehicles').select('id').where('title', '=', sql.lit(title)),
    );
    const unused = reusableQuery((q: Kysely<DB>, _id: string) => q.selectFrom('vehicles').select('id'));
    // A value used twice is fine (both slots take it); one inlined in the text or never used is not.
    expect((await listed(db, 'none')).rows).toEqual([]);
    await expect(inlined(db, 'x')).rejects.toThrow(/argument 0 is not a plain parameter/);
    await expect(unused(db, 'x')).rejects.toThrow(/argument 0 is not a plain parameter/);
  });
});

describe('SQLite checkpoints', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vm-checkpoints-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('copies the WAL into the database file off the request thread, and closes without leaving a WAL', async () => {
    const file = path.join(dir, 'checkpoints.db');
    const database = openSqlite(file);
    try {
      await sql`create table filler (n integer primary key, text text not null)`.execute(database.db);
      // About 600 pages: far below the main connection's own checkpoint (10,000 frames), so
      // only the worker can have copied them into the database file.
      const text = 'x'.repeat(3000);
      for (let batch = 0; batch < 30; batch++) {
        await database.db.transaction().execute(async (trx) => {
          for (let i = 0; i < 20; i++) await sql`insert into filler (text) values (${text})`.execute(trx);
        });
      }
      const deadline = Date.now() + 5000;
      while (statSync(file).size < 600 * 3000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(statSync(file).size).toBeGreaterThan(600 * 3000);
    } finally {
      await database.close();
    }
    expect(existsSync(`${file}-wal`)).toBe(false);
    const reopened = openSqlite(file);
    try {
      const { rows } = await sql<{ n: number }>`select count(*) as n from filler`.execute(reopened.db);
      expect(Number(rows[0]?.n)).toBe(600);
    } finally {
      await reopened.close();
    }
  });
});

import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VehicleSearchResponse } from '@vm/shared/vehicle';
import { startBackgroundWork } from '../src/background-work.ts';
import { Catalogue } from '../src/features/catalogue/catalogue.ts';
import { addVehicleImage, createVehicle } from './fixtures/vehicles.ts';
import { createTestContext, DIALECTS, type TestContext } from './test-app.ts';

/*
 * The catalogue reads the card of every public vehicle ahead once the catalogue holds still
 * (docs/decisions/134-cards-read-ahead.md), so a search then reads no card from the database;
 * after a change, only the cards whose stamp moved (docs/decisions/138-card-stamps.md).
 */
const MODELS = ['Mustang', 'Bronco', 'Falcon', 'Galaxie', 'Thunderbird', 'Fairlane'];

describe.each(DIALECTS)('cards read ahead on %s', (dialect) => {
  let ctx: TestContext;
  const ids: string[] = [];
  const search = async () =>
    (
      await ctx.app.inject({ method: 'GET', url: '/api/vehicles/search?make=Ford&limit=50' })
    ).json<VehicleSearchResponse>();

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const db = ctx.database.db;
    for (const [i, model] of MODELS.entries())
      ids.push(
        (await createVehicle(db, { title: `196${i} Ford ${model}`, make: 'Ford', model, price: 20_000 + i })).id,
      );
    await addVehicleImage(db, ctx.app.storage, ids[0] as string);
    await createVehicle(db, { title: '1968 Ford Torino', make: 'Ford', model: 'Torino', status: 'Archived' });
  });
  afterAll(async () => ctx?.close());

  it('ISSUE-18-CARDS-AHEAD reads every public card once the version has held since the last call, and a search then reads none', async () => {
    const { catalogue } = ctx.app;
    // The first call only sees the version: a catalogue may be in the middle of a run of changes.
    expect(await catalogue.readCardsAhead()).toBe(0);
    expect(await catalogue.readCardsAhead()).toBe(MODELS.length);
    // Each version's cards are read once.
    expect(await catalogue.readCardsAhead()).toBe(0);
    ctx.lookups.take('cards');
    const found = await search();
    expect(found.total).toBe(MODELS.length);
    expect(found.vehicles.find((v) => v.id === ids[0])?.image).toBeDefined();
    expect(ctx.lookups.take('cards')).toEqual({ hits: MODELS.length, misses: 0 });
  });

  it('ISSUE-18-CARD-STAMPS after a change reads again only the changed card, once the catalogue holds still, and it shows the change', async () => {
    const { catalogue } = ctx.app;
    const id = ids[2] as string;
    await ctx.database.db.updateTable('vehicles').set({ price_cents: 3_150_000 }).where('id', '=', id).execute();
    expect(await catalogue.readCardsAhead()).toBe(0);
    // The other cards stay kept under their stamps (docs/decisions/138-card-stamps.md).
    expect(await catalogue.readCardsAhead()).toBe(1);
    ctx.lookups.take('cards');
    const found = await search();
    expect(found.vehicles.find((v) => v.id === id)?.price).toBe(31_500);
    expect(ctx.lookups.take('cards')).toEqual({ hits: MODELS.length, misses: 0 });
  });

  it('ISSUE-18-CARDS-AHEAD the server reads them ahead on its own, a second or two after a change', async () => {
    const id = ids[4] as string;
    await ctx.database.db.updateTable('vehicles').set({ mileage: 4_321 }).where('id', '=', id).execute();
    const stop = startBackgroundWork(ctx.app);
    try {
      await sleep(3_500);
    } finally {
      await stop();
    }
    ctx.lookups.take('cards');
    expect((await search()).vehicles.find((v) => v.id === id)?.mileage).toBe(4_321);
    expect(ctx.lookups.take('cards')).toEqual({ hits: MODELS.length, misses: 0 });
  });

  it('ISSUE-18-CARDS-AHEAD reads nothing when there are more public vehicles than cards kept', async () => {
    const small = new Catalogue(ctx.database.db, dialect, { keptCards: MODELS.length - 1 });
    expect(await small.readCardsAhead()).toBe(0);
    expect(await small.readCardsAhead()).toBe(0);
  });
});

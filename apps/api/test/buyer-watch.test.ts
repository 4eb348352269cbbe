import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@vm/shared/messages';
import { createVehicle, setVehicleStatus, storedWatchCount } from './buyer-fixtures.ts';
import {
  createTestContext,
  DIALECTS,
  registerBuyer,
  type SignedIn,
  tableCounts,
  type TestContext,
} from './test-app.ts';

describe.each(DIALECTS)('watch and watchlist on %s', (dialect) => {
  let ctx: TestContext;
  let buyer: SignedIn;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'off' });
    buyer = await registerBuyer(ctx.app);
  });
  afterAll(async () => ctx.close());

  const getWatch = (vehicle: string, who?: SignedIn) =>
    ctx.app.inject({ method: 'GET', url: `/api/vehicles/${vehicle}/watch`, headers: who?.headers ?? {} });
  const postWatch = (vehicle: string, payload: unknown, who?: SignedIn) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/vehicles/${vehicle}/watch`,
      headers: who?.headers ?? {},
      payload: payload as object,
    });

  it('API-35 API-36 refuses anonymous reads and writes with 401 and changes nothing', async () => {
    const v = await createVehicle(ctx.database);
    const before = await tableCounts(ctx.database);
    const read = await getWatch(v.id);
    expect(read.statusCode).toBe(401);
    expect(read.json().message).toBe(MSG.notSignedIn);
    const write = await postWatch(v.id, { watching: true });
    expect(write.statusCode).toBe(401);
    expect(await tableCounts(ctx.database)).toEqual(before);
  });

  it('API-35 API-36 DETAIL-14 DETAIL-15 ROLE-08 watches and unwatches, idempotently, with an exact count', async () => {
    const v = await createVehicle(ctx.database);
    expect((await getWatch(v.id, buyer)).json()).toEqual({ isWatching: false, watchCount: 0 });

    const on = await postWatch(v.id, { watching: true }, buyer);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ isWatching: true, watchCount: 1 });
    // Watching twice is still one watch.
    expect((await postWatch(v.id, { watching: true }, buyer)).json()).toEqual({ isWatching: true, watchCount: 1 });
    // The slug addresses the same vehicle.
    expect((await getWatch(v.slug, buyer)).json()).toEqual({ isWatching: true, watchCount: 1 });

    const other = await registerBuyer(ctx.app);
    expect((await getWatch(v.id, other)).json()).toEqual({ isWatching: false, watchCount: 1 });
    expect((await postWatch(v.id, { watching: true }, other)).json()).toEqual({ isWatching: true, watchCount: 2 });

    expect((await postWatch(v.id, { watching: false }, buyer)).json()).toEqual({ isWatching: false, watchCount: 1 });
    expect((await postWatch(v.id, { watching: false }, buyer)).json()).toEqual({ isWatching: false, watchCount: 1 });
    expect(await storedWatchCount(ctx.database, v.id)).toEqual({ stored: 1, rows: 1 });
  });

  it('API-36 answers 404 for an unknown vehicle and 400 for a bad body, writing nothing', async () => {
    const v = await createVehicle(ctx.database);
    const before = await tableCounts(ctx.database);
    const missing = await postWatch('no-such-vehicle', { watching: true }, buyer);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MSG.vehicleNotFound);
    expect((await getWatch('no-such-vehicle', buyer)).statusCode).toBe(404);
    for (const payload of [{}, { watching: 'yes' }, { watching: true, extra: 1 }]) {
      const res = await postWatch(v.id, payload, buyer);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await tableCounts(ctx.database)).toEqual(before);
  });

  it('API-36 keeps watch_count exact when the same user toggles concurrently', async () => {
    const v = await createVehicle(ctx.database);
    const results = await Promise.all(Array.from({ length: 10 }, () => postWatch(v.id, { watching: true }, buyer)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await storedWatchCount(ctx.database, v.id)).toEqual({ stored: 1, rows: 1 });
    await Promise.all(Array.from({ length: 10 }, () => postWatch(v.id, { watching: false }, buyer)));
    expect(await storedWatchCount(ctx.database, v.id)).toEqual({ stored: 0, rows: 0 });
  });

  it('API-36 keeps watch_count equal to the watches under mixed concurrent toggles of many users', async () => {
    const v = await createVehicle(ctx.database);
    const buyers = await Promise.all(Array.from({ length: 6 }, () => registerBuyer(ctx.app)));
    const requests = buyers.flatMap((b, i) => [
      postWatch(v.id, { watching: true }, b),
      postWatch(v.id, { watching: i % 2 === 0 }, b),
      postWatch(v.id, { watching: true }, b),
    ]);
    const results = await Promise.all(requests);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const counts = await storedWatchCount(ctx.database, v.id);
    expect(counts.stored).toBe(counts.rows);
    expect(counts.rows).toBeGreaterThanOrEqual(3);
  });

  it('an archived vehicle cannot be newly watched but can still be unwatched', async () => {
    const v = await createVehicle(ctx.database);
    await postWatch(v.id, { watching: true }, buyer);
    await setVehicleStatus(ctx.database, v.id, 'Archived');
    const other = await registerBuyer(ctx.app);
    expect((await postWatch(v.id, { watching: true }, other)).statusCode).toBe(404);
    expect((await postWatch(v.id, { watching: false }, buyer)).json()).toEqual({ isWatching: false, watchCount: 0 });
  });

  it('API-45 ACCOUNT-09 lists only the caller’s watched vehicles, newest watch first, without archived ones', async () => {
    const me = await registerBuyer(ctx.app);
    const other = await registerBuyer(ctx.app);
    const first = await createVehicle(ctx.database, { title: 'First Watched Car', price: 12500.5 });
    const second = await createVehicle(ctx.database, { title: 'Second Watched Car' });
    const archived = await createVehicle(ctx.database, { title: 'Archived Watched Car' });
    const notMine = await createVehicle(ctx.database, { title: 'Someone Else Car' });
    await postWatch(first.id, { watching: true }, me);
    await new Promise((r) => setTimeout(r, 5));
    await postWatch(archived.id, { watching: true }, me);
    await new Promise((r) => setTimeout(r, 5));
    await postWatch(second.id, { watching: true }, me);
    await postWatch(notMine.id, { watching: true }, other);
    await setVehicleStatus(ctx.database, archived.id, 'Archived');

    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/watchlist', headers: me.headers });
    expect(res.statusCode).toBe(200);
    const { vehicles } = res.json();
    expect(vehicles.map((v: { title: string }) => v.title)).toEqual(['Second Watched Car', 'First Watched Car']);
    expect(vehicles[1]).toMatchObject({ id: first.id, slug: first.slug, price: 12500.5, make: 'Jaguar' });
    expect(vehicles[1]).not.toHaveProperty('price_cents');

    const empty = await ctx.app.inject({ method: 'GET', url: '/api/users/watchlist', headers: buyer.headers });
    expect(empty.json().vehicles.some((v: { id: string }) => v.id === notMine.id)).toBe(false);
  });

  it('API-45 refuses an anonymous watchlist read with 401', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/watchlist' });
    expect(res.statusCode).toBe(401);
  });
});

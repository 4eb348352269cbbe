import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVehicle } from './fixtures/vehicles.ts';
import { createTestContext, DIALECTS, registerBuyer, tableCounts, type TestContext } from './test-app.ts';

describe.each(DIALECTS)('storefront views and page visits on %s', (dialect) => {
  let ctx: TestContext;
  let vehicle: { id: string; slug: string };
  let archived: { id: string; slug: string };

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    vehicle = await createVehicle(ctx.database.db, { title: '1972 Datsun 240Z' });
    archived = await createVehicle(ctx.database.db, { title: 'Hidden car', status: 'Archived' });
  });
  afterAll(async () => ctx.close());

  let ipCounter = 0;
  /** Each test sends from its own address, so the per-IP rate limit of one test never touches another. */
  const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  const view = (id: string, fingerprint: unknown, options: { ip?: string; headers?: Record<string, string> } = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/vehicles/${id}/view`,
      payload: { fingerprint } as object,
      headers: options.headers ?? {},
      remoteAddress: options.ip ?? '10.9.9.9',
    });
  const viewCount = async (id: string) =>
    (await ctx.database.db.selectFrom('vehicles').select('view_count').where('id', '=', id).executeTakeFirstOrThrow())
      .view_count;

  it('API-37 DETAIL-32 counts a view once per fingerprint: the second call is not a new view', async () => {
    const ip = freshIp();
    const before = await viewCount(vehicle.id);
    const first = await view(vehicle.id, 'fp-aaaaaaaa', { ip });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, isNewView: true, viewCount: before + 1 });
    const again = await view(vehicle.id, 'fp-aaaaaaaa', { ip });
    expect(again.json()).toEqual({ success: true, isNewView: false, viewCount: before + 1 });
    // The slug reaches the same vehicle and the same fingerprint row.
    const bySlug = await view(vehicle.slug, 'fp-aaaaaaaa', { ip });
    expect(bySlug.json()).toEqual({ success: true, isNewView: false, viewCount: before + 1 });
    expect(await viewCount(vehicle.id)).toBe(before + 1);
  });

  it('API-37 counts 10 concurrent views with different fingerprints exactly 10 times', async () => {
    const ip = freshIp();
    const before = await viewCount(vehicle.id);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => view(vehicle.id, `concurrent-fingerprint-${i}`, { ip })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(results.every((r) => r.json().isNewView === true)).toBe(true);
    expect(await viewCount(vehicle.id)).toBe(before + 10);
    const counts = results.map((r) => r.json().viewCount as number).sort((a, b) => a - b);
    expect(counts.at(-1)).toBe(before + 10);
    // Concurrent repeats of one fingerprint still make one view.
    const same = await Promise.all(Array.from({ length: 5 }, () => view(vehicle.id, 'same-fingerprint-x', { ip })));
    expect(same.filter((r) => r.json().isNewView === true)).toHaveLength(1);
    expect(await viewCount(vehicle.id)).toBe(before + 11);
  });

  it('DETAIL-32 records the viewer when signed in and anonymous viewers without one', async () => {
    const buyer = await registerBuyer(ctx.app);
    const ip = freshIp();
    await view(vehicle.id, 'signed-in-fingerprint', { ip, headers: buyer.headers });
    await view(vehicle.id, 'anonymous-fingerprint', { ip });
    const rows = await ctx.database.db
      .selectFrom('vehicle_views')
      .select(['fingerprint', 'user_id'])
      .where('fingerprint', 'in', ['signed-in-fingerprint', 'anonymous-fingerprint'])
      .orderBy('fingerprint')
      .execute();
    expect(rows).toEqual([
      { fingerprint: 'anonymous-fingerprint', user_id: null },
      { fingerprint: 'signed-in-fingerprint', user_id: buyer.id },
    ]);
  });

  it('refuses a bad fingerprint with 400 and changes nothing; unknown and archived vehicles are 404', async () => {
    const ip = freshIp();
    const before = await tableCounts(ctx.database);
    const count = await viewCount(vehicle.id);
    for (const fingerprint of ['short', '', 42, 'x'.repeat(129), null]) {
      const res = await view(vehicle.id, fingerprint, { ip });
      expect(res.statusCode, String(fingerprint)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const extra = await ctx.app.inject({
      method: 'POST',
      url: `/api/vehicles/${vehicle.id}/view`,
      payload: { fingerprint: 'fp-bbbbbbbb', viewCount: 1000 },
      remoteAddress: ip,
    });
    expect(extra.statusCode).toBe(400);
    expect((await view('no-such-vehicle', 'fp-cccccccc', { ip })).statusCode).toBe(404);
    const hidden = await view(archived.id, 'fp-cccccccc', { ip });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('Vehicle not found.');
    expect(await tableCounts(ctx.database)).toEqual(before);
    expect(await viewCount(vehicle.id)).toBe(count);
  });

  it('CONST-28 rate limits view calls per address with 429 and Retry-After', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await view(vehicle.id, `rate-limit-fp-${i}`, { ip })).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    const limited = await view(vehicle.id, 'rate-limit-fp-last', { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().message).toEqual(expect.any(String));
    // Another address is not affected.
    expect((await view(vehicle.id, 'rate-limit-other-ip', { ip: freshIp() })).statusCode).toBe(200);
  });

  const visit = (payload: unknown, options: { headers?: Record<string, string>; ip?: string } = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/tracking/page-visit',
      payload: payload as object,
      headers: options.headers ?? {},
      remoteAddress: options.ip ?? '10.8.8.8',
    });

  it('API-38 HOME-30 stores an anonymous page visit with its referrer, "Direct" when there is none', async () => {
    const ip = freshIp();
    const res = await visit({ page: '/', referrer: 'https://www.google.com/' }, { ip });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true });
    expect((await visit({ page: '/about' }, { ip })).statusCode).toBe(201);
    expect((await visit({ page: '/contact', referrer: '' }, { ip })).statusCode).toBe(201);
    const rows = await ctx.database.db.selectFrom('page_visits').select(['page', 'referrer', 'user_id']).execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        { page: '/', referrer: 'https://www.google.com/', user_id: null },
        { page: '/about', referrer: 'Direct', user_id: null },
        { page: '/contact', referrer: 'Direct', user_id: null },
      ]),
    );
  });

  it('HOME-31 attaches the signed-in user when a bearer token comes, and ignores a broken token', async () => {
    const buyer = await registerBuyer(ctx.app);
    const ip = freshIp();
    expect((await visit({ page: '/signed-in', referrer: 'Direct' }, { ip, headers: buyer.headers })).statusCode).toBe(
      201,
    );
    expect(
      (await visit({ page: '/broken-token' }, { ip, headers: { authorization: 'Bearer nonsense' } })).statusCode,
    ).toBe(201);
    const rows = await ctx.database.db
      .selectFrom('page_visits')
      .select(['page', 'user_id'])
      .where('page', 'in', ['/signed-in', '/broken-token'])
      .orderBy('page')
      .execute();
    expect(rows).toEqual([
      { page: '/broken-token', user_id: null },
      { page: '/signed-in', user_id: buyer.id },
    ]);
  });

  it('API-38 refuses a missing page, over-long values and unknown fields with 400, storing nothing', async () => {
    const ip = freshIp();
    const before = await tableCounts(ctx.database);
    for (const payload of [
      {},
      { page: '' },
      { page: '   ' },
      { page: 'x'.repeat(501) },
      { page: '/', referrer: 'y'.repeat(2001) },
      { page: '/', referrer: 'Direct', userId: 'someone' },
      { page: 42 },
    ]) {
      const res = await visit(payload, { ip });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await tableCounts(ctx.database)).toEqual(before);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@vm/shared/messages';
import { tableChecksums } from './fixtures/security-checksum.ts';
import { ROUTE_CATALOGUE, type RouteEntry, routeKey } from './fixtures/security-route-catalogue.ts';
import { apiRouteKeys, routeRecorder } from './fixtures/security-route-table.ts';
import { CALLERS, createWorld, type World } from './fixtures/security-world.ts';
import { createTestContext, DIALECTS, type TestContext } from './test-app.ts';

// Record the real route table: see fixtures/security-route-table.ts for why the factory is wrapped.
vi.mock('fastify', async (importOriginal) =>
  (await import('./fixtures/security-route-table.ts')).recordingFastify(await importOriginal()),
);

describe.each(DIALECTS)('authorization matrix on %s', (dialect) => {
  let ctx: TestContext;
  let world: World;
  let routeKeys: string[];

  beforeAll(async () => {
    const recorder = routeRecorder();
    // Rate limits off: the matrix calls some limited routes more often than a person would.
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'off' });
    routeKeys = apiRouteKeys(recorder.take());
    world = await createWorld(ctx);
  });
  afterAll(async () => ctx?.close());

  it('ROLE-20 every route in the Fastify route table has a matrix entry, and every entry is a real route', () => {
    const catalogued = ROUTE_CATALOGUE.map(routeKey);
    expect(new Set(catalogued).size, 'duplicate matrix entries').toBe(catalogued.length);
    const missing = routeKeys.filter((k) => !catalogued.includes(k));
    const stale = catalogued.filter((k) => !routeKeys.includes(k));
    expect(missing, 'routes without a matrix entry: add them to security-route-catalogue.ts').toEqual([]);
    expect(stale, 'matrix entries for routes that do not exist').toEqual([]);
    expect(routeKeys.length).toBeGreaterThan(30);
  });

  const cases = ROUTE_CATALOGUE.flatMap((entry) =>
    entry.scenarios.map((scenario) => ({ key: routeKey(entry), entry, scenario })),
  );

  it.each(cases)(
    'ROLE-07..15 ROLE-19 ROLE-20 $key — $scenario.name: each caller gets its status, a refusal has a message and writes nothing',
    async ({ entry, scenario }) => {
      const got: Record<string, number> = {};
      const problems: string[] = [];
      for (const caller of CALLERS) {
        const req = await scenario.request(world, caller);
        const before = await tableChecksums(ctx.database);
        const res = await ctx.app.inject({
          method: entry.method,
          url: req.url,
          payload: req.payload,
          headers: { ...(req.credentials ?? world.headersOf(caller)), ...req.headers },
        });
        got[caller] = res.statusCode;
        if (res.statusCode >= 400) {
          const body = res.json<{ message?: unknown }>();
          if (typeof body.message !== 'string' || body.message === '')
            problems.push(`${caller}: ${res.statusCode} without a message`);
          if (JSON.stringify(await tableChecksums(ctx.database)) !== JSON.stringify(before))
            problems.push(`${caller}: refused with ${res.statusCode} but the database changed`);
        }
        if (res.statusCode !== scenario.expect[caller])
          problems.push(
            `${caller}: expected ${scenario.expect[caller]}, got ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
      }
      expect(problems, JSON.stringify(got)).toEqual([]);
    },
  );

  /**
   * Issue #21: who may call decides before the input is read. Every route that refuses anonymous
   * callers (first scenario) gets a request that fails validation however it is read: a path
   * param nobody has, nonsense in the query string, and, on routes that take a body, broken JSON
   * and an empty object. Anonymous gets 401 and, on an admin route (every scenario refuses both
   * buyers), a buyer gets 403, never the 400 of the input; a caller allowed in gets the 400 of
   * the broken JSON, which proves the body really was invalid. Nothing is written.
   */
  const takesBody = (entry: RouteEntry) => entry.method !== 'GET';
  const isAdminRoute = (entry: RouteEntry) =>
    entry.scenarios.every((sc) => sc.expect.buyer === 403 && sc.expect.otherBuyer === 403);
  const guardedRoutes = ROUTE_CATALOGUE.filter((entry) => entry.scenarios[0].expect.anonymous === 401).map((entry) => ({
    key: routeKey(entry),
    entry,
  }));
  const JUNK_QUERY = 'page=abc&limit=-1&sortBy=bogus&sortOrder=sideways&status=bogus&role=bogus&tag=%00';
  const BROKEN_JSON = '{"firstName": ';

  it('ISSUE-21-AUTH-FIRST ROLE-20 the routes refused to anonymous callers include every signed-in and admin route', () => {
    expect(guardedRoutes.length).toBeGreaterThan(25);
    expect(guardedRoutes.filter(({ entry }) => isAdminRoute(entry)).length).toBeGreaterThan(15);
  });

  it.each(guardedRoutes)(
    'ISSUE-21-AUTH-FIRST ROLE-20 $key: an anonymous call with invalid input is 401 (a buyer on an admin route 403) before the input is validated',
    async ({ entry }) => {
      const url = `${entry.path.replace(/:[A-Za-z]+/g, 'no-such-id')}?${JUNK_QUERY}`;
      const bodies: (string | undefined)[] = takesBody(entry) ? [BROKEN_JSON, '{}'] : [undefined];
      const send = (caller: 'anonymous' | 'buyer' | 'admin', payload: string | undefined) =>
        ctx.app.inject({
          method: entry.method,
          url,
          headers: {
            ...world.headersOf(caller),
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(payload === undefined ? {} : { payload }),
        });
      const before = await tableChecksums(ctx.database);
      for (const payload of bodies) {
        const anonymous = await send('anonymous', payload);
        expect(anonymous.statusCode, `anonymous ${payload}: ${anonymous.body}`).toBe(401);
        expect(anonymous.json()).toEqual({ message: MSG.notSignedIn });
        if (isAdminRoute(entry)) {
          const buyer = await send('buyer', payload);
          expect(buyer.statusCode, `buyer ${payload}: ${buyer.body}`).toBe(403);
          expect(buyer.json()).toEqual({ message: MSG.forbidden });
        }
      }
      if (takesBody(entry)) {
        const allowed = await send(isAdminRoute(entry) ? 'admin' : 'buyer', BROKEN_JSON);
        expect(allowed.statusCode, `allowed caller: ${allowed.body}`).toBe(400);
      }
      expect(await tableChecksums(ctx.database)).toEqual(before);
    },
  );

  it("ROLE-09 another buyer never sees the buyer's offer on the same vehicle", async () => {
    const own = await world.inject('buyer', { method: 'GET', url: `/api/vehicles/${world.vehicleId}/offers` });
    const other = await world.inject('otherBuyer', { method: 'GET', url: `/api/vehicles/${world.vehicleId}/offers` });
    expect(own.json<{ offers: { id: string }[] }>().offers.map((o) => o.id)).toContain(world.offerId);
    expect(other.json<{ offers: unknown[] }>().offers).toEqual([]);
  });

  it("ROLE-08 ROLE-10 a watch is the caller's own: it is not on another buyer's watchlist", async () => {
    const vehicle = await world.createVehicle();
    const watch = await world.inject('buyer', {
      method: 'POST',
      url: `/api/vehicles/${vehicle.id}/watch`,
      payload: { watching: true },
    });
    expect(watch.statusCode).toBe(200);
    const own = await world.inject('buyer', { method: 'GET', url: '/api/users/watchlist' });
    const other = await world.inject('otherBuyer', { method: 'GET', url: '/api/users/watchlist' });
    expect(own.json<{ vehicles: { id: string }[] }>().vehicles.map((v) => v.id)).toContain(vehicle.id);
    expect(other.json<{ vehicles: { id: string }[] }>().vehicles.map((v) => v.id)).not.toContain(vehicle.id);
  });

  it('ROLE-10 a buyer editing their own profile cannot raise their role, status or email', async () => {
    const res = await world.inject('buyer', {
      method: 'PUT',
      url: `/api/users/${world.users.buyer.id}`,
      payload: {
        firstName: 'Bea',
        lastName: 'Buyer',
        phone: '',
        role: 'SuperAdmin',
        isActive: true,
        email: 'taken-over@example.com',
      },
    });
    expect(res.statusCode).toBe(200);
    const me = await world.inject('buyer', { method: 'GET', url: '/api/auth/me' });
    expect(me.json<{ user: { role: string; email: string } }>().user).toMatchObject({
      role: 'User',
      email: world.users.buyer.email,
    });
    const admin = await world.inject('buyer', { method: 'GET', url: '/api/users' });
    expect(admin.statusCode).toBe(403);
  });
});

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@vm/shared/messages';
import { createVehicle, setVehicleStatus } from './buyer-fixtures.ts';
import { createTestContext, DIALECTS, registerBuyer, type SignedIn, signInAs, type TestContext } from './test-app.ts';

/**
 * Archived vehicles are off the storefront (docs/product-rules.md#vehicles): to anyone but an
 * admin, the watch and offer routes of an archived vehicle answer exactly what they answer for
 * a vehicle that does not exist, so they tell nobody which archived ids and slugs exist (issue #21).
 */
describe.each(DIALECTS)('archived vehicles through the watch and offer routes on %s', (dialect) => {
  let ctx: TestContext;
  let watcher: SignedIn;
  let stranger: SignedIn;
  let admin: SignedIn;
  let archived: { id: string; slug: string };

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'off' });
    watcher = await registerBuyer(ctx.app);
    stranger = await registerBuyer(ctx.app);
    admin = await signInAs(ctx, 'Admin');
    archived = await createVehicle(ctx.database, { title: 'Quietly Archived Roadster' });
    // The watcher watched it and made an offer while it was on sale.
    const watch = await call('POST', `/api/vehicles/${archived.id}/watch`, watcher, { watching: true });
    expect(watch.statusCode).toBe(200);
    const offer = await call('POST', `/api/vehicles/${archived.id}/offers`, watcher, { amount: 50_000 });
    expect(offer.statusCode).toBe(201);
    await setVehicleStatus(ctx.database, archived.id, 'Archived');
  });
  afterAll(async () => ctx?.close());

  function call(method: 'GET' | 'POST', url: string, who: SignedIn, payload?: object) {
    return ctx.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  }

  const notFound = (res: LightMyRequestResponse, what: string) => {
    expect(res.statusCode, `${what}: ${res.body}`).toBe(404);
    expect(res.json(), what).toEqual({ message: MSG.vehicleNotFound });
  };

  it('ISSUE-21-ARCHIVED GET /watch and GET /offers of an archived vehicle, by id or slug, are the 404 of an unknown vehicle to a buyer, watcher or not', async () => {
    for (const who of [watcher, stranger]) {
      for (const ref of [archived.id, archived.slug, 'no-such-vehicle']) {
        notFound(await call('GET', `/api/vehicles/${ref}`, who), `vehicle ${ref}`);
        notFound(await call('GET', `/api/vehicles/${ref}/watch`, who), `watch ${ref}`);
        notFound(await call('GET', `/api/vehicles/${ref}/offers`, who), `offers ${ref}`);
      }
    }
  });

  it('ISSUE-21-ARCHIVED unwatching an archived vehicle is a 404 to a buyer who does not watch it; the watcher still can', async () => {
    notFound(await call('POST', `/api/vehicles/${archived.id}/watch`, stranger, { watching: false }), 'stranger');
    notFound(await call('POST', `/api/vehicles/${archived.slug}/watch`, stranger, { watching: true }), 'stranger');
    notFound(await call('POST', '/api/vehicles/no-such-vehicle/watch', stranger, { watching: false }), 'unknown');
    const unwatch = await call('POST', `/api/vehicles/${archived.id}/watch`, watcher, { watching: false });
    expect(unwatch.statusCode).toBe(200);
    expect(unwatch.json()).toEqual({ isWatching: false, watchCount: 0 });
  });

  it('ISSUE-21-ARCHIVED an admin still reads the watch state and their own offers of an archived vehicle', async () => {
    expect((await call('GET', `/api/vehicles/${archived.id}`, admin)).statusCode).toBe(200);
    const watch = await call('GET', `/api/vehicles/${archived.slug}/watch`, admin);
    expect(watch.statusCode).toBe(200);
    expect(watch.json()).toMatchObject({ isWatching: false });
    const offers = await call('GET', `/api/vehicles/${archived.id}/offers`, admin);
    expect(offers.statusCode).toBe(200);
    expect(offers.json()).toEqual({ offers: [] });
  });
});

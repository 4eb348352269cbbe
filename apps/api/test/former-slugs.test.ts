import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '@vm/shared/vehicle';
import { fakeWebBuild } from './fixtures/web-build.ts';
import { createTestContext, DIALECTS, type SignedIn, signInAs, type TestContext } from './test-app.ts';
import { mustang } from './vehicle-fixtures.ts';

/*
 * A vehicle's page lives at its slug, which follows its title. A link from before a title change
 * (shared, bookmarked, in an email, in a search engine) still finds the vehicle: a permanent
 * redirect to its address now (docs/decisions/135-former-slugs.md).
 */
describe.each(DIALECTS)('former vehicle addresses on %s', (dialect) => {
  let ctx: TestContext;
  let admin: SignedIn;
  let webDist: string;

  beforeAll(async () => {
    webDist = fakeWebBuild();
    ctx = await createTestContext(dialect, { WEB_DIST: webDist });
    admin = await signInAs(ctx, 'Admin');
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const create = async (payload: object) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/vehicles', headers: admin.headers, payload });
    expect(res.statusCode).toBe(201);
    return res.json<Vehicle>();
  };
  const update = async (id: string, payload: object) => {
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/vehicles/${id}`, headers: admin.headers, payload });
    expect(res.statusCode).toBe(200);
    return res.json<Vehicle>();
  };
  const page = (url: string, method: 'GET' | 'HEAD' = 'GET') => ctx.app.inject({ method, url });

  it('DETAIL-01 a link to the address a vehicle had before its title changed redirects to its address now', async () => {
    const first = await create({ ...mustang, title: '1968 Ford Mustang GT' });
    expect(first.slug).toBe('1968-ford-mustang-gt');
    const renamed = await update(first.id, { ...mustang, title: '1968 Ford Mustang GT 390' });
    expect(renamed.slug).toBe('1968-ford-mustang-gt-390');

    const moved = await page('/vehicles/1968-ford-mustang-gt?ref=share');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/vehicles/1968-ford-mustang-gt-390?ref=share');
    expect(moved.headers['cache-control']).toBe('no-cache');
    const head = await page('/vehicles/1968-ford-mustang-gt', 'HEAD');
    expect(head.statusCode).toBe(301);
    expect(head.headers.location).toBe('/vehicles/1968-ford-mustang-gt-390');
    expect(head.body).toBe('');

    const now = await page('/vehicles/1968-ford-mustang-gt-390');
    expect(now.statusCode).toBe(200);
    expect(now.body).toContain('<link rel="canonical" href="http://localhost');
    expect(now.body).toContain('/vehicles/1968-ford-mustang-gt-390"');

    // Renamed twice: both earlier addresses lead to the latest, in one step.
    await update(first.id, { ...mustang, title: '1968 Ford Mustang GT 390 Fastback' });
    for (const old of ['1968-ford-mustang-gt', '1968-ford-mustang-gt-390'])
      expect((await page(`/vehicles/${old}`)).headers.location).toBe('/vehicles/1968-ford-mustang-gt-390-fastback');

    // The API answers by id or slug now, as it always has: the redirect is the page's.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/vehicles/1968-ford-mustang-gt' })).statusCode).toBe(404);
  });

  it('a vehicle can take a former address back, and another vehicle does not take it', async () => {
    const car = await create({ ...mustang, title: '1970 Ford Mustang Boss 302' });
    await update(car.id, { ...mustang, title: '1970 Ford Mustang Boss 302 Restored' });

    // Another vehicle with the first title gets its own address: old links keep leading to `car`.
    const other = await create({ ...mustang, title: '1970 Ford Mustang Boss 302' });
    expect(other.slug).toBe('1970-ford-mustang-boss-302-2');
    expect((await page('/vehicles/1970-ford-mustang-boss-302')).headers.location).toBe(
      '/vehicles/1970-ford-mustang-boss-302-restored',
    );

    // Back to its first title: the first address is its page again, the second one leads there.
    const back = await update(car.id, { ...mustang, title: '1970 Ford Mustang Boss 302' });
    expect(back.slug).toBe('1970-ford-mustang-boss-302');
    const page1 = await page('/vehicles/1970-ford-mustang-boss-302');
    expect(page1.statusCode).toBe(200);
    expect(page1.body).toContain('1970 Ford Mustang Boss 302');
    expect((await page('/vehicles/1970-ford-mustang-boss-302-restored')).headers.location).toBe(
      '/vehicles/1970-ford-mustang-boss-302',
    );
    const rows = await ctx.database.db
      .selectFrom('vehicle_former_slugs')
      .select('slug')
      .where('vehicle_id', '=', car.id)
      .execute();
    expect(rows.map((r) => r.slug)).toEqual(['1970-ford-mustang-boss-302-restored']);
  });

  it('two saves of one vehicle at once each keep the address the other left', async () => {
    const car = await create({ ...mustang, title: '1969 Ford Mustang Mach 1' });
    const [a, b] = await Promise.all([
      update(car.id, { ...mustang, title: '1969 Ford Mustang Mach 1 428' }),
      update(car.id, { ...mustang, title: '1969 Ford Mustang Mach 1 Cobra Jet' }),
    ]);
    const now = (await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${car.id}` })).json<Vehicle>().slug;
    expect([a.slug, b.slug]).toContain(now);
    const others = ['1969-ford-mustang-mach-1', a.slug, b.slug].filter((slug) => slug !== now);
    for (const old of others) expect((await page(`/vehicles/${old}`)).headers.location).toBe(`/vehicles/${now}`);
  });

  it('an archived vehicle is not found at its former address either; a deleted one takes its addresses with it', async () => {
    const archived = await create({ ...mustang, title: '1965 Ford Mustang Convertible' });
    await update(archived.id, { ...mustang, title: '1965 Ford Mustang Convertible K-Code', status: 'Archived' });
    const gone = await page('/vehicles/1965-ford-mustang-convertible');
    expect(gone.statusCode).toBe(404);
    expect(gone.headers.location).toBeUndefined();

    const deleted = await create({ ...mustang, title: '1966 Ford Mustang Coupe' });
    await update(deleted.id, { ...mustang, title: '1966 Ford Mustang Coupe Pony' });
    expect((await page('/vehicles/1966-ford-mustang-coupe')).statusCode).toBe(301);
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/vehicles/${deleted.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect((await page('/vehicles/1966-ford-mustang-coupe')).statusCode).toBe(404);
    const left = await ctx.database.db
      .selectFrom('vehicle_former_slugs')
      .select('slug')
      .where('vehicle_id', '=', deleted.id)
      .execute();
    expect(left).toEqual([]);
  });
});

import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAKES } from '@vm/shared/constants';
import type { Vehicle, VehicleSummary } from '@vm/shared/vehicle';
import {
  createTestContext,
  DIALECTS,
  registerBuyer,
  type SignedIn,
  signInAs,
  tableCounts,
  type TestContext,
} from './test-app.ts';
import { jpegFixture, multipart } from './upload-helpers.ts';
import { mustang } from './vehicle-fixtures.ts';

describe.each(DIALECTS)('admin vehicles on %s', (dialect) => {
  let ctx: TestContext;
  let admin: SignedIn;
  let superAdmin: SignedIn;
  let buyer: SignedIn;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    admin = await signInAs(ctx, 'Admin');
    superAdmin = await signInAs(ctx, 'SuperAdmin');
    buyer = await registerBuyer(ctx.app);
  });
  afterAll(async () => ctx.close());

  const create = (payload: object, who: SignedIn = admin) =>
    ctx.app.inject({ method: 'POST', url: '/api/vehicles', headers: who.headers, payload });
  const list = (query: Record<string, string | number>, who: SignedIn = admin) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/vehicles',
      headers: who.headers,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });
  const activityTypes = async (subjectId: string) =>
    (
      await ctx.database.db
        .selectFrom('activity_events')
        .select('type')
        .where('subject_id', '=', subjectId)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map((r) => r.type);

  it('ROLE-15 API-19 API-21..27: every admin vehicle route answers 401 anonymous and 403 to a buyer', async () => {
    const created = (await create(mustang)).json<Vehicle>();
    const routes = [
      ['GET', '/api/vehicles'],
      ['GET', '/api/vehicles/makes-models'],
      ['GET', `/api/vehicles/${created.id}/edit`],
      ['POST', '/api/vehicles'],
      ['PUT', `/api/vehicles/${created.id}`],
      ['DELETE', `/api/vehicles/${created.id}`],
      ['POST', `/api/vehicles/${created.id}/images`],
      ['PUT', `/api/vehicles/${created.id}/default-image`],
      ['PUT', `/api/vehicles/${created.id}/images/order`],
      ['DELETE', `/api/vehicles/${created.id}/images/some-image`],
    ] as const;
    const before = await tableCounts(ctx.database);
    for (const [method, url] of routes) {
      const anon = await ctx.app.inject({
        method,
        url,
        payload: method === 'GET' || method === 'DELETE' ? undefined : mustang,
      });
      expect(anon.statusCode, `${method} ${url} anonymous`).toBe(401);
      expect(anon.json().message).toEqual(expect.any(String));
      const asBuyer = await ctx.app.inject({
        method,
        url,
        headers: buyer.headers,
        payload: method === 'GET' || method === 'DELETE' ? undefined : mustang,
      });
      expect(asBuyer.statusCode, `${method} ${url} buyer`).toBe(403);
    }
    expect(await tableCounts(ctx.database)).toEqual(before);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${created.id}/edit`, headers: admin.headers }))
        .statusCode,
    ).toBe(200);
  });

  it('ROLE-01 ROLE-15: admin roles are recognised without case (calleradmin may manage vehicles)', async () => {
    const caller = await signInAs(ctx, 'CallerAdmin');
    expect((await list({}, caller)).statusCode).toBe(200);
    const lower = await signInAs(ctx, 'admin');
    expect((await list({}, lower)).statusCode).toBe(200);
  });

  it('API-21 ADMIN-VEH-39: POST creates a vehicle (201) with a slug from the title, money in dollars, extras saved', async () => {
    const res = await create({ ...mustang, title: 'Ford GT40  Mk. II!' });
    expect(res.statusCode).toBe(201);
    const v = res.json<Vehicle>();
    expect(v.id).toEqual(expect.any(String));
    expect(v.slug).toBe('ford-gt40-mk-ii');
    expect(v).toMatchObject({
      price: 89_500,
      make: 'Ford',
      status: 'Available',
      tags: ['featured', 'hot'],
      listingType: 'listing',
      location: { city: 'Austin', state: 'TX', country: 'USA' },
      features: ['Disc brakes', 'Power steering'],
      sections: { exterior: 'Highland Green', interior: 'Black vinyl', other: 'Documented' },
      images: [],
    });
    const row = await ctx.database.db
      .selectFrom('vehicles')
      .select('price_cents')
      .where('id', '=', v.id)
      .executeTakeFirst();
    expect(row?.price_cents).toBe(8_950_000);
    // A second vehicle with the same title gets a -2 slug.
    const again = (await create({ ...mustang, title: 'Ford GT40  Mk. II!' })).json<Vehicle>();
    expect(again.slug).toBe('ford-gt40-mk-ii-2');
  });

  it('ADMIN-VEH-35..37 VALID-04 VALID-05: omitted vin, bodyType, category, mileage and price take their defaults', async () => {
    const res = await create({ title: 'Plain car', make: 'Kia', model: 'Rio', year: 2020 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ vin: 'UNKNOWN', bodyType: 'SUV', category: 'Other', mileage: 0, price: 0 });
  });

  it('VALID-01 VALID-02: missing required fields give 400 "Please fill in all required fields: ..." and write nothing', async () => {
    const before = await tableCounts(ctx.database);
    const res = await create({ title: '', make: 'Ford', bodyType: '', year: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please fill in all required fields: title, model, year, bodyType');
    expect(await tableCounts(ctx.database)).toEqual(before);
  });

  it('VALID-03: a year of 1700, negative mileage or price, unknown fields and an oversized body are refused, nothing written', async () => {
    const before = await tableCounts(ctx.database);
    const cases: [object, RegExp][] = [
      [{ ...mustang, year: 1700 }, /Year must be between/],
      [{ ...mustang, mileage: -1 }, /Mileage cannot be negative/],
      [{ ...mustang, price: -5 }, /Price cannot be negative/],
      [{ ...mustang, year: 'nineteen' }, /Year must be a number/],
      [{ ...mustang, status: 'Stolen' }, /Please choose a status/],
      [{ ...mustang, tags: ['cheap'] }, /Unknown tag/],
      [{ ...mustang, isAdmin: true }, /./],
      [{ ...mustang, title: 'x'.repeat(201) }, /at most 200 characters/],
    ];
    for (const [payload, message] of cases) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const huge = await create({ ...mustang, title: 'x'.repeat(10 * 1024 * 1024) });
    expect([400, 413]).toContain(huge.statusCode);
    expect(huge.json().message).toEqual(expect.any(String));
    expect(await tableCounts(ctx.database)).toEqual(before);
  });

  it('API-22: PUT updates every field, the slug follows the title; 404 for a missing vehicle; bad input changes nothing', async () => {
    const v = (await create(mustang)).json<Vehicle>();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/vehicles/${v.id}`,
      headers: admin.headers,
      payload: { ...mustang, title: 'Shelby GT500', price: 150_000, tags: ['limited'], status: 'Pending' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: v.id,
      slug: 'shelby-gt500',
      price: 150_000,
      tags: ['limited'],
      status: 'Pending',
    });

    const bad = await ctx.app.inject({
      method: 'PUT',
      url: `/api/vehicles/${v.id}`,
      headers: admin.headers,
      payload: { ...mustang, mileage: -10 },
    });
    expect(bad.statusCode).toBe(400);
    const after = await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${v.id}/edit`, headers: admin.headers });
    expect(after.json()).toMatchObject({ title: 'Shelby GT500', mileage: mustang.mileage });

    const missing = await ctx.app.inject({
      method: 'PUT',
      url: '/api/vehicles/no-such-vehicle',
      headers: admin.headers,
      payload: mustang,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('ADMIN-VEH-40: activity is recorded for listing, auction start, sale and auction end', async () => {
    const auction = (await create({ ...mustang, listingType: 'auction' })).json<Vehicle>();
    expect(await activityTypes(auction.id)).toEqual(['vehicle_listed', 'auction_started']);
    const put = (status: string, listingType = 'auction') =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/vehicles/${auction.id}`,
        headers: admin.headers,
        payload: { ...mustang, status, listingType },
      });
    expect((await put('Pending')).statusCode).toBe(200);
    expect(await activityTypes(auction.id)).toEqual(['vehicle_listed', 'auction_started']);
    expect((await put('Sold')).statusCode).toBe(200);
    expect(await activityTypes(auction.id)).toEqual([
      'vehicle_listed',
      'auction_started',
      'vehicle_sold',
      'auction_ended',
    ]);
    // Saving again as Sold records nothing new.
    await put('Sold');
    expect((await activityTypes(auction.id)).length).toBe(4);

    const plain = (await create(mustang)).json<Vehicle>();
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/vehicles/${plain.id}`,
      headers: admin.headers,
      payload: { ...mustang, listingType: 'auction' },
    });
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/vehicles/${plain.id}`,
      headers: admin.headers,
      payload: { ...mustang, listingType: 'auction', status: 'Archived' },
    });
    expect(await activityTypes(plain.id)).toEqual(['vehicle_listed', 'auction_started', 'auction_ended']);
  });

  describe('the admin list', () => {
    let ids: Record<string, string>;
    let fresh: TestContext;
    let freshAdmin: SignedIn;
    beforeAll(async () => {
      fresh = await createTestContext(dialect);
      freshAdmin = await signInAs(fresh, 'Admin');
      ids = {};
      const rows = [
        {
          title: 'Alpha BMW',
          make: 'BMW',
          model: 'M3',
          year: 1990,
          bodyType: 'Sedan',
          category: 'European',
          status: 'Available',
          vin: 'WBSAK0000',
        },
        {
          title: 'Bravo Ford',
          make: 'Ford',
          model: 'Bronco',
          year: 1975,
          bodyType: 'SUV',
          category: '4x4s',
          status: 'Sold',
          vin: 'U15GLU1',
        },
        {
          title: 'Charlie Ford',
          make: 'Ford',
          model: 'Mustang',
          year: 1967,
          bodyType: 'Coupe',
          category: 'Muscle Cars',
          status: 'Archived',
          vin: 'UNKNOWN',
        },
        {
          title: 'Delta Toyota',
          make: 'Toyota',
          model: 'Supra',
          year: 1998,
          bodyType: 'Coupe',
          category: 'Japanese/JDM',
          status: 'Pending',
          vin: 'JT2JA82',
        },
      ];
      for (const r of rows) {
        const res = await fresh.app.inject({
          method: 'POST',
          url: '/api/vehicles',
          headers: freshAdmin.headers,
          payload: r,
        });
        ids[r.title] = res.json<Vehicle>().id;
      }
    });
    afterAll(async () => fresh.close());
    const titles = async (query: Record<string, string | number>) => {
      const res = await fresh.app.inject({
        method: 'GET',
        url: '/api/vehicles',
        headers: freshAdmin.headers,
        query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ vehicles: VehicleSummary[]; totalVehicles: number; totalPages: number; page: number }>();
    };

    it('API-19 ADMIN-VEH-08: lists every status, newest first by default, with totals', async () => {
      const body = await titles({});
      expect(body.vehicles.map((v) => v.title)).toEqual(['Delta Toyota', 'Charlie Ford', 'Bravo Ford', 'Alpha BMW']);
      expect(body).toMatchObject({ totalVehicles: 4, totalPages: 1, page: 1 });
    });

    it('ADMIN-VEH-05..07: sorts by title, make and year both ways', async () => {
      expect((await titles({ sort: 'title', order: 'asc' })).vehicles.map((v) => v.title)).toEqual([
        'Alpha BMW',
        'Bravo Ford',
        'Charlie Ford',
        'Delta Toyota',
      ]);
      expect((await titles({ sort: 'year', order: 'desc' })).vehicles.map((v) => v.year)).toEqual([
        1998, 1990, 1975, 1967,
      ]);
      expect((await titles({ sort: 'make', order: 'desc' })).vehicles[0]?.make).toBe('Toyota');
      // Sort and order are whitelisted: anything else is refused, never passed into SQL.
      const bad = await fresh.app.inject({
        method: 'GET',
        url: '/api/vehicles?sort=title;drop table vehicles',
        headers: freshAdmin.headers,
      });
      expect(bad.statusCode).toBe(400);
    });

    it('ADMIN-VEH-09 ADMIN-VEH-11 ADMIN-VEH-12: searches title/make/model/vin and filters by each field', async () => {
      expect((await titles({ search: 'bronco' })).vehicles.map((v) => v.title)).toEqual(['Bravo Ford']);
      expect((await titles({ search: 'JT2JA' })).vehicles.map((v) => v.title)).toEqual(['Delta Toyota']);
      expect((await titles({ search: '100%' })).totalVehicles).toBe(0);
      expect((await titles({ make: 'ford', sort: 'title', order: 'asc' })).vehicles.map((v) => v.title)).toEqual([
        'Bravo Ford',
        'Charlie Ford',
      ]);
      expect((await titles({ model: 'M3' })).totalVehicles).toBe(1);
      expect((await titles({ year: 1975 })).vehicles.map((v) => v.title)).toEqual(['Bravo Ford']);
      expect((await titles({ minYear: 1975, maxYear: 1995 })).totalVehicles).toBe(2);
      expect((await titles({ bodyType: 'Coupe' })).totalVehicles).toBe(2);
      expect((await titles({ category: 'Japanese/JDM' })).vehicles.map((v) => v.title)).toEqual(['Delta Toyota']);
      for (const status of ['Available', 'Pending', 'Sold', 'Archived'])
        expect((await titles({ status })).vehicles.map((v) => v.status)).toEqual([status]);
    });

    it('CONST-02 ADMIN-VEH-19: pages with limit and page; limit is capped at 100', async () => {
      const p2 = await titles({ limit: 3, page: 2 });
      expect(p2).toMatchObject({ totalVehicles: 4, totalPages: 2, page: 2 });
      expect(p2.vehicles).toHaveLength(1);
      expect((await titles({})).vehicles).toHaveLength(4);
      const capped = await fresh.app.inject({
        method: 'GET',
        url: '/api/vehicles?limit=5000',
        headers: freshAdmin.headers,
      });
      expect(capped.statusCode).toBe(200);
    });
  });

  it('API-27 ADMIN-VEH-34: makes-models merges the default makes with the catalogue, without duplicates', async () => {
    await create({ ...mustang, make: 'Jaguar', model: 'E-Type' });
    await create({ ...mustang, make: 'ford', model: 'Falcon' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/vehicles/makes-models', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const makes = res.json<{ makes: { make: string; models: string[] }[] }>().makes;
    const names = makes.map((m) => m.make);
    for (const m of DEFAULT_MAKES) expect(names).toContain(m);
    expect(names).toContain('Jaguar');
    expect(names.filter((n) => n.toLowerCase() === 'ford')).toHaveLength(1);
    expect(makes.find((m) => m.make === 'Ford')?.models).toEqual(expect.arrayContaining(['Falcon', 'Mustang']));
    expect(makes.find((m) => m.make === 'Jaguar')?.models).toEqual(['E-Type']);
  });

  it('API-23 ADMIN-VEH-26: DELETE removes the vehicle, its rows and its image folder', async () => {
    const v = (await create(mustang)).json<Vehicle>();
    const upload = multipart([{ field: 'images', filename: 'a.jpg', data: await jpegFixture(400, 300) }]);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/vehicles/${v.id}/images`,
          headers: { ...admin.headers, ...upload.headers },
          payload: upload.payload,
        })
      ).statusCode,
    ).toBe(200);
    await ctx.database.db
      .insertInto('watches')
      .values({ user_id: buyer.id, vehicle_id: v.id, created_at: new Date().toISOString() })
      .execute();
    const folder = path.join(ctx.config.uploadsDir, 'vehicles', v.id);
    expect(existsSync(folder)).toBe(true);

    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/vehicles/${v.id}`, headers: superAdmin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    expect(existsSync(folder)).toBe(false);
    for (const table of ['vehicles', 'vehicle_images', 'vehicle_tags', 'watches'] as const) {
      const column = table === 'vehicles' ? 'id' : 'vehicle_id';
      const rows = await ctx.database.db.selectFrom(table).selectAll().where(column, '=', v.id).execute();
      expect(rows, table).toHaveLength(0);
    }
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/vehicles/${v.id}`, headers: admin.headers })).statusCode,
    ).toBe(404);
  });
});

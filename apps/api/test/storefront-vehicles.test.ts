import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAKES } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import { type Vehicle, vehicleSchema, type VehicleSummary } from '@vm/shared/vehicle';
import { addVehicleImage, createVehicle } from './fixtures/vehicles.ts';
import { createTestContext, DIALECTS, registerBuyer, signInAs, type TestContext } from './test-app.ts';

describe.each(DIALECTS)('storefront vehicle reads on %s', (dialect) => {
  let ctx: TestContext;
  type Ref = { id: string; slug: string };
  const v = {} as Record<
    'mustang' | 'mustang2' | 'bronco' | 'falcon' | 'camaro' | 'corvette' | 'archived' | 'archivedMustang' | 'alfa',
    Ref
  >;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const db = ctx.database.db;
    v.mustang = await createVehicle(db, {
      title: '1967 Ford Mustang Fastback',
      make: 'Ford',
      model: 'Mustang',
      year: 1967,
      price: 65_000,
      msrp: 70_000,
      tags: ['featured', 'hot'],
      location: { city: 'Austin', state: 'TX', country: 'USA' },
      fuelType: 'Gasoline',
      transmission: 'Manual',
      exteriorColor: 'Wimbledon White',
      features: ['Power steering', 'Disc brakes'],
      sections: { exterior: 'Fresh paint', interior: 'Pony interior', other: 'Marti report' },
      description: 'A documented fastback.',
    });
    v.mustang2 = await createVehicle(db, {
      title: '1966 Ford Mustang Coupe',
      make: 'Ford',
      model: 'Mustang',
      year: 1966,
      price: 30_000,
      tags: ['featured'],
    });
    v.bronco = await createVehicle(db, {
      title: '1970 Ford Bronco',
      make: 'Ford',
      model: 'Bronco',
      year: 1970,
      price: 64_000,
      status: 'Pending',
    });
    v.falcon = await createVehicle(db, {
      title: '1963 Ford Falcon',
      make: 'Ford',
      model: 'Falcon',
      year: 1963,
      price: 20_000,
      status: 'Sold',
    });
    v.camaro = await createVehicle(db, {
      title: '1969 Chevrolet Camaro',
      make: 'Chevrolet',
      model: 'Camaro',
      year: 1969,
      price: 66_000,
      tags: ['popular'],
    });
    v.corvette = await createVehicle(db, {
      title: '1963 Chevrolet Corvette',
      make: 'Chevrolet',
      model: 'Corvette',
      year: 1963,
      price: 120_000,
      tags: ['featured'],
    });
    v.archived = await createVehicle(db, {
      title: '1981 DeLorean DMC-12',
      make: 'DeLorean',
      model: 'DMC-12',
      year: 1981,
      price: 64_500,
      tags: ['featured', 'popular'],
      status: 'Archived',
    });
    v.archivedMustang = await createVehicle(db, {
      title: '1968 Ford Mustang Shelby',
      make: 'Ford',
      model: 'Shelby GT500',
      year: 1968,
      price: 65_000,
      status: 'Archived',
    });
    v.alfa = await createVehicle(db, { title: 'Alfa Romeo Spider', make: 'Alfa Romeo', model: 'Spider', year: 1972 });
    await addVehicleImage(db, ctx.app.storage, v.mustang.id, { color: '#1e40af' });
    await addVehicleImage(db, ctx.app.storage, v.mustang.id, { color: '#b91c1c', width: 500, height: 300 });
  });
  afterAll(async () => ctx.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/api/vehicles${url}`, headers });

  it('API-20 DETAIL-01 ENTITY-09 returns the full public vehicle by id', async () => {
    const res = await get(`/${v.mustang.id}`);
    expect(res.statusCode).toBe(200);
    const vehicle = vehicleSchema.parse(res.json()) as Vehicle;
    expect(vehicle).toMatchObject({
      id: v.mustang.id,
      slug: '1967-ford-mustang-fastback',
      title: '1967 Ford Mustang Fastback',
      price: 65_000,
      msrp: 70_000,
      tags: ['featured', 'hot'],
      listingType: 'listing',
      listing: { type: 'regular', tags: ['featured', 'hot'] },
      location: { city: 'Austin', state: 'TX', country: 'USA' },
      fuelType: 'Gasoline',
      transmission: 'Manual',
      exteriorColor: 'Wimbledon White',
      features: ['Power steering', 'Disc brakes'],
      sections: { exterior: 'Fresh paint', interior: 'Pony interior', other: 'Marti report' },
      viewCount: 0,
      watchCount: 0,
    });
    expect(vehicle.images).toHaveLength(2);
    const [big, small] = vehicle.images;
    expect(big?.srcSet).toContain('-320.webp 320w');
    expect(big?.srcSet).toContain('-1280.webp 1280w');
    expect(big).toMatchObject({ width: 1280, height: 800 });
    // A 500px original is never upscaled: its srcset stops at its own width.
    expect(small?.srcSet).toContain('500w');
    expect(small?.srcSet).not.toContain('1280w');
    expect(vehicle.defaultImage).toBe(big?.url);
    const file = await ctx.app.inject({ method: 'GET', url: big?.url ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
  });

  it('API-20 opens a vehicle by its slug too', async () => {
    const res = await get('/1967-ford-mustang-fastback');
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(v.mustang.id);
  });

  it('ERR-38 answers 404 "Vehicle not found." for an unknown id', async () => {
    const res = await get('/no-such-vehicle');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MSG.vehicleNotFound });
  });

  it('hides Archived vehicles from anonymous visitors and buyers, not from admins', async () => {
    expect((await get(`/${v.archived.id}`)).statusCode).toBe(404);
    const buyer = await registerBuyer(ctx.app);
    const asBuyer = await get(`/${v.archived.slug}`, buyer.headers);
    expect(asBuyer.statusCode).toBe(404);
    expect(asBuyer.json().message).toBe(MSG.vehicleNotFound);
    const admin = await signInAs(ctx, 'Admin');
    const asAdmin = await get(`/${v.archived.id}`, admin.headers);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().status).toBe('Archived');
    // A broken token is read as anonymous, never as an error.
    expect((await get(`/${v.archived.id}`, { authorization: 'Bearer not-a-token' })).statusCode).toBe(404);
    expect((await get(`/${v.mustang.id}`, { authorization: 'Bearer not-a-token' })).statusCode).toBe(200);
  });

  it('API-29 ENTITY-56 CONST-35 lists the makes of public vehicles merged with the default 18, sorted', async () => {
    const res = await get('/makes');
    expect(res.statusCode).toBe(200);
    const { makes } = res.json<{ makes: string[] }>();
    for (const make of DEFAULT_MAKES) expect(makes).toContain(make);
    expect(makes).toContain('Alfa Romeo');
    expect(makes).not.toContain('DeLorean');
    expect(makes).toEqual([...makes].sort((a, b) => a.localeCompare(b)));
    expect(new Set(makes).size).toBe(makes.length);
    expect(makes).toHaveLength(DEFAULT_MAKES.length + 1);
  });

  it('API-30 SEARCH-07 lists the models of one make among public vehicles', async () => {
    const res = await get('/models?make=Ford');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ models: ['Bronco', 'Falcon', 'Mustang'] });
    expect((await get('/models?make=DeLorean')).json()).toEqual({ models: [] });
    expect((await get('/models')).json()).toEqual({ models: [] });
  });

  it('API-31 HOME-12 CONST-07 lists public vehicles with a tag, newest first, 6 by default', async () => {
    const res = await get('/tagged?tag=featured');
    expect(res.statusCode).toBe(200);
    const ids = res.json<{ vehicles: VehicleSummary[] }>().vehicles.map((x) => x.id);
    expect(ids).toEqual([v.corvette.id, v.mustang2.id, v.mustang.id]);
    const one = await get('/tagged?tag=featured&limit=1');
    expect(one.json().vehicles).toHaveLength(1);
    const summary = res.json<{ vehicles: VehicleSummary[] }>().vehicles.find((x) => x.id === v.mustang.id);
    expect(summary?.image?.srcSet).toContain('320w');
    for (let i = 0; i < 8; i++) await createVehicle(ctx.database.db, { title: `Popular ${i}`, tags: ['popular'] });
    expect((await get('/tagged?tag=popular')).json().vehicles).toHaveLength(6);
    expect((await get('/tagged?tag=popular&limit=abc')).json().vehicles).toHaveLength(6);
    await ctx.database.db.deleteFrom('vehicles').where('title', 'like', 'Popular %').execute();
  });

  it('API-31 refuses an unknown or missing tag with 400 and a message', async () => {
    for (const url of ['/tagged?tag=bogus', '/tagged']) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('API-32 DETAIL-29 lists similar vehicles: same make first, then closest in price, never the excluded one', async () => {
    const res = await get(`/similar?make=Ford&model=Mustang&year=1967&price=65000&exclude=${v.mustang.id}`);
    expect(res.statusCode).toBe(200);
    const ids = res.json<{ vehicles: VehicleSummary[] }>().vehicles.map((x) => x.id);
    // Same model first, then the other Ford models by price distance; archived ones never.
    expect(ids).toEqual([v.mustang2.id, v.bronco.id, v.falcon.id]);

    const byMakeOnly = await get(`/similar?make=Ford&limit=3&exclude=${v.mustang.id}`);
    const makeIds = byMakeOnly.json<{ vehicles: VehicleSummary[] }>().vehicles.map((x) => x.id);
    expect(makeIds).toHaveLength(3);
    expect(makeIds).not.toContain(v.mustang.id);
    expect(makeIds).not.toContain(v.archivedMustang.id);

    // Not enough of the make: the rest are the closest in price among other makes.
    const filled = await get(`/similar?make=Chevrolet&price=66000&limit=4&exclude=${v.camaro.slug}`);
    const filledIds = filled.json<{ vehicles: VehicleSummary[] }>().vehicles.map((x) => x.id);
    expect(filledIds[0]).toBe(v.corvette.id);
    expect(filledIds.slice(1)).toEqual([v.mustang.id, v.bronco.id, v.alfa.id]);
    expect(filledIds).not.toContain(v.camaro.id);
    expect(filledIds).not.toContain(v.archived.id);
  });

  it('CONST-08 similar defaults to 3 and tolerates nonsense numbers', async () => {
    const res = await get('/similar?year=abc&price=-&limit=zz');
    expect(res.statusCode).toBe(200);
    expect(res.json().vehicles).toHaveLength(3);
  });
});

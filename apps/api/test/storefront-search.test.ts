import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_SEARCH_PAGE_SIZE } from '@vm/shared/constants';
import type { VehicleSearchResponse } from '@vm/shared/vehicle';
import { addVehicleImage, createVehicle } from './fixtures/vehicles.ts';
import { createTestContext, DIALECTS, type TestContext } from './test-app.ts';

describe.each(DIALECTS)('storefront search on %s', (dialect) => {
  let ctx: TestContext;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const db = ctx.database.db;
    // Created in this order, so "newest first" is the reverse of it.
    ids.mustang = (
      await createVehicle(db, {
        title: '1967 Ford Mustang Fastback',
        make: 'Ford',
        model: 'Mustang',
        year: 1967,
        price: 65_000,
        mileage: 80_000,
        category: 'Classics',
        tags: ['featured', 'hot'],
        description: 'Numbers-matching V8 with a four-speed gearbox.',
      })
    ).id;
    ids.camaro = (
      await createVehicle(db, {
        title: '1969 Chevrolet Camaro SS',
        make: 'Chevrolet',
        model: 'Camaro',
        year: 1969,
        price: 55_000,
        mileage: 60_000,
        category: 'Muscle Cars',
        tags: ['popular'],
        listingType: 'auction',
      })
    ).id;
    ids.supra = (
      await createVehicle(db, {
        title: '1995 Toyota Supra Turbo',
        make: 'Toyota',
        model: 'Supra',
        year: 1995,
        price: 90_000,
        mileage: 30_000,
        category: 'Japanese/JDM',
        tags: ['featured'],
        description: 'Twin-turbocharged import straight from Japan.',
      })
    ).id;
    ids.tesla = (
      await createVehicle(db, {
        title: '2020 Tesla Model 3',
        make: 'Tesla',
        model: 'Model 3',
        year: 2020,
        price: 35_000,
        mileage: 10_000,
        category: 'Electric',
        description: 'Traded in by a Ford collector who wanted something quiet.',
      })
    ).id;
    ids.airstream = (
      await createVehicle(db, {
        title: 'Airstream Sovereign Travel Trailer',
        make: 'Airstream',
        model: 'Sovereign',
        year: 1975,
        price: 30_000,
        mileage: 0,
        bodyType: 'Other',
        category: 'RVs',
      })
    ).id;
    ids.riva = (
      await createVehicle(db, {
        title: 'Riva Aquarama Runabout',
        make: 'Riva',
        model: 'Aquarama',
        year: 1965,
        price: 250_000,
        mileage: 0,
        bodyType: 'Other',
        category: 'Trailers & Boats',
      })
    ).id;
    ids.archived = (
      await createVehicle(db, {
        title: '1967 Ford Mustang Convertible',
        make: 'Ford',
        model: 'Mustang',
        year: 1967,
        price: 60_000,
        category: 'Classics',
        tags: ['featured'],
        status: 'Archived',
      })
    ).id;
    ids.bronco = (
      await createVehicle(db, {
        title: '1970 Ford Bronco',
        make: 'Ford',
        model: 'Bronco',
        year: 1970,
        price: 48_000,
        mileage: 90_000,
        category: '4x4s',
        status: 'Pending',
      })
    ).id;
    ids.m3 = (
      await createVehicle(db, {
        title: '1988 BMW M3',
        make: 'BMW',
        model: 'M3',
        year: 1988,
        price: 80_000,
        mileage: 120_000,
        category: 'Sports Cars',
        tags: ['hot'],
        status: 'Sold',
      })
    ).id;
  });
  afterAll(async () => ctx.close());

  const publicNewestFirst = () => [
    ids.m3,
    ids.bronco,
    ids.riva,
    ids.airstream,
    ids.tesla,
    ids.supra,
    ids.camaro,
    ids.mustang,
  ];

  async function search(query: string): Promise<VehicleSearchResponse> {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/vehicles/search${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<VehicleSearchResponse>();
  }
  const idsOf = (r: VehicleSearchResponse) => r.vehicles.map((v) => v.id);

  it('API-28 ENTITY-48 returns {vehicles, total, pages, page} of public vehicles only, newest first, 9 per page', async () => {
    const r = await search('');
    expect(Object.keys(r).sort()).toEqual(['page', 'pages', 'total', 'vehicles']);
    expect(r.total).toBe(8);
    expect(r.pages).toBe(1);
    expect(r.page).toBe(1);
    expect(idsOf(r)).toEqual(publicNewestFirst());
    expect(r.vehicles.map((v) => v.status)).not.toContain('Archived');
    const mustang = r.vehicles.find((v) => v.id === ids.mustang);
    expect(mustang).toMatchObject({ make: 'Ford', price: 65_000, tags: ['featured', 'hot'], listingType: 'listing' });
  });

  it('CONST-06 SEARCH-15 pages default to 9 vehicles', async () => {
    for (let i = 0; i < 3; i++) await createVehicle(ctx.database.db, { title: `Filler ${i}`, make: 'Volvo' });
    const r = await search('');
    expect(r.vehicles).toHaveLength(PUBLIC_SEARCH_PAGE_SIZE);
    expect(r.total).toBe(11);
    expect(r.pages).toBe(2);
    const second = await search('?page=2');
    expect(second.vehicles).toHaveLength(2);
    await ctx.database.db.deleteFrom('vehicles').where('make', '=', 'Volvo').execute();
  });

  it('SEARCH-05 filters by make and by model', async () => {
    expect(idsOf(await search('?make=Ford'))).toEqual([ids.bronco, ids.mustang]);
    expect(idsOf(await search('?make=Ford&model=Bronco'))).toEqual([ids.bronco]);
    expect((await search('?make=Lada')).total).toBe(0);
  });

  it('SEARCH-08 limits results to the price range (dollars, bounds included)', async () => {
    expect(idsOf(await search('?minPrice=55000&maxPrice=80000'))).toEqual([ids.m3, ids.camaro, ids.mustang]);
    expect(idsOf(await search('?minPrice=100000'))).toEqual([ids.riva]);
    expect(idsOf(await search('?maxPrice=30000'))).toEqual([ids.airstream]);
    // A swapped range is explained with a 400, not swapped (issue #20; buyers-and-finding.test.ts).
  });

  it('SEARCH-09 SEARCH-24 limits results to the year range; yearFrom and yearTo are aliases of minYear and maxYear', async () => {
    const expected = [ids.bronco, ids.camaro, ids.mustang];
    expect(idsOf(await search('?minYear=1966&maxYear=1970'))).toEqual(expected);
    expect(idsOf(await search('?yearFrom=1966&yearTo=1970'))).toEqual(expected);
    expect(idsOf(await search('?make=Ford&yearFrom=1968'))).toEqual([ids.bronco]);
    // minYear wins over its alias when both come.
    expect(idsOf(await search('?minYear=1990&yearFrom=1900'))).toEqual([ids.tesla, ids.supra]);
  });

  it('SEARCH-13 filters by tag; a comma-separated list matches any of the tags', async () => {
    expect(idsOf(await search('?tags=featured'))).toEqual([ids.supra, ids.mustang]);
    expect(idsOf(await search('?tags=popular'))).toEqual([ids.camaro]);
    expect(idsOf(await search('?tags=popular,hot'))).toEqual([ids.m3, ids.camaro, ids.mustang]);
    expect((await search('?tags=limited')).total).toBe(0);
  });

  it('SEARCH-11 filters by listing type; "regular" is read as listing', async () => {
    expect(idsOf(await search('?listingType=auction'))).toEqual([ids.camaro]);
    const listings = await search('?listingType=listing');
    expect(listings.total).toBe(7);
    expect(idsOf(listings)).not.toContain(ids.camaro);
    expect((await search('?listingType=regular')).total).toBe(7);
  });

  it('SEARCH-12 HOME-28 filters by one category, or by a comma-separated list of categories', async () => {
    expect(idsOf(await search('?category=Classics'))).toEqual([ids.mustang]);
    const rvsAndBoats = `?category=${encodeURIComponent('RVs,Trailers & Boats')}`;
    expect(idsOf(await search(rvsAndBoats))).toEqual([ids.riva, ids.airstream]);
  });

  it('SEARCH-01 combines every filter at once', async () => {
    const r = await search(
      '?make=Ford&model=Mustang&minYear=1960&maxYear=1968&minPrice=50000&maxPrice=70000&tags=featured&listingType=listing&category=Classics&query=fastback',
    );
    expect(idsOf(r)).toEqual([ids.mustang]);
    expect(r.total).toBe(1);
    const none = await search('?make=Ford&listingType=auction');
    expect(none).toEqual({ vehicles: [], total: 0, pages: 0, page: 1 });
  });

  it('SEARCH-21 pages through results, and a page past the end is empty with the right total and pages', async () => {
    const first = await search('?limit=3');
    expect(first).toMatchObject({ total: 8, pages: 3, page: 1 });
    const last = await search('?limit=3&page=3');
    expect(last).toMatchObject({ total: 8, pages: 3, page: 3 });
    expect(idsOf(last)).toEqual(publicNewestFirst().slice(6));
    const beyond = await search('?limit=3&page=4');
    expect(beyond).toEqual({ vehicles: [], total: 8, pages: 3, page: 4 });
    const all = [...idsOf(first), ...idsOf(await search('?limit=3&page=2')), ...idsOf(last)];
    expect(all).toEqual(publicNewestFirst());
  });

  it('sorts by price both ways, by year (newest model year first) and by mileage (lowest first)', async () => {
    const prices = (await search('?sort=price_asc')).vehicles.map((v) => v.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = (await search('?sort=price_desc')).vehicles.map((v) => v.price);
    expect(desc).toEqual([...prices].reverse());
    const years = (await search('?sort=year')).vehicles.map((v) => v.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    const miles = (await search('?sort=mileage')).vehicles.map((v) => v.mileage);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
  });

  it('falls back to defaults for nonsense query values instead of failing', async () => {
    const r = await search(
      '?page=-4&limit=abc&minPrice=abc&maxPrice=&minYear=zzz&maxYear=1e999&sort=DROP&listingType=boat&random=maybe&tags=',
    );
    expect(r).toMatchObject({ total: 8, pages: 1, page: 1 });
    expect(idsOf(r)).toEqual(publicNewestFirst());
    const huge = await search('?limit=100000&page=99999999999');
    expect(huge.vehicles).toEqual([]);
    expect(huge.total).toBe(8);
  });

  it('SEARCH-04 finds words in the title, make, model and description, with prefixes and in any case', async () => {
    expect(idsOf(await search('?query=mustang'))).toEqual([ids.mustang]);
    expect(idsOf(await search('?query=MUSTA'))).toEqual([ids.mustang]);
    expect(idsOf(await search('?query=japan%20turbo'))).toEqual([ids.supra]);
    expect(idsOf(await search('?query=four-speed'))).toEqual([ids.mustang]);
    expect(idsOf(await search('?query=camaro%20ss&make=Chevrolet'))).toEqual([ids.camaro]);
    expect((await search('?query=lamborghini')).total).toBe(0);
  });

  it('ranks title and make matches above description matches unless a sort is chosen', async () => {
    const ranked = idsOf(await search('?query=ford'));
    expect(ranked).toHaveLength(3);
    expect(ranked.slice(0, 2).sort()).toEqual([ids.bronco, ids.mustang].sort());
    expect(ranked[2]).toBe(ids.tesla);
    expect(idsOf(await search('?query=ford&sort=price_asc'))).toEqual([ids.tesla, ids.bronco, ids.mustang]);
  });

  it('treats quotes, search operators and SQL fragments as plain words', async () => {
    const hostile = [
      '"mustang',
      'mustang"',
      "'; DROP TABLE vehicles; --",
      'mustang OR 1=1',
      'NEAR(ford mustang)',
      'title:ford',
      '-ford',
      'ford AND',
      '*',
      '"',
      '(',
      'ford & !mustang | camaro',
      "ford:* & 'x'",
      '%_\\',
      '🚗 ford',
    ];
    for (const q of hostile) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/vehicles/search?query=${encodeURIComponent(q)}` });
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
      expect(Array.isArray(res.json().vehicles)).toBe(true);
    }
    expect(idsOf(await search(`?query=${encodeURIComponent('"mustang')}`))).toEqual([ids.mustang]);
    expect(idsOf(await search(`?query=${encodeURIComponent('title:ford')}`))).toEqual([]);
    // A query with no words at all is no text filter.
    expect((await search(`?query=${encodeURIComponent('*')}`)).total).toBe(8);
    expect((await search('')).total).toBe(8);
  });

  it('answers follow every catalogue change at once, though counts and pages are cached', async () => {
    const db = ctx.database.db;
    const before = await search('?make=Ford');
    expect(before.total).toBe(2);
    const added = await createVehicle(db, { title: '1965 Ford Falcon Sprint', make: 'Ford', model: 'Falcon' });
    const afterInsert = await search('?make=Ford');
    expect(afterInsert.total).toBe(3);
    expect(idsOf(afterInsert)[0]).toBe(added.id);

    await db.updateTable('vehicles').set({ status: 'Archived' }).where('id', '=', added.id).execute();
    expect(idsOf(await search('?make=Ford'))).toEqual([ids.bronco, ids.mustang]);
    await db
      .updateTable('vehicles')
      .set({ status: 'Available', price_cents: 1_000 })
      .where('id', '=', added.id)
      .execute();
    expect(idsOf(await search('?make=Ford&sort=price_asc'))[0]).toBe(added.id);

    await db.insertInto('vehicle_tags').values({ vehicle_id: added.id, tag: 'limited' }).execute();
    expect(idsOf(await search('?tags=limited'))).toEqual([added.id]);
    await db.deleteFrom('vehicle_tags').where('vehicle_id', '=', added.id).execute();
    expect((await search('?tags=limited')).total).toBe(0);

    await db.updateTable('vehicles').set({ title: 'Ford Falcon Futura' }).where('id', '=', added.id).execute();
    expect(idsOf(await search('?query=futura'))).toEqual([added.id]);

    // Cards show the default photo: a new photo or a new default shows at once too.
    const cardOf = async () => (await search('?make=Ford')).vehicles.find((v) => v.id === added.id);
    expect((await cardOf())?.image).toBeNull();
    const first = await addVehicleImage(db, ctx.app.storage, added.id, { width: 400, height: 300 });
    expect((await cardOf())?.image?.id).toBe(first);
    const second = await addVehicleImage(db, ctx.app.storage, added.id, { width: 400, height: 300 });
    await db.updateTable('vehicles').set({ default_image_id: second }).where('id', '=', added.id).execute();
    expect((await cardOf())?.image?.id).toBe(second);
    await db.deleteFrom('vehicle_images').where('id', '=', second).execute();
    expect((await cardOf())?.image?.id).toBe(first);

    // A new view changes no search answer, so it does not retire the cache.
    const version = async () =>
      (await db.selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow()).version;
    const v1 = await version();
    await ctx.app.inject({
      method: 'POST',
      url: `/api/vehicles/${added.id}/view`,
      payload: { fingerprint: 'cache-check-fingerprint' },
    });
    expect(await version()).toBe(v1);

    await db.deleteFrom('vehicles').where('id', '=', added.id).execute();
    expect(await version()).toBeGreaterThan(v1);
    expect(idsOf(await search('?make=Ford'))).toEqual([ids.bronco, ids.mustang]);
    expect((await search('?query=futura')).total).toBe(0);
  });

  it('HOME-14 random=true returns distinct public vehicles in a random order', async () => {
    const r = await search('?random=true&limit=6');
    expect(r.vehicles).toHaveLength(6);
    expect(new Set(idsOf(r)).size).toBe(6);
    expect(idsOf(r).every((id) => publicNewestFirst().includes(id))).toBe(true);
    expect(r.total).toBe(8);
    const small = await search('?random=true&limit=6&make=Ford');
    expect(idsOf(small).sort()).toEqual([ids.bronco, ids.mustang].sort());
    const orders = new Set<string>();
    for (let i = 0; i < 12; i++) orders.add(idsOf(await search('?random=true&limit=8')).join());
    expect(orders.size).toBeGreaterThan(1);
  });
});

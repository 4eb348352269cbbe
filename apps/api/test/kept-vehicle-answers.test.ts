import { rmSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_DATA_ELEMENT_ID } from '@vm/shared/storefront-requests';
import { type Vehicle, vehicleSchema } from '@vm/shared/vehicle';
import { getVehicle, summariesByIds } from '../src/features/vehicles/vehicle-repository.ts';
import { addVehicleImage } from './fixtures/vehicles.ts';
import { createTestContext, DIALECTS, registerBuyer, type SignedIn, signInAs, type TestContext } from './test-app.ts';
import { mustang } from './vehicle-fixtures.ts';
import { fakeWebBuild } from './fixtures/web-build.ts';

/*
 * A public vehicle's answer (GET /api/vehicles/:id) is kept by the catalogue under its stamp
 * (the catalogue version, status, updated_at, view and watch count) and sent as kept bytes
 * (docs/decisions/129-per-request-answers.md). These tests change the vehicle every way the app
 * does and check the answer against the vehicle read from the database each time; and that a
 * page's data answered without app.inject is byte for byte what the API sends.
 */
const decode = (res: LightMyRequestResponse): string => {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  return res.body;
};

describe.each(DIALECTS)('kept vehicle answers on %s', (dialect) => {
  let ctx: TestContext;
  let webDist: string;
  let admin: SignedIn;
  let buyer: SignedIn;

  beforeAll(async () => {
    webDist = fakeWebBuild();
    ctx = await createTestContext(dialect, { WEB_DIST: webDist });
    admin = await signInAs(ctx, 'Admin');
    buyer = await registerBuyer(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const create = async (overrides: object = {}) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: admin.headers,
      payload: { ...mustang, ...overrides },
    });
    expect(res.statusCode).toBe(201);
    return res.json<Vehicle>();
  };
  /** PUT of the whole vehicle, as the edit form sends it: the fixture's fields with these changes. */
  const edit = async (id: string, changes: object) => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/vehicles/${id}`,
      headers: admin.headers,
      payload: { ...mustang, ...changes },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const read = (idOrSlug: string, headers: Record<string, string> = { 'accept-encoding': 'br' }) =>
    ctx.app.inject({ method: 'GET', url: `/api/vehicles/${encodeURIComponent(idOrSlug)}`, headers });
  /** What the route sent before answers were kept: the vehicle read now, through the response schema. */
  const truth = async (id: string) => JSON.stringify(vehicleSchema.parse(await getVehicle(ctx.database.db, id)));
  /** Reads the vehicle and checks the answer is the one made from the database now. */
  const expectCurrent = async (id: string) => {
    const res = await read(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(decode(res)).toBe(await truth(id));
    return res;
  };

  it('ISSUE-18-KEPT-VEHICLE answers a public vehicle from the kept answer while its stamp holds, by id and by slug', async () => {
    const v = await create();
    ctx.lookups.take('vehicle');
    await expectCurrent(v.id);
    expect(ctx.lookups.take('vehicle')).toEqual({ hits: 0, misses: 1 });
    await expectCurrent(v.id);
    const bySlug = await read(v.slug);
    expect(decode(bySlug)).toBe(await truth(v.id));
    // Kept once per vehicle: the slug finds the answer kept under its id.
    expect(ctx.lookups.take('vehicle')).toEqual({ hits: 2, misses: 0 });
    // Without Accept-Encoding: the JSON itself.
    const plain = await read(v.id, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(await truth(v.id));
  });

  it('ISSUE-18-KEPT-VEHICLE makes the answer again after an edit, a view, a watch, a status change and a photo', async () => {
    const v = await create({ title: '1969 Ford Mustang Mach 1', tags: [] });
    const first = JSON.parse(decode(await expectCurrent(v.id))) as Vehicle;
    expect(first.viewCount).toBe(0);

    // An edit of a detail-only column (not in the catalogue version): updated_at moves.
    await edit(v.id, { title: '1969 Ford Mustang Mach 1', description: 'Now with a new description.' });
    expect(JSON.parse(decode(await expectCurrent(v.id))).description).toBe('Now with a new description.');

    const view = await ctx.app.inject({
      method: 'POST',
      url: `/api/vehicles/${v.id}/view`,
      payload: { fingerprint: 'kept-vehicle-answers-fingerprint' },
    });
    expect(view.statusCode).toBe(200);
    expect(JSON.parse(decode(await expectCurrent(v.id))).viewCount).toBe(1);

    const watch = await ctx.app.inject({
      method: 'POST',
      url: `/api/vehicles/${v.id}/watch`,
      headers: buyer.headers,
      payload: { watching: true },
    });
    expect(watch.statusCode).toBe(200);
    expect(JSON.parse(decode(await expectCurrent(v.id))).watchCount).toBe(1);

    await edit(v.id, {
      title: '1969 Ford Mustang Mach 1',
      description: 'Now with a new description.',
      status: 'Pending',
    });
    expect(JSON.parse(decode(await expectCurrent(v.id))).status).toBe('Pending');

    // A photo moves the catalogue version.
    await addVehicleImage(ctx.database.db, ctx.app.storage, v.id, { width: 64, height: 40 });
    const withPhoto = JSON.parse(decode(await expectCurrent(v.id))) as Vehicle;
    expect(withPhoto.images).toHaveLength(1);
  });

  it('ISSUE-18-KEPT-VEHICLE keeps no answer that read the vehicle after its stamp moved, even when the stamp comes back', async () => {
    const v = await create({ title: '1972 Ford Ranchero GT' });
    const watch = async (watching: boolean) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/vehicles/${v.id}/watch`,
        headers: buyer.headers,
        payload: { watching },
      });
      expect(res.statusCode).toBe(200);
    };
    const before = await ctx.app.catalogue.vehicleStamp(v.id);
    if (!before) throw new Error('no stamp for a public vehicle');
    // A watch between the stamp's reading and the vehicle's: the answer shows it, and says it does not match.
    await watch(true);
    const made = await ctx.app.catalogue.vehicleFromStamp(before);
    expect(made.matches).toBe(false);
    expect(JSON.parse(made.body?.identity.toString() ?? '{}').watchCount).toBe(1);
    // The unwatch brings the stamp back to the first reading; the answer with one watcher was not kept under it.
    await watch(false);
    expect((await ctx.app.catalogue.vehicleStamp(v.id))?.stamp).toBe(before.stamp);
    ctx.lookups.take('vehicle');
    expect(JSON.parse(decode(await expectCurrent(v.id))).watchCount).toBe(0);
    expect(ctx.lookups.take('vehicle')).toEqual({ hits: 0, misses: 1 });
    // An answer made from a stamp that still holds matches, and is kept.
    const now = await ctx.app.catalogue.vehicleStamp(v.id);
    expect(now && (await ctx.app.catalogue.vehicleFromStamp(now)).matches).toBe(true);
    await expectCurrent(v.id);
    expect(ctx.lookups.take('vehicle')).toEqual({ hits: 2, misses: 0 });
  });

  it('ISSUE-18-KEPT-VEHICLE answers 404 once a kept vehicle is archived; an admin still reads it; back again when public', async () => {
    const v = await create({ title: '1970 Ford Torino GT' });
    await expectCurrent(v.id);
    await edit(v.id, { title: '1970 Ford Torino GT', status: 'Archived' });
    for (const key of [v.id, v.slug]) {
      const res = await read(key);
      expect(res.statusCode).toBe(404);
    }
    const asAdmin = await read(v.id, { 'accept-encoding': 'br', ...admin.headers });
    expect(asAdmin.statusCode).toBe(200);
    expect(JSON.parse(decode(asAdmin)).status).toBe('Archived');
    await edit(v.id, { title: '1970 Ford Torino GT', status: 'Available' });
    expect(JSON.parse(decode(await expectCurrent(v.id))).status).toBe('Available');
    expect((await read('no-such-vehicle')).statusCode).toBe(404);
  });

  it('ISSUE-18-FIRST-SEND sends a kept answer compressed cheaply first, then the kept bytes, all decoding to the same JSON', async () => {
    const v = await create({ title: '1965 Ford Mustang Convertible', description: 'Long. '.repeat(400) });
    const sends = [await read(v.id), await read(v.id), await read(v.id)];
    for (const res of sends) {
      expect(res.headers['content-encoding']).toBe('br');
      expect(decode(res)).toBe(await truth(v.id));
    }
    const [first, second, third] = sends as [LightMyRequestResponse, LightMyRequestResponse, LightMyRequestResponse];
    // The second send is compressed at the kept level (brotli 5), smaller than the first's quality 1.
    expect(second.rawPayload.length).toBeLessThanOrEqual(first.rawPayload.length);
    expect(third.rawPayload.equals(second.rawPayload)).toBe(true);
    expect(Number(third.headers['content-length'])).toBe(third.rawPayload.length);
    // gzip the same way, on its own.
    const gzips = [await read(v.id, { 'accept-encoding': 'gzip' }), await read(v.id, { 'accept-encoding': 'gzip' })];
    for (const res of gzips) {
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(decode(res)).toBe(await truth(v.id));
    }
  });

  it("ISSUE-18-CARD-LIST reads the catalogue's cards with the ids as one parameter, the same cards as an IN list", async () => {
    const a = await create({ title: '1966 Ford Mustang Shelby', tags: ['featured', 'hot'] });
    const b = await create({ title: '1966 Ford Mustang Sprint', tags: [] });
    await addVehicleImage(ctx.database.db, ctx.app.storage, b.id, { width: 64, height: 40 });
    await addVehicleImage(ctx.database.db, ctx.app.storage, b.id, { width: 64, height: 40, color: '#1d4ed8' });
    const ids = [b.id, 'no-such-vehicle', a.id, b.id];
    const listed = await summariesByIds(ctx.database.db, ids, dialect);
    expect(listed.map((card) => card.id)).toEqual([b.id, a.id, b.id]);
    expect(listed).toEqual(await summariesByIds(ctx.database.db, ids));
    expect(listed[0]?.image).not.toBeNull();
    expect(await summariesByIds(ctx.database.db, ['no-such-vehicle'], dialect)).toEqual([]);
  });

  it('ISSUE-18-KEPT-VEHICLE makes a kept vehicle page again when the catalogue changes (its similar vehicles)', async () => {
    const v = await create({ title: '1973 Ford Mustang Mach 1', make: 'Ford', model: 'Mustang' });
    const first = await ctx.app.inject({ method: 'GET', url: `/vehicles/${v.slug}` });
    expect(first.statusCode).toBe(200);
    expect(first.body).not.toContain('1974 Ford Mustang II');
    await create({ title: '1974 Ford Mustang II', make: 'Ford', model: 'Mustang' });
    const after = await ctx.app.inject({ method: 'GET', url: `/vehicles/${v.slug}` });
    expect(after.body).toContain('1974 Ford Mustang II');
  });

  it('ISSUE-18-PAGE-CALLS gives a 404 page for an archived vehicle and for an unknown one', async () => {
    const v = await create({ title: '1971 Ford Maverick Grabber' });
    expect((await ctx.app.inject({ method: 'GET', url: `/vehicles/${v.slug}` })).statusCode).toBe(200);
    await edit(v.id, { title: '1971 Ford Maverick Grabber', status: 'Archived' });
    expect((await ctx.app.inject({ method: 'GET', url: `/vehicles/${v.slug}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/vehicles/no-such-vehicle' })).statusCode).toBe(404);
  });
});

/** The boot data block of a page's HTML, as its JSON text. */
const bootData = (html: string) =>
  new RegExp(`<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">(.*?)</script>`, 's').exec(html)?.[1];

describe.each(DIALECTS.flatMap((dialect) => (['on', 'off'] as const).map((limits) => [dialect, limits] as const)))(
  'page calls answered without app.inject on %s, rate limits %s',
  (dialect, limits) => {
    let ctx: TestContext;
    let webDist: string;
    let slug: string;

    beforeAll(async () => {
      webDist = fakeWebBuild();
      ctx = await createTestContext(dialect, { WEB_DIST: webDist, RATE_LIMIT: limits });
      const admin = await signInAs(ctx, 'Admin');
      for (const [title, price, tags] of [
        ['1968 Ford Mustang GT390', 95_000, ['featured', 'popular']],
        ['1968 Ford Mustang Coupe', 80_000, ['popular']],
        ['1972 Porsche 911 <Targa>', 120_000, []],
      ] as const) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/vehicles',
          headers: admin.headers,
          payload: { ...mustang, title, price, tags, make: title.includes('Porsche') ? 'Porsche' : 'Ford' },
        });
        expect(res.statusCode).toBe(201);
        slug ||= res.json<Vehicle>().slug;
      }
    });
    afterAll(async () => {
      await ctx.close();
      rmSync(webDist, { recursive: true, force: true });
    });

    it('ISSUE-18-PAGE-CALLS puts in a page exactly the bytes the API sends for each of its calls', async () => {
      const urls = [
        '/',
        `/vehicles/${slug}`,
        '/vehicles',
        '/vehicles?make=Ford',
        '/vehicles?query=porsche',
        '/vehicles?make=Ford&minPrice=70000&maxPrice=100000&sort=price_desc',
        '/vehicles?page=2',
        '/about',
      ];
      for (const url of urls) {
        const page = await ctx.app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        const block = bootData(page.body);
        expect(block, url).toBeDefined();
        const keys = Object.keys(JSON.parse(block ?? '{}') as object);
        expect(keys.length, url).toBeGreaterThan(url === '/about' ? 0 : 1);
        for (const key of keys) {
          const api = await ctx.app.inject({ method: 'GET', url: `/api${key}` });
          expect(api.statusCode, key).toBe(200);
          expect(block, key).toContain(`${JSON.stringify(key)}:${api.body.replace(/</g, '\\u003c')}`);
        }
      }
      // A vehicle page's similar vehicles are among its calls.
      const detail = await ctx.app.inject({ method: 'GET', url: `/vehicles/${slug}` });
      expect(bootData(detail.body)).toContain('"/vehicles/similar?');
    });

    it('ISSUE-18-PAGE-CALLS leaves out of a page a search the API refuses', async () => {
      // A price range upside down: the API answers 400, and the page opens without that answer.
      const url = '/vehicles?minPrice=90000&maxPrice=10000';
      const api = await ctx.app.inject({ method: 'GET', url: '/api/vehicles/search?minPrice=90000&maxPrice=10000' });
      expect(api.statusCode).toBe(400);
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(bootData(page.body)).not.toContain('/vehicles/search');
    });
  },
);

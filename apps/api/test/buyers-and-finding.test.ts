import { once } from 'node:events';
import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@vm/shared/messages';
import { slugify } from '@vm/shared/slug';
import { buildApp } from '../src/app.ts';
import { createVehicle, setVehicleStatus } from './buyer-fixtures.ts';
import { createTestContext, DIALECTS, registerBuyer, type SignedIn, signInAs, type TestContext } from './test-app.ts';

/** Issue #20: buyers (My offers, contact from a vehicle, amended offers, bad search values) and finding things. */
describe.each(DIALECTS)('buyers and finding things on %s', (dialect) => {
  let ctx: TestContext;
  let admin: SignedIn;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'off' });
    admin = await signInAs(ctx, 'Admin');
  });
  afterAll(async () => ctx.close());

  const get = (url: string, who?: SignedIn) => ctx.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
  const offer = (vehicle: string, amount: number, who: SignedIn, message = '') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/vehicles/${vehicle}/offers`,
      headers: who.headers,
      payload: { amount, message },
    });
  const decide = (id: string, status: 'accepted' | 'rejected', responseMessage: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/offers/${id}/status`,
      headers: admin.headers,
      payload: { status, responseMessage },
    });

  describe('My offers (GET /api/users/me/offers)', () => {
    it("lists the buyer's own offers on every vehicle, newest change first, with vehicle, amount, status, reply and whether it can be amended", async () => {
      const buyer = await registerBuyer(ctx.app);
      const other = await registerBuyer(ctx.app);
      const first = await createVehicle(ctx.database, { title: '1972 Citroën SM', make: 'Citroën', model: 'SM' });
      const second = await createVehicle(ctx.database, { title: '1963 Jaguar E-Type' });
      const firstOffer = (await offer(first.id, 40_000, buyer)).json().offer;
      await offer(second.id, 70_000, buyer, 'Cash buyer');
      await offer(second.id, 75_000, other);
      expect((await decide(firstOffer.id, 'rejected', 'Too low, sorry')).statusCode).toBe(200);

      const res = await get('/api/users/me/offers', buyer);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ totalOffers: 2, totalPages: 1, page: 1 });
      // The rejected one changed last, so it comes first.
      expect(body.offers.map((o: { vehicle: { id: string } }) => o.vehicle.id)).toEqual([first.id, second.id]);
      expect(body.offers[0]).toMatchObject({
        amount: 40_000,
        status: 'rejected',
        responseMessage: 'Too low, sorry',
        canAmend: true,
        vehicleStatus: 'Available',
        vehicle: { id: first.id, slug: first.slug, title: '1972 Citroën SM' },
      });
      expect(body.offers[1]).toMatchObject({
        amount: 70_000,
        status: 'pending',
        message: 'Cash buyer',
        canAmend: true,
      });
      expect(body.offers.every((o: { userId: string }) => o.userId === buyer.id)).toBe(true);
    });

    it('says an accepted offer, or one on a sold or archived vehicle, cannot be amended', async () => {
      const buyer = await registerBuyer(ctx.app);
      const accepted = await createVehicle(ctx.database);
      const sold = await createVehicle(ctx.database);
      const acceptedOffer = (await offer(accepted.id, 50_000, buyer)).json().offer;
      await offer(sold.id, 60_000, buyer);
      expect((await decide(acceptedOffer.id, 'accepted', 'Deal')).statusCode).toBe(200);
      await setVehicleStatus(ctx.database, sold.id, 'Archived');
      const offers = (await get('/api/users/me/offers', buyer)).json().offers as {
        vehicle: { id: string };
        canAmend: boolean;
        vehicleStatus: string;
      }[];
      const byVehicle = new Map(offers.map((o) => [o.vehicle.id, o]));
      expect(byVehicle.get(accepted.id)?.canAmend).toBe(false);
      expect(byVehicle.get(sold.id)).toMatchObject({ canAmend: false, vehicleStatus: 'Archived' });
    });

    it('pages, and answers 401 to a visitor', async () => {
      const buyer = await registerBuyer(ctx.app);
      for (let i = 0; i < 3; i++) await offer((await createVehicle(ctx.database)).id, 1000 + i, buyer);
      const page2 = (await get('/api/users/me/offers?limit=2&page=2', buyer)).json();
      expect(page2).toMatchObject({ totalOffers: 3, totalPages: 2, page: 2 });
      expect(page2.offers).toHaveLength(1);
      expect((await get('/api/users/me/offers')).statusCode).toBe(401);
    });

    it('an amended offer shows when it was amended and its latest message to staff', async () => {
      const buyer = await registerBuyer(ctx.app);
      const v = await createVehicle(ctx.database);
      const made = (await offer(v.id, 30_000, buyer, 'First thoughts')).json().offer;
      expect(made.amendedAt).toBeNull();
      const amended = await offer(v.id, 32_000, buyer, 'Can collect this week');
      expect(amended.statusCode).toBe(200);
      const after = amended.json().offer;
      expect(after.amendedAt).toEqual(expect.any(String));
      expect(after.message).toBe('Can collect this week');
      const mine = (await get('/api/users/me/offers', buyer)).json().offers[0];
      expect(mine).toMatchObject({ amendedAt: after.amendedAt, message: 'Can collect this week', amount: 32_000 });
      const staff = (await get(`/api/admin/offers/${made.id}`, admin)).json().offer;
      expect(staff).toMatchObject({ amendedAt: after.amendedAt, message: 'Can collect this week' });
    });
  });

  describe('Contact our specialists', () => {
    const contact = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/contact/submit', payload });
    const body = (extra: object) => ({
      fullName: 'Vera Vehicle',
      email: 'vera@example.com',
      phone: '+1 555 010 3000',
      subject: 'Inquiry about 1972 Citroën SM',
      message: 'Is the car still available for a viewing?',
      ...extra,
    });
    const newestInquiry = async () => (await get('/api/contact/admin/all?limit=1', admin)).json().contacts[0];

    it('links an inquiry sent with a vehicle id to the vehicle in the back office', async () => {
      const v = await createVehicle(ctx.database, { title: '1972 Citroën SM Contact' });
      expect((await contact(body({ vehicleId: v.id }))).statusCode).toBe(201);
      const inquiry = await newestInquiry();
      expect(inquiry.vehicle).toEqual({ id: v.id, slug: v.slug, title: v.title, deleted: false });
      expect((await get(`/api/contact/admin/${inquiry.id}`, admin)).json().contact.vehicle.id).toBe(v.id);
    });

    it('keeps an inquiry without a vehicle, or naming an unknown or archived one, unlinked', async () => {
      await contact(body({}));
      expect((await newestInquiry()).vehicle).toBeNull();
      await contact(body({ vehicleId: 'no-such-vehicle' }));
      expect((await newestInquiry()).vehicle).toBeNull();
      const archived = await createVehicle(ctx.database);
      await setVehicleStatus(ctx.database, archived.id, 'Archived');
      await contact(body({ vehicleId: archived.id }));
      expect((await newestInquiry()).vehicle).toBeNull();
    });

    it('refuses a vehicle id that is not text or too long with 400', async () => {
      expect((await contact(body({ vehicleId: 42 }))).statusCode).toBe(400);
      expect((await contact(body({ vehicleId: 'x'.repeat(65) }))).statusCode).toBe(400);
    });

    it('marks the vehicle deleted once it is deleted', async () => {
      const v = await createVehicle(ctx.database);
      await contact(body({ vehicleId: v.id }));
      expect(
        (await ctx.app.inject({ method: 'DELETE', url: `/api/vehicles/${v.id}`, headers: admin.headers })).statusCode,
      ).toBe(200);
      expect((await newestInquiry()).vehicle).toEqual({ id: v.id, slug: null, title: null, deleted: true });
    });
  });

  describe('public search explains bad values', () => {
    it('refuses a minimum above the maximum with 400 and says which, instead of swapping', async () => {
      const price = await get('/api/vehicles/search?minPrice=80000&maxPrice=55000');
      expect(price.statusCode).toBe(400);
      expect(price.json().message).toBe('Max price must not be below min price');
      const year = await get('/api/vehicles/search?yearFrom=1990&yearTo=1970');
      expect(year.statusCode).toBe(400);
      expect(year.json().message).toBe('Max year must not be below min year');
    });

    it('refuses a negative price with 400', async () => {
      const res = await get('/api/vehicles/search?minPrice=-5');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Min price must not be negative');
      expect((await get('/api/vehicles/search?maxPrice=-1')).json().message).toBe('Max price must not be negative');
    });

    it('refuses a query over 200 characters with a message the page can show', async () => {
      const res = await get(`/api/vehicles/search?query=${'porsche '.repeat(30)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.searchWordsTooLong);
      expect((await get('/api/vehicles/search?minPrice=100&maxPrice=100')).statusCode).toBe(200);
    });
  });

  describe('admin vehicle search', () => {
    const adminList = async (query: string) => {
      const res = await get(`/api/vehicles?limit=100&${query}`, admin);
      expect(res.statusCode).toBe(200);
      return (res.json().vehicles as { title: string }[]).map((v) => v.title);
    };
    let gt3: string;
    beforeAll(async () => {
      gt3 = (
        await createVehicle(ctx.database, {
          title: '2019 Porsche 911 GT3 Touring',
          make: 'Porsche',
          model: '911 GT3',
          year: 2019,
        })
      ).title;
      await createVehicle(ctx.database, {
        title: '1972 Citroën DS Pallas',
        make: 'Citroën',
        model: 'DS',
        vin: 'DSX00000001',
      });
      await createVehicle(ctx.database, { title: '1988 Porsche 944', make: 'Porsche', model: '944', year: 1988 });
    });

    it('matches words in any order and any case over title, make, model and VIN', async () => {
      expect(await adminList('search=porsche%20gt3')).toEqual([gt3]);
      expect(await adminList('search=911%20porsche')).toEqual([gt3]);
      expect(await adminList('search=TOURING%20911')).toEqual([gt3]);
      expect(await adminList('search=pallas%20dsx0000')).toEqual(['1972 Citroën DS Pallas']);
      expect(await adminList('search=porsche%20ds')).toEqual([]);
    });

    it('folds accents both ways, and takes % and _ as plain characters', async () => {
      expect(await adminList('search=citroen%20pallas')).toEqual(['1972 Citroën DS Pallas']);
      expect(await adminList('search=citroen')).toContain('1972 Citroën DS Pallas');
      expect(await adminList('search=CITROËN%20ds')).toEqual(['1972 Citroën DS Pallas']);
      expect(await adminList('search=%25')).toEqual([]);
      expect(await adminList('search=_')).toEqual([]);
    });

    it('the model filter matches a prefix, without case', async () => {
      expect(await adminList('model=911')).toEqual([gt3]);
      expect(await adminList('model=9')).toEqual(expect.arrayContaining([gt3, '1988 Porsche 944']));
      expect(await adminList('model=GT3')).toEqual([]);
    });

    it('explains a minimum year above the maximum with 400', async () => {
      const res = await get('/api/vehicles?minYear=2000&maxYear=1990', admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.maxYearBelowMinYear);
      expect(await adminList('minYear=2019&maxYear=2019')).toEqual([gt3]);
    });

    it("the list carries each vehicle's price", async () => {
      const res = (await get('/api/vehicles?search=porsche%20gt3', admin)).json();
      expect(res.vehicles[0].price).toBe(85_000);
    });
  });

  describe('slugs', () => {
    it('fold accents before dropping other characters', async () => {
      expect(slugify('1972 Citroën SM')).toBe('1972-citroen-sm');
      expect(slugify('Škoda Octavia Ø')).toBe('skoda-octavia-o');
      const v = await createVehicle(ctx.database, { title: 'Citroën 2CV Charleston' });
      expect(v.slug).toBe('citroen-2cv-charleston');
      expect((await get(`/api/vehicles/${v.slug}`)).statusCode).toBe(200);
    });
  });

  describe('activity feed', () => {
    it('marks vehicles that have since been deleted, and offers on them', async () => {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/vehicles',
        headers: admin.headers,
        payload: {
          title: '1970 Deleted Later',
          make: 'Ford',
          model: 'Torino',
          year: 1970,
          bodyType: 'Coupe',
          price: 20000,
          status: 'Available',
        },
      });
      expect(created.statusCode).toBe(201);
      const kept = await ctx.app.inject({
        method: 'POST',
        url: '/api/vehicles',
        headers: admin.headers,
        payload: {
          title: '1971 Still Here',
          make: 'Ford',
          model: 'Torino',
          year: 1971,
          bodyType: 'Coupe',
          price: 20000,
          status: 'Available',
        },
      });
      const buyer = await registerBuyer(ctx.app);
      await offer(created.json().id, 15_000, buyer);
      await ctx.app.inject({ method: 'DELETE', url: `/api/vehicles/${created.json().id}`, headers: admin.headers });
      const activities = (await get('/api/admin/activity?limit=50', admin)).json().activities as {
        message: string;
        vehicleDeleted: boolean;
      }[];
      const find = (text: string) => activities.filter((a) => a.message.includes(text));
      expect(find('1970 Deleted Later').length).toBeGreaterThanOrEqual(2);
      expect(find('1970 Deleted Later').every((a) => a.vehicleDeleted)).toBe(true);
      expect(find(kept.json().title).every((a) => !a.vehicleDeleted)).toBe(true);
      expect(find('New inquiry').every((a) => !a.vehicleDeleted)).toBe(true);
    });
  });
});

describe('an aborted client request', () => {
  it('is logged at info as aborted, not as a server error', async () => {
    const ctx = await createTestContext('sqlite');
    const lines: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      logger: { level: 'info', stream } as never,
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as net.AddressInfo).port;
      const socket = net.connect(port, '127.0.0.1');
      await once(socket, 'connect');
      socket.write(
        'POST /api/contact/submit HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"fullName":',
      );
      await new Promise((r) => setTimeout(r, 100));
      socket.destroy();
      await new Promise((r) => setTimeout(r, 300));
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);
      expect(lines.some((l) => l.msg === 'client aborted the request')).toBe(true);
    } finally {
      await app.close();
      await ctx.close();
    }
  });
});

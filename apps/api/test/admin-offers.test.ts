import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFERS_PAGE_SIZE, type OfferStatus } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import type { Offer } from '@vm/shared/offer';
import { newId } from '../src/lib/ids.ts';
import { createVehicle } from './buyer-fixtures.ts';
import {
  createTestContext,
  DIALECTS,
  registerBuyer,
  type SignedIn,
  signInAs,
  tableCounts,
  type TestContext,
} from './test-app.ts';

interface ListBody {
  offers: Offer[];
  totalOffers: number;
  totalPages: number;
  page: number;
}

describe.each(DIALECTS)('admin offers on %s', (dialect) => {
  let ctx: TestContext;
  let admin: SignedIn;
  let buyer: SignedIn;
  let otherBuyer: SignedIn;
  let vehicleA: { id: string };
  let vehicleB: { id: string };
  let minute = 0;

  /** An offer written straight to the database with an increasing creation time. */
  async function seedOffer(
    user: SignedIn,
    vehicle: { id: string },
    amount: number,
    status: OfferStatus = 'pending',
    message = '',
  ): Promise<string> {
    minute += 1;
    const at = new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
    const id = newId();
    await ctx.database.db
      .insertInto('offers')
      .values({
        id,
        vehicle_id: vehicle.id,
        user_id: user.id,
        amount_cents: amount * 100,
        message,
        status,
        response_message: '',
        decided_by: null,
        decided_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return id;
  }

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'off' });
    admin = await signInAs(ctx, 'Admin');
    buyer = await registerBuyer(ctx.app, { firstName: 'Olive', lastName: 'Offer' });
    otherBuyer = await registerBuyer(ctx.app, { firstName: 'Otto', lastName: 'Other' });
    vehicleA = await createVehicle(ctx.database, {
      title: '1965 Ford Mustang',
      year: 1965,
      make: 'Ford',
      model: 'Mustang',
    });
    vehicleB = await createVehicle(ctx.database, {
      title: '1972 Datsun 240Z',
      year: 1972,
      make: 'Datsun',
      model: '240Z',
    });
  });
  afterAll(async () => ctx.close());

  const list = async (query: Record<string, string | number> = {}) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/offers',
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListBody>();
  };
  const decide = (id: string, payload: unknown, who: SignedIn = admin) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/offers/${id}/status`,
      payload: payload as object,
      headers: who.headers,
    });

  describe('authorization', () => {
    const routes = [
      { method: 'GET' as const, url: '/api/admin/offers' },
      { method: 'PUT' as const, url: '/api/admin/offers/x/status', payload: { status: 'accepted' } },
    ];
    it.each(routes)('ROLE-12 $method $url answers 401 without a token', async (route) => {
      const res = await ctx.app.inject(route);
      expect(res.statusCode).toBe(401);
    });
    it.each(routes)('ROLE-12 $method $url answers 403 to a buyer', async (route) => {
      const res = await ctx.app.inject({ ...route, headers: buyer.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.forbidden);
    });
    it('ROLE-12 a buyer cannot decide their own offer', async () => {
      const id = await seedOffer(buyer, vehicleB, 10);
      const res = await decide(id, { status: 'accepted' }, buyer);
      expect(res.statusCode).toBe(403);
      const row = await ctx.database.db.selectFrom('offers').select('status').where('id', '=', id).executeTakeFirst();
      expect(row?.status).toBe('pending');
      await ctx.database.db.deleteFrom('offers').where('id', '=', id).execute();
    });
  });

  describe('list', () => {
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      ids.a = await seedOffer(buyer, vehicleA, 30_000, 'pending', 'Cash buyer, quick close');
      ids.b = await seedOffer(otherBuyer, vehicleA, 32_500, 'under_review');
      ids.c = await seedOffer(buyer, vehicleB, 18_000, 'accepted');
      ids.d = await seedOffer(otherBuyer, vehicleB, 15_000.5, 'rejected');
    });
    const listedIds = (body: ListBody) => body.offers.map((o) => o.id);

    it('API-17 ADMIN-OFF-08 lists every offer newest first with buyer and vehicle', async () => {
      const body = await list();
      expect(body).toMatchObject({ totalOffers: 4, totalPages: 1, page: 1 });
      expect(listedIds(body)).toEqual([ids.d, ids.c, ids.b, ids.a]);
      const a = body.offers.find((o) => o.id === ids.a);
      expect(a).toMatchObject({
        amount: 30_000,
        status: 'pending',
        message: 'Cash buyer, quick close',
        responseMessage: '',
        userId: buyer.id,
        user: { id: buyer.id, firstName: 'Olive', lastName: 'Offer', email: buyer.email },
        vehicle: { id: vehicleA.id, year: 1965, make: 'Ford', model: 'Mustang' },
      });
      expect(body.offers.find((o) => o.id === ids.d)?.amount).toBe(15_000.5);
    });

    it('API-17 CONST-36 filters by status, reading "under review" with a space', async () => {
      expect(listedIds(await list({ status: 'pending' }))).toEqual([ids.a]);
      expect(listedIds(await list({ status: 'under review' }))).toEqual([ids.b]);
      expect(listedIds(await list({ status: 'under_review' }))).toEqual([ids.b]);
      expect(listedIds(await list({ status: 'accepted' }))).toEqual([ids.c]);
      expect((await list({ status: 'expired' })).totalOffers).toBe(0);
    });

    it('API-17 filters by vehicle and by user', async () => {
      expect(listedIds(await list({ vehicleId: vehicleA.id }))).toEqual([ids.b, ids.a]);
      expect(listedIds(await list({ userId: buyer.id }))).toEqual([ids.c, ids.a]);
      expect(listedIds(await list({ userId: buyer.id, vehicleId: vehicleB.id }))).toEqual([ids.c]);
      expect((await list({ userId: 'nobody' })).totalOffers).toBe(0);
    });

    it('API-17 ADMIN-OFF-03 VALID-35 filters by min and max amount in dollars, inclusive; non-numbers are ignored', async () => {
      expect(listedIds(await list({ minAmount: 30_000 }))).toEqual([ids.b, ids.a]);
      expect(listedIds(await list({ maxAmount: 18_000 }))).toEqual([ids.d, ids.c]);
      expect(listedIds(await list({ minAmount: 16_000, maxAmount: 31_000 }))).toEqual([ids.c, ids.a]);
      expect(listedIds(await list({ minAmount: 15_000.5, maxAmount: 15_000.5 }))).toEqual([ids.d]);
      expect((await list({ minAmount: 'lots', maxAmount: '' })).totalOffers).toBe(4);
      expect((await list({ minAmount: 40_000, maxAmount: 10 })).totalOffers).toBe(0);
    });

    it('API-17 CONST-13 ADMIN-OFF-04 ADMIN-OFF-05 sorts by amount, status and date in both directions', async () => {
      expect(listedIds(await list({ sortBy: 'amount', sortOrder: 'asc' }))).toEqual([ids.d, ids.c, ids.a, ids.b]);
      expect(listedIds(await list({ sortBy: 'amount', sortOrder: 'desc' }))).toEqual([ids.b, ids.a, ids.c, ids.d]);
      const statuses = (await list({ sortBy: 'status', sortOrder: 'asc' })).offers.map((o) => o.status);
      expect(statuses).toEqual(['accepted', 'pending', 'rejected', 'under_review']);
      expect(listedIds(await list({ sortBy: 'createdAt', sortOrder: 'asc' }))).toEqual([ids.a, ids.b, ids.c, ids.d]);
    });

    it('API-17 refuses an unknown status, sort field or order with 400 and a message', async () => {
      for (const [query, message] of [
        [{ status: 'approved' }, 'Unknown offer status'],
        [{ sortBy: 'user_id' }, 'Unknown sort field'],
        [{ sortOrder: 'up' }, 'Sort order must be asc or desc'],
      ] as const) {
        const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/offers', query, headers: admin.headers });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      }
    });

    it('API-17 CONST-04 pages by 10 by default and clamps page and limit', async () => {
      const extra: string[] = [];
      for (let i = 0; i < 8; i++) {
        const vehicle = await createVehicle(ctx.database);
        extra.push(await seedOffer(buyer, vehicle, 1_000 + i));
      }
      const first = await list();
      expect(first.offers).toHaveLength(OFFERS_PAGE_SIZE);
      expect(first).toMatchObject({ totalOffers: 12, totalPages: 2, page: 1 });
      const second = await list({ page: 2 });
      expect(second.offers).toHaveLength(2);
      expect(new Set([...listedIds(first), ...listedIds(second)]).size).toBe(12);
      expect((await list({ page: 0 })).page).toBe(1);
      const far = await list({ page: 1e9, limit: 1e6 });
      expect(far.offers).toEqual([]);
      expect((await list({ limit: 1e6 })).offers).toHaveLength(12);
      expect((await list({ limit: 1 })).totalPages).toBe(12);
      await ctx.database.db.deleteFrom('offers').where('id', 'in', extra).execute();
    });
  });

  describe('decision', () => {
    it('API-18 ADMIN-OFF-33 ROLE-12 accepts an open offer with a response, storing who decided and when', async () => {
      const id = await seedOffer(buyer, await createVehicle(ctx.database), 20_000);
      const res = await decide(id, { status: 'accepted', responseMessage: '  We will call you today.  ' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().offer).toMatchObject({ id, status: 'accepted', responseMessage: 'We will call you today.' });
      const row = await ctx.database.db.selectFrom('offers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.decided_by).toBe(admin.id);
      expect(row.decided_at).toEqual(expect.any(String));
      expect(row.updated_at).toBe(row.decided_at);
    });

    it('API-18 ADMIN-OFF-34 rejects an under-review offer; the response message defaults to empty', async () => {
      const id = await seedOffer(buyer, await createVehicle(ctx.database), 20_000, 'under_review');
      const res = await decide(id, { status: 'REJECTED' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().offer).toMatchObject({ status: 'rejected', responseMessage: '' });
    });

    it('ADMIN-OFF-36 ADMIN-OFF-37 decided and expired offers are final: 409 and nothing changes', async () => {
      for (const status of ['accepted', 'rejected', 'expired'] as const) {
        const id = await seedOffer(buyer, await createVehicle(ctx.database), 5_000, status);
        const res = await decide(id, { status: status === 'accepted' ? 'rejected' : 'accepted', responseMessage: 'x' });
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(MSG.offerFinal);
        const row = await ctx.database.db
          .selectFrom('offers')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({ status, response_message: '', decided_by: null });
      }
    });

    it('ADMIN-OFF-37 refuses any status but accepted or rejected with 400, writing nothing', async () => {
      const id = await seedOffer(buyer, await createVehicle(ctx.database), 5_000);
      const before = await tableCounts(ctx.database);
      for (const payload of [
        { status: 'expired' },
        { status: 'pending' },
        { status: 'countered' },
        {},
        { status: 'accepted', responseMessage: 'x'.repeat(2001) },
        { status: 'accepted', amount: 1 },
      ]) {
        const res = await decide(id, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toEqual(expect.any(String));
      }
      expect((await decide(id, { status: 'expired' })).json().message).toBe('Status must be accepted or rejected');
      expect(await tableCounts(ctx.database)).toEqual(before);
      const row = await ctx.database.db.selectFrom('offers').select('status').where('id', '=', id).executeTakeFirst();
      expect(row?.status).toBe('pending');
    });

    it('API-18 answers 404 for an offer that does not exist', async () => {
      const res = await decide('missing-offer', { status: 'accepted' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Offer not found');
    });

    it('API-18 two admins deciding at once: exactly one wins, the other gets 409', async () => {
      const second = await signInAs(ctx, 'SuperAdmin');
      for (let round = 0; round < 3; round++) {
        const id = await seedOffer(buyer, await createVehicle(ctx.database), 7_000);
        const [x, y] = await Promise.all([
          decide(id, { status: 'accepted', responseMessage: 'Yes' }, admin),
          decide(id, { status: 'rejected', responseMessage: 'No' }, second),
        ]);
        const codes = [x.statusCode, y.statusCode].sort();
        expect(codes).toEqual([200, 409]);
        const winner = x.statusCode === 200 ? x : y;
        const row = await ctx.database.db
          .selectFrom('offers')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(row.status).toBe(winner.json().offer.status);
        expect(row.response_message).toBe(winner.json().offer.responseMessage);
      }
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@vm/shared/messages';
import type { Offer } from '@vm/shared/offer';
import { createVehicle, setVehicleStatus } from './buyer-fixtures.ts';
import {
  createTestContext,
  DIALECTS,
  registerBuyer,
  type SignedIn,
  tableCounts,
  type TestContext,
} from './test-app.ts';

describe.each(DIALECTS)('buyer offers on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'off' });
  });
  afterAll(async () => ctx.close());

  const submit = (vehicle: string, payload: unknown, who?: SignedIn) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/vehicles/${vehicle}/offers`,
      headers: who?.headers ?? {},
      payload: payload as object,
    });
  const ownOffers = async (vehicle: string, who: SignedIn): Promise<Offer[]> => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${vehicle}/offers`, headers: who.headers });
    expect(res.statusCode).toBe(200);
    return res.json().offers;
  };
  const setOfferStatus = (id: string, status: string, responseMessage = '') =>
    ctx.database.db
      .updateTable('offers')
      .set({ status, response_message: responseMessage })
      .where('id', '=', id)
      .execute();
  const offerRows = (vehicleId: string) =>
    ctx.database.db.selectFrom('offers').selectAll().where('vehicle_id', '=', vehicleId).execute();

  it('API-33 API-34 refuses anonymous reads and submissions with 401, storing nothing', async () => {
    const v = await createVehicle(ctx.database);
    const before = await tableCounts(ctx.database);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${v.id}/offers` })).statusCode).toBe(401);
    const res = await submit(v.id, { amount: 1000 });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.notSignedIn);
    expect(await tableCounts(ctx.database)).toEqual(before);
  });

  it('API-34 ROLE-09 VALID-33 VALID-34 makes a pending offer (201), decimal amount kept, message optional, activity recorded', async () => {
    const buyer = await registerBuyer(ctx.app, { firstName: 'Olive', lastName: 'Offer' });
    const v = await createVehicle(ctx.database, { title: '1971 Offer Target' });
    const res = await submit(v.id, { amount: 12500.5 }, buyer);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.isUpdate).toBe(false);
    expect(body.offer).toMatchObject({
      amount: 12500.5,
      status: 'pending',
      message: '',
      responseMessage: '',
      userId: buyer.id,
      user: { id: buyer.id, firstName: 'Olive', lastName: 'Offer', email: buyer.email },
      vehicle: { id: v.id, slug: v.slug, title: '1971 Offer Target', year: 1967, make: 'Jaguar', model: 'E-Type' },
    });
    const rows = await offerRows(v.id);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]?.amount_cents)).toBe(1250050);
    const activity = await ctx.database.db
      .selectFrom('activity_events')
      .selectAll()
      .where('subject_id', '=', body.offer.id)
      .execute();
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({
      type: 'offer_submitted',
      summary: 'Olive Offer offered $12,500.50 on 1971 Offer Target',
    });
  });

  it('API-33 DETAIL-25 ROLE-09 shows a buyer only their own offer, never another buyer’s', async () => {
    const v = await createVehicle(ctx.database);
    const alice = await registerBuyer(ctx.app);
    const bob = await registerBuyer(ctx.app);
    const carol = await registerBuyer(ctx.app);
    await submit(v.id, { amount: 5000, message: 'Alice here' }, alice);
    await submit(v.id, { amount: 6000, message: 'Bob here' }, bob);
    const mine = await ownOffers(v.id, alice);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ amount: 5000, message: 'Alice here', userId: alice.id });
    expect((await ownOffers(v.slug, bob)).map((o) => o.message)).toEqual(['Bob here']);
    expect(await ownOffers(v.id, carol)).toEqual([]);
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/vehicles/nope/offers', headers: alice.headers });
    expect(missing.statusCode).toBe(404);
  });

  it('DETAIL-23 DETAIL-24 sending again amends the one offer (200, isUpdate) and it stays visible', async () => {
    const buyer = await registerBuyer(ctx.app);
    const v = await createVehicle(ctx.database);
    const first = (await submit(v.id, { amount: 20000, message: 'Opening' }, buyer)).json();
    const res = await submit(v.id, { amount: 21000, message: 'Raised' }, buyer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isUpdate: true,
      offer: { id: first.offer.id, amount: 21000, message: 'Raised' },
    });
    expect(await offerRows(v.id)).toHaveLength(1);
    expect(await ownOffers(v.id, buyer)).toEqual([expect.objectContaining({ id: first.offer.id, amount: 21000 })]);
  });

  it('DETAIL-23 amending an offer under review or rejected reopens it as pending and clears the response', async () => {
    const buyer = await registerBuyer(ctx.app);
    const v = await createVehicle(ctx.database);
    const { offer } = (await submit(v.id, { amount: 1000 }, buyer)).json();
    await setOfferStatus(offer.id, 'under_review');
    const reviewed = await submit(v.id, { amount: 1100 }, buyer);
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.json().offer.status).toBe('pending');

    await setOfferStatus(offer.id, 'rejected', 'Too low, sorry');
    expect((await ownOffers(v.id, buyer))[0]).toMatchObject({ status: 'rejected', responseMessage: 'Too low, sorry' });
    const reopened = await submit(v.id, { amount: 1500, message: 'Better?' }, buyer);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().offer).toMatchObject({ status: 'pending', responseMessage: '', amount: 1500 });
  });

  it('refuses to amend an accepted or expired offer with 409, changing nothing', async () => {
    const buyer = await registerBuyer(ctx.app);
    const v1 = await createVehicle(ctx.database);
    const v2 = await createVehicle(ctx.database);
    const a = (await submit(v1.id, { amount: 1000 }, buyer)).json().offer;
    const b = (await submit(v2.id, { amount: 1000 }, buyer)).json().offer;
    await setOfferStatus(a.id, 'accepted', 'Deal');
    await setOfferStatus(b.id, 'expired');
    const before = await tableCounts(ctx.database);
    const accepted = await submit(v1.id, { amount: 2000 }, buyer);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().message).toBe(MSG.offerAcceptedNoAmend);
    const expired = await submit(v2.id, { amount: 2000 }, buyer);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(MSG.offerFinal);
    expect(await tableCounts(ctx.database)).toEqual(before);
    expect((await ownOffers(v1.id, buyer))[0]).toMatchObject({ amount: 1000, status: 'accepted' });
  });

  it('refuses offers on a Sold or Archived vehicle with 409 and 404 for an unknown one', async () => {
    const buyer = await registerBuyer(ctx.app);
    const sold = await createVehicle(ctx.database, { status: 'Sold' });
    const archived = await createVehicle(ctx.database);
    await setVehicleStatus(ctx.database, archived.id, 'Archived');
    const before = await tableCounts(ctx.database);
    for (const id of [sold.id, archived.id]) {
      const res = await submit(id, { amount: 1000 }, buyer);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MSG.vehicleNotForSale);
    }
    const missing = await submit('no-such-car', { amount: 1000 }, buyer);
    expect(missing.statusCode).toBe(404);
    expect(await tableCounts(ctx.database)).toEqual(before);
  });

  it('VALID-31 VALID-32 rejects missing, non-numeric, below-1 and oversized amounts with 400, storing nothing', async () => {
    const buyer = await registerBuyer(ctx.app);
    const v = await createVehicle(ctx.database);
    const before = await tableCounts(ctx.database);
    const cases: [string, string][] = [
      ['{}', MSG.offerAmountRequired],
      ['{"amount":0}', MSG.offerAmountMin],
      ['{"amount":-5}', MSG.offerAmountMin],
      ['{"amount":0.5}', MSG.offerAmountMin],
      ['{"amount":"abc"}', MSG.offerAmountNotANumber],
      ['{"amount":"5000"}', MSG.offerAmountNotANumber],
      ['{"amount":1e309}', MSG.offerAmountNotANumber],
      ['{"amount":10000000000000}', MSG.offerAmountTooLarge],
    ];
    for (const [payload, message] of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/vehicles/${v.id}/offers`,
        headers: { ...buyer.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message, payload).toBe(message);
      expect(res.json().errors[0].field).toBe('amount');
    }
    const extra = await submit(v.id, { amount: 1000, status: 'accepted' }, buyer);
    expect(extra.statusCode).toBe(400);
    expect(await tableCounts(ctx.database)).toEqual(before);
  });

  it('DETAIL-23 two simultaneous first submissions leave exactly one offer', async () => {
    const buyer = await registerBuyer(ctx.app);
    const v = await createVehicle(ctx.database);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => submit(v.id, { amount: 1000 + i, message: `try ${i}` }, buyer)),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const rows = await offerRows(v.id);
    expect(rows).toHaveLength(1);
    expect(results.filter((r) => r.json().isUpdate === false)).toHaveLength(1);
  });
});

describe.each(DIALECTS)('offer rate limit on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'on' });
  });
  afterAll(async () => ctx.close());

  it('answers 429 with Retry-After after 30 submissions a minute from one address', async () => {
    const buyer = await registerBuyer(ctx.app);
    const v = await createVehicle(ctx.database);
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/vehicles/${v.id}/offers`,
        headers: buyer.headers,
        payload: { amount: 1000 },
      });
    for (let i = 0; i < 30; i++) expect((await send()).statusCode).toBeLessThan(300);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MSG.rateLimited);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

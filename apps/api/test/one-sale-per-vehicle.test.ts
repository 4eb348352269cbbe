import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@vm/shared/messages';
import type { Offer } from '@vm/shared/offer';
import {
  createTestContext,
  DIALECTS,
  registerBuyer,
  type SignedIn,
  signInAs,
  tableCounts,
  type TestContext,
} from './test-app.ts';
import { mustang } from './vehicle-fixtures.ts';

/**
 * Issue #20: one accepted offer per vehicle, expiry on a sale, the release of an accepted offer,
 * offers kept when their vehicle is deleted, money in whole cents and the offer cap
 * (docs/decisions/121-one-sale-per-vehicle.md, docs/product-rules.md#offers), on both databases.
 */
const PUBLIC_URL = 'https://cars.example';

describe.each(DIALECTS)('one sale per vehicle on %s', (dialect) => {
  let ctx: TestContext;
  let admin: SignedIn;
  let superAdmin: SignedIn;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { PUBLIC_URL, RATE_LIMIT: 'off' });
    admin = await signInAs(ctx, 'Admin');
    superAdmin = await signInAs(ctx, 'SuperAdmin');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: SignedIn, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload: payload as object } : {}) });

  let vehicleCount = 0;
  async function createVehicle(overrides: Partial<typeof mustang> = {}) {
    const title = `1967 Ford Mustang Sale ${++vehicleCount}`;
    const body = { ...mustang, vin: '', ...overrides, title };
    const res = await inject('POST', '/api/vehicles', admin, body);
    expect(res.statusCode, res.body).toBe(201);
    return { ...res.json<{ id: string; slug: string; title: string }>(), body };
  }
  type TestVehicle = Awaited<ReturnType<typeof createVehicle>>;
  const setStatus = (v: TestVehicle, status: string) =>
    inject('PUT', `/api/vehicles/${v.id}`, admin, { ...v.body, status });
  const vehicleStatus = async (id: string) =>
    (await ctx.database.db.selectFrom('vehicles').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;
  async function offer(v: TestVehicle, amount = 80_000, who?: SignedIn): Promise<{ id: string; buyer: SignedIn }> {
    const buyer = who ?? (await registerBuyer(ctx.app));
    const res = await inject('POST', `/api/vehicles/${v.id}/offers`, buyer, { amount });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json<{ offer: Offer }>().offer.id, buyer };
  }
  const decide = (id: string, status: string, who: SignedIn = admin) =>
    inject('PUT', `/api/admin/offers/${id}/status`, who, { status, responseMessage: 'Deal.' });
  const release = (id: string, payload: unknown, who: SignedIn = admin) =>
    inject('POST', `/api/admin/offers/${id}/release`, who, payload);
  const offerRow = (id: string) =>
    ctx.database.db.selectFrom('offers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** The offerExpired emails queued for a buyer, with their data. */
  async function expiryEmails(buyer: SignedIn) {
    const rows = await ctx.database.db
      .selectFrom('email_outbox')
      .select(['template', 'recipient', 'payload'])
      .where('recipient', '=', buyer.email)
      .where('template', '=', 'offerExpired')
      .execute();
    return rows.map((r) => JSON.parse(r.payload) as Record<string, unknown>);
  }

  describe('acceptance', () => {
    it('ISSUE-20-SALE accepting an offer moves the vehicle to Pending; a second acceptance on it is a 409 naming the reason and changes nothing', async () => {
      const v = await createVehicle();
      const first = await offer(v, 80_000);
      const second = await offer(v, 85_000);
      expect((await decide(first.id, 'accepted')).statusCode).toBe(200);
      expect(await vehicleStatus(v.id)).toBe('Pending');

      const before = await tableCounts(ctx.database);
      const res = await decide(second.id, 'accepted');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MSG.offerVehicleHasAcceptedOffer);
      expect(await offerRow(second.id)).toMatchObject({ status: 'pending', decided_by: null });
      expect(await tableCounts(ctx.database)).toEqual(before);
      // Rejecting the other offer is still possible: only acceptance is one per vehicle.
      expect((await decide(second.id, 'rejected')).statusCode).toBe(200);
      // A buyer may still make an offer on a Pending vehicle (a back-up), but it cannot be accepted.
      const backup = await offer(v, 90_000);
      expect((await decide(backup.id, 'accepted')).json().message).toBe(MSG.offerVehicleHasAcceptedOffer);
    });

    it('ISSUE-20-SALE two acceptances at once on one vehicle: exactly one 200, the others 409, one accepted offer stored', async () => {
      for (let round = 0; round < 3; round++) {
        const v = await createVehicle();
        const offers = await Promise.all([1, 2, 3, 4].map((i) => offer(v, 70_000 + i)));
        const results = await Promise.all(
          offers.map((o, i) => decide(o.id, 'accepted', i % 2 === 0 ? admin : superAdmin)),
        );
        const codes = results.map((r) => r.statusCode).sort();
        expect(codes).toEqual([200, 409, 409, 409]);
        for (const r of results.filter((x) => x.statusCode === 409))
          expect(r.json().message).toBe(MSG.offerVehicleHasAcceptedOffer);
        const accepted = await ctx.database.db
          .selectFrom('offers')
          .select('id')
          .where('vehicle_id', '=', v.id)
          .where('status', '=', 'accepted')
          .execute();
        expect(accepted).toHaveLength(1);
        expect(await vehicleStatus(v.id)).toBe('Pending');
      }
    });

    it('ISSUE-20-SALE an edit from a form opened before the acceptance cannot put the held vehicle back on sale (409); after the release it can', async () => {
      const v = await createVehicle();
      const accepted = await offer(v, 80_000);
      expect((await decide(accepted.id, 'accepted')).statusCode).toBe(200);
      expect(await vehicleStatus(v.id)).toBe('Pending');
      const stale = await setStatus(v, 'Available');
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json().message).toBe(MSG.vehicleHeldByAcceptedOffer);
      expect(await vehicleStatus(v.id)).toBe('Pending');
      expect((await release(accepted.id, { reason: 'Financing fell through' })).statusCode).toBe(200);
      expect(await vehicleStatus(v.id)).toBe('Available');
      expect((await setStatus(v, 'Available')).statusCode).toBe(200);
    });

    it('ISSUE-20-SALE an offer on a Sold or Archived vehicle cannot be accepted (409)', async () => {
      const v = await createVehicle();
      const o = await offer(v);
      await ctx.database.db.updateTable('vehicles').set({ status: 'Archived' }).where('id', '=', v.id).execute();
      const res = await decide(o.id, 'accepted');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MSG.vehicleNotForSale);
      expect((await offerRow(o.id)).status).toBe('pending');
    });
  });

  describe('sale', () => {
    it('ISSUE-20-SALE marking a vehicle Sold expires its open offers and tells their buyers; the accepted and decided ones stay', async () => {
      const v = await createVehicle();
      const won = await offer(v, 88_000);
      const waiting = await offer(v, 70_000);
      const reviewed = await offer(v, 71_000);
      const declined = await offer(v, 60_000);
      await ctx.database.db
        .updateTable('offers')
        .set({ status: 'under_review' })
        .where('id', '=', reviewed.id)
        .execute();
      expect((await decide(declined.id, 'rejected')).statusCode).toBe(200);
      expect((await decide(won.id, 'accepted')).statusCode).toBe(200);

      const res = await setStatus(v, 'Sold');
      expect(res.statusCode, res.body).toBe(200);
      expect(await vehicleStatus(v.id)).toBe('Sold');
      for (const o of [waiting, reviewed]) {
        expect(await offerRow(o.id)).toMatchObject({
          status: 'expired',
          response_message: 'The vehicle has been sold',
        });
        const emails = await expiryEmails(o.buyer);
        expect(emails).toHaveLength(1);
        expect(emails[0]).toMatchObject({ reason: 'sold', vehicleTitle: v.title, note: '' });
        expect(emails[0]?.vehicleUrl).toBe(`${PUBLIC_URL}/vehicles/${v.slug}`);
      }
      expect((await offerRow(waiting.id)).status).toBe('expired');
      expect((await offerRow(won.id)).status).toBe('accepted');
      expect((await offerRow(declined.id)).status).toBe('rejected');
      expect(await expiryEmails(won.buyer)).toEqual([]);
      expect(await expiryEmails(declined.buyer)).toEqual([]);

      // Saving the Sold vehicle again expires nothing more and sends nothing more.
      expect((await setStatus(v, 'Sold')).statusCode).toBe(200);
      expect(await expiryEmails(waiting.buyer)).toHaveLength(1);
    });

    it('ISSUE-20-SALE an offer sent while the vehicle is sold either lands before the sale (and expires) or is refused', async () => {
      for (let round = 0; round < 3; round++) {
        const v = await createVehicle();
        const buyer = await registerBuyer(ctx.app);
        const [sale, sent] = await Promise.all([
          setStatus(v, 'Sold'),
          inject('POST', `/api/vehicles/${v.id}/offers`, buyer, { amount: 50_000 }),
        ]);
        expect(sale.statusCode).toBe(200);
        expect([201, 409]).toContain(sent.statusCode);
        const open = await ctx.database.db
          .selectFrom('offers')
          .select('status')
          .where('vehicle_id', '=', v.id)
          .where('status', 'in', ['pending', 'under_review'])
          .execute();
        expect(open).toEqual([]);
      }
    });
  });

  describe('release', () => {
    it('ISSUE-20-SALE staff release an accepted offer with a reason: it expires, the vehicle is Available again and the buyer is told', async () => {
      const v = await createVehicle();
      const first = await offer(v, 80_000);
      const second = await offer(v, 79_000);
      expect((await decide(first.id, 'accepted')).statusCode).toBe(200);

      const res = await release(first.id, { reason: '  The buyer’s financing fell through.  ' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().offer).toMatchObject({
        id: first.id,
        status: 'expired',
        responseMessage: 'The buyer’s financing fell through.',
      });
      expect(await vehicleStatus(v.id)).toBe('Available');
      expect((await offerRow(first.id)).decided_by).toBe(admin.id);
      const emails = await expiryEmails(first.buyer);
      expect(emails).toHaveLength(1);
      expect(emails[0]).toMatchObject({
        reason: 'released',
        note: 'The buyer’s financing fell through.',
        amountText: '$80,000',
        vehicleTitle: v.title,
      });
      // The next offer can now be accepted.
      expect((await decide(second.id, 'accepted')).statusCode).toBe(200);
      expect(await vehicleStatus(v.id)).toBe('Pending');
    });

    it('ISSUE-20-SALE a release needs a reason and an accepted offer: 400, 409 and 404 change nothing', async () => {
      const v = await createVehicle();
      const open = await offer(v);
      const before = await tableCounts(ctx.database);
      for (const payload of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 'ok', extra: 1 }]) {
        const res = await release(open.id, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toEqual(expect.any(String));
      }
      expect((await release(open.id, {})).json().message).toBe(MSG.offerReleaseReasonRequired);
      expect((await release(open.id, { reason: ' ' })).json().message).toBe(MSG.offerReleaseReasonRequired);
      const notAccepted = await release(open.id, { reason: 'No deal' });
      expect(notAccepted.statusCode).toBe(409);
      expect(notAccepted.json().message).toBe(MSG.offerNotAccepted);
      expect((await release('no-such-offer', { reason: 'No deal' })).statusCode).toBe(404);
      expect(await tableCounts(ctx.database)).toEqual(before);
      expect((await offerRow(open.id)).status).toBe('pending');
    });

    it('ISSUE-20-SALE two releases at once: exactly one wins and the buyer is told once', async () => {
      const v = await createVehicle();
      const o = await offer(v);
      expect((await decide(o.id, 'accepted')).statusCode).toBe(200);
      const results = await Promise.all([
        release(o.id, { reason: 'First' }, admin),
        release(o.id, { reason: 'Second' }, superAdmin),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await expiryEmails(o.buyer)).toHaveLength(1);
      expect(await vehicleStatus(v.id)).toBe('Available');
    });

    it('ISSUE-20-SALE a release of an offer on a vehicle staff already marked Sold leaves the vehicle Sold', async () => {
      const v = await createVehicle();
      const o = await offer(v);
      expect((await decide(o.id, 'accepted')).statusCode).toBe(200);
      expect((await setStatus(v, 'Sold')).statusCode).toBe(200);
      expect((await release(o.id, { reason: 'Sale cancelled' })).statusCode).toBe(200);
      expect(await vehicleStatus(v.id)).toBe('Sold');
    });
  });

  describe('deleting a vehicle', () => {
    it('ISSUE-20-SALE the confirmation counts its open and accepted offers; deleting keeps them as expired history with the title, and their buyers are told', async () => {
      const v = await createVehicle();
      const won = await offer(v, 88_000);
      const waiting = await offer(v, 70_000);
      const declined = await offer(v, 60_000);
      expect((await decide(declined.id, 'rejected')).statusCode).toBe(200);
      expect((await decide(won.id, 'accepted')).statusCode).toBe(200);

      const counts = await inject('GET', `/api/vehicles/${v.id}/offer-counts`, admin);
      expect(counts.statusCode).toBe(200);
      expect(counts.json()).toEqual({ openOffers: 1, acceptedOffers: 1 });
      expect((await inject('GET', '/api/vehicles/no-such-car/offer-counts', admin)).statusCode).toBe(404);

      const res = await inject('DELETE', `/api/vehicles/${v.id}`, admin);
      expect(res.statusCode, res.body).toBe(200);
      expect(await ctx.database.db.selectFrom('vehicles').select('id').where('id', '=', v.id).execute()).toEqual([]);

      for (const o of [won, waiting]) {
        expect(await offerRow(o.id)).toMatchObject({
          status: 'expired',
          response_message: 'The vehicle is no longer listed',
          vehicle_id: null,
          vehicle_title: v.title,
        });
        const emails = await expiryEmails(o.buyer);
        expect(emails).toHaveLength(1);
        expect(emails[0]).toMatchObject({ reason: 'deleted', vehicleTitle: v.title, vehicleUrl: null });
      }
      expect(await offerRow(declined.id)).toMatchObject({ status: 'rejected', vehicle_id: null });
      expect(await expiryEmails(declined.buyer)).toEqual([]);

      // The back office still lists and opens them, with the vehicle as it was.
      const listed = await inject('GET', `/api/admin/offers?userId=${won.buyer.id}`, admin);
      expect(listed.statusCode).toBe(200);
      expect(listed.json().offers).toEqual([
        expect.objectContaining({
          id: won.id,
          status: 'expired',
          vehicle: { id: null, slug: null, title: v.title, year: 1967, make: 'Ford', model: 'Mustang' },
        }),
      ]);
      const one = await inject('GET', `/api/admin/offers/${waiting.id}`, admin);
      expect(one.json().offer.vehicle).toMatchObject({ id: null, title: v.title });
      // The expired offer is final: no decision, no release.
      expect((await decide(waiting.id, 'accepted')).statusCode).toBe(409);
      expect((await release(won.id, { reason: 'x' })).statusCode).toBe(409);
    });

    it('ISSUE-20-SALE a vehicle without offers counts none and deletes as before', async () => {
      const v = await createVehicle();
      expect((await inject('GET', `/api/vehicles/${v.id}/offer-counts`, admin)).json()).toEqual({
        openOffers: 0,
        acceptedOffers: 0,
      });
      expect((await inject('DELETE', `/api/vehicles/${v.id}`, admin)).statusCode).toBe(200);
    });
  });

  describe('money', () => {
    it('ISSUE-20-CENTS a price with a fraction of a cent is a 400 with a message, and nothing is stored', async () => {
      const before = await tableCounts(ctx.database);
      for (const price of [0.001, 89_500.005]) {
        const res = await inject('POST', '/api/vehicles', admin, { ...mustang, vin: '', title: 'Sub-cent car', price });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Price must be in whole cents');
      }
      const msrp = await inject('POST', '/api/vehicles', admin, {
        ...mustang,
        vin: '',
        title: 'Sub-cent',
        msrp: 0.999,
      });
      expect(msrp.json().message).toBe('MSRP must be in whole cents');
      expect(await tableCounts(ctx.database)).toEqual(before);
      const cents = await inject('POST', '/api/vehicles', admin, {
        ...mustang,
        vin: '',
        title: 'Cents car',
        price: 89_500.99,
      });
      expect(cents.statusCode).toBe(201);
      expect(cents.json().price).toBe(89_500.99);
    });

    it('ISSUE-20-CENTS an offer of $300,000.75 is kept to the cent and named so in the staff notice; a sub-cent offer is a 400', async () => {
      const v = await createVehicle({ price: 310_000 });
      const buyer = await registerBuyer(ctx.app);
      const before = await tableCounts(ctx.database);
      const subCent = await inject('POST', `/api/vehicles/${v.id}/offers`, buyer, { amount: 1000.001 });
      expect(subCent.statusCode).toBe(400);
      expect(subCent.json()).toMatchObject({
        message: MSG.offerAmountWholeCents,
        errors: [{ field: 'amount', message: MSG.offerAmountWholeCents }],
      });
      expect(await tableCounts(ctx.database)).toEqual(before);

      const res = await inject('POST', `/api/vehicles/${v.id}/offers`, buyer, { amount: 300_000.75 });
      expect(res.statusCode).toBe(201);
      expect(res.json().offer.amount).toBe(300_000.75);
      const id = res.json().offer.id as string;
      expect(Number((await offerRow(id)).amount_cents)).toBe(30_000_075);
      const activity = await ctx.database.db
        .selectFrom('activity_events')
        .select('summary')
        .where('subject_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(activity.summary).toContain('$300,000.75');
      expect((await decide(id, 'accepted')).statusCode).toBe(200);
      const decision = await ctx.database.db
        .selectFrom('email_outbox')
        .select('payload')
        .where('recipient', '=', buyer.email)
        .where('template', '=', 'offerDecision')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(decision.payload).amountText).toBe('$300,000.75');
    });

    it('ISSUE-20-CAP an offer above $100,000,000 is a 400 with a message; $100,000,000 itself is taken', async () => {
      const v = await createVehicle({ price: 98_500 });
      const buyer = await registerBuyer(ctx.app);
      const before = await tableCounts(ctx.database);
      for (const amount of [99_999_999_999, 100_000_000.01]) {
        const res = await inject('POST', `/api/vehicles/${v.id}/offers`, buyer, { amount });
        expect(res.statusCode, String(amount)).toBe(400);
        expect(res.json().message).toBe(MSG.offerAmountTooLarge);
      }
      expect(MSG.offerAmountTooLarge).toBe('Offer amount cannot be more than $100,000,000');
      expect(await tableCounts(ctx.database)).toEqual(before);
      expect((await inject('POST', `/api/vehicles/${v.id}/offers`, buyer, { amount: 100_000_000 })).statusCode).toBe(
        201,
      );
    });
  });
});

import type { ParsedMail } from 'mailparser';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@vm/shared/messages';
import type { NotificationPrefs } from '@vm/shared/user';
import { startMailServer, type TestMailServer } from './mail-server.ts';
import {
  createTestContext,
  DIALECTS,
  registerBuyer,
  type SignedIn,
  signInAs,
  type TestContext,
  uniqueEmail,
} from './test-app.ts';
import { mustang } from './vehicle-fixtures.ts';

/**
 * The buyer and staff notices (docs/product-rules.md#notifications, docs/decisions/117-notices.md),
 * delivered over real SMTP: each is sent once, names the vehicle, carries the right link, amount or
 * message, respects its preference, and is queued in the transaction of the change that causes it.
 */
const PUBLIC_URL = 'https://cars.example';
const ALL_OFF: NotificationPrefs = {
  watchlistUpdates: false,
  newMatches: false,
  priceChanges: false,
  publicWatchlist: false,
  showContact: false,
};

describe.each(DIALECTS)('email notices on %s', (dialect) => {
  let ctx: TestContext;
  let mail: TestMailServer;
  let admin: SignedIn;
  beforeAll(async () => {
    mail = await startMailServer();
    ctx = await createTestContext(dialect, { SMTP_URL: mail.url, PUBLIC_URL, RATE_LIMIT: 'off' });
    admin = await signInAs(ctx, 'Admin');
  });
  afterAll(async () => {
    await ctx?.close();
    await mail?.close();
  });
  afterEach(async () => {
    await setStaffEmails([]);
    await ctx.app.outbox.deliverDue();
    await ctx.database.db.deleteFrom('email_outbox').execute();
  });

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: SignedIn, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload: payload as object } : {}) });

  let vehicleCount = 0;
  async function createVehicle(overrides: Partial<typeof mustang> = {}) {
    const title = overrides.title ?? `1967 Ford Mustang Notice ${++vehicleCount}`;
    const res = await inject('POST', '/api/vehicles', admin, { ...mustang, vin: '', ...overrides, title });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: string; slug: string; title: string }>();
    return { ...body, body: { ...mustang, vin: '', ...overrides, title } };
  }
  type TestVehicle = Awaited<ReturnType<typeof createVehicle>>;
  const editVehicle = (v: TestVehicle, changes: Partial<typeof mustang>) =>
    inject('PUT', `/api/vehicles/${v.id}`, admin, { ...v.body, ...changes });
  const watch = async (v: TestVehicle, who: SignedIn) =>
    expect((await inject('POST', `/api/vehicles/${v.id}/watch`, who, { watching: true })).statusCode).toBe(200);
  const setPrefs = async (who: SignedIn, prefs: Partial<NotificationPrefs>) => {
    const current = (await inject('GET', '/api/auth/me', who)).json().user;
    const res = await inject('PUT', `/api/users/${who.id}`, who, {
      firstName: current.firstName,
      lastName: current.lastName,
      phone: current.phone,
      notificationPrefs: { ...current.notificationPrefs, ...prefs },
    });
    expect(res.statusCode).toBe(200);
  };
  const offer = (v: TestVehicle, who: SignedIn, amount: number, message = '') =>
    inject('POST', `/api/vehicles/${v.id}/offers`, who, { amount, message });
  const decide = (offerId: string, status: string, responseMessage: string) =>
    inject('PUT', `/api/admin/offers/${offerId}/status`, admin, { status, responseMessage });
  async function setStaffEmails(staffEmails: string[]) {
    const current = (await inject('GET', '/api/settings', admin)).json();
    // A save needs a company name (ISSUE-20); the test database starts with none.
    const company = { ...current.company, name: current.company.name || 'Test Motors' };
    const res = await inject('PUT', '/api/settings', admin, { ...current, company, notifications: { staffEmails } });
    expect(res.statusCode).toBe(200);
  }
  const setActive = (who: SignedIn, active: boolean) =>
    ctx.database.db
      .updateTable('users')
      .set({ is_active: active ? 1 : 0 })
      .where('id', '=', who.id)
      .execute();
  const outboxCount = async () =>
    Number(
      (
        await ctx.database.db
          .selectFrom('email_outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Makes every outbox insert fail until the returned function puts the table back. */
  async function breakOutbox(): Promise<() => Promise<void>> {
    await sql`alter table email_outbox rename to email_outbox_away`.execute(ctx.database.db);
    return async () => {
      await sql`alter table email_outbox_away rename to email_outbox`.execute(ctx.database.db);
    };
  }
  const header = (message: ParsedMail | undefined, name: string) =>
    message?.headerLines
      .find((line) => line.key === name)
      ?.line.slice(name.length + 1)
      .trim();
  const deliver = () => ctx.app.outbox.deliverDue();

  describe('offer decisions', () => {
    it('ISSUE-16-NOTICES an accepted offer is emailed to the buyer once, naming the vehicle, the amount and the dealer message, even with every preference off', async () => {
      const buyer = await registerBuyer(ctx.app, { firstName: 'Dora', lastName: 'Decided' });
      await setPrefs(buyer, ALL_OFF);
      const v = await createVehicle();
      const made = await offer(v, buyer, 85_000.5, 'Cash buyer');
      expect(made.statusCode).toBe(201);
      const res = await decide(made.json().offer.id, 'accepted', 'Deal. Pick it up on Friday.');
      expect(res.statusCode).toBe(200);
      await deliver();

      const messages = mail.to(buyer.email);
      expect(messages).toHaveLength(1);
      const [message] = messages;
      expect(message?.subject).toBe(`Your offer on ${v.title} was accepted`);
      expect(message?.text).toContain('Hello Dora');
      expect(message?.text).toContain('$85,000.50');
      expect(message?.text).toContain('Deal. Pick it up on Friday.');
      expect(message?.html).toContain(`href="${PUBLIC_URL}/vehicles/${v.slug}"`);
      // Sent because the buyer asked: no preference, no unsubscribe header.
      expect(message?.headerLines.some((line) => line.key.startsWith('list-unsubscribe'))).toBe(false);
      expect(await deliver()).toBe(0);
      expect(mail.to(buyer.email)).toHaveLength(1);
    });

    it('ISSUE-16-NOTICES a rejected offer is emailed with the word declined and the message', async () => {
      const buyer = await registerBuyer(ctx.app, { firstName: 'Rex' });
      const v = await createVehicle();
      const made = await offer(v, buyer, 40_000);
      expect((await decide(made.json().offer.id, 'rejected', 'Too low for this one.')).statusCode).toBe(200);
      await deliver();
      const [message, ...more] = mail.to(buyer.email);
      expect(more).toHaveLength(0);
      expect(message?.subject).toBe(`Your offer on ${v.title} was declined`);
      expect(message?.text).toContain('$40,000');
      expect(message?.text).toContain('Too low for this one.');
    });

    it('ISSUE-16-NOTICES a decision on an already-final offer (409) queues nothing; the first decision is emailed once', async () => {
      const buyer = await registerBuyer(ctx.app);
      const v = await createVehicle();
      const id = (await offer(v, buyer, 50_000)).json().offer.id;
      expect((await decide(id, 'accepted', 'Yes')).statusCode).toBe(200);
      const queued = await outboxCount();
      const again = await decide(id, 'rejected', 'Changed our mind');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(MSG.offerFinal);
      expect(await outboxCount()).toBe(queued);
      await deliver();
      const messages = mail.to(buyer.email);
      expect(messages).toHaveLength(1);
      expect(messages[0]?.subject).toContain('was accepted');
    });

    it('ISSUE-16-NOTICES the decision and its email commit together: when the email cannot be queued the offer stays open', async () => {
      const buyer = await registerBuyer(ctx.app);
      const v = await createVehicle();
      const id = (await offer(v, buyer, 51_000)).json().offer.id;
      await deliver();
      const restore = await breakOutbox();
      try {
        const res = await decide(id, 'accepted', 'Yes');
        expect(res.statusCode).toBeGreaterThanOrEqual(500);
      } finally {
        await restore();
      }
      const row = await ctx.database.db.selectFrom('offers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.status).toBe('pending');
      expect(row.decided_at).toBeNull();
      expect(await outboxCount()).toBe(0);
      // Once the outbox works, the same decision goes through with its one email.
      expect((await decide(id, 'accepted', 'Yes')).statusCode).toBe(200);
      await deliver();
      expect(mail.to(buyer.email)).toHaveLength(1);
    });

    it('ISSUE-16-NOTICES an inactive buyer is not emailed about a decision', async () => {
      const buyer = await registerBuyer(ctx.app);
      const v = await createVehicle();
      const id = (await offer(v, buyer, 52_000)).json().offer.id;
      await setActive(buyer, false);
      expect((await decide(id, 'rejected', 'No')).statusCode).toBe(200);
      await deliver();
      expect(mail.to(buyer.email)).toHaveLength(0);
    });
  });

  describe('staff notices', () => {
    it('ISSUE-16-NOTICES a new and an amended offer go to every active SuperAdmin by default, not to inactive ones or Admins, with the amount and a link to the offer', async () => {
      const superA = await signInAs(ctx, 'SuperAdmin');
      const superB = await signInAs(ctx, 'superadmin');
      const asleep = await signInAs(ctx, 'SuperAdmin');
      await setActive(asleep, false);
      const plainAdmin = await signInAs(ctx, 'Admin');
      const buyer = await registerBuyer(ctx.app, { firstName: 'Olive', lastName: 'Offer' });
      const v = await createVehicle();

      const made = await offer(v, buyer, 20_000, 'Can you ship?');
      expect(made.statusCode).toBe(201);
      const offerId = made.json().offer.id;
      await deliver();
      for (const staff of [superA, superB]) {
        const messages = mail.to(staff.email);
        expect(messages).toHaveLength(1);
        expect(messages[0]?.subject).toBe(`New offer: $20,000 on ${v.title}`);
        expect(messages[0]?.text).toContain('Olive Offer made an offer on');
        expect(messages[0]?.html).toContain(`href="${PUBLIC_URL}/admin/offers?offer=${offerId}"`);
        expect(messages[0]?.headerLines.some((line) => line.key.startsWith('list-unsubscribe'))).toBe(false);
      }
      expect(mail.to(asleep.email)).toHaveLength(0);
      expect(mail.to(plainAdmin.email)).toHaveLength(0);
      expect(mail.to(admin.email)).toHaveLength(0);
      expect(mail.to(buyer.email)).toHaveLength(0);

      expect((await offer(v, buyer, 21_500)).statusCode).toBe(200);
      await deliver();
      const amended = mail.to(superA.email);
      expect(amended).toHaveLength(2);
      expect(amended[1]?.subject).toBe(`Amended offer: $21,500 on ${v.title}`);
      expect(amended[1]?.text).toContain('Olive Offer amended their offer on');
      expect(mail.to(asleep.email)).toHaveLength(0);
    });

    it('ISSUE-16-NOTICES a new contact inquiry goes to every active SuperAdmin by default, with the subject, the sender and a link to the inquiry', async () => {
      const superA = await signInAs(ctx, 'SuperAdmin');
      const plainAdmin = await signInAs(ctx, 'Admin');
      const res = await inject('POST', '/api/contact/submit', undefined, {
        fullName: 'Ingrid Inquiry',
        email: 'Ingrid@Example.com',
        phone: '+1 555 010 2000',
        subject: 'Shipping to Oslo',
        message: 'Can you ship the Mustang to Norway?',
      });
      expect(res.statusCode).toBe(201);
      const contact = await ctx.database.db
        .selectFrom('contact_inquiries')
        .select('id')
        .where('subject', '=', 'Shipping to Oslo')
        .executeTakeFirstOrThrow();
      await deliver();
      const messages = mail.to(superA.email);
      expect(messages).toHaveLength(1);
      expect(messages[0]?.subject).toBe('New inquiry: Shipping to Oslo');
      expect(messages[0]?.text).toContain('Ingrid Inquiry (ingrid@example.com) sent an inquiry');
      expect(messages[0]?.html).toContain(`href="${PUBLIC_URL}/admin/contacts?contact=${contact.id}"`);
      expect(mail.to(plainAdmin.email)).toHaveLength(0);
      // The back office opens the linked inquiry.
      const linked = await inject('GET', `/api/contact/admin/${contact.id}`, admin);
      expect(linked.statusCode).toBe(200);
      expect(linked.json().contact).toMatchObject({ id: contact.id, subject: 'Shipping to Oslo' });
      expect((await inject('GET', '/api/contact/admin/missing-id', admin)).statusCode).toBe(404);
    });

    it('ISSUE-16-NOTICES staff notices go to the Settings recipients instead, less any whose account is inactive', async () => {
      const superA = await signInAs(ctx, 'SuperAdmin');
      const listedAdmin = await signInAs(ctx, 'Admin');
      const leaver = await signInAs(ctx, 'Admin');
      await setActive(leaver, false);
      const outside = uniqueEmail('sales');
      await setStaffEmails([outside, listedAdmin.email, leaver.email]);
      const buyer = await registerBuyer(ctx.app);
      const v = await createVehicle();
      const offerId = (await offer(v, buyer, 30_000)).json().offer.id;
      expect(
        (
          await inject('POST', '/api/contact/submit', undefined, {
            fullName: 'Sam Sender',
            email: 'sam@example.com',
            phone: '+1 555 010 2001',
            subject: 'Trade-in question',
            message: 'Do you take trade-ins?',
          })
        ).statusCode,
      ).toBe(201);
      await deliver();
      for (const to of [outside, listedAdmin.email]) {
        const subjects = mail
          .to(to)
          .map((m) => m.subject)
          .sort();
        expect(subjects).toEqual(['New inquiry: Trade-in question', `New offer: $30,000 on ${v.title}`]);
      }
      expect(mail.to(leaver.email)).toHaveLength(0);
      expect(mail.to(superA.email)).toHaveLength(0);
      // The back office opens the linked offer.
      const linked = await inject('GET', `/api/admin/offers/${offerId}`, admin);
      expect(linked.statusCode).toBe(200);
      expect(linked.json().offer).toMatchObject({ id: offerId, amount: 30_000 });

      // When every listed address is inactive, the SuperAdmins get the notice rather than nobody.
      await setStaffEmails([leaver.email]);
      expect((await offer(v, await registerBuyer(ctx.app), 31_000)).statusCode).toBe(201);
      await deliver();
      expect(mail.to(superA.email).map((m) => m.subject)).toEqual([`New offer: $31,000 on ${v.title}`]);
      expect(mail.to(leaver.email)).toHaveLength(0);
    });

    it('ISSUE-16-NOTICES an offer, an inquiry and their staff notices commit together: when the email cannot be queued nothing is stored', async () => {
      const superA = await signInAs(ctx, 'SuperAdmin');
      const buyer = await registerBuyer(ctx.app);
      const v = await createVehicle();
      const restore = await breakOutbox();
      try {
        expect((await offer(v, buyer, 33_000)).statusCode).toBeGreaterThanOrEqual(500);
        const res = await inject('POST', '/api/contact/submit', undefined, {
          fullName: 'Lost Letter',
          email: 'lost@example.com',
          phone: '+1 555 010 2002',
          subject: 'Never stored',
          message: 'This inquiry must not be stored.',
        });
        expect(res.statusCode).toBeGreaterThanOrEqual(500);
      } finally {
        await restore();
      }
      expect(
        await ctx.database.db.selectFrom('offers').select('id').where('vehicle_id', '=', v.id).execute(),
      ).toHaveLength(0);
      expect(
        await ctx.database.db
          .selectFrom('contact_inquiries')
          .select('id')
          .where('subject', '=', 'Never stored')
          .execute(),
      ).toHaveLength(0);
      expect(await outboxCount()).toBe(0);
      await deliver();
      expect(mail.to(superA.email)).toHaveLength(0);
    });

    it('ISSUE-16-NOTICES a refused offer (vehicle sold, 409) queues no staff notice', async () => {
      const superA = await signInAs(ctx, 'SuperAdmin');
      const v = await createVehicle({ status: 'Sold' });
      const res = await offer(v, await registerBuyer(ctx.app), 10_000);
      expect(res.statusCode).toBe(409);
      expect(await outboxCount()).toBe(0);
      await deliver();
      expect(mail.to(superA.email)).toHaveLength(0);
    });
  });

  describe('watched vehicles', () => {
    it('ISSUE-16-NOTICES a price drop is emailed once to each watcher with priceChanges on, naming the vehicle and both prices, with one-click unsubscribe', async () => {
      const v = await createVehicle({ price: 89_500 });
      const keen = await registerBuyer(ctx.app, { firstName: 'Keen' });
      const quiet = await registerBuyer(ctx.app, { firstName: 'Quiet' });
      const gone = await registerBuyer(ctx.app, { firstName: 'Gone' });
      const bystander = await registerBuyer(ctx.app);
      for (const who of [keen, quiet, gone]) await watch(v, who);
      await setPrefs(quiet, { priceChanges: false });
      await setActive(gone, false);

      expect((await editVehicle(v, { price: 84_000 })).statusCode).toBe(200);
      await deliver();
      const messages = mail.to(keen.email);
      expect(messages).toHaveLength(1);
      const [message] = messages;
      expect(message?.subject).toBe(`Price drop: ${v.title} is now $84,000`);
      expect(message?.text).toContain('Hello Keen');
      expect(message?.text).toContain('went down from $89,500 to $84,000');
      expect(message?.html).toContain(`href="${PUBLIC_URL}/vehicles/${v.slug}"`);
      expect(header(message, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(header(message, 'list-unsubscribe')).toMatch(
        new RegExp(`^<${PUBLIC_URL.replace('.', '\\.')}/api/unsubscribe\\?token=`),
      );
      for (const who of [quiet, gone, bystander]) expect(mail.to(who.email)).toHaveLength(0);
      expect(await deliver()).toBe(0);
    });

    it('ISSUE-16-NOTICES a price increase, an unchanged price or another edit sends nothing', async () => {
      const v = await createVehicle({ price: 50_000 });
      const watcher = await registerBuyer(ctx.app);
      await watch(v, watcher);
      expect((await editVehicle(v, { price: 55_000 })).statusCode).toBe(200);
      expect((await editVehicle(v, { price: 55_000, mileage: 48_500, description: 'Fresh paint.' })).statusCode).toBe(
        200,
      );
      expect((await editVehicle(v, { price: 55_000, status: 'Pending' })).statusCode).toBe(200);
      expect(await outboxCount()).toBe(0);
      await deliver();
      expect(mail.to(watcher.email)).toHaveLength(0);
    });

    it('ISSUE-16-NOTICES a watched vehicle sold, or archived, is emailed to watchers with watchlistUpdates on, once', async () => {
      const sold = await createVehicle();
      const archived = await createVehicle();
      const keen = await registerBuyer(ctx.app, { firstName: 'Keen' });
      const quiet = await registerBuyer(ctx.app);
      for (const v of [sold, archived]) {
        await watch(v, keen);
        await watch(v, quiet);
      }
      // priceChanges is not the preference of these notices.
      await setPrefs(keen, { priceChanges: false });
      await setPrefs(quiet, { watchlistUpdates: false });

      // Sold with a lower price: one notice, that it sold.
      expect((await editVehicle(sold, { status: 'Sold', price: 80_000 })).statusCode).toBe(200);
      expect((await editVehicle(archived, { status: 'Archived' })).statusCode).toBe(200);
      await deliver();
      const subjects = mail
        .to(keen.email)
        .map((m) => m.subject)
        .sort();
      expect(subjects).toEqual([`${archived.title} is no longer listed`, `${sold.title} has been sold`].sort());
      const soldMail = mail.to(keen.email).find((m) => m.subject?.includes('sold'));
      expect(soldMail?.text).toContain(`${sold.title}, on your watchlist, has been sold`);
      expect(soldMail?.html).toContain(`href="${PUBLIC_URL}/vehicles/${sold.slug}"`);
      expect(header(soldMail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(mail.to(quiet.email)).toHaveLength(0);

      // Already off sale: a later Sold → Archived, or saving it again, sends nothing more.
      const before = await outboxCount();
      expect((await editVehicle(sold, { status: 'Archived', price: 80_000 })).statusCode).toBe(200);
      expect((await editVehicle(archived, { status: 'Archived', price: 1_000 })).statusCode).toBe(200);
      expect(await outboxCount()).toBe(before);
    });

    it('ISSUE-16-NOTICES the vehicle edit and its notices commit together: when the email cannot be queued the price is unchanged', async () => {
      const v = await createVehicle({ price: 70_000 });
      const watcher = await registerBuyer(ctx.app);
      await watch(v, watcher);
      const restore = await breakOutbox();
      try {
        expect((await editVehicle(v, { price: 60_000 })).statusCode).toBeGreaterThanOrEqual(500);
      } finally {
        await restore();
      }
      const row = await ctx.database.db
        .selectFrom('vehicles')
        .select('price_cents')
        .where('id', '=', v.id)
        .executeTakeFirstOrThrow();
      expect(Number(row.price_cents)).toBe(7_000_000);
      expect(await outboxCount()).toBe(0);
      expect((await editVehicle(v, { price: 60_000 })).statusCode).toBe(200);
      await deliver();
      expect(mail.to(watcher.email).map((m) => m.subject)).toEqual([`Price drop: ${v.title} is now $60,000`]);
    });

    it('ISSUE-16-NOTICES a watched vehicle deleted sends no email', async () => {
      const v = await createVehicle();
      const watcher = await registerBuyer(ctx.app);
      await watch(v, watcher);
      expect((await inject('DELETE', `/api/vehicles/${v.id}`, admin)).statusCode).toBe(200);
      expect(await outboxCount()).toBe(0);
      await deliver();
      expect(mail.to(watcher.email)).toHaveLength(0);
    });
  });
});

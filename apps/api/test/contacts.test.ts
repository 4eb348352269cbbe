import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_PRIORITIES, CONTACT_STATUSES, CONTACTS_PAGE_SIZE } from '@vm/shared/constants';
import type { Contact } from '@vm/shared/contact';
import { MSG } from '@vm/shared/messages';
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
  contacts: Contact[];
  pagination: {
    currentPage: number;
    totalPages: number;
    totalContacts: number;
    hasNextPage: boolean;
    hasPrevPage: boolean;
  };
}

const inquiry = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Carla Contact',
  email: 'carla@example.com',
  phone: '+1 (555) 010-7777',
  subject: 'Shipping a Skyline to Ohio',
  message: 'How long does import and shipping take?',
  ...overrides,
});

describe.each(DIALECTS)('contacts on %s', (dialect) => {
  let ctx: TestContext;
  let admin: SignedIn;
  let buyer: SignedIn;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'off' });
    admin = await signInAs(ctx, 'Admin');
    buyer = await registerBuyer(ctx.app);
  });
  afterAll(async () => ctx.close());

  const submit = (payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/contact/submit', payload: payload as object });
  const list = async (query: Record<string, string | number> = {}) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/contact/admin/all',
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListBody>();
  };
  const update = (id: string, payload: unknown, who: SignedIn = admin) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/contact/admin/${id}`,
      payload: payload as object,
      headers: who.headers,
    });
  const stats = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/contact/admin/stats', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  /** Submits through the API and returns the stored inquiry. */
  async function submitAndFind(overrides: Record<string, unknown>): Promise<Contact> {
    // Distinct creation times keep the date order of the fixtures unambiguous.
    await new Promise((r) => setTimeout(r, 3));
    const res = await submit(inquiry(overrides));
    expect(res.statusCode, res.body).toBe(201);
    const email = String(overrides.email ?? 'carla@example.com').toLowerCase();
    const found = (await list({ search: email, sortBy: 'createdAt', sortOrder: 'desc' })).contacts[0];
    if (!found) throw new Error('submitted inquiry not listed');
    return found;
  }

  describe('authorization', () => {
    const routes = [
      { method: 'GET' as const, url: '/api/contact/admin/all' },
      { method: 'GET' as const, url: '/api/contact/admin/stats' },
      { method: 'PUT' as const, url: '/api/contact/admin/x', payload: { status: 'resolved' } },
      { method: 'DELETE' as const, url: '/api/contact/admin/x' },
    ];
    it.each(routes)('ROLE-13 $method $url answers 401 without a token', async (route) => {
      expect((await ctx.app.inject(route)).statusCode).toBe(401);
    });
    it.each(routes)('ROLE-13 $method $url answers 403 to a buyer', async (route) => {
      const res = await ctx.app.inject({ ...route, headers: buyer.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.forbidden);
    });
  });

  describe('submit', () => {
    it('API-12 ROLE-07 accepts the public form without a token: status new, priority medium, one contact_lead event', async () => {
      const before = await tableCounts(ctx.database);
      const res = await submit(inquiry({ email: 'First.Lead@Example.com', fullName: '  Fran First  ' }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ success: true, message: 'Contact form submitted successfully' });
      const after = await tableCounts(ctx.database);
      expect(after.contact_inquiries).toBe((before.contact_inquiries ?? 0) + 1);
      expect(after.activity_events).toBe((before.activity_events ?? 0) + 1);
      const row = await ctx.database.db
        .selectFrom('contact_inquiries')
        .selectAll()
        .where('email', '=', 'first.lead@example.com')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ full_name: 'Fran First', status: 'new', priority: 'medium' });
      const event = await ctx.database.db
        .selectFrom('activity_events')
        .selectAll()
        .where('subject_id', '=', row.id)
        .executeTakeFirstOrThrow();
      expect(event.type).toBe('contact_lead');
    });

    it('VALID-36..44 refuses each bad field with the contact form message and writes nothing', async () => {
      const before = await tableCounts(ctx.database);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ fullName: '' }, 'fullName', MSG.fullNameRequired],
        [{ email: '' }, 'email', MSG.emailRequired],
        [{ email: 'carla.example.com' }, 'email', MSG.invalidEmail],
        [{ phone: '' }, 'phone', MSG.phoneRequired],
        [{ phone: '0555 123' }, 'phone', MSG.invalidPhone],
        [{ phone: '+1 234 567 890 123 456 78' }, 'phone', MSG.invalidPhone],
        [{ phone: 'call me maybe' }, 'phone', MSG.invalidPhone],
        [{ subject: '  ' }, 'subject', MSG.subjectRequired],
        [{ message: '' }, 'message', MSG.messageRequired],
        [{ message: 'Too short' }, 'message', MSG.messageTooShort],
        [{ message: 'x'.repeat(2001) }, 'message', MSG.messageTooLong],
      ];
      for (const [overrides, field, message] of cases) {
        const res = await submit(inquiry(overrides));
        expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(res.json().message).toBe(message);
        expect(res.json().errors[0].field).toBe(field);
      }
      const { message: _m, ...noMessage } = inquiry();
      expect((await submit(noMessage)).json().message).toBe(MSG.messageRequired);
      expect((await submit({ ...inquiry(), status: 'resolved' })).statusCode).toBe(400);
      expect(await tableCounts(ctx.database)).toEqual(before);
    });

    it('VALID-41 the phone check strips spaces, dashes and parentheses: optional plus, 1-9 first, at most 16 digits', async () => {
      for (const phone of ['(555) 010-2000', '+44 20 7946 0958', '5', '+1234567890123456']) {
        expect((await submit(inquiry({ phone }))).statusCode, phone).toBe(201);
      }
      for (const phone of ['+12345678901234567', '0123', '++1555', '555.010.2000']) {
        expect((await submit(inquiry({ phone }))).statusCode, phone).toBe(400);
      }
    });

    it('accepts a message of exactly 10 and exactly 2000 characters', async () => {
      expect((await submit(inquiry({ message: '1234567890' }))).statusCode).toBe(201);
      expect((await submit(inquiry({ message: 'y'.repeat(2000) }))).statusCode).toBe(201);
    });
  });

  describe('admin list, update, delete and stats', () => {
    let c1: Contact;
    let c2: Contact;
    let c3: Contact;
    let c4: Contact;
    beforeAll(async () => {
      await ctx.database.db.deleteFrom('contact_inquiries').execute();
      c1 = await submitAndFind({ fullName: 'Bruno Baker', email: 'bruno@list.test', subject: 'Auction fees' });
      c2 = await submitAndFind({
        fullName: 'anna Archer',
        email: 'anna@list.test',
        subject: 'Financing',
        message: 'Do you offer 100% financing_plans?',
      });
      c3 = await submitAndFind({ fullName: 'Cleo Cole', email: 'cleo@list.test', subject: "It's about the E-Type" });
      c4 = await submitAndFind({ fullName: 'Dan Drake', email: 'dan@list.test', subject: 'Trade-in' });
      expect((await update(c1.id, { priority: 'low' })).statusCode).toBe(200);
      expect((await update(c3.id, { priority: 'urgent', status: 'in-progress' })).statusCode).toBe(200);
      expect((await update(c4.id, { priority: 'high', status: 'resolved' })).statusCode).toBe(200);
    });
    const names = (body: ListBody) => body.contacts.map((c) => c.fullName);

    it('API-13 ADMIN-CON-08 lists newest first with the pagination object', async () => {
      const body = await list();
      expect(names(body)).toEqual(['Dan Drake', 'Cleo Cole', 'anna Archer', 'Bruno Baker']);
      expect(body.pagination).toEqual({
        currentPage: 1,
        totalPages: 1,
        totalContacts: 4,
        hasNextPage: false,
        hasPrevPage: false,
      });
      expect(body.contacts[0]).toMatchObject({
        email: 'dan@list.test',
        phone: '+1 (555) 010-7777',
        subject: 'Trade-in',
        status: 'resolved',
        priority: 'high',
      });
    });

    it('API-13 CONST-12 ADMIN-CON-08 sorts by date, by name without case, and by priority rank', async () => {
      expect(names(await list({ sortBy: 'createdAt', sortOrder: 'asc' }))).toEqual([
        'Bruno Baker',
        'anna Archer',
        'Cleo Cole',
        'Dan Drake',
      ]);
      expect(names(await list({ sortBy: 'fullName', sortOrder: 'asc' }))).toEqual([
        'anna Archer',
        'Bruno Baker',
        'Cleo Cole',
        'Dan Drake',
      ]);
      expect(names(await list({ sortBy: 'fullName', sortOrder: 'desc' }))[0]).toBe('Dan Drake');
      // urgent > high > medium > low, not alphabetical (which would put "urgent" last or "high" first).
      const byPriority = (await list({ sortBy: 'priority', sortOrder: 'desc' })).contacts.map((c) => c.priority);
      expect(byPriority).toEqual(['urgent', 'high', 'medium', 'low']);
      const lowFirst = (await list({ sortBy: 'priority', sortOrder: 'asc' })).contacts.map((c) => c.priority);
      expect(lowFirst).toEqual(['low', 'medium', 'high', 'urgent']);
    });

    it('API-13 ADMIN-CON-05 ADMIN-CON-06 filters by status and priority', async () => {
      expect(names(await list({ status: 'new' }))).toEqual(['anna Archer', 'Bruno Baker']);
      expect(names(await list({ status: 'resolved' }))).toEqual(['Dan Drake']);
      expect(names(await list({ priority: 'urgent' }))).toEqual(['Cleo Cole']);
      expect(names(await list({ status: 'new', priority: 'low' }))).toEqual(['Bruno Baker']);
      expect((await list({ status: 'closed' })).pagination.totalContacts).toBe(0);
    });

    it('API-13 ADMIN-CON-04 searches name, email, subject and message as plain text', async () => {
      expect(names(await list({ search: 'ARCHER' }))).toEqual(['anna Archer']);
      expect(names(await list({ search: 'dan@list' }))).toEqual(['Dan Drake']);
      expect(names(await list({ search: 'auction fees' }))).toEqual(['Bruno Baker']);
      expect(names(await list({ search: 'import and shipping' })).length).toBe(3);
      expect(names(await list({ search: '100%' }))).toEqual(['anna Archer']);
      expect(names(await list({ search: '_' }))).toEqual(['anna Archer']);
      expect(names(await list({ search: '%' }))).toEqual(['anna Archer']);
      expect(names(await list({ search: "It's" }))).toEqual(['Cleo Cole']);
      expect((await list({ search: "' OR '1'='1" })).pagination.totalContacts).toBe(0);
      expect((await list({ search: '1; DELETE FROM contact_inquiries; --' })).pagination.totalContacts).toBe(0);
      expect((await list()).pagination.totalContacts).toBe(4);
    });

    it('API-13 refuses an unknown status, priority, sort field or order with 400 and a message', async () => {
      for (const [query, message] of [
        [{ status: 'open' }, 'Unknown contact status'],
        [{ priority: 'critical' }, 'Unknown contact priority'],
        [{ sortBy: 'email' }, 'Unknown sort field'],
        [{ sortOrder: 'random' }, 'Sort order must be asc or desc'],
      ] as const) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: '/api/contact/admin/all',
          query,
          headers: admin.headers,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      }
    });

    it('API-13 CONST-05 pages by 10 by default with next/prev flags, clamping page and limit', async () => {
      for (let i = 0; i < 8; i++) {
        const res = await submit(inquiry({ email: `bulk${i}@page.test` }));
        expect(res.statusCode).toBe(201);
      }
      const first = await list();
      expect(first.contacts).toHaveLength(CONTACTS_PAGE_SIZE);
      expect(first.pagination).toEqual({
        currentPage: 1,
        totalPages: 2,
        totalContacts: 12,
        hasNextPage: true,
        hasPrevPage: false,
      });
      const second = await list({ page: 2 });
      expect(second.contacts).toHaveLength(2);
      expect(second.pagination).toMatchObject({ currentPage: 2, hasNextPage: false, hasPrevPage: true });
      expect((await list({ page: 0 })).pagination.currentPage).toBe(1);
      const far = await list({ page: 1e9, limit: 1e6 });
      expect(far.contacts).toEqual([]);
      expect(far.pagination.hasNextPage).toBe(false);
      expect((await list({ limit: 1e6 })).contacts).toHaveLength(12);
      await ctx.database.db.deleteFrom('contact_inquiries').where('email', 'like', '%@page.test').execute();
    });

    it('API-14 ADMIN-CON-14 ADMIN-CON-15 any status and any priority can be set from any other', async () => {
      for (const status of [...CONTACT_STATUSES, 'new', 'closed', 'in-progress'] as const) {
        const res = await update(c2.id, { status });
        expect(res.statusCode).toBe(200);
        expect(res.json().contact).toMatchObject({ id: c2.id, status, priority: 'medium' });
      }
      for (const priority of [...CONTACT_PRIORITIES, 'low', 'urgent', 'medium'] as const) {
        const res = await update(c2.id, { priority });
        expect(res.statusCode).toBe(200);
        expect(res.json().contact.priority).toBe(priority);
      }
      await update(c2.id, { status: 'new' });
    });

    it('API-14 refuses an unknown value, an empty body or extra fields with 400, and a missing id with 404', async () => {
      const before = await ctx.database.db
        .selectFrom('contact_inquiries')
        .selectAll()
        .where('id', '=', c1.id)
        .executeTakeFirstOrThrow();
      const bad: [unknown, string][] = [
        [{ status: 'done' }, 'Unknown contact status'],
        [{ priority: 'extreme' }, 'Unknown contact priority'],
        [{}, 'Send a status or a priority'],
        [{ status: 'resolved', message: 'rewritten' }, ''],
      ];
      for (const [payload, message] of bad) {
        const res = await update(c1.id, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        if (message) expect(res.json().message).toBe(message);
      }
      const after = await ctx.database.db
        .selectFrom('contact_inquiries')
        .selectAll()
        .where('id', '=', c1.id)
        .executeTakeFirstOrThrow();
      expect(after).toEqual(before);
      const missing = await update('no-such-contact', { status: 'resolved' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Contact not found');
    });

    it('API-16 ADMIN-CON-03 stats count total, new, resolved and urgent, and follow changes', async () => {
      expect(await stats()).toEqual({ totalContacts: 4, newContacts: 2, resolvedContacts: 1, urgentContacts: 1 });
      await update(c1.id, { status: 'resolved', priority: 'urgent' });
      expect(await stats()).toEqual({ totalContacts: 4, newContacts: 1, resolvedContacts: 2, urgentContacts: 2 });
    });

    it('API-15 ADMIN-CON-21 deletes a contact; a second delete is 404', async () => {
      const res = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/contact/admin/${c1.id}`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect(await stats()).toEqual({ totalContacts: 3, newContacts: 1, resolvedContacts: 1, urgentContacts: 1 });
      const again = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/contact/admin/${c1.id}`,
        headers: admin.headers,
      });
      expect(again.statusCode).toBe(404);
    });

    it('API-16 stats of an empty table are zeros', async () => {
      await ctx.database.db.deleteFrom('contact_inquiries').execute();
      expect(await stats()).toEqual({ totalContacts: 0, newContacts: 0, resolvedContacts: 0, urgentContacts: 0 });
      expect((await list()).pagination).toEqual({
        currentPage: 1,
        totalPages: 1,
        totalContacts: 0,
        hasNextPage: false,
        hasPrevPage: false,
      });
    });
  });
});

describe('contact submit rate limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
  });
  afterAll(async () => ctx.close());

  it('decisions: contact submit is limited per client address (429 with Retry-After), nothing stored past the limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/contact/submit', payload: inquiry() });
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().message).toBe(MSG.rateLimited);
        expect(res.headers['retry-after']).toBeDefined();
      }
    }
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
    expect((await tableCounts(ctx.database)).contact_inquiries).toBe(10);
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact/submit',
      payload: inquiry(),
      remoteAddress: '10.1.2.3',
    });
    expect(other.statusCode).toBe(201);
  });
});

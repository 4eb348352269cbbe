import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_PREFERENCES,
  SENT_EMAIL_MESSAGES,
  type SentEmail,
  type SentEmailDetail,
  type SentEmailListResponse,
  UNSUBSCRIBE_MESSAGES,
} from '@vm/shared/email';
import type { User } from '@vm/shared/user';
import { queueEmail } from '../src/features/email/outbox.ts';
import { unsubscribeToken } from '../src/features/email/unsubscribe-tokens.ts';
import {
  createTestContext,
  DIALECTS,
  registerBuyer,
  type SignedIn,
  signInAs,
  tableCounts,
  type TestContext,
} from './test-app.ts';

/*
 * Issue #16: the back office's "Sent emails" screen (SuperAdmin only) over the outbox and the
 * .eml files written under DATA_DIR/mail when no SMTP_URL is set, and the one-click unsubscribe
 * (RFC 8058) that turns one preference off without signing in (docs/decisions/114-email-outbox.md).
 */

const ALL_ON = {
  watchlistUpdates: true,
  newMatches: true,
  priceChanges: true,
  publicWatchlist: false,
  showContact: false,
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DIALECTS)('sent emails and unsubscribe on %s', (dialect) => {
  let ctx: TestContext;
  let webDist: string;
  let superAdmin: SignedIn;
  let admin: SignedIn;
  let buyer: SignedIn;

  beforeAll(async () => {
    // A stand-in web build, so page URLs such as /unsubscribe answer the app's HTML.
    webDist = mkdtempSync(path.join(tmpdir(), 'vm-web-dist-'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'off', WEB_DIST: webDist });
    superAdmin = await signInAs(ctx, 'SuperAdmin');
    admin = await signInAs(ctx, 'Admin');
    buyer = await registerBuyer(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  /** Queues a staff inquiry notice straight into the outbox; returns its id. */
  async function queueInquiryNotice(subject: string, to = 'staff@example.com'): Promise<string> {
    await sleep(3); // distinct creation times keep "newest first" unambiguous
    await queueEmail(ctx.database.db, {
      template: 'staffNewInquiry',
      to,
      data: {
        subject,
        fromName: 'Carla Contact',
        fromEmail: 'carla@example.com',
        adminUrl: 'http://localhost:3000/admin/contacts',
      },
    });
    const row = await ctx.database.db
      .selectFrom('email_outbox')
      .select('id')
      .where('payload', 'like', `%${subject}%`)
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const outboxRow = (id: string) =>
    ctx.database.db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const markFailed = (id: string, error = 'connect ECONNREFUSED 127.0.0.1:25') =>
    ctx.database.db
      .updateTable('email_outbox')
      .set({ status: 'failed', attempts: 8, last_error: error, next_attempt_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', id)
      .execute();

  const get = (url: string, who: SignedIn | null = superAdmin) =>
    ctx.app.inject({ method: 'GET', url, headers: who ? who.headers : {} });
  const list = async (query = '') => {
    const res = await get(`/api/admin/emails${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SentEmailListResponse>();
  };

  it('EMAIL-ADMIN-01 only a SuperAdmin reaches the screen: anonymous 401, buyer 403, Admin 403, SuperAdmin 200', async () => {
    const id = await queueInquiryNotice('Roles check');
    await ctx.app.outbox.deliverDue();
    await markFailed(id);
    const routes = [
      { method: 'GET' as const, url: '/api/admin/emails' },
      { method: 'GET' as const, url: `/api/admin/emails/${id}` },
      { method: 'GET' as const, url: `/api/admin/emails/${id}/eml` },
      { method: 'POST' as const, url: `/api/admin/emails/${id}/retry` },
    ];
    for (const route of routes) {
      const anonymous = await ctx.app.inject(route);
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      const asBuyer = await ctx.app.inject({ ...route, headers: buyer.headers });
      expect(asBuyer.statusCode).toBe(403);
      const asAdmin = await ctx.app.inject({ ...route, headers: admin.headers });
      expect(asAdmin.statusCode).toBe(403);
      expect(asAdmin.json().message).toBe(SENT_EMAIL_MESSAGES.superAdminOnly);
    }
    // The refusals changed nothing: the failed email is still failed.
    expect((await outboxRow(id)).status).toBe('failed');
    // As for every SuperAdmin-only rule, the input is checked first: an Admin's nonsense is a 400.
    expect((await get('/api/admin/emails?status=nonsense', admin)).statusCode).toBe(400);
    for (const route of routes) {
      const res = await ctx.app.inject({ ...route, headers: superAdmin.headers });
      expect(res.statusCode, `${route.method} ${route.url} ${res.body}`).toBe(200);
    }
  });

  it('EMAIL-ADMIN-02 lists the outbox newest first with subject, status, attempts, error and file, and counts it by status', async () => {
    const first = await queueInquiryNotice('Listed first');
    await ctx.app.outbox.deliverDue();
    const second = await queueInquiryNotice('Listed second', 'sales@example.com');
    const body = await list();
    const [newest, older] = body.emails;
    expect(newest).toMatchObject({
      id: second,
      template: 'staffNewInquiry',
      recipient: 'sales@example.com',
      subject: '', // not rendered yet
      status: 'queued',
      attempts: 0,
      lastError: '',
      sentAt: null,
      hasFile: false,
    } satisfies Partial<SentEmail>);
    expect(older).toMatchObject({
      id: first,
      recipient: 'staff@example.com',
      subject: 'New inquiry: Listed first',
      status: 'sent',
      attempts: 1,
      hasFile: true,
    });
    expect(older?.sentAt).toEqual(expect.any(String));
    const dates = body.emails.map((e) => e.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const counts = body.counts;
    expect(counts.queued + counts.sending + counts.sent + counts.failed).toBe(body.totalEmails);
    expect(counts.queued).toBeGreaterThanOrEqual(1);
    expect(counts.sent).toBeGreaterThanOrEqual(1);
    expect(body).toMatchObject({ page: 1, totalPages: 1 });

    // The status filter, and the counts that stay those of the whole outbox.
    const queued = await list('?status=queued');
    expect(queued.emails.map((e) => e.status)).toEqual(queued.emails.map(() => 'queued'));
    expect(queued.totalEmails).toBe(counts.queued);
    expect(queued.counts).toEqual(counts);
    expect((await list('?status=SENT')).emails.every((e) => e.status === 'sent')).toBe(true);

    // Pages: one email a page.
    const paged = await list('?limit=1&page=2');
    expect(paged.emails).toHaveLength(1);
    expect(paged.emails[0]?.id).toBe(body.emails[1]?.id);
    expect(paged).toMatchObject({ page: 2, totalPages: body.totalEmails, totalEmails: body.totalEmails });
    // Nonsense numbers fall back to the defaults; an unknown status is a 400 with its message.
    expect((await list('?page=abc&limit=-5')).page).toBe(1);
    const bad = await get('/api/admin/emails?status=bounced');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SENT_EMAIL_MESSAGES.unknownStatus);
  });

  it('EMAIL-ADMIN-03 the details show the .eml file parsed: from, to, subject, text and HTML; an email without a file has no content', async () => {
    const id = await queueInquiryNotice('Is the Skyline still available?');
    const before = await get(`/api/admin/emails/${id}`);
    expect(before.statusCode).toBe(200);
    expect(before.json<SentEmailDetail>()).toMatchObject({
      email: { id, status: 'queued', hasFile: false },
      content: null,
    });

    await ctx.app.outbox.deliverDue();
    const res = await get(`/api/admin/emails/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<SentEmailDetail>();
    expect(detail.email).toMatchObject({ id, status: 'sent', subject: 'New inquiry: Is the Skyline still available?' });
    expect(detail.content?.subject).toBe('New inquiry: Is the Skyline still available?');
    expect(detail.content?.to).toBe('staff@example.com');
    expect(detail.content?.from).toContain(`no-reply@localhost`);
    expect(detail.content?.text).toContain('Carla Contact');
    expect(detail.content?.html).toContain('<html');
    expect(detail.content?.html).toContain('Carla Contact');
    // The file is where the issue says: DATA_DIR/mail/<id>.eml.
    expect(existsSync(path.join(ctx.config.mailDir, `${id}.eml`))).toBe(true);
  });

  it('EMAIL-ADMIN-04 downloads the .eml file as message/rfc822, byte for byte', async () => {
    const id = await queueInquiryNotice('Download me');
    await ctx.app.outbox.deliverDue();
    const res = await get(`/api/admin/emails/${id}/eml`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^message\/rfc822/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${id}.eml"`);
    expect(res.rawPayload.equals(readFileSync(path.join(ctx.config.mailDir, `${id}.eml`)))).toBe(true);
    const parsed = await simpleParser(res.rawPayload);
    expect(parsed.subject).toBe('New inquiry: Download me');
    // Not written yet: nothing to download.
    const queued = await queueInquiryNotice('Not written yet');
    const missing = await get(`/api/admin/emails/${queued}/eml`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(SENT_EMAIL_MESSAGES.fileMissing);
  });

  it('EMAIL-ADMIN-05 "Send again" puts a failed email back in the queue, due now with its attempts reset, and the sender delivers it', async () => {
    const id = await queueInquiryNotice('Failed then retried');
    await markFailed(id, 'Greeting never received');
    const failed = (await list('?status=failed')).emails.find((e) => e.id === id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 8, lastError: 'Greeting never received' });

    const startedAt = new Date().toISOString();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/emails/${id}/retry`,
      headers: superAdmin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ email: SentEmail }>().email).toMatchObject({ id, status: 'queued', attempts: 0 });
    const row = await outboxRow(id);
    expect(row.status).toBe('queued');
    expect(row.next_attempt_at >= startedAt).toBe(true);
    expect(row.next_attempt_at <= new Date().toISOString()).toBe(true);

    await ctx.app.outbox.deliverDue();
    const sent = await outboxRow(id);
    expect(sent).toMatchObject({ status: 'sent', last_error: '', file_name: `${id}.eml` });
    expect(Number(sent.attempts)).toBe(1);

    // Only a failed email is sent again: a sent one is a 409, and stays as it was.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/emails/${id}/retry`,
      headers: superAdmin.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SENT_EMAIL_MESSAGES.notFailed);
    expect((await outboxRow(id)).status).toBe('sent');
  });

  it('EMAIL-ADMIN-06 unknown ids are 404s, over-long ids 414s, and a stored file name that is not a plain <uuid>.eml is never read', async () => {
    for (const suffix of ['', '/eml']) {
      const res = await get(`/api/admin/emails/0190b1c2-0000-7000-8000-000000000000${suffix}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(SENT_EMAIL_MESSAGES.notFound);
      // An id longer than any id is refused by the router before the route runs.
      expect((await get(`/api/admin/emails/${'x'.repeat(101)}${suffix}`)).statusCode).toBe(414);
    }
    // A NUL in the id: PostgreSQL cannot compare it (a 400, docs/decisions/072-bad-input-that-reaches-the-driver.md).
    expect((await get('/api/admin/emails/a%00b')).statusCode).toBe(dialect === 'postgres' ? 400 : 404);
    const retry = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/emails/0190b1c2-0000-7000-8000-000000000000/retry',
      headers: superAdmin.headers,
    });
    expect(retry.statusCode).toBe(404);

    // A row whose file name points elsewhere (the secret beside the mail folder): never read.
    writeFileSync(path.join(ctx.config.dataDir, 'secret.eml'), 'Subject: secret\r\n\r\nsecret body');
    const id = await queueInquiryNotice('Tampered file name');
    await ctx.app.outbox.deliverDue();
    for (const fileName of ['../secret.eml', '/etc/passwd', `${id}.eml/../../secret.eml`]) {
      await ctx.database.db.updateTable('email_outbox').set({ file_name: fileName }).where('id', '=', id).execute();
      const detail = await get(`/api/admin/emails/${id}`);
      expect(detail.statusCode).toBe(200);
      expect(detail.json<SentEmailDetail>().content).toBeNull();
      expect(detail.body).not.toContain('secret body');
      expect((await get(`/api/admin/emails/${id}/eml`)).statusCode).toBe(404);
    }
    // A file removed from the disk: the row is still listed, its content is gone, no download.
    await ctx.database.db
      .updateTable('email_outbox')
      .set({ file_name: `${id}.eml` })
      .where('id', '=', id)
      .execute();
    rmSync(path.join(ctx.config.mailDir, `${id}.eml`));
    expect((await get(`/api/admin/emails/${id}`)).json<SentEmailDetail>().content).toBeNull();
    expect((await get(`/api/admin/emails/${id}/eml`)).statusCode).toBe(404);
  });

  // ——— one-click unsubscribe ———

  async function buyerWithAllOn(): Promise<SignedIn> {
    const who = await registerBuyer(ctx.app);
    await ctx.database.db
      .updateTable('users')
      .set({ notification_prefs: JSON.stringify(ALL_ON) })
      .where('id', '=', who.id)
      .execute();
    return who;
  }
  const prefsOf = async (who: SignedIn) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: who.headers });
    expect(res.statusCode).toBe(200);
    return res.json<{ user: User }>().user.notificationPrefs;
  };
  const oneClick = (url: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });

  it('EMAIL-UNSUB-01 GET tells what the link turns off and to whom, and changes nothing', async () => {
    const who = await buyerWithAllOn();
    const token = unsubscribeToken(ctx.config.jwtSecret, who.id, 'newMatches');
    const res = await ctx.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${encodeURIComponent(token)}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ preference: 'newMatches', label: EMAIL_PREFERENCES.newMatches, email: who.email });
    expect(await prefsOf(who)).toEqual(ALL_ON);
  });

  it('EMAIL-UNSUB-02 a one-click POST without signing in turns exactly that one preference off and leaves the others', async () => {
    const who = await buyerWithAllOn();
    const token = unsubscribeToken(ctx.config.jwtSecret, who.id, 'priceChanges');
    const res = await oneClick(`/api/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      preference: 'priceChanges',
      email: who.email,
      message: UNSUBSCRIBE_MESSAGES.done(EMAIL_PREFERENCES.priceChanges),
    });
    expect(await prefsOf(who)).toEqual({ ...ALL_ON, priceChanges: false });
    // Twice is harmless; the web page's POST (no body) does the same.
    const again = await ctx.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${encodeURIComponent(token)}` });
    expect(again.statusCode).toBe(200);
    expect(await prefsOf(who)).toEqual({ ...ALL_ON, priceChanges: false });
  });

  it('EMAIL-UNSUB-03 a tampered or unknown token is a 400 with the message, and nothing changes', async () => {
    const who = await buyerWithAllOn();
    const good = unsubscribeToken(ctx.config.jwtSecret, who.id, 'watchlistUpdates');
    const [userId, , signature] = good.split('.');
    const tampered = [
      `${userId}.priceChanges.${signature}`, // another preference under this signature
      `${buyer.id}.watchlistUpdates.${signature}`, // another user
      `${good.slice(0, -2)}xx`, // a changed signature
      unsubscribeToken('another-secret-that-is-long-enough-for-hs256', who.id, 'watchlistUpdates'),
      `${userId}.showContact.${signature}`, // not a preference an email can turn off
      'garbage',
    ];
    const before = await tableCounts(ctx.database);
    for (const token of tampered) {
      const url = `/api/unsubscribe?token=${encodeURIComponent(token)}`;
      for (const res of [await ctx.app.inject({ method: 'GET', url }), await oneClick(url)]) {
        expect(res.statusCode, token).toBe(400);
        expect(res.json().message).toBe(UNSUBSCRIBE_MESSAGES.invalidLink);
      }
    }
    const missing = await oneClick('/api/unsubscribe');
    expect(missing.statusCode).toBe(400);
    expect(await prefsOf(who)).toEqual(ALL_ON);
    expect(await tableCounts(ctx.database)).toEqual(before);
  });

  it('EMAIL-UNSUB-04 the List-Unsubscribe header of a sent email works in one click, and its footer link opens the web page', async () => {
    const who = await buyerWithAllOn();
    await queueEmail(
      ctx.database.db,
      {
        template: 'priceDrop',
        to: who.email,
        userId: who.id,
        data: {
          firstName: 'Bea',
          vehicleTitle: '1972 Datsun 240Z',
          vehicleUrl: 'http://localhost:3000/vehicles/1972-datsun-240z',
          oldPriceText: '$40,000',
          newPriceText: '$38,500',
        },
      },
      JSON.stringify(ALL_ON),
    );
    await ctx.app.outbox.deliverDue();
    const row = await ctx.database.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('recipient', '=', who.email)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
    const mail = await simpleParser(readFileSync(path.join(ctx.config.mailDir, `${row.id}.eml`)));
    const header = (key: string) =>
      mail.headerLines
        .find((h) => h.key === key)
        ?.line.replace(/\r?\n\s+/g, '')
        .replace(/^[^:]+:\s*/, '');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const apiLink = String(header('list-unsubscribe')).replace(/^<|>$/g, '');
    expect(apiLink.startsWith(`${ctx.config.publicUrl}/api/unsubscribe?token=`)).toBe(true);
    const pageLink = /href="([^"]*\/unsubscribe\?token=[^"]+)"/.exec(String(mail.html))?.[1]?.replace(/&amp;/g, '&');
    expect(pageLink?.startsWith(`${ctx.config.publicUrl}/unsubscribe?token=`)).toBe(true);

    // The page link answers the web app's HTML: the unsubscribe page needs no sign-in.
    const page = await ctx.app.inject({ method: 'GET', url: (pageLink as string).slice(ctx.config.publicUrl.length) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id="root">');

    // The mail client's one-click POST.
    const res = await oneClick(apiLink.slice(ctx.config.publicUrl.length));
    expect(res.statusCode, res.body).toBe(200);
    expect(await prefsOf(who)).toEqual({ ...ALL_ON, priceChanges: false });
  });
});

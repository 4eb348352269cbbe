import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import { type OutboxEmail, queueEmail } from '../src/features/email/outbox.ts';
import { FORGOTTEN_PAYLOAD } from '../src/features/email/outbox-repository.ts';
import { createMailTransport } from '../src/features/email/mail-transport.ts';
import { CLAIM_MS, MAX_ATTEMPTS, OutboxSender, retryDelayMs } from '../src/features/email/outbox-sender.ts';
import { openSqlite } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { readUnsubscribeToken } from '../src/features/email/unsubscribe-tokens.ts';
import { startMailServer, type TestMailServer } from './mail-server.ts';
import { createTestContext, DIALECTS, registerBuyer, signInAs, type TestContext, uniqueEmail } from './test-app.ts';

/**
 * The outbox and its sender (docs/decisions/114-email-outbox.md): emails commit with the change
 * that causes them, are delivered over real SMTP (smtp-server in this process, parsed by
 * mailparser), retried with backoff, recorded, never sent twice, and survive a crash.
 */
const inquiry = (to: string): OutboxEmail => ({
  template: 'staffNewInquiry',
  to,
  data: {
    subject: 'Shipping to Oslo',
    fromName: 'Ola Nordmann',
    fromEmail: 'ola@example.no',
    adminUrl: 'http://x/admin',
  },
});

async function outboxRows(ctx: TestContext) {
  return ctx.database.db.selectFrom('email_outbox').selectAll().orderBy('created_at').execute();
}

describe.each(DIALECTS)('email outbox on %s', (dialect) => {
  let ctx: TestContext;
  let mail: TestMailServer;
  beforeAll(async () => {
    mail = await startMailServer();
    ctx = await createTestContext(dialect, { SMTP_URL: mail.url, MAIL_FROM: 'sales@heritage.example' });
  });
  afterAll(async () => {
    await ctx?.close();
    await mail?.close();
  });
  afterEach(async () => {
    mail.failing = false;
    await ctx.app.outbox.deliverDue(new Date(Date.now() + 365 * 24 * 3600_000));
    await ctx.database.db.deleteFrom('email_outbox').execute();
  });

  it('ISSUE-16-OUTBOX delivers a queued email over SMTP with an HTML and a plain-text part, from the dealer, once', async () => {
    const to = uniqueEmail('staff');
    await ctx.database.db.transaction().execute((trx) => queueEmail(trx, inquiry(to)));
    expect(mail.to(to)).toHaveLength(0);

    expect(await ctx.app.outbox.deliverDue()).toBe(1);
    const [message] = mail.to(to);
    expect(message?.subject).toBe('New inquiry: Shipping to Oslo');
    expect(message?.text).toContain('Ola Nordmann (ola@example.no) sent an inquiry');
    expect(message?.html).toContain('Shipping to Oslo');
    const from = Array.isArray(message?.from) ? message?.from[0] : message?.from;
    expect(from?.value[0]?.address).toBe('sales@heritage.example');
    const [row] = await outboxRows(ctx);
    expect(row).toMatchObject({ status: 'sent', subject: 'New inquiry: Shipping to Oslo', last_error: '' });
    expect(message?.messageId).toBe(`<${row?.id}@localhost>`);

    // Delivered once: another pass, now or much later, sends nothing.
    expect(await ctx.app.outbox.deliverDue()).toBe(0);
    expect(await ctx.app.outbox.deliverDue(new Date(Date.now() + CLAIM_MS * 10))).toBe(0);
    expect(mail.to(to)).toHaveLength(1);
  });

  it('ISSUE-16-OUTBOX an email commits with its change or not at all', async () => {
    const to = uniqueEmail('staff');
    await expect(
      ctx.database.db.transaction().execute(async (trx) => {
        await queueEmail(trx, inquiry(to));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await outboxRows(ctx)).toHaveLength(0);
    await ctx.app.outbox.deliverDue();
    expect(mail.to(to)).toHaveLength(0);
  });

  it('ISSUE-16-OUTBOX-RETRY a failing SMTP server is retried with backoff, the error recorded, and the email sent once when it recovers', async () => {
    const to = uniqueEmail('staff');
    await queueEmail(ctx.database.db, inquiry(to));
    mail.failing = true;
    const start = new Date();
    expect(await ctx.app.outbox.deliverDue(start)).toBe(0);
    let [row] = await outboxRows(ctx);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row?.last_error).toContain('451');
    expect(Date.parse(row?.next_attempt_at ?? '')).toBe(start.getTime() + retryDelayMs(1));

    // Not due again before the backoff has passed.
    expect(await ctx.app.outbox.deliverDue(new Date(start.getTime() + retryDelayMs(1) - 1000))).toBe(0);
    expect((await outboxRows(ctx))[0]?.attempts).toBe(1);

    mail.failing = false;
    expect(await ctx.app.outbox.deliverDue(new Date(start.getTime() + retryDelayMs(1)))).toBe(1);
    [row] = await outboxRows(ctx);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, last_error: '' });
    expect(mail.to(to)).toHaveLength(1);
  });

  it(`ISSUE-16-OUTBOX-RETRY after ${MAX_ATTEMPTS} failed attempts the email is recorded as failed with the server's error`, async () => {
    const to = uniqueEmail('staff');
    await queueEmail(ctx.database.db, inquiry(to));
    mail.failing = true;
    let at = Date.now();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await ctx.app.outbox.deliverDue(new Date(at));
      at += retryDelayMs(attempt);
    }
    const [row] = await outboxRows(ctx);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(row?.last_error).toContain('451');
    mail.failing = false;
    expect(await ctx.app.outbox.deliverDue(new Date(at + 365 * 24 * 3600_000))).toBe(0);
    expect(mail.to(to)).toHaveLength(0);
  });

  it('ISSUE-16-OUTBOX-CRASH an email committed before a crash is sent by the next start, and one whose sender died mid-send when its claim lapses', async () => {
    const committed = uniqueEmail('staff');
    const midSend = uniqueEmail('staff');
    await queueEmail(ctx.database.db, inquiry(committed));
    await queueEmail(ctx.database.db, inquiry(midSend));
    // The first instance claimed the second email and stopped before recording anything.
    const claimedAt = new Date();
    await ctx.database.db
      .updateTable('email_outbox')
      .set({
        status: 'sending',
        claim_token: 'dead-instance',
        claimed_until: new Date(claimedAt.getTime() + CLAIM_MS).toISOString(),
        attempts: 1,
      })
      .where('recipient', '=', midSend)
      .execute();

    // A new instance on the same database: the committed email goes at once...
    const restarted = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    try {
      expect(await restarted.outbox.deliverDue(claimedAt)).toBe(1);
      expect(mail.to(committed)).toHaveLength(1);
      expect(mail.to(midSend)).toHaveLength(0);
      // ...and the one the dead sender held, once its claim has lapsed.
      expect(await restarted.outbox.deliverDue(new Date(claimedAt.getTime() + CLAIM_MS + 1000))).toBe(1);
      expect(mail.to(midSend)).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });

  it('ISSUE-16-OUTBOX-CLAIM two instances delivering at once send every email exactly once', async () => {
    const recipients = Array.from({ length: 30 }, () => uniqueEmail('staff'));
    for (const to of recipients) await queueEmail(ctx.database.db, inquiry(to));
    const second = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    try {
      const sent = await Promise.all([
        ctx.app.outbox.deliverDue(),
        second.outbox.deliverDue(),
        ctx.app.outbox.deliverDue(),
        second.outbox.deliverDue(),
      ]);
      expect(sent.reduce((a, b) => a + b, 0)).toBe(recipients.length);
      for (const to of recipients) expect(mail.to(to), to).toHaveLength(1);
      expect((await outboxRows(ctx)).every((row) => row.status === 'sent')).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('ISSUE-16-UNSUBSCRIBE an email a preference controls carries RFC 8058 one-click unsubscribe headers for that preference', async () => {
    const buyer = await registerBuyer(ctx.app);
    const prefs = await ctx.database.db
      .selectFrom('users')
      .select('notification_prefs')
      .where('id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    const queued = await queueEmail(
      ctx.database.db,
      {
        template: 'priceDrop',
        to: buyer.email,
        userId: buyer.id,
        data: {
          firstName: 'Bea',
          vehicleTitle: '1967 Jaguar E-Type',
          vehicleUrl: 'http://localhost/vehicles/x',
          oldPriceText: '$90,000',
          newPriceText: '$85,000',
        },
      },
      prefs.notification_prefs,
    );
    expect(queued).toBe(true);
    await ctx.app.outbox.deliverDue();
    const [message] = mail.to(buyer.email);
    const header = (name: string) =>
      message?.headerLines
        .find((line) => line.key === name)
        ?.line.slice(name.length + 1)
        .trim();
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const url = header('list-unsubscribe')?.replace(/^<|>$/g, '') ?? '';
    expect(url).toMatch(/^http:\/\/localhost:\d+\/api\/unsubscribe\?token=/);
    const token = new URL(url).searchParams.get('token') ?? '';
    expect(readUnsubscribeToken(ctx.config.jwtSecret, token)).toEqual({ userId: buyer.id, preference: 'priceChanges' });
    // The footer links to the page that confirms it.
    expect(message?.html).toContain(`/unsubscribe?token=${token}`);

    // One click, no sign-in: the preference is off, and the next such email is not even queued.
    const res = await ctx.app.inject({
      method: 'POST',
      url: new URL(url).pathname + new URL(url).search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await ctx.database.db
      .selectFrom('users')
      .select('notification_prefs')
      .where('id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(after.notification_prefs)).toMatchObject({ priceChanges: false });
    const again = await queueEmail(
      ctx.database.db,
      {
        template: 'priceDrop',
        to: buyer.email,
        userId: buyer.id,
        data: {
          firstName: 'Bea',
          vehicleTitle: 'x',
          vehicleUrl: 'http://localhost/x',
          oldPriceText: '$2',
          newPriceText: '$1',
        },
      },
      after.notification_prefs,
    );
    expect(again).toBe(false);
  });

  it('ISSUE-16-OUTBOX an email holding a secret (a reset link) keeps it in the outbox only until it is sent', async () => {
    const to = uniqueEmail('buyer');
    const resetUrl = 'http://localhost/reset-password?token=secret-token-value';
    await queueEmail(ctx.database.db, {
      template: 'passwordReset',
      to,
      data: { firstName: 'Bea', resetUrl, validMinutes: 60 },
    });
    expect((await outboxRows(ctx))[0]?.payload).toContain('secret-token-value');
    await ctx.app.outbox.deliverDue();
    expect(mail.to(to)[0]?.text).toContain(resetUrl);
    const [row] = await outboxRows(ctx);
    expect(row).toMatchObject({ status: 'sent', payload: FORGOTTEN_PAYLOAD });
  });

  it('ISSUE-16-UNSUBSCRIBE an email the person asked for carries no unsubscribe header', async () => {
    const to = uniqueEmail('staff');
    await queueEmail(ctx.database.db, inquiry(to));
    await ctx.app.outbox.deliverDue();
    const [message] = mail.to(to);
    expect(message?.headerLines.some((line) => line.key.startsWith('list-unsubscribe'))).toBe(false);
    expect(message?.html).not.toContain('Unsubscribe');
  });
});

/** Fastify's logger with nothing written, for a sender built outside an app. */
const ctxLogger = Fastify({ logger: false }).log;

describe('an outbox pass that fails (the database away)', () => {
  it('ISSUE-19-READY rejects for its caller only, leaves no unhandled rejection, and the next pass runs', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vm-outbox-'));
    // A database without the outbox table stands in for one that cannot be reached.
    const database = openSqlite(path.join(dataDir, 'empty.db'));
    try {
      const sender = new OutboxSender({
        db: database.db,
        transport: createMailTransport({ smtpUrl: undefined, mailDir: path.join(dataDir, 'mail') }),
        secret: 'test-secret-that-is-long-enough-for-hs256-signing',
        publicUrl: 'http://localhost:3000',
        mailFrom: 'sales@heritage.example',
        settings: async () => {
          throw new Error('not reached');
        },
        log: ctxLogger,
      });
      await expect(sender.deliverDue()).rejects.toThrow(/email_outbox/);
      // A caller arriving mid-pass waits for the failed pass and then runs (and fails) its own.
      const both = await Promise.allSettled([sender.deliverDue(), sender.deliverDue()]);
      expect(both.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
      // The database is back: the next pass runs instead of repeating the last failure.
      await migrateToLatest(database.db, database.dialect);
      await expect(sender.deliverDue()).resolves.toBe(0);
      await sender.stop();
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('email outbox without SMTP_URL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
  });
  afterAll(async () => ctx?.close());

  it('ISSUE-16-EML writes each email as an .eml file under DATA_DIR/mail, readable by the server only', async () => {
    const to = uniqueEmail('staff');
    await queueEmail(ctx.database.db, inquiry(to));
    expect(await ctx.app.outbox.deliverDue()).toBe(1);
    const [row] = await outboxRows(ctx);
    expect(row?.status).toBe('sent');
    expect(row?.file_name).toBe(`${row?.id}.eml`);
    expect(ctx.config.mailDir).toBe(path.join(ctx.config.dataDir, 'mail'));
    expect(readdirSync(ctx.config.mailDir)).toEqual([row?.file_name]);
    const file = path.join(ctx.config.mailDir, row?.file_name ?? '');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const parsed = await simpleParser(readFileSync(file));
    expect(parsed.subject).toBe('New inquiry: Shipping to Oslo');
    expect(parsed.text).toContain('Ola Nordmann');
    expect(parsed.html).toContain('Ola Nordmann');
  });
});

describe('a mail server that never answers', () => {
  let ctx: TestContext;
  let silent: Server;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    // Accepts connections and never says a word: no greeting, no reply.
    silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    ctx = await createTestContext('sqlite', { SMTP_URL: `smtp://127.0.0.1:${port}` });
    await signInAs(ctx, 'SuperAdmin');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await ctx?.close();
    await new Promise((resolve) => silent?.close(resolve));
  });

  it('ISSUE-16-OUTBOX a request that queues an email completes while the sender is still waiting on the mail server', async () => {
    ctx.app.outbox.start();
    const before = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact/submit',
      payload: {
        fullName: 'Ola Nordmann',
        email: 'ola@example.no',
        phone: '+1 555 010 2000',
        subject: 'First',
        message: 'Hello there',
      },
    });
    expect(before.statusCode, before.body).toBe(201);
    // The sender has connected to the silent server and waits for its greeting...
    await expect.poll(() => sockets.size, { timeout: 10_000 }).toBeGreaterThan(0);
    // ...and a second request that queues an email is answered all the same.
    const during = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact/submit',
      payload: {
        fullName: 'Ola Nordmann',
        email: 'ola@example.no',
        phone: '+1 555 010 2000',
        subject: 'Second',
        message: 'Hello again',
      },
    });
    expect(during.statusCode, during.body).toBe(201);
    const rows = await outboxRows(ctx);
    expect(rows.map((row) => row.status).sort()).toEqual(['queued', 'sending']);
    expect(rows.every((row) => row.template === 'staffNewInquiry')).toBe(true);
  });
});

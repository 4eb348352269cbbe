import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@vm/shared/messages';
import { PASSWORD_RESET_MESSAGES } from '@vm/shared/password-reset';
import { startMailServer, type TestMailServer } from './mail-server.ts';
import {
  createTestContext,
  DIALECTS,
  registerBuyer,
  type SignedIn,
  type TestContext,
  uniqueEmail,
} from './test-app.ts';

/**
 * Password reset by email (issue #16, docs/decisions/116-password-reset.md): the link arrives over
 * real SMTP (smtp-server in this process), works once within the hour, ends every session, and
 * neither the answer nor the limits tell whether an email has an account.
 */
const PUBLIC_URL = 'https://cars.example.com';
const LINK = /https:\/\/cars\.example\.com\/reset-password\?token=([A-Za-z0-9_-]{43})/;

let address = 0;
/** A new client address per call, so the per-address limits stay out of the way unless a test wants them. */
const nextAddress = () => `10.16.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

const forgot = (ctx: TestContext, payload: object, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload, remoteAddress });
const reset = (ctx: TestContext, payload: object, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload, remoteAddress });
const login = (ctx: TestContext, email: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: nextAddress(),
  });

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

async function counts(ctx: TestContext) {
  const n = async (table: 'password_reset_tokens' | 'email_outbox') =>
    Number(
      (
        await ctx.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { tokens: await n('password_reset_tokens'), outbox: await n('email_outbox') };
}

async function userRow(ctx: TestContext, id: string) {
  return ctx.database.db
    .selectFrom('users')
    .select(['password_hash', 'token_version'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

function expectAccepted(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.linkSent });
}

function expectInvalidLink(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().message).toBe(PASSWORD_RESET_MESSAGES.invalidLink);
}

describe.each(DIALECTS)('password reset on %s', (dialect) => {
  let ctx: TestContext;
  let mail: TestMailServer;
  beforeAll(async () => {
    mail = await startMailServer();
    ctx = await createTestContext(dialect, { SMTP_URL: mail.url, PUBLIC_URL, RATE_LIMIT: 'on' });
  });
  afterAll(async () => {
    await ctx?.close();
    await mail?.close();
  });

  /** Asks for a link for the buyer, delivers the outbox, and returns the token of the email received. */
  async function requestLink(buyer: SignedIn): Promise<string> {
    const before = mail.to(buyer.email).length;
    expectAccepted(await forgot(ctx, { email: buyer.email }));
    await ctx.app.outbox.deliverDue();
    const received = mail.to(buyer.email);
    expect(received).toHaveLength(before + 1);
    const token = LINK.exec(received.at(-1)?.text ?? '')?.[1];
    if (!token) throw new Error(`no reset link in: ${received.at(-1)?.text}`);
    return token;
  }

  it('ISSUE-16-RESET forgot password sends a one-hour link by email; the reset sets the new password and ends every session', async () => {
    const buyer = await registerBuyer(ctx.app, { firstName: 'Rhea' });
    const before = await userRow(ctx, buyer.id);

    expectAccepted(await forgot(ctx, { email: ` ${buyer.email.toUpperCase()} ` }));
    // Queued in the outbox, not sent during the request.
    expect(mail.to(buyer.email)).toHaveLength(0);
    expect(await ctx.app.outbox.deliverDue()).toBe(1);
    const [message] = mail.to(buyer.email);
    expect(message?.subject).toMatch(/^Reset your .+ password$/);
    expect(message?.text).toContain('Hello Rhea');
    expect(message?.text).toContain('60 minutes');
    const token = LINK.exec(message?.text ?? '')?.[1];
    expect(token).toBeDefined();
    expect(message?.html).toContain(`${PUBLIC_URL}/reset-password?token=${token}`);
    const [row] = await ctx.database.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('user_id', '=', buyer.id)
      .execute();
    const minutes = (Date.parse(row?.expires_at ?? '') - Date.parse(row?.created_at ?? '')) / 60_000;
    expect(minutes).toBe(60);

    const res = await reset(ctx, { token, password: 'brand-new-pass' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.done });

    expect((await login(ctx, buyer.email, buyer.password)).statusCode).toBe(401);
    expect((await login(ctx, buyer.email, 'brand-new-pass')).statusCode).toBe(200);
    // The session opened before the reset is over: its refresh token and its access token.
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: buyer.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: buyer.headers })).statusCode).toBe(401);
    const after = await userRow(ctx, buyer.id);
    expect(after.token_version).toBe(before.token_version + 1);
    expect(after.password_hash).not.toBe(before.password_hash);
    expect(after.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('ISSUE-16-RESET an unknown or inactive email gets the same 202 answer, and nothing is stored or queued', async () => {
    const inactive = await registerBuyer(ctx.app);
    await ctx.database.db.updateTable('users').set({ is_active: 0 }).where('id', '=', inactive.id).execute();
    const start = await counts(ctx);
    const unknown = await forgot(ctx, { email: uniqueEmail('nobody') });
    expectAccepted(unknown);
    expectAccepted(await forgot(ctx, { email: inactive.email }));
    expect(await counts(ctx)).toEqual(start);
    await ctx.app.outbox.deliverDue();
    expect(mail.to(inactive.email)).toHaveLength(0);

    // A known email's answer is byte for byte the same.
    const known = await registerBuyer(ctx.app);
    const answer = await forgot(ctx, { email: known.email });
    expectAccepted(answer);
    expect(answer.body).toBe(unknown.body);
    expect(answer.headers['content-type']).toBe(unknown.headers['content-type']);
    expect(await counts(ctx)).toEqual({ tokens: start.tokens + 1, outbox: start.outbox + 1 });
  });

  it('ISSUE-16-RESET a link works once; a used link is a 400 and the other links of the account end with it', async () => {
    const buyer = await registerBuyer(ctx.app);
    const first = await requestLink(buyer);
    const second = await requestLink(buyer);
    expect((await reset(ctx, { token: second, password: 'second-pass-1' })).statusCode).toBe(200);

    expectInvalidLink(await reset(ctx, { token: second, password: 'third-pass-1' }));
    expectInvalidLink(await reset(ctx, { token: first, password: 'third-pass-1' }));
    expect((await login(ctx, buyer.email, 'second-pass-1')).statusCode).toBe(200);
    expect((await login(ctx, buyer.email, 'third-pass-1')).statusCode).toBe(401);
  });

  it('ISSUE-16-RESET of two uses of one link at the same moment, exactly one sets its password', async () => {
    const buyer = await registerBuyer(ctx.app);
    const token = await requestLink(buyer);
    const results = await Promise.all([
      reset(ctx, { token, password: 'racer-one-1' }),
      reset(ctx, { token, password: 'racer-two-2' }),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 400]);
    const winner = results[0]?.statusCode === 200 ? 'racer-one-1' : 'racer-two-2';
    const loser = winner === 'racer-one-1' ? 'racer-two-2' : 'racer-one-1';
    expect((await login(ctx, buyer.email, winner)).statusCode).toBe(200);
    expect((await login(ctx, buyer.email, loser)).statusCode).toBe(401);
  });

  it('ISSUE-16-RESET an expired link is a 400 and changes nothing', async () => {
    const buyer = await registerBuyer(ctx.app);
    const token = await requestLink(buyer);
    await ctx.database.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', sha256(token))
      .execute();
    const before = await userRow(ctx, buyer.id);
    expectInvalidLink(await reset(ctx, { token, password: 'too-late-pass' }));
    expect(await userRow(ctx, buyer.id)).toEqual(before);
    expect((await login(ctx, buyer.email, buyer.password)).statusCode).toBe(200);
  });

  it('ISSUE-16-RESET an unknown token, a token of the wrong shape, a bad password or unknown fields are a 400 that changes nothing', async () => {
    const buyer = await registerBuyer(ctx.app);
    const token = await requestLink(buyer);
    const before = await userRow(ctx, buyer.id);
    const rows = await ctx.database.db.selectFrom('password_reset_tokens').selectAll().execute();

    expectInvalidLink(await reset(ctx, { token: 'A'.repeat(43), password: 'fine-pass-1' }));
    for (const wrong of ['', 'short', `${token}x`, `${token.slice(0, 42)}!`, 42, null]) {
      const res = await reset(ctx, { token: wrong, password: 'fine-pass-1' });
      expect(res.statusCode, `token ${JSON.stringify(wrong)}`).toBe(400);
      expect(res.json().errors).toContainEqual({ field: 'token', message: PASSWORD_RESET_MESSAGES.invalidLink });
    }
    // The registration rules and messages.
    const short = await reset(ctx, { token, password: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toContainEqual({ field: 'password', message: MSG.passwordTooShort });
    const missing = await reset(ctx, { token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toContainEqual({ field: 'password', message: MSG.required('Password') });
    // Strict bodies.
    expect((await reset(ctx, { token, password: 'fine-pass-1', userId: buyer.id })).statusCode).toBe(400);
    expect((await forgot(ctx, { email: buyer.email, resetUrl: 'https://evil.example' })).statusCode).toBe(400);
    const badEmail = await forgot(ctx, { email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().errors).toContainEqual({ field: 'email', message: MSG.invalidEmail });

    expect(await userRow(ctx, buyer.id)).toEqual(before);
    expect(await ctx.database.db.selectFrom('password_reset_tokens').selectAll().execute()).toEqual(rows);
    // The link still works after all that.
    expect((await reset(ctx, { token, password: 'fine-pass-1' })).statusCode).toBe(200);
  });

  it('ISSUE-16-RESET only the SHA-256 of a token is stored: no column of the tokens table holds the token', async () => {
    const buyer = await registerBuyer(ctx.app);
    const token = await requestLink(buyer);
    const rows = await ctx.database.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('user_id', '=', buyer.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('ISSUE-16-RESET-LIMITS 5 reset requests an hour per email, from any address, whether or not it has an account; the 6th is 429 and sends nothing', async () => {
    const buyer = await registerBuyer(ctx.app);
    const nobody = uniqueEmail('nobody');
    for (const email of [buyer.email, nobody]) {
      for (let i = 0; i < 5; i++) {
        const res = await forgot(ctx, { email: i % 2 ? email.toUpperCase() : email });
        expectAccepted(res);
      }
    }
    const start = await counts(ctx);
    for (const email of [buyer.email, nobody]) {
      const res = await forgot(ctx, { email });
      expect(res.statusCode, res.body).toBe(429);
      expect(res.json()).toEqual({ message: MSG.rateLimited });
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3000);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    expect(await counts(ctx)).toEqual(start);
    await ctx.app.outbox.deliverDue();
    expect(mail.to(buyer.email)).toHaveLength(5);
    // Another email from the same addresses is not limited.
    expectAccepted(await forgot(ctx, { email: uniqueEmail('other') }));
  });

  it('ISSUE-16-RESET-LIMITS 20 reset requests an hour and 20 resets a minute per address; the 21st is 429', async () => {
    for (let i = 0; i < 20; i++) expectAccepted(await forgot(ctx, { email: uniqueEmail('nobody') }, '10.16.200.1'));
    const limited = await forgot(ctx, { email: uniqueEmail('nobody') }, '10.16.200.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: MSG.rateLimited });
    expectAccepted(await forgot(ctx, { email: uniqueEmail('nobody') }, '10.16.200.2'));

    const unknownToken = { token: 'B'.repeat(43), password: 'fine-pass-1' };
    for (let i = 0; i < 20; i++) expectInvalidLink(await reset(ctx, unknownToken, '10.16.201.1'));
    const tooMany = await reset(ctx, unknownToken, '10.16.201.1');
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toEqual({ message: MSG.rateLimited });
    expectInvalidLink(await reset(ctx, unknownToken, '10.16.201.2'));
  });
});

describe.each(DIALECTS)('password reset with RATE_LIMIT=off on %s', (dialect) => {
  let ctx: TestContext;
  let webDist: string;
  beforeAll(async () => {
    // A stand-in web build, as in storefront-pages.test.ts, so page URLs get the app's HTML.
    webDist = mkdtempSync(path.join(tmpdir(), 'vm-web-dist-'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><title>Cars</title></head><body><div id="root"></div></body></html>',
    );
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'off', WEB_DIST: webDist });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("ISSUE-16-RESET the pages of the email's link and of the request are the web app's HTML, 200", async () => {
    for (const url of ['/forgot-password', `/reset-password?token=${'C'.repeat(43)}`, '/reset-password']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
      // The token in the address is not sent on to another site (helmet's default policy).
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('ISSUE-16-RESET-LIMITS neither limit answers 429: 25 requests for one email from one address are all 202', async () => {
    const buyer = await registerBuyer(ctx.app);
    for (let i = 0; i < 25; i++) expectAccepted(await forgot(ctx, { email: buyer.email }, '10.16.202.1'));
  });
});

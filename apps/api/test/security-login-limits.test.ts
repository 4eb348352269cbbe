import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@vm/shared/messages';
import { createTestContext, DIALECTS, registerBuyer, type TestContext, uniqueEmail } from './test-app.ts';

/**
 * Sign-in limits (docs/decisions/003-auth-tokens.md, issue #21): 30 a minute per client address
 * and 10 per 15 minutes per email, both at once; RATE_LIMIT=off turns both off.
 */
const login = (ctx: TestContext, email: string, password: string, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

function expectLimited(res: LightMyRequestResponse, window: { min: number; max: number }) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ message: MSG.rateLimited });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(window.min);
  expect(retryAfter).toBeLessThanOrEqual(window.max);
}

describe.each(DIALECTS)('sign-in limits on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'on' });
  });
  afterAll(async () => ctx?.close());

  it('ISSUE-21-LOGIN-LIMITS 10 sign-ins per 15 minutes per email, from any address; the 11th is 429 even with the right password', async () => {
    const buyer = await registerBuyer(ctx.app);
    // A new address each time, so only the per-email limit can stop them; the case of the email
    // does not make it another email.
    for (let i = 0; i < 10; i++) {
      const email = i % 2 ? buyer.email.toUpperCase() : buyer.email;
      const res = await login(ctx, email, 'wrong-password', `10.21.1.${i + 1}`);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    expectLimited(await login(ctx, buyer.email, 'wrong-password', '10.21.1.11'), { min: 800, max: 900 });
    expectLimited(await login(ctx, buyer.email, buyer.password, '10.21.1.12'), { min: 800, max: 900 });
    // Another email from the same addresses is not limited.
    const other = await registerBuyer(ctx.app);
    expect((await login(ctx, other.email, other.password, '10.21.1.11')).statusCode).toBe(200);
  });

  it('ISSUE-21-LOGIN-LIMITS 30 sign-ins a minute per address, whatever the emails; the 31st is 429', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await login(ctx, uniqueEmail('nobody'), 'wrong-password', '10.21.2.1');
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    expectLimited(await login(ctx, uniqueEmail('nobody'), 'wrong-password', '10.21.2.1'), { min: 1, max: 60 });
    // Another address is not limited.
    expect((await login(ctx, uniqueEmail('nobody'), 'wrong-password', '10.21.2.2')).statusCode).toBe(401);
  });
});

describe.each(DIALECTS)('sign-in limits with RATE_LIMIT=off on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'off' });
  });
  afterAll(async () => ctx?.close());

  it('ISSUE-21-LOGIN-LIMITS neither limit answers 429: 35 wrong passwords for one email from one address are all 401', async () => {
    const buyer = await registerBuyer(ctx.app);
    for (let i = 0; i < 35; i++) {
      const res = await login(ctx, buyer.email, 'wrong-password', '10.21.3.1');
      expect(res.statusCode, `attempt ${i + 1}: ${res.body}`).toBe(401);
    }
    expect((await login(ctx, buyer.email, buyer.password, '10.21.3.1')).statusCode).toBe(200);
  });
});

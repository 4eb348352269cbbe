import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@vm/shared/messages';
import { createTestContext, DIALECTS, registerBuyer, type SignedIn, signInAs, type TestContext } from './test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface BadCall {
  method: Method;
  url: string;
  payload?: object;
}

/**
 * Calls that fail validation (a bad body or query). Their subtree's onRequest hook (routes.ts)
 * runs before validation, so who the caller is decides first.
 */
const SIGNED_IN_BAD_CALLS: BadCall[] = [
  { method: 'GET', url: '/api/auth/me' },
  { method: 'POST', url: '/api/vehicles/some-car/offers', payload: { amount: 'lots' } },
  { method: 'POST', url: '/api/vehicles/some-car/watch', payload: { watching: 'yes' } },
  { method: 'PUT', url: '/api/users/someone', payload: { firstName: '' } },
  { method: 'PUT', url: '/api/users/someone/password', payload: { currentPassword: 1 } },
  { method: 'DELETE', url: '/api/users/me', payload: { unexpected: true } },
];

const ADMIN_BAD_CALLS: BadCall[] = [
  { method: 'PUT', url: '/api/settings', payload: { company: 'none' } },
  { method: 'POST', url: '/api/users', payload: { email: 'not-an-email' } },
  { method: 'GET', url: '/api/users?status=bogus' },
  { method: 'GET', url: '/api/admin/offers?sortBy=bogus' },
  { method: 'PUT', url: '/api/admin/offers/some-offer/status', payload: { status: 'maybe' } },
  { method: 'GET', url: '/api/contact/admin/all?status=bogus' },
  { method: 'PUT', url: '/api/contact/admin/some-inquiry', payload: { status: 'bogus' } },
  { method: 'POST', url: '/api/vehicles', payload: { title: '' } },
  { method: 'PUT', url: '/api/vehicles/some-car/images/order', payload: { imageIds: 'all' } },
];

describe.each(DIALECTS)('one authorization hook per route subtree on %s', (dialect) => {
  let ctx: TestContext;
  let buyer: SignedIn;
  let admin: SignedIn;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'off' });
    buyer = await registerBuyer(ctx.app);
    admin = await signInAs(ctx, 'Admin');
  });
  afterAll(async () => ctx?.close());

  const send = (call: BadCall, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: call.method, url: call.url, payload: call.payload, headers });

  it.each(SIGNED_IN_BAD_CALLS.filter((c) => c.payload || c.url.includes('?')))(
    'signed-in subtree: an anonymous $method $url is 401 before its input is validated',
    async (call) => {
      const res = await send(call);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MSG.notSignedIn);
    },
  );

  it('signed-in subtree: GET /api/auth/me is 401 anonymous, 200 signed in', async () => {
    expect((await send({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await send({ method: 'GET', url: '/api/auth/me' }, buyer.headers)).statusCode).toBe(200);
  });

  it.each(SIGNED_IN_BAD_CALLS.filter((c) => c.payload))(
    'signed-in subtree: a signed-in $method $url gets the validation 400',
    async (call) => {
      expect((await send(call, buyer.headers)).statusCode).toBe(400);
    },
  );

  it.each(ADMIN_BAD_CALLS)(
    'admin subtree: $method $url is 401 anonymous and 403 for a buyer before validation, 400 for an admin',
    async (call) => {
      const anonymous = await send(call);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe(MSG.notSignedIn);
      const asBuyer = await send(call, buyer.headers);
      expect(asBuyer.statusCode).toBe(403);
      expect(asBuyer.json().message).toBe(MSG.forbidden);
      expect((await send(call, admin.headers)).statusCode).toBe(400);
    },
  );

  it('public routes beside the subtrees stay public: anonymous bad input is a 400, good input succeeds', async () => {
    const badContact = await send({ method: 'POST', url: '/api/contact/submit', payload: { fullName: '' } });
    expect(badContact.statusCode).toBe(400);
    expect((await send({ method: 'GET', url: '/api/settings/public' })).statusCode).toBe(200);
    expect((await send({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@vm/shared/messages';
import { createTestContext, DIALECTS, registerBuyer, tableCounts, type TestContext, uniqueEmail } from './test-app.ts';

describe.each(DIALECTS)('auth on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(async () => ctx.close());

  const register = (payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object });

  it('API-04 AUTH-05 registers a buyer and returns token, refreshToken and user', async () => {
    const email = uniqueEmail();
    const res = await register({
      firstName: 'Ann',
      lastName: 'Lee',
      email: email.toUpperCase(),
      phone: '555-123-4567',
      password: 'secret1',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.refreshToken).toEqual(expect.any(String));
    expect(body.user).toMatchObject({
      email,
      firstName: 'Ann',
      lastName: 'Lee',
      name: 'Ann Lee',
      role: 'User',
      isActive: true,
    });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(JSON.stringify(body)).not.toContain('argon2');
  });

  it('VALID-10 VALID-12 rejects a missing field and a short password with the spec messages, writing nothing', async () => {
    const before = await tableCounts(ctx.database);
    const short = await register({
      firstName: 'A',
      lastName: 'B',
      email: uniqueEmail(),
      phone: '5551234567',
      password: '123',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(MSG.passwordTooShort);
    const missing = await register({
      firstName: '',
      lastName: 'B',
      email: uniqueEmail(),
      phone: '5551234567',
      password: '123456',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toEqual({ field: 'firstName', message: 'First name is required' });
    expect(await tableCounts(ctx.database)).toEqual(before);
  });

  it('refuses a taken email with 409, compared without case', async () => {
    const buyer = await registerBuyer(ctx.app);
    const res = await register({
      firstName: 'X',
      lastName: 'Y',
      email: buyer.email.toUpperCase(),
      phone: '5551234567',
      password: 'secret1',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.emailTaken);
  });

  it('refuses malformed JSON, wrong types and unknown fields with 400 and a message', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
    const types = await register({ firstName: 1, lastName: [], email: true, phone: null, password: {} });
    expect(types.statusCode).toBe(400);
    const unknown = await register({
      firstName: 'A',
      lastName: 'B',
      email: uniqueEmail(),
      phone: '5551234567',
      password: 'secret1',
      role: 'SuperAdmin',
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('API-03 logs in; wrong password and unknown email give the same 401 message', async () => {
    const buyer = await registerBuyer(ctx.app);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: buyer.email, password: buyer.password },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(buyer.email);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: buyer.email, password: 'nope-nope' },
    });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: uniqueEmail(), password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('API-07 returns the current user for a valid token and 401 without one or with a forged one', async () => {
    const buyer = await registerBuyer(ctx.app);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: buyer.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(buyer.id);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const [h, p] = buyer.token.split('.');
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${h}.${p}.AAAA` },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('API-05 rotates refresh tokens; reusing a rotated one revokes the family', async () => {
    const buyer = await registerBuyer(ctx.app);
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: buyer.refreshToken },
    });
    expect(first.statusCode).toBe(200);
    const next = first.json().refreshToken as string;
    expect(next).not.toBe(buyer.refreshToken);
    const reuse = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: buyer.refreshToken },
    });
    expect(reuse.statusCode).toBe(401);
    const afterTheft = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: next },
    });
    expect(afterTheft.statusCode).toBe(401);
  });

  it('API-06 logout revokes the refresh token', async () => {
    const buyer = await registerBuyer(ctx.app);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: buyer.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: buyer.refreshToken },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses inactive users at login (403) and their tokens stop working', async () => {
    const buyer = await registerBuyer(ctx.app);
    await ctx.database.db.updateTable('users').set({ is_active: 0 }).where('id', '=', buyer.id).execute();
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: buyer.email, password: buyer.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(MSG.accountInactive);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: buyer.headers })).statusCode).toBe(401);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { refreshToken: buyer.refreshToken },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('answers health and keeps unknown API paths as 404 JSON', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toEqual(expect.any(String));
  });
});

import { createHmac } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@vm/shared/messages';
import { tableChecksums } from './fixtures/security-checksum.ts';
import { decodeJwt, nowSeconds, signHs256, unsignedToken, withPayload } from './fixtures/security-jwt.ts';
import { createWorld, validVehicleBody, type World } from './fixtures/security-world.ts';
import { createTestContext, DIALECTS, registerBuyer, type TestContext } from './test-app.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.each(DIALECTS)('token attacks on %s', (dialect) => {
  let ctx: TestContext;
  let world: World;
  let secret: string;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'off' });
    world = await createWorld(ctx);
    secret = ctx.config.jwtSecret;
  });
  afterAll(async () => ctx?.close());

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
  const refresh = (refreshToken: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });

  /** Refused as not signed in, with a message, and nothing written. */
  async function expectRejected(token: string, message: string = MSG.notSignedIn) {
    const before = await tableChecksums(ctx.database);
    const attempts: [string, LightMyRequestResponse][] = [
      ['me', await get('/api/auth/me', bearer(token))],
      ['admin list', await get('/api/users', bearer(token))],
      [
        'admin write',
        await ctx.app.inject({
          method: 'POST',
          url: '/api/vehicles',
          headers: bearer(token),
          payload: validVehicleBody('Forged Token Car'),
        }),
      ],
    ];
    for (const [what, res] of attempts) {
      expect(res.statusCode, what).toBe(401);
      expect(res.json(), what).toEqual({ message });
    }
    expect(await tableChecksums(ctx.database)).toEqual(before);
  }

  // tokenVersion 0: the users of the world never logged out nor changed their password.
  const claimsOf = (userId: string, role: string, ttlSeconds = 900) => ({
    userId,
    role,
    tokenVersion: 0,
    iat: nowSeconds(),
    exp: nowSeconds() + ttlSeconds,
  });

  it('ROLE-20 accepts a token signed here with the right key (the attacks below differ only in the part under test)', async () => {
    const token = signHs256(claimsOf(world.users.admin.id, 'Admin'), secret);
    expect((await get('/api/users', bearer(token))).statusCode).toBe(200);
  });

  it('ROLE-20 AUTH-18 refuses an expired token signed with the right key, saying the session expired', async () => {
    const token = signHs256(
      {
        userId: world.users.superAdmin.id,
        role: 'SuperAdmin',
        tokenVersion: 0,
        iat: nowSeconds() - 3600,
        exp: nowSeconds() - 60,
      },
      secret,
    );
    await expectRejected(token, MSG.sessionExpired);
  });

  it('ROLE-20 refuses a token signed with the wrong key', async () => {
    await expectRejected(
      signHs256(claimsOf(world.users.superAdmin.id, 'SuperAdmin'), 'not-the-server-key-0123456789abcdef'),
    );
  });

  it('ROLE-20 refuses an unsigned token (alg none, empty signature) and other algorithms than HS256', async () => {
    const claims = claimsOf(world.users.superAdmin.id, 'SuperAdmin');
    await expectRejected(unsignedToken(claims));
    await expectRejected(unsignedToken(claims, 'None'));
    // HS512 with the right key: still refused, the algorithm is pinned.
    const head = Buffer.from(JSON.stringify({ alg: 'HS512', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const sig = createHmac('sha512', secret).update(`${head}.${body}`).digest('base64url');
    await expectRejected(`${head}.${body}.${sig}`);
  });

  it("ROLE-20 refuses a buyer's token whose role claim was changed to SuperAdmin (original signature kept)", async () => {
    const { payload } = decodeJwt(world.users.buyer.token);
    expect(payload.userId).toBe(world.users.buyer.id);
    await expectRejected(withPayload(world.users.buyer.token, { ...payload, role: 'SuperAdmin' }));
    // Pointing a real token at another user's id is the same forgery.
    await expectRejected(withPayload(world.users.buyer.token, { ...payload, userId: world.users.superAdmin.id }));
  });

  it('ROLE-20 ignores the role claim even when correctly signed: the role is read from the database on every request', async () => {
    const token = signHs256(claimsOf(world.users.buyer.id, 'SuperAdmin'), secret);
    const res = await get('/api/users', bearer(token));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.forbidden);
  });

  it('ROLE-20 refuses well-signed tokens that name no user, a missing user or a wrong-typed id', async () => {
    await expectRejected(signHs256(claimsOf('01900000-0000-7000-8000-000000000000', 'Admin'), secret));
    await expectRejected(signHs256({ role: 'Admin', tokenVersion: 0, exp: nowSeconds() + 900 }, secret));
    await expectRejected(signHs256({ userId: 42, role: 'Admin', tokenVersion: 0, exp: nowSeconds() + 900 }, secret));
    await expectRejected(
      signHs256({ userId: { $ne: null }, role: 'Admin', tokenVersion: 0, exp: nowSeconds() + 900 }, secret),
    );
  });

  it('ROLE-20 refuses malformed Authorization headers with 401 and a message, never a 500', async () => {
    const headers = [
      'Bearer',
      'Bearer ',
      'Basic YWRtaW46YWRtaW4=',
      'Bearer not.a.jwt',
      'Bearer ....',
      `Bearer ${'A'.repeat(8000)}`,
      `Bearer ${Buffer.from('{"alg":"HS256"').toString('base64url')}.e30.sig`,
      'Bearer eyJhbGciOiJIUzI1NiJ9.bm90IGpzb24.c2ln',
      `Bearer ${world.users.admin.token} extra`,
    ];
    for (const authorization of headers) {
      const res = await get('/api/auth/me', { authorization });
      expect(res.statusCode, authorization.slice(0, 40)).toBe(401);
      expect(res.json().message, authorization.slice(0, 40)).toEqual(expect.any(String));
    }
  });

  it('ROLE-20 treats a forged token on an optional-auth route as anonymous: an archived car stays hidden', async () => {
    const created = await world.inject('admin', {
      method: 'POST',
      url: '/api/vehicles',
      payload: { ...validVehicleBody('Archived Secret Car'), status: 'Archived' },
    });
    expect(created.statusCode).toBe(201);
    const url = `/api/vehicles/${created.json<{ id: string }>().id}`;
    expect((await get(url, world.headersOf('admin'))).statusCode).toBe(200);
    const { payload } = decodeJwt(world.users.buyer.token);
    const forged = [
      unsignedToken(claimsOf(world.users.admin.id, 'Admin')),
      signHs256(claimsOf(world.users.admin.id, 'Admin'), 'wrong-key-wrong-key-wrong-key-wrong'),
      withPayload(world.users.buyer.token, { ...payload, userId: world.users.admin.id }),
    ];
    for (const token of forged) expect((await get(url, bearer(token))).statusCode).toBe(404);
  });

  it('API-05 a reused refresh token revokes its whole family; other sessions of the user keep working', async () => {
    const buyer = await registerBuyer(ctx.app);
    const otherSession = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: buyer.email, password: buyer.password },
    });
    const rotated = await refresh(buyer.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json<{ refreshToken: string }>().refreshToken;
    const third = (await refresh(second)).json<{ refreshToken: string }>().refreshToken;

    const reuse = await refresh(buyer.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ message: MSG.sessionExpired });
    // The thief's and the owner's newest tokens of that family are both dead now.
    expect((await refresh(third)).statusCode).toBe(401);
    expect((await refresh(second)).statusCode).toBe(401);
    // A session from a separate login is another family: untouched.
    expect((await refresh(otherSession.json<{ refreshToken: string }>().refreshToken)).statusCode).toBe(200);
  });

  it('API-05 refuses made-up, over-long and wrong-typed refresh tokens with a message and writes nothing', async () => {
    const before = await tableChecksums(ctx.database);
    for (const refreshToken of ['x', 'A'.repeat(43), "' OR '1'='1", '%00', 'A'.repeat(501)]) {
      const res = await refresh(refreshToken);
      expect([400, 401]).toContain(res.statusCode);
      expect(res.json().message).toEqual(expect.any(String));
    }
    for (const refreshToken of [null, 42, ['a'], { $gt: '' }]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
      expect(res.statusCode).toBe(400);
    }
    expect(await tableChecksums(ctx.database)).toEqual(before);
  });

  it('ROLE-20 ends every session of a user deactivated by an admin: access and refresh tokens are refused', async () => {
    const buyer = await registerBuyer(ctx.app);
    const res = await world.inject('admin', {
      method: 'PUT',
      url: `/api/users/${buyer.id}`,
      payload: { firstName: 'Bea', lastName: 'Buyer', phone: '', isActive: false },
    });
    expect(res.statusCode).toBe(200);
    await expectRejected(buyer.token);
    expect((await refresh(buyer.refreshToken)).statusCode).toBe(401);
  });

  it('ROLE-20 ends every session of a user deleted by an admin', async () => {
    const buyer = await registerBuyer(ctx.app);
    const res = await world.inject('admin', { method: 'DELETE', url: `/api/users/${buyer.id}` });
    expect(res.statusCode).toBe(200);
    await expectRejected(buyer.token);
    expect((await refresh(buyer.refreshToken)).statusCode).toBe(401);
  });

  it('ROLE-20 ends every session of a user who deleted their own account', async () => {
    const buyer = await registerBuyer(ctx.app);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: buyer.headers,
      payload: { password: buyer.password },
    });
    expect(res.statusCode).toBe(200);
    await expectRejected(buyer.token);
    expect((await refresh(buyer.refreshToken)).statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: buyer.email, password: buyer.password },
    });
    expect(login.statusCode).toBe(401);
  });

  it('ISSUE-21-TOKEN-EXP ROLE-20 refuses a token signed with the right key that has no exp, or an exp that is not a number', async () => {
    const { exp: _exp, ...noExp } = claimsOf(world.users.admin.id, 'Admin');
    await expectRejected(signHs256(noExp, secret));
    await expectRejected(signHs256({ ...noExp, exp: null }, secret));
    await expectRejected(signHs256({ ...noExp, exp: String(nowSeconds() + 900) }, secret));
    // The same claims with an exp are accepted: exp is what was refused.
    expect(
      (await get('/api/users', bearer(signHs256(claimsOf(world.users.admin.id, 'Admin'), secret)))).statusCode,
    ).toBe(200);
  });

  it('ISSUE-21-TOKEN-VERSION ROLE-20 refuses a token signed with the right key whose token version is missing, wrong-typed or not the current one', async () => {
    const { tokenVersion: _version, ...noVersion } = claimsOf(world.users.admin.id, 'Admin');
    await expectRejected(signHs256(noVersion, secret));
    await expectRejected(signHs256({ ...noVersion, tokenVersion: '0' }, secret));
    await expectRejected(signHs256({ ...noVersion, tokenVersion: 0.5 }, secret));
    await expectRejected(signHs256({ ...noVersion, tokenVersion: 1 }, secret), MSG.sessionExpired);
  });

  it('ISSUE-21-TOKEN-VERSION API-06 logout ends the access tokens of the user at once; another session refreshes and goes on', async () => {
    const buyer = await registerBuyer(ctx.app);
    const other = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: buyer.email, password: buyer.password },
      })
    ).json<{ token: string; refreshToken: string }>();
    expect((await get('/api/auth/me', buyer.headers)).statusCode).toBe(200);

    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: buyer.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    await expectRejected(buyer.token, MSG.sessionExpired);
    expect((await refresh(buyer.refreshToken)).statusCode).toBe(401);
    // The other session's access token was signed before the logout too; its refresh token lives.
    expect((await get('/api/auth/me', bearer(other.token))).statusCode).toBe(401);
    const renewed = await refresh(other.refreshToken);
    expect(renewed.statusCode).toBe(200);
    const renewedToken = renewed.json<{ token: string }>().token;
    expect((await get('/api/auth/me', bearer(renewedToken))).statusCode).toBe(200);

    // Logging out again with the revoked token ends nothing more.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: buyer.refreshToken },
    });
    expect(again.statusCode).toBe(200);
    expect((await get('/api/auth/me', bearer(renewedToken))).statusCode).toBe(200);
  });

  it('ISSUE-21-TOKEN-VERSION API-44 a password change ends every access token signed before it; the one it answers with works', async () => {
    const buyer = await registerBuyer(ctx.app);
    const other = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: buyer.email, password: buyer.password },
      })
    ).json<{ token: string }>();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${buyer.id}/password`,
      headers: buyer.headers,
      payload: { currentPassword: buyer.password, newPassword: 'brand-new-pass-2' },
    });
    expect(res.statusCode).toBe(200);
    await expectRejected(buyer.token, MSG.sessionExpired);
    await expectRejected(other.token, MSG.sessionExpired);
    const fresh = res.json<{ token: string }>().token;
    expect((await get('/api/auth/me', bearer(fresh))).statusCode).toBe(200);
    expect(decodeJwt(fresh).payload.tokenVersion).toBe(1);
  });

  it('API-44 a password change revokes the refresh tokens of every other session', async () => {
    const buyer = await registerBuyer(ctx.app);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${buyer.id}/password`,
      headers: buyer.headers,
      payload: { currentPassword: buyer.password, newPassword: 'brand-new-pass-1' },
    });
    expect(res.statusCode).toBe(200);
    expect((await refresh(buyer.refreshToken)).statusCode).toBe(401);
    expect((await refresh(res.json<{ refreshToken: string }>().refreshToken)).statusCode).toBe(200);
  });
});

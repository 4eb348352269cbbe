import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@vm/shared/messages';
import { DEFAULT_NOTIFICATION_PREFS } from '@vm/shared/user';
import { createVehicle, storedWatchCount } from './buyer-fixtures.ts';
import {
  createTestContext,
  DIALECTS,
  registerBuyer,
  type SignedIn,
  signInAs,
  tableCounts,
  type TestContext,
} from './test-app.ts';

describe.each(DIALECTS)('buyer account on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'off' });
  });
  afterAll(async () => ctx.close());

  const inject = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, who?: SignedIn, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: who?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const login = (email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const refresh = (refreshToken: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
  const userRow = (id: string) =>
    ctx.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('profile', () => {
    it('API-40 API-42 ACCOUNT-05 ACCOUNT-06 VALID-16 saves the own profile incl. address and reads it back', async () => {
      const buyer = await registerBuyer(ctx.app);
      const res = await inject('PUT', `/api/users/${buyer.id}`, buyer, {
        firstName: '  Nora ',
        lastName: 'Newname',
        phone: '',
        address: '12 Garage Lane',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Profile updated successfully!');
      expect(res.json().user).toMatchObject({
        firstName: 'Nora',
        lastName: 'Newname',
        phone: '',
        address: '12 Garage Lane',
      });
      const read = await inject('GET', `/api/users/${buyer.id}`, buyer);
      expect(read.statusCode).toBe(200);
      expect(read.json().user).toMatchObject({ name: 'Nora Newname', address: '12 Garage Lane', email: buyer.email });
      expect(read.json().user).not.toHaveProperty('password_hash');
    });

    it('API-42 keeps the phone when an update leaves it out', async () => {
      const buyer = await registerBuyer(ctx.app, { phone: '+1 555 010 4242' });
      const res = await inject('PUT', `/api/users/${buyer.id}`, buyer, { firstName: 'Kept', lastName: 'Phone' });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ firstName: 'Kept', phone: '+1 555 010 4242' });
    });

    it('API-42 VALID-15 ignores email, role and status sent by a buyer', async () => {
      const buyer = await registerBuyer(ctx.app);
      const res = await inject('PUT', `/api/users/${buyer.id}`, buyer, {
        firstName: 'Sneaky',
        lastName: 'Buyer',
        phone: '',
        email: 'hijack@example.com',
        role: 'SuperAdmin',
        isActive: false,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ email: buyer.email, role: 'User', isActive: true, firstName: 'Sneaky' });
    });

    it('VALID-14 requires first and last name and a valid phone, changing nothing on 400', async () => {
      const buyer = await registerBuyer(ctx.app);
      const before = await userRow(buyer.id);
      const noFirst = await inject('PUT', `/api/users/${buyer.id}`, buyer, {
        firstName: ' ',
        lastName: 'X',
        phone: '',
      });
      expect(noFirst.statusCode).toBe(400);
      expect(noFirst.json().message).toBe('First name is required');
      const noLast = await inject('PUT', `/api/users/${buyer.id}`, buyer, { firstName: 'X', lastName: '', phone: '' });
      expect(noLast.json().message).toBe('Last name is required');
      const badPhone = await inject('PUT', `/api/users/${buyer.id}`, buyer, {
        firstName: 'X',
        lastName: 'Y',
        phone: '0abc',
      });
      expect(badPhone.statusCode).toBe(400);
      expect(badPhone.json().message).toBe(MSG.invalidPhone);
      expect(await userRow(buyer.id)).toEqual(before);
    });

    it('ACCOUNT-13 saves the notification preferences and returns them on the next read', async () => {
      const buyer = await registerBuyer(ctx.app);
      const initial = await inject('GET', `/api/users/${buyer.id}`, buyer);
      expect(initial.json().user.notificationPrefs).toEqual(DEFAULT_NOTIFICATION_PREFS);
      const prefs = {
        watchlistUpdates: false,
        newMatches: true,
        priceChanges: false,
        publicWatchlist: true,
        showContact: true,
      };
      const saved = await inject('PUT', `/api/users/${buyer.id}`, buyer, {
        firstName: 'Bea',
        lastName: 'Buyer',
        phone: '',
        notificationPrefs: prefs,
      });
      expect(saved.statusCode).toBe(200);
      const me = await inject('GET', '/api/auth/me', buyer);
      expect(me.json().user.notificationPrefs).toEqual(prefs);
      const partial = await inject('PUT', `/api/users/${buyer.id}`, buyer, {
        firstName: 'Bea',
        lastName: 'Buyer',
        notificationPrefs: { watchlistUpdates: true },
      });
      expect(partial.statusCode).toBe(400);
    });

    it('ROLE-10 answers 403 for another user’s profile and 401 when anonymous', async () => {
      const buyer = await registerBuyer(ctx.app);
      const other = await registerBuyer(ctx.app);
      const before = await userRow(other.id);
      expect((await inject('GET', `/api/users/${other.id}`, buyer)).statusCode).toBe(403);
      const put = await inject('PUT', `/api/users/${other.id}`, buyer, { firstName: 'X', lastName: 'Y', phone: '' });
      expect(put.statusCode).toBe(403);
      expect(put.json().message).toBe(MSG.forbidden);
      expect((await inject('GET', `/api/users/${other.id}`)).statusCode).toBe(401);
      expect(
        (await inject('PUT', `/api/users/${other.id}`, undefined, { firstName: 'X', lastName: 'Y' })).statusCode,
      ).toBe(401);
      expect(await userRow(other.id)).toEqual(before);
    });
  });

  describe('password change', () => {
    it('API-44 ACCOUNT-08 changes the password, ends every other session and keeps this one with fresh tokens', async () => {
      const buyer = await registerBuyer(ctx.app);
      const otherSession = (await login(buyer.email, buyer.password)).json();
      const res = await inject('PUT', `/api/users/${buyer.id}/password`, buyer, {
        currentPassword: buyer.password,
        newPassword: 'brand-new-pass',
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.message).toBe('Password updated successfully!');
      expect(body.token).toEqual(expect.any(String));
      expect(body.refreshToken).toEqual(expect.any(String));
      expect(JSON.stringify(body)).not.toContain('argon2');

      // Both earlier refresh tokens are dead; the new one works.
      expect((await refresh(buyer.refreshToken)).statusCode).toBe(401);
      expect((await refresh(otherSession.refreshToken)).statusCode).toBe(401);
      expect((await refresh(body.refreshToken)).statusCode).toBe(200);
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${body.token}` },
      });
      expect(me.statusCode).toBe(200);

      expect((await login(buyer.email, buyer.password)).statusCode).toBe(401);
      expect((await login(buyer.email, 'brand-new-pass')).statusCode).toBe(200);
    });

    it('API-44 ERR-52 answers 400 "Current password is incorrect" for a wrong current password, changing nothing', async () => {
      const buyer = await registerBuyer(ctx.app);
      const before = await tableCounts(ctx.database);
      const row = await userRow(buyer.id);
      const res = await inject('PUT', `/api/users/${buyer.id}/password`, buyer, {
        currentPassword: 'not-my-password',
        newPassword: 'brand-new-pass',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: MSG.currentPasswordIncorrect,
        errors: [{ field: 'currentPassword', message: MSG.currentPasswordIncorrect }],
      });
      expect(await tableCounts(ctx.database)).toEqual(before);
      expect((await userRow(buyer.id)).password_hash).toBe(row.password_hash);
      expect((await refresh(buyer.refreshToken)).statusCode).toBe(200);
    });

    it('validates the new password with the register rule and requires the current one', async () => {
      const buyer = await registerBuyer(ctx.app);
      const short = await inject('PUT', `/api/users/${buyer.id}/password`, buyer, {
        currentPassword: buyer.password,
        newPassword: '123',
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toBe(MSG.passwordTooShort);
      const missing = await inject('PUT', `/api/users/${buyer.id}/password`, buyer, {
        currentPassword: '',
        newPassword: 'abcdef',
      });
      expect(missing.json().message).toBe('Current password is required');
    });

    it('API-44 answers 403 for another user’s id (even an admin’s) and 401 when anonymous', async () => {
      const buyer = await registerBuyer(ctx.app);
      const other = await registerBuyer(ctx.app);
      const admin = await signInAs(ctx, 'Admin');
      const payload = { currentPassword: other.password, newPassword: 'taken-over-1' };
      expect((await inject('PUT', `/api/users/${other.id}/password`, buyer, payload)).statusCode).toBe(403);
      expect((await inject('PUT', `/api/users/${other.id}/password`, admin, payload)).statusCode).toBe(403);
      expect((await inject('PUT', `/api/users/${other.id}/password`, undefined, payload)).statusCode).toBe(401);
      expect((await login(other.email, other.password)).statusCode).toBe(200);
    });
  });

  describe('account deletion', () => {
    it('ACCOUNT-14 removes watches, withdraws open offers, erases personal data and ends every session', async () => {
      const buyer = await registerBuyer(ctx.app, { firstName: 'Gone', lastName: 'Soon' });
      const stayer = await registerBuyer(ctx.app);
      const watched = await createVehicle(ctx.database);
      const openCar = await createVehicle(ctx.database);
      const wonCar = await createVehicle(ctx.database);
      await inject('POST', `/api/vehicles/${watched.id}/watch`, buyer, { watching: true });
      await inject('POST', `/api/vehicles/${watched.id}/watch`, stayer, { watching: true });
      const open = (await inject('POST', `/api/vehicles/${openCar.id}/offers`, buyer, { amount: 1000 })).json().offer;
      const won = (await inject('POST', `/api/vehicles/${wonCar.id}/offers`, buyer, { amount: 2000 })).json().offer;
      await ctx.database.db.updateTable('offers').set({ status: 'accepted' }).where('id', '=', won.id).execute();
      await inject('PUT', `/api/users/${buyer.id}`, buyer, {
        firstName: 'Gone',
        lastName: 'Soon',
        phone: '5551234567',
        address: '1 Main St',
      });

      const res = await inject('DELETE', '/api/users/me', buyer, { password: buyer.password });
      expect(res.statusCode).toBe(200);

      expect(await storedWatchCount(ctx.database, watched.id)).toEqual({ stored: 1, rows: 1 });
      const offers = await ctx.database.db.selectFrom('offers').selectAll().where('user_id', '=', buyer.id).execute();
      // Withdrawn, not expired, since issue #20 (docs/decisions/122-people-rules.md).
      expect(offers.find((o) => o.id === open.id)).toMatchObject({
        status: 'withdrawn',
        response_message: 'Withdrawn by the buyer',
      });
      expect(offers.find((o) => o.id === won.id)).toMatchObject({ status: 'accepted' });

      const row = await userRow(buyer.id);
      expect(row).toMatchObject({
        first_name: 'Deleted',
        last_name: 'User',
        email: `deleted-${buyer.id}@deleted.invalid`,
        phone: '',
        address: '',
        is_active: 0,
      });
      expect(row.deleted_at).toEqual(expect.any(String));
      expect(JSON.stringify(row)).not.toContain(buyer.email);

      expect((await inject('GET', '/api/auth/me', buyer)).statusCode).toBe(401);
      expect((await refresh(buyer.refreshToken)).statusCode).toBe(401);
      expect((await login(buyer.email, buyer.password)).statusCode).toBe(401);
      // The email is free again.
      expect((await registerBuyer(ctx.app, { email: buyer.email })).email).toBe(buyer.email);
    });

    it('ACCOUNT-14 refuses a wrong password with 400 and an anonymous call with 401, changing nothing', async () => {
      const buyer = await registerBuyer(ctx.app);
      const before = await tableCounts(ctx.database);
      const row = await userRow(buyer.id);
      const wrong = await inject('DELETE', '/api/users/me', buyer, { password: 'nope-nope' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(MSG.passwordIncorrect);
      const empty = await inject('DELETE', '/api/users/me', buyer, { password: '' });
      expect(empty.json().message).toBe('Password is required');
      expect((await inject('DELETE', '/api/users/me', undefined, { password: buyer.password })).statusCode).toBe(401);
      expect(await tableCounts(ctx.database)).toEqual(before);
      expect(await userRow(buyer.id)).toEqual(row);
    });

    it('the last active SuperAdmin cannot delete their own account (409); with a second one it works', async () => {
      // Other tests in this file create no SuperAdmin, so this is the only one.
      const owner = await signInAs(ctx, 'SuperAdmin');
      const refused = await inject('DELETE', '/api/users/me', owner, { password: owner.password });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(MSG.lastSuperAdmin);
      expect((await userRow(owner.id)).is_active).toBe(1);
      await signInAs(ctx, 'SuperAdmin');
      expect((await inject('DELETE', '/api/users/me', owner, { password: owner.password })).statusCode).toBe(200);
    });
  });
});

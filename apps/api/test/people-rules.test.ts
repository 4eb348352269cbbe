import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@vm/shared/messages';
import { PASSWORD_RESET_MESSAGES } from '@vm/shared/password-reset';
import { up as erasePeopleDeletedBefore } from '../src/db/migrations/010-people-erased.ts';
import { erasedSummary } from '../src/features/activity/activity-erasure.ts';
import { eraseUser } from '../src/features/account/account-repository.ts';
import { hashPassword } from '../src/features/auth/passwords.ts';
import { insertUser } from '../src/features/auth/user-repository.ts';
import { createVehicle } from './buyer-fixtures.ts';
import {
  createTestContext,
  DIALECTS,
  registerBuyer,
  type SignedIn,
  signInAs,
  tableCounts,
  type TestContext,
  uniqueEmail,
} from './test-app.ts';

/**
 * The people rules of issue #20 (docs/decisions/122-people-rules.md): no self lock-out, staff send
 * a password reset link, a deleted account is erased from activity and offers, legacy roles stay
 * editable, and a password cannot be changed to itself.
 */
describe.each(DIALECTS)('people rules on %s', (dialect) => {
  let ctx: TestContext;
  let admin: SignedIn;
  let superAdmin: SignedIn;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'off', PUBLIC_URL: 'https://cars.example.com' });
    superAdmin = await signInAs(ctx, 'SuperAdmin', { firstName: 'Sam', lastName: 'Super' });
    admin = await signInAs(ctx, 'Admin', { firstName: 'Ada', lastName: 'Admin' });
  });
  afterAll(async () => ctx.close());

  const inject = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, who?: SignedIn, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      ...(who ? { headers: who.headers } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const userRow = (id: string) =>
    ctx.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const staffBody = (who: { email: string }, changes: Record<string, unknown> = {}) => ({
    firstName: 'Staff',
    lastName: 'Member',
    email: who.email,
    phone: '',
    ...changes,
  });
  /** A user inserted with a stored role as it is, active, able to sign in. */
  async function storedUser(role: string, isActive = true) {
    const email = uniqueEmail(role.toLowerCase());
    const row = await insertUser(ctx.database.db, {
      email,
      passwordHash: await hashPassword('stored-pass-1'),
      firstName: 'Legacy',
      lastName: 'Role',
      phone: '',
      role,
      isActive,
    });
    return { id: row.id, email };
  }
  const expectConflict = (res: LightMyRequestResponse, message: string) => {
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ message });
  };

  describe('no self lock-out', () => {
    it.each([
      ['Admin', 'demoting itself to User', { role: 'User' }],
      ['Admin', 'deactivating itself', { isActive: false }],
      ['SuperAdmin', 'demoting itself to Admin', { role: 'Admin' }],
      ['SuperAdmin', 'deactivating itself', { isActive: false }],
      ['CallerAdmin', 'changing its role to Admin', { role: 'Admin' }],
    ])('ISSUE-20-SELF a %s %s gets 409 and nothing changes', async (role, _what, change) => {
      const me = await signInAs(ctx, role);
      // A second active SuperAdmin exists, so the last-SuperAdmin rule is not what refuses.
      const before = await userRow(me.id);
      const res = await inject('PUT', `/api/users/${me.id}`, me, staffBody(me, { role, isActive: true, ...change }));
      expectConflict(res, MSG.cannotChangeOwnStanding);
      expect(await userRow(me.id)).toEqual(before);
      expect((await inject('GET', '/api/auth/me', me)).statusCode).toBe(200);
    });

    it('ISSUE-20-SELF an admin still saves its own profile with its role and status unchanged, in any case', async () => {
      const me = await signInAs(ctx, 'Admin');
      const same = await inject(
        'PUT',
        `/api/users/${me.id}`,
        me,
        staffBody(me, { firstName: 'Renamed', role: 'admin', isActive: true }),
      );
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json().user).toMatchObject({ firstName: 'Renamed', role: 'Admin', isActive: true });
      const without = await inject('PUT', `/api/users/${me.id}`, me, staffBody(me, { firstName: 'Again' }));
      expect(without.statusCode, without.body).toBe(200);
    });

    it('ISSUE-20-SELF deleting yourself from the admin screen stays a 409', async () => {
      expectConflict(await inject('DELETE', `/api/users/${admin.id}`, admin), MSG.cannotDeleteSelf);
    });

    it('ISSUE-20-SELF an admin still changes the role and status of someone else', async () => {
      const other = await storedUser('User');
      const res = await inject(
        'PUT',
        `/api/users/${other.id}`,
        admin,
        staffBody(other, { role: 'Dealer', isActive: false }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user).toMatchObject({ role: 'Dealer', isActive: false });
    });
  });

  describe('legacy roles', () => {
    it.each(['CallerAdmin', 'calleradmin', 'superadmin'])(
      'ISSUE-20-LEGACY-ROLE a user stored as %s is edited with the role sent back as it is, or left out, and keeps it',
      async (role) => {
        const user = await storedUser(role);
        const kept = await inject(
          'PUT',
          `/api/users/${user.id}`,
          superAdmin,
          staffBody(user, { firstName: 'Kept', role, isActive: true }),
        );
        expect(kept.statusCode, kept.body).toBe(200);
        expect(kept.json().user).toMatchObject({ firstName: 'Kept', role });
        const omitted = await inject('PUT', `/api/users/${user.id}`, superAdmin, staffBody(user, { isActive: false }));
        expect(omitted.statusCode, omitted.body).toBe(200);
        expect(omitted.json().user).toMatchObject({ role, isActive: false });
        // Changing it to an offered role works as for anyone.
        const changed = await inject('PUT', `/api/users/${user.id}`, superAdmin, staffBody(user, { role: 'Admin' }));
        expect(changed.json().user.role).toBe('Admin');
      },
    );

    it('ISSUE-20-LEGACY-ROLE a stored lowercase superadmin is still a SuperAdmin: an Admin may not edit it (403)', async () => {
      const user = await storedUser('superadmin');
      const res = await inject('PUT', `/api/users/${user.id}`, admin, staffBody(user, { role: 'superadmin' }));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.superAdminOnly);
    });

    it('ISSUE-20-LEGACY-ROLE a legacy spelling is never granted: 400 "Please choose a role", nothing stored', async () => {
      const user = await storedUser('User');
      const before = await userRow(user.id);
      for (const role of ['CallerAdmin', 'calleradmin', 'superadmin']) {
        const res = await inject('PUT', `/api/users/${user.id}`, superAdmin, staffBody(user, { role }));
        expect(res.statusCode, `${role}: ${res.body}`).toBe(400);
        expect(res.json().errors).toEqual([{ field: 'role', message: MSG.chooseRole }]);
      }
      const unknown = await inject('PUT', `/api/users/${user.id}`, superAdmin, staffBody(user, { role: 'Wizard' }));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors).toEqual([{ field: 'role', message: MSG.chooseRole }]);
      expect(await userRow(user.id)).toEqual(before);
    });
  });

  describe('password reset link sent by staff', () => {
    const send = (id: string, who?: SignedIn) => inject('POST', `/api/users/${id}/password-reset`, who);
    const queuedResets = (userId: string) =>
      ctx.database.db
        .selectFrom('email_outbox')
        .selectAll()
        .where('user_id', '=', userId)
        .where('template', '=', 'passwordReset')
        .execute();

    it('ISSUE-20-RESET-LINK an admin sends the forgotten-password email; its link sets a new password', async () => {
      const buyer = await registerBuyer(ctx.app, { firstName: 'Forgetful' });
      const res = await send(buyer.id, admin);
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toEqual({ message: MSG.resetLinkSent(buyer.email) });
      const [email] = await queuedResets(buyer.id);
      expect(email?.recipient).toBe(buyer.email);
      const data = JSON.parse(email?.payload ?? '{}') as { firstName: string; resetUrl: string; validMinutes: number };
      expect(data).toMatchObject({ firstName: 'Forgetful', validMinutes: 60 });
      const token = /^https:\/\/cars\.example\.com\/reset-password\?token=([A-Za-z0-9_-]{43})$/.exec(
        data.resetUrl,
      )?.[1];
      expect(token).toBeDefined();
      const reset = await inject('POST', '/api/auth/reset-password', undefined, { token, password: 'new-pass-99' });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.done });
      const login = await inject('POST', '/api/auth/login', undefined, { email: buyer.email, password: 'new-pass-99' });
      expect(login.statusCode).toBe(200);
    });

    it("ISSUE-20-RESET-LINK a SuperAdmin's link only from a SuperAdmin (403 to an Admin, nothing queued)", async () => {
      const other = await storedUser('SuperAdmin');
      const refused = await send(other.id, admin);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(MSG.superAdminOnly);
      expect(await queuedResets(other.id)).toHaveLength(0);
      expect((await send(other.id, superAdmin)).statusCode).toBe(202);
      expect(await queuedResets(other.id)).toHaveLength(1);
    });

    it('ISSUE-20-RESET-LINK an inactive account gets no link (409), an unknown one is 404, a buyer is 403: nothing stored', async () => {
      const inactive = await storedUser('User', false);
      const buyer = await registerBuyer(ctx.app);
      const before = await tableCounts(ctx.database);
      const tokens = async () =>
        Number(
          (
            await ctx.database.db
              .selectFrom('password_reset_tokens')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const tokensBefore = await tokens();
      expectConflict(await send(inactive.id, admin), MSG.resetLinkNeedsActiveAccount);
      expect((await send('no-such-user', admin)).statusCode).toBe(404);
      expect((await send(inactive.id, buyer)).statusCode).toBe(403);
      expect((await send(inactive.id)).statusCode).toBe(401);
      expect(await queuedResets(inactive.id)).toHaveLength(0);
      expect(await tableCounts(ctx.database)).toEqual(before);
      expect(await tokens()).toBe(tokensBefore);
    });
  });

  describe('deleting an account erases the person', () => {
    const activityMentioning = async (text: string) =>
      (await ctx.database.db.selectFrom('activity_events').select('summary').execute())
        .map((e) => e.summary)
        .filter((s) => s.includes(text));

    it('ISSUE-20-ERASE Delete Account: activity no longer names the person, offers lose their message, open ones read Withdrawn', async () => {
      const buyer = await registerBuyer(ctx.app, { firstName: 'Zelda', lastName: 'Quixote' });
      const openCar = await createVehicle(ctx.database);
      const wonCar = await createVehicle(ctx.database);
      const open = (
        await inject('POST', `/api/vehicles/${openCar.id}/offers`, buyer, {
          amount: 1000,
          message: 'Call me on my private line',
        })
      ).json().offer;
      await inject('POST', `/api/vehicles/${openCar.id}/offers`, buyer, {
        amount: 1200,
        message: 'Amended, same line',
      });
      const won = (
        await inject('POST', `/api/vehicles/${wonCar.id}/offers`, buyer, { amount: 2000, message: 'I live nearby' })
      ).json().offer;
      await ctx.database.db.updateTable('offers').set({ status: 'accepted' }).where('id', '=', won.id).execute();
      expect(await activityMentioning('Zelda Quixote')).toHaveLength(4);

      expect((await inject('DELETE', '/api/users/me', buyer, { password: buyer.password })).statusCode).toBe(200);

      expect(await activityMentioning('Zelda')).toEqual([]);
      expect(await activityMentioning('Quixote')).toEqual([]);
      const erased = await activityMentioning('A deleted account');
      expect(erased).toEqual(
        expect.arrayContaining([
          'A deleted account registered',
          expect.stringMatching(/^A deleted account offered \$1,000 on /),
          expect.stringMatching(/^A deleted account amended their offer on .+ to \$1,200$/),
          expect.stringMatching(/^A deleted account offered \$2,000 on /),
        ]),
      );
      const offers = await inject('GET', `/api/admin/offers?userId=${buyer.id}`, admin);
      expect(offers.statusCode, offers.body).toBe(200);
      const byId = new Map(offers.json().offers.map((o: { id: string }) => [o.id, o]));
      expect(byId.get(open.id)).toMatchObject({ status: 'withdrawn', message: '' });
      expect(byId.get(won.id)).toMatchObject({ status: 'accepted', message: '' });
      expect(JSON.stringify(offers.json())).not.toMatch(/Zelda|Quixote|private line|nearby/);
      // Withdrawn is final: an admin cannot decide it.
      const decide = await inject('PUT', `/api/admin/offers/${open.id}/status`, admin, { status: 'accepted' });
      expect(decide.statusCode).toBe(409);
      expect(decide.json().message).toBe(MSG.offerFinal);
    });

    it('ISSUE-20-ERASE an admin deleting an account leaves no event naming the person', async () => {
      const buyer = await registerBuyer(ctx.app, { firstName: 'Yusuf', lastName: 'Vantablack' });
      const car = await createVehicle(ctx.database);
      await inject('POST', `/api/vehicles/${car.id}/offers`, buyer, { amount: 3000 });
      expect(await activityMentioning('Vantablack')).toHaveLength(2);
      expect((await inject('DELETE', `/api/users/${buyer.id}`, admin)).statusCode).toBe(200);
      expect(await activityMentioning('Vantablack')).toEqual([]);
      expect(await activityMentioning('Yusuf')).toEqual([]);
    });

    it('ISSUE-20-ERASE an account renamed after its events still loses its old name from them', () => {
      expect(erasedSummary('Old Name offered $5,000 on 1967 Ford Mustang', 'New Name')).toBe(
        'A deleted account offered $5,000 on 1967 Ford Mustang',
      );
      expect(erasedSummary('Old Name was added by an admin', 'New Name')).toBe(
        'A deleted account was added by an admin',
      );
      expect(erasedSummary('Something else entirely', 'New Name')).toBe('A deleted account');
    });

    it('ISSUE-20-ERASE accounts deleted before the rule are erased by the migration', async () => {
      const db = ctx.database.db;
      const buyer = await registerBuyer(ctx.app, { firstName: 'Xavier', lastName: 'Earlier' });
      const car = await createVehicle(ctx.database);
      const open = (
        await inject('POST', `/api/vehicles/${car.id}/offers`, buyer, { amount: 4000, message: 'Old note' })
      ).json().offer;
      // A deletion as it was before issue #20: expired with the note, message and events kept.
      await db
        .updateTable('offers')
        .set({ status: 'expired', response_message: 'Withdrawn by the buyer' })
        .where('id', '=', open.id)
        .execute();
      await eraseUser(db, buyer.id, await hashPassword('unusable-secret'));
      const other = await registerBuyer(ctx.app, { firstName: 'Walter', lastName: 'Stays' });
      const otherCar = await createVehicle(ctx.database);
      const kept = (
        await inject('POST', `/api/vehicles/${otherCar.id}/offers`, other, { amount: 10, message: 'Mine' })
      ).json().offer;
      await db.updateTable('offers').set({ status: 'expired' }).where('id', '=', kept.id).execute();

      await erasePeopleDeletedBefore(db);

      expect(await activityMentioning('Earlier')).toEqual([]);
      expect(await activityMentioning('A deleted account registered')).not.toHaveLength(0);
      const erasedOffer = await db.selectFrom('offers').selectAll().where('id', '=', open.id).executeTakeFirstOrThrow();
      expect(erasedOffer).toMatchObject({ status: 'withdrawn', message: '' });
      // Someone else's ordinary expiry and message stay.
      const otherOffer = await db.selectFrom('offers').selectAll().where('id', '=', kept.id).executeTakeFirstOrThrow();
      expect(otherOffer).toMatchObject({ status: 'expired', message: 'Mine' });
      expect(await activityMentioning('Walter Stays')).toHaveLength(2);
    });
  });

  describe('password change', () => {
    it('ISSUE-20-SAME-PASSWORD changing a password to the same password is a 400 with the shared message; nothing changes', async () => {
      const buyer = await registerBuyer(ctx.app);
      const before = await userRow(buyer.id);
      const res = await inject('PUT', `/api/users/${buyer.id}/password`, buyer, {
        currentPassword: buyer.password,
        newPassword: buyer.password,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'newPassword', message: MSG.samePassword }]);
      expect(await userRow(buyer.id)).toEqual(before);
      expect((await inject('GET', '/api/auth/me', buyer)).statusCode).toBe(200);
    });
  });
});

describe.each(DIALECTS)('staff reset link limits on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'on' });
  });
  afterAll(async () => ctx.close());

  it('ISSUE-20-RESET-LINK 5 links an hour per account, whoever sends them; the 6th is 429 and queues nothing', async () => {
    const first = await signInAs(ctx, 'Admin');
    const second = await signInAs(ctx, 'SuperAdmin');
    const buyer = await registerBuyer(ctx.app);
    const other = await registerBuyer(ctx.app);
    const send = (id: string, who: SignedIn, remoteAddress: string) =>
      ctx.app.inject({ method: 'POST', url: `/api/users/${id}/password-reset`, headers: who.headers, remoteAddress });
    for (let i = 0; i < 5; i++)
      expect((await send(buyer.id, i % 2 ? first : second, `10.20.0.${i + 1}`)).statusCode).toBe(202);
    const limited = await send(buyer.id, first, '10.20.1.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MSG.rateLimited);
    expect(limited.headers['retry-after']).toBeDefined();
    const queued = await ctx.database.db
      .selectFrom('email_outbox')
      .select('id')
      .where('user_id', '=', buyer.id)
      .where('template', '=', 'passwordReset')
      .execute();
    expect(queued).toHaveLength(5);
    // Another account is not held up.
    expect((await send(other.id, first, '10.20.1.1')).statusCode).toBe(202);
  });
});

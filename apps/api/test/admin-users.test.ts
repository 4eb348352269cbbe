import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@vm/shared/user';
import { MSG } from '@vm/shared/messages';
import { hashPassword } from '../src/features/auth/passwords.ts';
import { insertUser } from '../src/features/auth/user-repository.ts';
import { createVehicle, storedWatchCount } from './buyer-fixtures.ts';
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

interface ListBody {
  users: User[];
  totalUsers: number;
  totalPages: number;
  page: number;
}

const validUser = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Nora',
  lastName: 'Newman',
  email: uniqueEmail('nora'),
  phone: '+1 555 010 1234',
  password: 'secret1',
  role: 'User',
  isActive: true,
  ...overrides,
});

describe.each(DIALECTS)('admin users on %s', (dialect) => {
  let ctx: TestContext;
  let admin: SignedIn;
  let superAdmin: SignedIn;
  let buyer: SignedIn;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'off' });
    superAdmin = await signInAs(ctx, 'SuperAdmin', { firstName: 'Sam', lastName: 'Super' });
    admin = await signInAs(ctx, 'Admin', { firstName: 'Ada', lastName: 'Admin' });
    buyer = await registerBuyer(ctx.app, { firstName: 'Bea', lastName: 'Buyer' });
  });
  afterAll(async () => ctx.close());

  const list = async (query: Record<string, string | number>, who: SignedIn = admin) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/users',
      query: stringify(query),
      headers: who.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListBody>();
  };
  const create = (payload: unknown, who: SignedIn = admin) =>
    ctx.app.inject({ method: 'POST', url: '/api/users', payload: payload as object, headers: who.headers });
  const remove = (id: string, who: SignedIn = admin) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: who.headers });

  describe('authorization', () => {
    const routes = [
      { method: 'GET' as const, url: '/api/users' },
      { method: 'POST' as const, url: '/api/users', payload: validUser() },
      { method: 'DELETE' as const, url: '/api/users/some-id' },
      { method: 'GET' as const, url: '/api/users/some-id/watchlist' },
    ];

    it.each(routes)('ROLE-11 $method $url answers 401 without a token', async (route) => {
      const res = await ctx.app.inject(route);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MSG.notSignedIn);
    });

    it.each(routes)('ROLE-11 $method $url answers 403 to a buyer and changes nothing', async (route) => {
      const before = await tableCounts(ctx.database);
      const res = await ctx.app.inject({ ...route, headers: buyer.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.forbidden);
      expect(await tableCounts(ctx.database)).toEqual(before);
    });

    it('ROLE-11 a buyer cannot read or edit another user through /api/users/:id', async () => {
      const other = await registerBuyer(ctx.app);
      const read = await ctx.app.inject({ method: 'GET', url: `/api/users/${other.id}`, headers: buyer.headers });
      expect(read.statusCode).toBe(403);
      const edit = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${other.id}`,
        headers: buyer.headers,
        payload: { firstName: 'Hacked', lastName: 'Name' },
      });
      expect(edit.statusCode).toBe(403);
    });

    it('ROLE-01 a CallerAdmin (any case) is an admin', async () => {
      const caller = await signInAs(ctx, 'calleradmin');
      const body = await list({}, caller);
      expect(body.totalUsers).toBeGreaterThan(0);
    });
  });

  describe('list', () => {
    let people: User[];
    beforeAll(async () => {
      // Four users with distinct names, roles and statuses, created in a known order.
      const specs = [
        { firstName: 'Zed', lastName: 'Alpha', role: 'Dealer', isActive: true, email: 'zed.alpha@list.test' },
        { firstName: 'Amy', lastName: 'Zulu', role: 'Client', isActive: false, email: 'amy.zulu@list.test' },
        { firstName: 'Mia', lastName: 'Kilo', role: 'Dealer', isActive: false, email: 'mia.kilo@list.test' },
        { firstName: 'Bob', lastName: '100%_Real', role: 'User', isActive: true, email: 'bob.real@list.test' },
      ];
      people = [];
      for (const s of specs) {
        const res = await create(validUser(s), superAdmin);
        expect(res.statusCode, res.body).toBe(201);
        people.push(res.json().user);
        await new Promise((r) => setTimeout(r, 5));
      }
    });
    const emails = (body: ListBody) => body.users.map((u) => u.email);

    it('API-39 ADMIN-USR-12 lists users newest first by default, with totals and the page', async () => {
      const body = await list({});
      expect(body.page).toBe(1);
      expect(body.totalUsers).toBe(body.users.length);
      expect(body.totalPages).toBe(1);
      const created = body.users.map((u) => u.createdAt);
      expect([...created].sort().reverse()).toEqual(created);
      expect(body.users[0]?.email).toBe('bob.real@list.test');
      const first = body.users[0] as User & { password_hash?: string };
      expect(first.password_hash).toBeUndefined();
      expect(JSON.stringify(body)).not.toContain('argon2');
    });

    it('API-39 ADMIN-USR-02 searches first name, last name, email and username, case-insensitively', async () => {
      expect(emails(await list({ search: 'zED' }))).toEqual(['zed.alpha@list.test']);
      expect(emails(await list({ search: 'zulu' }))).toEqual(['amy.zulu@list.test']);
      expect(emails(await list({ search: 'mia.kilo@' }))).toEqual(['mia.kilo@list.test']);
      const username = people[0]?.username ?? '';
      expect(username).toBe('zed.alpha');
      expect(emails(await list({ search: username }))).toEqual(['zed.alpha@list.test']);
      // Every word must match somewhere: a full name works.
      expect(emails(await list({ search: 'Amy Zulu' }))).toEqual(['amy.zulu@list.test']);
      expect((await list({ search: 'Amy Alpha' })).totalUsers).toBe(0);
    });

    it('API-39 search text with %, _ and quotes is plain text, never a pattern or SQL', async () => {
      expect(emails(await list({ search: '100%_' }))).toEqual(['bob.real@list.test']);
      // As wildcards these would match everyone; as text only Bob's last name holds them.
      expect(emails(await list({ search: '%' }))).toEqual(['bob.real@list.test']);
      expect(emails(await list({ search: '_' }))).toEqual(['bob.real@list.test']);
      expect((await list({ search: '!' })).totalUsers).toBe(0);
      expect((await list({ search: "' OR 1=1 --" })).totalUsers).toBe(0);
      expect((await list({ search: '"; drop table users; --' })).totalUsers).toBe(0);
      expect((await tableCounts(ctx.database)).users).toBeGreaterThan(4);
    });

    it('API-39 ADMIN-USR-05 ADMIN-USR-09 filters by role without case; "All" means every role', async () => {
      const dealers = await list({ role: 'dealer' });
      expect(emails(dealers).sort()).toEqual(['mia.kilo@list.test', 'zed.alpha@list.test']);
      expect(dealers.users.every((u) => u.role === 'Dealer')).toBe(true);
      expect(emails(await list({ role: 'SuperAdmin' }))).toEqual([superAdmin.email]);
      const all = await list({ role: 'All' });
      expect(all.totalUsers).toBe((await list({})).totalUsers);
      expect((await list({ role: 'Nobody' })).totalUsers).toBe(0);
    });

    it('API-39 ADMIN-USR-06 filters by status Active or Inactive; All means both', async () => {
      const inactive = await list({ status: 'Inactive' });
      expect(emails(inactive).sort()).toEqual(['amy.zulu@list.test', 'mia.kilo@list.test']);
      const active = await list({ status: 'Active' });
      expect(active.users.every((u) => u.isActive)).toBe(true);
      const all = await list({ status: 'All' });
      expect(all.totalUsers).toBe(active.totalUsers + inactive.totalUsers);
      expect(emails(await list({ status: 'Inactive', role: 'Dealer', search: 'kilo' }))).toEqual([
        'mia.kilo@list.test',
      ]);
    });

    it('API-39 ADMIN-USR-11 sorts by name, email, role and status in both directions', async () => {
      const scope = { search: '@list.test' };
      expect(emails(await list({ ...scope, sortBy: 'name', sortOrder: 'asc' }))).toEqual([
        'amy.zulu@list.test',
        'bob.real@list.test',
        'mia.kilo@list.test',
        'zed.alpha@list.test',
      ]);
      expect(emails(await list({ ...scope, sortBy: 'name', sortOrder: 'desc' }))[0]).toBe('zed.alpha@list.test');
      expect(emails(await list({ ...scope, sortBy: 'email', sortOrder: 'asc' }))).toEqual([
        'amy.zulu@list.test',
        'bob.real@list.test',
        'mia.kilo@list.test',
        'zed.alpha@list.test',
      ]);
      const roles = (await list({ ...scope, sortBy: 'role', sortOrder: 'asc' })).users.map((u) => u.role);
      expect(roles).toEqual(['Client', 'Dealer', 'Dealer', 'User']);
      const rolesDesc = (await list({ ...scope, sortBy: 'role', sortOrder: 'desc' })).users.map((u) => u.role);
      expect(rolesDesc).toEqual(['User', 'Dealer', 'Dealer', 'Client']);
      const statusAsc = (await list({ ...scope, sortBy: 'status', sortOrder: 'asc' })).users.map((u) => u.isActive);
      expect(statusAsc).toEqual([true, true, false, false]);
      const statusDesc = (await list({ ...scope, sortBy: 'status', sortOrder: 'desc' })).users.map((u) => u.isActive);
      expect(statusDesc).toEqual([false, false, true, true]);
      const oldest = await list({ ...scope, sortBy: 'createdAt', sortOrder: 'asc' });
      expect(emails(oldest)[0]).toBe('zed.alpha@list.test');
    });

    it('API-39 CONST-03 pages with limit, and clamps nonsense page and limit values', async () => {
      const scope = { search: '@list.test', sortBy: 'email', sortOrder: 'asc' };
      const page2 = await list({ ...scope, limit: 3, page: 2 });
      expect(page2).toMatchObject({ totalUsers: 4, totalPages: 2, page: 2 });
      expect(emails(page2)).toEqual(['zed.alpha@list.test']);
      const zero = await list({ ...scope, page: 0, limit: 0 });
      expect(zero.page).toBe(1);
      expect(zero.users).toHaveLength(1);
      const huge = await list({ page: 1e9, limit: 1e6 });
      expect(huge.users).toEqual([]);
      expect(huge.page).toBe(1_000_000);
      const capped = await list({ limit: 1e6 });
      expect(capped.totalPages).toBe(Math.max(1, Math.ceil(capped.totalUsers / 50)));
      const junk = await list({ page: 'abc', limit: 'xyz' });
      expect(junk.page).toBe(1);
      expect(junk.users.length).toBeLessThanOrEqual(10);
    });

    it('API-39 refuses an unknown sort field, sort order or status with 400 and a message', async () => {
      for (const [query, message] of [
        [{ sortBy: 'password_hash' }, 'Unknown sort field'],
        [{ sortOrder: 'sideways' }, 'Sort order must be asc or desc'],
        [{ status: 'Pending' }, 'Unknown user status'],
      ] as const) {
        const res = await ctx.app.inject({ method: 'GET', url: '/api/users', query, headers: admin.headers });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      }
    });

    it('API-39 never lists deleted (anonymised) accounts', async () => {
      const gone = await create(validUser({ firstName: 'Gone', email: 'gone@list.test' }), admin);
      const id = gone.json().user.id as string;
      expect((await list({ search: 'gone@list.test' })).totalUsers).toBe(1);
      await ctx.database.db
        .updateTable('users')
        .set({ deleted_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
      expect((await list({ search: 'gone@list.test' })).totalUsers).toBe(0);
      const read = await ctx.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: admin.headers });
      expect(read.statusCode).toBe(404);
    });
  });

  describe('create', () => {
    it('API-41 ADMIN-USR-28 ADMIN-USR-29 creates a user with role, phone and isActive, and records the registration', async () => {
      const payload = validUser({ email: uniqueEmail('Created').toUpperCase(), role: 'Dealer', isActive: false });
      const res = await create(payload);
      expect(res.statusCode, res.body).toBe(201);
      const user = res.json().user as User;
      expect(user).toMatchObject({
        firstName: 'Nora',
        lastName: 'Newman',
        name: 'Nora Newman',
        email: payload.email.toLowerCase(),
        phone: '+1 555 010 1234',
        role: 'Dealer',
        isActive: false,
      });
      expect(JSON.stringify(res.json())).not.toContain('password');
      const events = await ctx.database.db
        .selectFrom('activity_events')
        .selectAll()
        .where('subject_id', '=', user.id)
        .execute();
      expect(events.map((e) => e.type)).toEqual(['user_registration']);
      // Created inactive: cannot sign in.
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: payload.email, password: payload.password },
      });
      expect(login.statusCode).toBe(403);
      expect(login.json().message).toBe(MSG.accountInactive);
    });

    it('API-41 an active created user can sign in with the chosen password', async () => {
      const payload = validUser();
      expect((await create(payload)).statusCode).toBe(201);
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: payload.email, password: payload.password },
      });
      expect(login.statusCode).toBe(200);
    });

    it('VALID-17 VALID-18 VALID-19 VALID-21 validates with the shared messages and writes nothing', async () => {
      const before = await tableCounts(ctx.database);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ firstName: '' }, 'firstName', 'First name is required'],
        [{ lastName: '   ' }, 'lastName', 'Last name is required'],
        [{ email: 'not-an-email' }, 'email', MSG.invalidEmail],
        [{ email: '' }, 'email', MSG.emailRequired],
        [{ password: '12345' }, 'password', MSG.passwordTooShort],
        [{ role: 'Emperor' }, 'role', 'Please choose a role'],
        [{ isActive: 'yes' }, 'isActive', 'Status is required'],
        [{ phone: 'call me' }, 'phone', MSG.invalidPhone],
      ];
      for (const [overrides, field, message] of cases) {
        const res = await create(validUser(overrides));
        expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(res.json().message).toBe(message);
        expect(res.json().errors[0].field).toBe(field);
      }
      const { role: _role, ...noRole } = validUser();
      expect((await create(noRole)).statusCode).toBe(400);
      expect((await create({ ...validUser(), extra: 1 })).statusCode).toBe(400);
      expect(await tableCounts(ctx.database)).toEqual(before);
      // VALID-21: phone may be left out or empty.
      const { phone: _phone, ...noPhone } = validUser();
      expect((await create(noPhone)).statusCode).toBe(201);
      expect((await create(validUser({ phone: '' }))).statusCode).toBe(201);
    });

    it('API-41 refuses a taken email with 409, compared without case, writing nothing', async () => {
      const before = await tableCounts(ctx.database);
      const res = await create(validUser({ email: buyer.email.toUpperCase() }));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MSG.emailTaken);
      expect(await tableCounts(ctx.database)).toEqual(before);
    });

    it('ROLE-11 only a SuperAdmin may create a SuperAdmin', async () => {
      const before = await tableCounts(ctx.database);
      const byAdmin = await create(validUser({ role: 'SuperAdmin' }), admin);
      expect(byAdmin.statusCode).toBe(403);
      expect(byAdmin.json().message).toBe(MSG.superAdminOnly);
      expect(await tableCounts(ctx.database)).toEqual(before);
      const bySuper = await create(validUser({ role: 'SuperAdmin' }), superAdmin);
      expect(bySuper.statusCode).toBe(201);
      expect(bySuper.json().user.role).toBe('SuperAdmin');
    });
  });

  describe('edit (PUT /api/users/:id from the admin side)', () => {
    const edit = (id: string, payload: Record<string, unknown>, who: SignedIn = admin) =>
      ctx.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: who.headers, payload });

    it('API-40 ADMIN-USR-30 an admin reads any user by id', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/users/${buyer.id}`, headers: admin.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ id: buyer.id, email: buyer.email, firstName: 'Bea' });
      const missing = await ctx.app.inject({ method: 'GET', url: '/api/users/nope', headers: admin.headers });
      expect(missing.statusCode).toBe(404);
    });

    it('API-42 ADMIN-USR-32 saves name, email, role, phone and isActive; deactivation ends sign-in and sessions', async () => {
      const person = await registerBuyer(ctx.app);
      const newEmail = uniqueEmail('renamed');
      const res = await edit(person.id, {
        firstName: 'Renamed',
        lastName: 'Person',
        email: newEmail,
        role: 'Dealer',
        phone: '555-111-2222',
        isActive: false,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user).toMatchObject({
        firstName: 'Renamed',
        email: newEmail,
        role: 'Dealer',
        phone: '555-111-2222',
        isActive: false,
      });
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: newEmail, password: person.password },
      });
      expect(login.statusCode).toBe(403);
      expect(login.json().message).toBe(MSG.accountInactive);
      const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: person.headers });
      expect(me.statusCode).toBe(401);
      const refresh = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: person.refreshToken },
      });
      expect(refresh.statusCode).toBe(401);
    });

    it('VALID-22 VALID-23 edit requires names, a valid email and a known role; phone is optional', async () => {
      const person = await registerBuyer(ctx.app);
      const before = await tableCounts(ctx.database);
      const base = { firstName: 'A', lastName: 'B', email: person.email, role: 'User', isActive: true };
      expect((await edit(person.id, { ...base, firstName: '' })).json().message).toBe('First name is required');
      expect((await edit(person.id, { ...base, email: 'nope' })).json().message).toBe(MSG.invalidEmail);
      expect((await edit(person.id, { ...base, role: 'Emperor' })).statusCode).toBe(400);
      expect(await tableCounts(ctx.database)).toEqual(before);
      const ok = await edit(person.id, base);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().user.phone).toBe('+1 555 010 9999'); // left out: the stored phone stays
    });

    it('API-42 refuses an email that another account holds with 409', async () => {
      const person = await registerBuyer(ctx.app);
      const res = await edit(person.id, {
        firstName: 'A',
        lastName: 'B',
        email: buyer.email.toUpperCase(),
        role: 'User',
        isActive: true,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MSG.emailTaken);
    });

    it('ROLE-11 only a SuperAdmin may edit a SuperAdmin or grant the role', async () => {
      const person = await registerBuyer(ctx.app);
      const grant = await edit(person.id, {
        firstName: 'A',
        lastName: 'B',
        email: person.email,
        role: 'SuperAdmin',
        isActive: true,
      });
      expect(grant.statusCode).toBe(403);
      expect(grant.json().message).toBe(MSG.superAdminOnly);
      const touch = await edit(superAdmin.id, {
        firstName: 'Hijack',
        lastName: 'Attempt',
        email: superAdmin.email,
        role: 'SuperAdmin',
        isActive: true,
      });
      expect(touch.statusCode).toBe(403);
      const granted = await edit(
        person.id,
        { firstName: 'A', lastName: 'B', email: person.email, role: 'SuperAdmin', isActive: true },
        superAdmin,
      );
      expect(granted.statusCode).toBe(200);
      expect(granted.json().user.role).toBe('SuperAdmin');
    });
  });

  describe('delete', () => {
    it('VALID-24 ERR-15 refuses to delete your own account with 409 and the spec message', async () => {
      const before = await tableCounts(ctx.database);
      for (const who of [admin, superAdmin]) {
        const res = await remove(who.id, who);
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(MSG.cannotDeleteSelf);
      }
      expect(await tableCounts(ctx.database)).toEqual(before);
    });

    it('API-43 ADMIN-USR-34 deletes a user with their watches, offers and tokens, fixing watch counts', async () => {
      const victim = await registerBuyer(ctx.app);
      const other = await registerBuyer(ctx.app);
      const vehicle = await createVehicle(ctx.database);
      const now = new Date().toISOString();
      await ctx.database.db
        .insertInto('watches')
        .values([
          { user_id: victim.id, vehicle_id: vehicle.id, created_at: now },
          { user_id: other.id, vehicle_id: vehicle.id, created_at: now },
        ])
        .execute();
      await ctx.database.db.updateTable('vehicles').set({ watch_count: 2 }).where('id', '=', vehicle.id).execute();
      await ctx.database.db
        .insertInto('offers')
        .values({
          id: `offer-of-${victim.id}`,
          vehicle_id: vehicle.id,
          user_id: victim.id,
          amount_cents: 100_000,
          message: '',
          status: 'pending',
          response_message: '',
          decided_by: null,
          decided_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();

      const res = await remove(victim.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().success).toBe(true);

      const count = (table: 'users' | 'offers' | 'watches' | 'refresh_tokens', column: 'id' | 'user_id') =>
        ctx.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(column, '=', victim.id)
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n));
      expect(await count('users', 'id')).toBe(0);
      expect(await count('offers', 'user_id')).toBe(0);
      expect(await count('watches', 'user_id')).toBe(0);
      expect(await count('refresh_tokens', 'user_id')).toBe(0);
      expect(await storedWatchCount(ctx.database, vehicle.id)).toEqual({ stored: 1, rows: 1 });

      const again = await remove(victim.id);
      expect(again.statusCode).toBe(404);
      const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: victim.headers });
      expect(me.statusCode).toBe(401);
      const listed = await list({ search: victim.email });
      expect(listed.totalUsers).toBe(0);
    });

    it('ROLE-11 an Admin cannot delete a SuperAdmin; a SuperAdmin can delete another SuperAdmin and an Admin', async () => {
      const before = await tableCounts(ctx.database);
      const byAdmin = await remove(superAdmin.id, admin);
      expect(byAdmin.statusCode).toBe(403);
      expect(byAdmin.json().message).toBe(MSG.superAdminOnly);
      expect(await tableCounts(ctx.database)).toEqual(before);

      const second = await create(validUser({ role: 'SuperAdmin' }), superAdmin);
      const secondId = second.json().user.id as string;
      expect((await remove(secondId, superAdmin)).statusCode).toBe(200);
      const otherAdmin = await signInAs(ctx, 'Admin');
      expect((await remove(otherAdmin.id, superAdmin)).statusCode).toBe(200);
    });

    // Only the last active SuperAdmin itself could try (any other actor would be a second active
    // SuperAdmin), and nobody changes their own role or status since issue #20: the 409 now says so.
    // Two SuperAdmins demoting each other at once: superadmin-races.test.ts.
    it('decisions: the last active SuperAdmin can be neither demoted nor deactivated', async () => {
      // Leave exactly one active SuperAdmin: deactivate every other one first.
      await ctx.database.db
        .updateTable('users')
        .set({ is_active: 0 })
        .where('role', '=', 'SuperAdmin')
        .where('id', '!=', superAdmin.id)
        .execute();
      const body = { firstName: 'Sam', lastName: 'Super', email: superAdmin.email, role: 'Admin', isActive: true };
      const demote = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${superAdmin.id}`,
        headers: superAdmin.headers,
        payload: body,
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().message).toBe(MSG.cannotChangeOwnStanding);
      const deactivate = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${superAdmin.id}`,
        headers: superAdmin.headers,
        payload: { ...body, role: 'SuperAdmin', isActive: false },
      });
      expect(deactivate.statusCode).toBe(409);
      const still = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: superAdmin.headers });
      expect(still.json().user).toMatchObject({ role: 'SuperAdmin', isActive: true });
    });

    it('decisions: an inactive SuperAdmin that is not the last active one can be deleted by a SuperAdmin', async () => {
      const email = uniqueEmail('dormant');
      const dormant = await insertUser(ctx.database.db, {
        email,
        passwordHash: await hashPassword('dormant-1'),
        firstName: 'Dormant',
        lastName: 'Super',
        phone: '',
        role: 'superadmin',
        isActive: false,
      });
      expect((await remove(dormant.id, admin)).statusCode).toBe(403);
      expect((await remove(dormant.id, superAdmin)).statusCode).toBe(200);
    });
  });

  describe('watchlist of a user', () => {
    it('ADMIN-USR-35 lists the vehicles a user watches, newest watch first', async () => {
      const watcher = await registerBuyer(ctx.app);
      const a = await createVehicle(ctx.database, { title: 'Watched First' });
      const b = await createVehicle(ctx.database, { title: 'Watched Second' });
      await ctx.database.db
        .insertInto('watches')
        .values([
          { user_id: watcher.id, vehicle_id: a.id, created_at: '2026-01-01T00:00:00.000Z' },
          { user_id: watcher.id, vehicle_id: b.id, created_at: '2026-02-01T00:00:00.000Z' },
        ])
        .execute();
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/users/${watcher.id}/watchlist`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().vehicles.map((v: { title: string }) => v.title)).toEqual(['Watched Second', 'Watched First']);
      const missing = await ctx.app.inject({
        method: 'GET',
        url: '/api/users/nobody/watchlist',
        headers: admin.headers,
      });
      expect(missing.statusCode).toBe(404);
    });
  });
});

function stringify(query: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_TYPES } from '@vm/shared/constants';
import type { ActivityResponse } from '@vm/shared/dashboard';
import { createTestContext, DIALECTS, registerBuyer, type SignedIn, signInAs, type TestContext } from './test-app.ts';
import { mustang } from './vehicle-fixtures.ts';

describe.each(DIALECTS)('dashboard activity on %s', (dialect) => {
  let ctx: TestContext;
  let admin: SignedIn;
  let superAdmin: SignedIn;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    admin = await signInAs(ctx, 'Admin');
    superAdmin = await signInAs(ctx, 'superadmin');
  });
  afterAll(async () => ctx.close());

  const activity = async (who: SignedIn, limit?: number) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/activity',
      headers: who.headers,
      query: limit ? { limit: String(limit) } : {},
    });
    expect(res.statusCode).toBe(200);
    return res.json<ActivityResponse>();
  };

  it('ROLE-15 ADMIN-DASH-15: anonymous gets 401, a buyer 403, and an empty database has no activity', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/activity' })).statusCode).toBe(401);
    const buyer = await registerBuyer(ctx.app);
    const asBuyer = await ctx.app.inject({ method: 'GET', url: '/api/admin/activity', headers: buyer.headers });
    expect(asBuyer.statusCode).toBe(403);
    await ctx.database.db.deleteFrom('activity_events').execute();
    expect(await activity(admin)).toEqual({ activities: [], isSuperAdmin: false });
  });

  it('ADMIN-DASH-09..11 ROLE-02 ROLE-03 ROLE-16 CONST-41: real events newest first; registrations and sales only for super admins', async () => {
    await registerBuyer(ctx.app, { firstName: 'Rita', lastName: 'Reg' });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: admin.headers,
      payload: { ...mustang, listingType: 'auction' },
    });
    const id = created.json().id;
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/vehicles/${id}`,
      headers: admin.headers,
      payload: { ...mustang, listingType: 'auction', status: 'Sold' },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/contact/submit',
      payload: {
        fullName: 'Carl Contact',
        email: 'carl@example.com',
        phone: '+1 555 010 3000',
        subject: 'Mustang',
        message: 'Is the Mustang still available?',
      },
    });

    const full = await activity(superAdmin);
    expect(full.isSuperAdmin).toBe(true);
    const types = full.activities.map((a) => a.type);
    for (const t of types) expect(ACTIVITY_TYPES).toContain(t);
    expect(types).toEqual(
      expect.arrayContaining([
        'user_registration',
        'vehicle_listed',
        'auction_started',
        'vehicle_sold',
        'auction_ended',
      ]),
    );
    // Newest first: the registration happened before everything else.
    expect(types.indexOf('user_registration')).toBeGreaterThan(types.indexOf('vehicle_listed'));
    const times = full.activities.map((a) => a.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(full.activities.find((a) => a.type === 'user_registration')?.message).toContain('Rita Reg');

    const limited = await activity(admin);
    expect(limited.isSuperAdmin).toBe(false);
    const visible = limited.activities.map((a) => a.type);
    expect(visible).not.toContain('user_registration');
    expect(visible).not.toContain('vehicle_sold');
    expect(visible).toEqual(expect.arrayContaining(['vehicle_listed', 'auction_started', 'auction_ended']));
  });

  it('ADMIN-DASH-09: the limit caps the list', async () => {
    expect((await activity(superAdmin, 2)).activities).toHaveLength(2);
    expect((await activity(superAdmin, 1000)).activities.length).toBeLessThanOrEqual(50);
  });
});

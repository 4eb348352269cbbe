import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSearchState } from '@vm/shared/search-url-state';
import {
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_MESSAGES,
  type SavedSearch,
  type SavedSearchList,
  savedSearchPath,
} from '@vm/shared/saved-search';
import type { User } from '@vm/shared/user';
import { buildApp } from '../src/app.ts';
import { startBackgroundWork } from '../src/background-work.ts';
import {
  ALERT_VEHICLES_PER_EMAIL,
  runAppSavedSearchAlerts,
} from '../src/features/saved-searches/saved-search-alerts.ts';
import { startMailServer, type TestMailServer } from './mail-server.ts';
import {
  createTestContext,
  DIALECTS,
  registerBuyer,
  type SignedIn,
  signInAs,
  tableCounts,
  type TestContext,
} from './test-app.ts';
import { mustang } from './vehicle-fixtures.ts';

/**
 * Saved searches with alerts (issue #16, docs/product-rules.md#saved-searches,
 * docs/decisions/115-saved-searches.md): the owner-only CRUD, its refusals, and the alert runs
 * delivered over real SMTP.
 */
const PUBLIC_URL = 'https://cars.example';

describe.each(DIALECTS)('saved searches on %s', (dialect) => {
  let ctx: TestContext;
  let mail: TestMailServer;
  let admin: SignedIn;
  beforeAll(async () => {
    mail = await startMailServer();
    ctx = await createTestContext(dialect, { SMTP_URL: mail.url, PUBLIC_URL, RATE_LIMIT: 'off' });
    admin = await signInAs(ctx, 'Admin');
  });
  afterAll(async () => {
    await ctx?.close();
    await mail?.close();
  });

  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    who?: SignedIn,
    payload?: unknown,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: who?.headers ?? {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const save = (who: SignedIn, body: unknown) => inject('POST', '/api/saved-searches', who, body);
  const list = async (who: SignedIn) => (await inject('GET', '/api/saved-searches', who)).json<SavedSearchList>();
  const savedCount = async (userId?: string) => {
    let q = ctx.database.db.selectFrom('saved_searches').select((eb) => eb.fn.countAll<number | string>().as('n'));
    if (userId) q = q.where('user_id', '=', userId);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  const prefsOf = async (who: SignedIn) =>
    (await inject('GET', `/api/users/${who.id}`, who)).json<{ user: User }>().user.notificationPrefs;
  const queuedFor = async (who: SignedIn) =>
    ctx.database.db
      .selectFrom('email_outbox')
      .select(['template', 'payload'])
      .where('user_id', '=', who.id)
      .where('template', '=', 'savedSearchMatches')
      .execute();

  let vehicleCount = 0;
  /** Lists a vehicle through the admin API, as the back office does. */
  async function listVehicle(overrides: Record<string, unknown> = {}) {
    const title = `${overrides.make ?? mustang.make} Saved Search Car ${++vehicleCount}`;
    const res = await inject('POST', '/api/vehicles', admin, { ...mustang, vin: '', title, ...overrides });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string; slug: string; title: string }>();
  }
  const runInstant = () => runAppSavedSearchAlerts(ctx.app, { frequency: 'instant' });
  const runDaily = () => runAppSavedSearchAlerts(ctx.app, { frequency: 'daily' });
  const deliver = () => ctx.app.outbox.deliverDue();

  describe('saving and managing', () => {
    it('ISSUE-16-SAVED saves a search, lists it, renames it, changes its filters and frequency, and deletes it', async () => {
      const buyer = await registerBuyer(ctx.app);
      const created = await save(buyer, {
        name: '  Green Mustangs  ',
        filters: {
          make: 'Ford',
          model: 'Mustang',
          minPrice: '20000',
          maxPrice: 90_000,
          tags: ['hot'],
          category: 'Muscle Cars',
        },
        frequency: 'instant',
      });
      expect(created.statusCode).toBe(201);
      const search = created.json<SavedSearch>();
      expect(search).toMatchObject({
        name: 'Green Mustangs',
        frequency: 'instant',
        filters: {
          make: 'Ford',
          model: 'Mustang',
          minPrice: 20_000,
          maxPrice: 90_000,
          tags: ['hot'],
          category: ['Muscle Cars'],
        },
      });
      expect(await list(buyer)).toEqual({ savedSearches: [search], max: MAX_SAVED_SEARCHES });

      const renamed = await inject('PATCH', `/api/saved-searches/${search.id}`, buyer, { name: 'Mustangs' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json<SavedSearch>()).toMatchObject({ name: 'Mustangs', frequency: 'instant' });
      const daily = await inject('PATCH', `/api/saved-searches/${search.id}`, buyer, { frequency: 'daily' });
      expect(daily.json<SavedSearch>()).toMatchObject({ name: 'Mustangs', frequency: 'daily' });
      const refiltered = await inject('PATCH', `/api/saved-searches/${search.id}`, buyer, {
        filters: { listingType: 'auction' },
      });
      expect(refiltered.json<SavedSearch>().filters).toEqual({ listingType: 'auction' });

      const removed = await inject('DELETE', `/api/saved-searches/${search.id}`, buyer);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ success: true, message: SAVED_SEARCH_MESSAGES.deleted });
      expect((await list(buyer)).savedSearches).toEqual([]);
      expect((await inject('DELETE', `/api/saved-searches/${search.id}`, buyer)).statusCode).toBe(404);
    });

    it('ISSUE-16-SAVED turns the newMatches preference on when a search is saved', async () => {
      const buyer = await registerBuyer(ctx.app);
      expect((await prefsOf(buyer)).newMatches).toBe(false);
      expect((await save(buyer, { name: 'Anything', filters: {}, frequency: 'daily' })).statusCode).toBe(201);
      const prefs = await prefsOf(buyer);
      expect(prefs.newMatches).toBe(true);
      // The other preferences are kept as they were.
      expect(prefs.priceChanges).toBe(true);
    });

    it("ISSUE-16-SAVED answers 404 for another user's saved search and leaves it as it was", async () => {
      const owner = await registerBuyer(ctx.app);
      const other = await registerBuyer(ctx.app);
      const search = (
        await save(owner, { name: 'Mine', filters: { make: 'Ford' }, frequency: 'instant' })
      ).json<SavedSearch>();
      for (const caller of [other, admin]) {
        const patch = await inject('PATCH', `/api/saved-searches/${search.id}`, caller, { name: 'Taken' });
        expect(patch.statusCode).toBe(404);
        expect(patch.json().message).toBe(SAVED_SEARCH_MESSAGES.notFound);
        expect((await inject('DELETE', `/api/saved-searches/${search.id}`, caller)).statusCode).toBe(404);
        expect((await list(caller)).savedSearches.map((s) => s.id)).not.toContain(search.id);
      }
      expect((await list(owner)).savedSearches).toEqual([search]);
      expect((await inject('GET', '/api/saved-searches')).statusCode).toBe(401);
    });

    const BAD_BODIES: [string, unknown, string][] = [
      [
        'an unknown field',
        { name: 'A', filters: {}, frequency: 'instant', alerts: true },
        SAVED_SEARCH_MESSAGES.unknownField('alerts'),
      ],
      [
        'an unknown filter',
        { name: 'A', filters: { page: 2 }, frequency: 'instant' },
        SAVED_SEARCH_MESSAGES.unknownFilter('page'),
      ],
      [
        'a sort in the filters',
        { name: 'A', filters: { sort: 'price_asc' }, frequency: 'instant' },
        SAVED_SEARCH_MESSAGES.unknownFilter('sort'),
      ],
      [
        'a listing type the search does not know',
        { name: 'A', filters: { listingType: 'boat' }, frequency: 'instant' },
        SAVED_SEARCH_MESSAGES.badFilter('Listing type'),
      ],
      [
        'a price that is not a number',
        { name: 'A', filters: { minPrice: 'cheap' }, frequency: 'instant' },
        SAVED_SEARCH_MESSAGES.badFilter('Minimum price'),
      ],
      [
        'an unknown tag',
        { name: 'A', filters: { tags: ['hot', 'rusty'] }, frequency: 'instant' },
        SAVED_SEARCH_MESSAGES.badFilter('Tags'),
      ],
      [
        'a make that is not text',
        { name: 'A', filters: { make: 5 }, frequency: 'instant' },
        SAVED_SEARCH_MESSAGES.badFilter('Make'),
      ],
      [
        'filters that are not an object',
        { name: 'A', filters: 'make=Ford', frequency: 'instant' },
        SAVED_SEARCH_MESSAGES.filtersRequired,
      ],
      ['no filters', { name: 'A', frequency: 'instant' }, SAVED_SEARCH_MESSAGES.filtersRequired],
      [
        'a name of 81 characters',
        { name: 'x'.repeat(81), filters: {}, frequency: 'instant' },
        SAVED_SEARCH_MESSAGES.nameTooLong,
      ],
      ['a blank name', { name: '   ', filters: {}, frequency: 'instant' }, SAVED_SEARCH_MESSAGES.nameRequired],
      ['an unknown frequency', { name: 'A', filters: {}, frequency: 'weekly' }, SAVED_SEARCH_MESSAGES.frequency],
    ];

    it.each(BAD_BODIES)(
      'ISSUE-16-SAVED refuses %s with 400 and a message, and stores nothing',
      async (_, body, message) => {
        const buyer = await registerBuyer(ctx.app);
        const before = { counts: await tableCounts(ctx.database), saved: await savedCount() };
        const res = await save(buyer, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
        expect({ counts: await tableCounts(ctx.database), saved: await savedCount() }).toEqual(before);
        expect((await prefsOf(buyer)).newMatches).toBe(false);
      },
    );

    it('ISSUE-16-SAVED refuses a bad change with 400 and keeps the search as it was', async () => {
      const buyer = await registerBuyer(ctx.app);
      const search = (
        await save(buyer, { name: 'Kept', filters: { make: 'Ford' }, frequency: 'instant' })
      ).json<SavedSearch>();
      const changes: [unknown, string][] = [
        [{}, SAVED_SEARCH_MESSAGES.nothingToChange],
        [{ name: 'y'.repeat(81) }, SAVED_SEARCH_MESSAGES.nameTooLong],
        [{ filters: { minYear: 'old' } }, SAVED_SEARCH_MESSAGES.badFilter('Minimum year')],
        [{ frequency: 'hourly' }, SAVED_SEARCH_MESSAGES.frequency],
        [{ name: 'Fine', owner: 'someone' }, SAVED_SEARCH_MESSAGES.unknownField('owner')],
      ];
      for (const [body, message] of changes) {
        const res = await inject('PATCH', `/api/saved-searches/${search.id}`, buyer, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      }
      expect((await list(buyer)).savedSearches).toEqual([search]);
    });

    it(`ISSUE-16-SAVED refuses the ${MAX_SAVED_SEARCHES + 1}th search with 400, also when saves arrive together`, async () => {
      const buyer = await registerBuyer(ctx.app);
      for (let i = 1; i < MAX_SAVED_SEARCHES; i++)
        expect((await save(buyer, { name: `Search ${i}`, filters: {}, frequency: 'daily' })).statusCode).toBe(201);
      // Three saves at once for the last place: one gets it.
      const racing = await Promise.all(
        [1, 2, 3].map((i) => save(buyer, { name: `Racing ${i}`, filters: {}, frequency: 'instant' })),
      );
      expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
      expect(await savedCount(buyer.id)).toBe(MAX_SAVED_SEARCHES);
      const before = await tableCounts(ctx.database);
      const refused = await save(buyer, { name: 'One more', filters: {}, frequency: 'instant' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(SAVED_SEARCH_MESSAGES.tooMany);
      expect(await savedCount(buyer.id)).toBe(MAX_SAVED_SEARCHES);
      expect(await tableCounts(ctx.database)).toEqual(before);
    });
  });

  describe('publication', () => {
    const publishedAt = async (id: string) =>
      await ctx.database.db
        .selectFrom('vehicles')
        .select(['published_at', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    it('ISSUE-16-SAVED a vehicle is published when listed public, or when taken out of Archived, and at no other edit', async () => {
      const listed = await listVehicle();
      const row = await publishedAt(listed.id);
      expect(row.published_at).toBe(row.created_at);

      const archived = await listVehicle({ status: 'Archived' });
      expect((await publishedAt(archived.id)).published_at).toBeNull();
      const edit = (id: string, changes: Record<string, unknown>) =>
        inject('PUT', `/api/vehicles/${id}`, admin, { ...mustang, vin: '', title: `Edited ${id}`, ...changes });
      expect((await edit(archived.id, { status: 'Pending' })).statusCode).toBe(200);
      const republished = (await publishedAt(archived.id)).published_at;
      expect(republished).not.toBeNull();
      // Other edits, Sold included, leave it.
      expect((await edit(archived.id, { status: 'Sold', price: 1000 })).statusCode).toBe(200);
      expect((await publishedAt(archived.id)).published_at).toBe(republished);
      expect((await edit(listed.id, { price: 1234 })).statusCode).toBe(200);
      expect((await publishedAt(listed.id)).published_at).toBe(row.created_at);
    });
  });

  describe('alerts', () => {
    it('ISSUE-16-SAVED sends one email per matching search after the instant run, with links, and nothing more on the next run', async () => {
      const buyer = await registerBuyer(ctx.app, { firstName: 'Alma' });
      const make = 'Alertmobile';
      const any = (
        await save(buyer, { name: 'Every Alertmobile', filters: { make }, frequency: 'instant' })
      ).json<SavedSearch>();
      const cheap = (
        await save(buyer, { name: 'Cheap Alertmobiles', filters: { make, maxPrice: 100_000 }, frequency: 'instant' })
      ).json<SavedSearch>();
      const match = await listVehicle({ make, price: 50_000 });
      await listVehicle({ make: 'Otherwagen', price: 50_000 }); // matches neither

      await runInstant();
      expect(await deliver()).toBeGreaterThanOrEqual(2);
      const received = mail.to(buyer.email);
      expect(received).toHaveLength(2);
      const bySearch = new Map(received.map((m) => [m.subject?.includes('Cheap') ? cheap.id : any.id, m]));
      for (const search of [any, cheap]) {
        const email = bySearch.get(search.id);
        expect(email?.subject).toBe(`New match for “${search.name}”: ${match.title}`);
        expect(email?.text).toContain('Hello Alma');
        const html = String(email?.html);
        expect(html).toContain(`${PUBLIC_URL}/vehicles/${match.slug}`);
        expect(html).toContain('$50,000');
        const searchUrl = `${PUBLIC_URL}${savedSearchPath(search.filters)}`;
        expect(html).toContain(searchUrl.replaceAll('&', '&amp;'));
        // The "See every match" link opens the search page with the saved filters.
        const state = readSearchState(new URL(searchUrl).searchParams);
        expect(state.make).toBe(make);
      }

      // A second run sends nothing more; a vehicle that matches one search is sent for it alone.
      await runInstant();
      expect(await queuedFor(buyer)).toHaveLength(2);
      const dear = await listVehicle({ make, price: 500_000 });
      await runInstant();
      await deliver();
      const third = mail.to(buyer.email).slice(2);
      expect(third).toHaveLength(1);
      expect(third[0]?.subject).toBe(`New match for “${any.name}”: ${dear.title}`);
      await runInstant();
      expect(await queuedFor(buyer)).toHaveLength(3);
    });

    it('ISSUE-16-SAVED does not announce vehicles listed before the search was saved', async () => {
      const buyer = await registerBuyer(ctx.app);
      const make = 'Oldtimerco';
      await listVehicle({ make });
      await save(buyer, { name: 'Old ones', filters: { make }, frequency: 'instant' });
      await runInstant();
      expect(await queuedFor(buyer)).toHaveLength(0);
    });

    it('ISSUE-16-SAVED matches as the public search does: keywords, tags, ranges and listing type', async () => {
      const buyer = await registerBuyer(ctx.app);
      const make = 'Matchwerk';
      await save(buyer, { name: 'Words', filters: { query: 'amethyst', make }, frequency: 'instant' });
      await save(buyer, { name: 'Tagged', filters: { make, tags: ['limited'] }, frequency: 'instant' });
      await save(buyer, { name: 'Years', filters: { make, minYear: 1990, maxYear: 2000 }, frequency: 'instant' });
      await save(buyer, { name: 'Auctions', filters: { make, listingType: 'auction' }, frequency: 'instant' });
      const words = await listVehicle({ make, year: 1967, description: 'Painted in Amethyst purple.', tags: [] });
      const tagged = await listVehicle({ make, year: 1967, tags: ['limited'] });
      const nineties = await listVehicle({ make, year: 1995, tags: [] });
      const auction = await listVehicle({ make, year: 1967, tags: [], listingType: 'auction' });
      await runInstant();
      const listed = (await queuedFor(buyer)).map((row) => {
        const data = JSON.parse(row.payload) as { searchName: string; vehicles: { title: string }[] };
        return [data.searchName, data.vehicles.map((v) => v.title)];
      });
      expect(Object.fromEntries(listed)).toEqual({
        Words: [words.title],
        Tagged: [tagged.title],
        Years: [nineties.title],
        Auctions: [auction.title],
      });
    });

    it('ISSUE-16-SAVED sends a daily search nothing on the instant run, then one digest listing every new match', async () => {
      const buyer = await registerBuyer(ctx.app);
      const make = 'Digestor';
      const search = (
        await save(buyer, { name: 'Daily Digestors', filters: { make }, frequency: 'daily' })
      ).json<SavedSearch>();
      const vehicles = [];
      for (let i = 0; i < ALERT_VEHICLES_PER_EMAIL + 2; i++) vehicles.push(await listVehicle({ make }));
      await runInstant();
      expect(await queuedFor(buyer)).toHaveLength(0);

      await runDaily();
      await deliver();
      const received = mail.to(buyer.email);
      expect(received).toHaveLength(1);
      const payload = JSON.parse((await queuedFor(buyer))[0]?.payload ?? '{}') as { vehicles: { title: string }[] };
      // The newest first, at most ALERT_VEHICLES_PER_EMAIL; "See every match" opens the rest.
      expect(payload.vehicles.map((v) => v.title)).toEqual(
        vehicles
          .slice(-ALERT_VEHICLES_PER_EMAIL)
          .reverse()
          .map((v) => v.title),
      );
      expect(received[0]?.subject).toContain(search.name);
      const alerted = await ctx.database.db
        .selectFrom('saved_search_alerts')
        .select('vehicle_id')
        .where('saved_search_id', '=', search.id)
        .execute();
      expect(alerted).toHaveLength(vehicles.length);

      await runDaily();
      expect(await queuedFor(buyer)).toHaveLength(1);
    });

    it('ISSUE-16-SAVED queues nothing while newMatches is off, and nothing listed meanwhile once it is back on', async () => {
      const buyer = await registerBuyer(ctx.app);
      const make = 'Quietcar';
      await save(buyer, { name: 'Quiet', filters: { make }, frequency: 'instant' });
      const prefs = await prefsOf(buyer);
      expect(prefs.newMatches).toBe(true);
      const setPrefs = (newMatches: boolean) =>
        inject('PUT', `/api/users/${buyer.id}`, buyer, {
          firstName: 'Bea',
          lastName: 'Buyer',
          notificationPrefs: { ...prefs, newMatches },
        });
      expect((await setPrefs(false)).statusCode).toBe(200);
      await listVehicle({ make });
      await runInstant();
      expect(await queuedFor(buyer)).toHaveLength(0);
      expect((await setPrefs(true)).statusCode).toBe(200);
      await runInstant();
      expect(await queuedFor(buyer)).toHaveLength(0);
      // A vehicle listed now is sent.
      await listVehicle({ make });
      await runInstant();
      expect(await queuedFor(buyer)).toHaveLength(1);
    });

    it('ISSUE-16-SAVED sends nothing to an inactive owner', async () => {
      const buyer = await registerBuyer(ctx.app);
      const make = 'Dormantmotors';
      await save(buyer, { name: 'Dormant', filters: { make }, frequency: 'instant' });
      await ctx.database.db.updateTable('users').set({ is_active: 0 }).where('id', '=', buyer.id).execute();
      await listVehicle({ make });
      await runInstant();
      expect(await queuedFor(buyer)).toHaveLength(0);
    });

    it('ISSUE-16-SAVED announces an archived vehicle once it is taken out of Archived, and an unavailable one never', async () => {
      const buyer = await registerBuyer(ctx.app);
      const make = 'Phoenixauto';
      await save(buyer, { name: 'Phoenix', filters: { make }, frequency: 'instant' });
      const archived = await listVehicle({ make, status: 'Archived' });
      await listVehicle({ make, status: 'Sold' });
      await runInstant();
      expect(await queuedFor(buyer)).toHaveLength(0);

      const res = await inject('PUT', `/api/vehicles/${archived.id}`, admin, {
        ...mustang,
        vin: '',
        make,
        title: archived.title,
        status: 'Available',
      });
      expect(res.statusCode).toBe(200);
      await runInstant();
      const queued = await queuedFor(buyer);
      expect(queued).toHaveLength(1);
      expect(JSON.parse(queued[0]?.payload ?? '{}').vehicles[0].title).toBe(archived.title);
    });

    it('ISSUE-16-SAVED announces a vehicle once when two instances run at the same moment', async () => {
      const buyer = await registerBuyer(ctx.app);
      const make = 'Twinrun';
      await save(buyer, { name: 'Twins', filters: { make }, frequency: 'instant' });
      await save(buyer, { name: 'Twins daily', filters: { make }, frequency: 'daily' });
      // A second instance: its own app (its own catalogue) on the same database.
      const second = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
      await second.ready();
      try {
        await listVehicle({ make });
        await Promise.all([
          runAppSavedSearchAlerts(ctx.app, { frequency: 'instant' }),
          runAppSavedSearchAlerts(second, { frequency: 'instant' }),
          runAppSavedSearchAlerts(ctx.app, { frequency: 'instant' }),
          runAppSavedSearchAlerts(ctx.app, { frequency: 'daily' }),
          runAppSavedSearchAlerts(second, { frequency: 'daily' }),
        ]);
      } finally {
        await second.close();
      }
      expect(await queuedFor(buyer)).toHaveLength(2);
      const alerts = await sql<{ n: number | string }>`
        select count(*) as n from saved_search_alerts a join saved_searches s on s.id = a.saved_search_id
        where s.user_id = ${buyer.id}`.execute(ctx.database.db);
      expect(Number(alerts.rows[0]?.n)).toBe(2);
    });

    it('ISSUE-16-SAVED the background work schedules the runs and stops cleanly', async () => {
      const stop = startBackgroundWork(ctx.app);
      await stop();
    });
  });
});

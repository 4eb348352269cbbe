import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVITY_TYPES,
  BODY_TYPES,
  CATEGORIES,
  CONTACT_PRIORITIES,
  CONTACT_STATUSES,
  DEFAULT_MAKES,
  IMAGE_WIDTHS,
  OFFER_STATUSES,
  PUBLIC_VEHICLE_STATUSES,
  TAGS,
  VEHICLE_STATUSES,
} from '@vm/shared/constants';
import { auctionPrice, type BidderMaximum, replayBids } from '@vm/shared/auction';
import { vehicleImageFile } from '@vm/shared/image-path';
import { MSG } from '@vm/shared/messages';
import { hashPassword } from '../src/features/auth/passwords.ts';
import { insertUser } from '../src/features/auth/user-repository.ts';
import { insertVehicle } from '../src/features/vehicles/vehicle-repository.ts';
import { vehicleInputSchema } from '@vm/shared/vehicle';
import { DEMO_SEED_MARKER, type DemoSeedSummary, seedDemoData } from '../src/seed/demo-data.ts';
import { DEMO_BUYER_PASSWORD, DEMO_BUYERS, DEMO_STAFF } from '../src/seed/demo-people.ts';
import { photoPoolDir, removeStalePhotoPools } from '../src/seed/demo-photos.ts';
import { ensureInitialData } from '../src/seed/initial-data.ts';
import { createTestContext, DIALECTS, tableCounts, type TestContext } from './test-app.ts';

/** Every file under a folder, as paths relative to it (sorted, so two listings compare). */
function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(path.join(root, f)).isFile())
    .sort();
}

const countBy = <T extends string>(values: readonly T[]) =>
  values.reduce((m, v) => m.set(v, (m.get(v) ?? 0) + 1), new Map<T, number>());

describe.each(DIALECTS)('demo seed on %s', (dialect) => {
  let ctx: TestContext;
  let results: (DemoSeedSummary | undefined)[];

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'off' });
    // Two servers starting on one empty database at once: only one may load the demo.
    results = await Promise.all([seedDemoData(ctx.database, ctx.config), seedDemoData(ctx.database, ctx.config)]);
  }, 120_000);
  afterAll(async () => ctx?.close());

  const db = () => ctx.database.db;
  const vehicleRows = () => db().selectFrom('vehicles').selectAll().execute();

  it('loads once when two starts race: one summary, the other changes nothing and leaves no files', async () => {
    const loaded = results.filter((r): r is DemoSeedSummary => r !== undefined);
    expect(loaded).toHaveLength(1);
    const vehicles = await vehicleRows();
    expect(loaded[0]?.vehicles).toBe(vehicles.length);
    const folders = readdirSync(path.join(ctx.config.uploadsDir, 'vehicles')).sort();
    expect(folders).toEqual(vehicles.map((v) => v.id).sort());
    expect(readdirSync(ctx.config.dataDir).filter((f) => f.startsWith('.demo-photo-pool'))).toEqual([]);
  });

  it('loads at least 60 vehicles over every category, body type, default make, tag and status', async () => {
    const vehicles = await vehicleRows();
    expect(vehicles.length).toBeGreaterThanOrEqual(60);
    const visible = vehicles.filter((v) => (PUBLIC_VEHICLE_STATUSES as readonly string[]).includes(v.status));
    // Every category page and home tile shows at least two cars to a visitor.
    const perCategory = countBy(visible.map((v) => v.category));
    for (const category of CATEGORIES) expect(perCategory.get(category) ?? 0, category).toBeGreaterThanOrEqual(2);
    expect(new Set(vehicles.map((v) => v.body_type))).toEqual(new Set(BODY_TYPES));
    const makes = new Set(vehicles.map((v) => v.make));
    for (const make of DEFAULT_MAKES) expect(makes.has(make), make).toBe(true);
    for (const make of ['Porsche', 'Jaguar', 'Land Rover', 'Alfa Romeo']) expect(makes.has(make), make).toBe(true);
    expect(new Set(vehicles.map((v) => v.status))).toEqual(new Set(VEHICLE_STATUSES));
    expect(vehicles.filter((v) => v.status === 'Available').length).toBeGreaterThan(vehicles.length / 2);
    expect(vehicles.filter((v) => v.listing_type === 'auction').length).toBeGreaterThanOrEqual(4);

    const tags = countBy((await db().selectFrom('vehicle_tags').select('tag').execute()).map((t) => t.tag));
    for (const tag of TAGS) expect(tags.get(tag) ?? 0, tag).toBeGreaterThanOrEqual(3);
    expect(tags.get('featured')).toBeGreaterThanOrEqual(6);
    expect(tags.get('popular')).toBeGreaterThanOrEqual(6);
  });

  it('fills prices in cents, VINs, locations, colours and features, and spreads listings over months', async () => {
    const vehicles = await vehicleRows();
    for (const v of vehicles) {
      expect(Number.isInteger(v.price_cents) && v.price_cents > 0, v.title).toBe(true);
      expect(v.msrp_cents, v.title).toBeGreaterThan(0);
      expect(v.vin, v.title).not.toBe('');
      expect(v.city && v.country && v.exterior_color && v.fuel_type && v.transmission, v.title).toBeTruthy();
      expect(v.description.split('. ').length, v.title).toBeGreaterThanOrEqual(2);
      expect(v.section_exterior && v.section_interior && v.section_other, v.title).toBeTruthy();
      expect(JSON.parse(v.features).length, v.title).toBeGreaterThanOrEqual(3);
    }
    expect(vehicles.filter((v) => v.vin === 'UNKNOWN').length).toBeGreaterThanOrEqual(2);
    expect(vehicles.some((v) => v.country !== 'USA')).toBe(true);
    expect(new Set(vehicles.map((v) => v.slug)).size).toBe(vehicles.length);
    const created = vehicles.map((v) => Date.parse(v.created_at)).sort((a, b) => a - b);
    expect(new Set(created).size).toBe(created.length);
    expect((created.at(-1) ?? 0) - (created[0] ?? 0)).toBeGreaterThan(90 * 86_400_000);
    expect(created.at(-1)).toBeLessThanOrEqual(Date.now());
  });

  it('gives every vehicle 3 to 8 photos, all widths on disk and served, the first one as default', async () => {
    const vehicles = await vehicleRows();
    const images = await db().selectFrom('vehicle_images').selectAll().orderBy('position').execute();
    for (const v of vehicles) {
      const own = images.filter((i) => i.vehicle_id === v.id);
      expect(own.length, v.title).toBeGreaterThanOrEqual(3);
      expect(own.length, v.title).toBeLessThanOrEqual(8);
      expect(own.map((i) => i.position)).toEqual(own.map((_, k) => k));
      expect(v.default_image_id).toBe(own[0]?.id);
      for (const image of own)
        for (const width of IMAGE_WIDTHS) {
          const file = path.join(
            ctx.config.uploadsDir,
            vehicleImageFile(v.id, image.id, width).slice('/uploads/'.length),
          );
          expect(statSync(file).size, file).toBeGreaterThan(1000);
        }
    }
    const first = images[0];
    if (!first) throw new Error('no images');
    expect(first.width).toBeGreaterThanOrEqual(1000);
    const res = await ctx.app.inject({ method: 'GET', url: vehicleImageFile(first.vehicle_id, first.id, 640) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  it('keeps watch and view counts equal to the rows they count', async () => {
    const vehicles = await vehicleRows();
    const watches = countBy((await db().selectFrom('watches').select('vehicle_id').execute()).map((w) => w.vehicle_id));
    const views = countBy(
      (await db().selectFrom('vehicle_views').select('vehicle_id').execute()).map((w) => w.vehicle_id),
    );
    expect([...watches.values()].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(15);
    for (const v of vehicles) {
      expect(v.watch_count, v.title).toBe(watches.get(v.id) ?? 0);
      expect(v.view_count, v.title).toBe(views.get(v.id) ?? 0);
    }
    expect(vehicles.filter((v) => v.view_count > 0).length).toBeGreaterThan(vehicles.length / 2);
  });

  it('has offers in every status, one per buyer and vehicle, decided ones answered by staff', async () => {
    const offers = await db().selectFrom('offers').selectAll().execute();
    // Every status but `withdrawn`, which only deleting an account sets; no demo account is deleted.
    expect(new Set(offers.map((o) => o.status))).toEqual(new Set(OFFER_STATUSES.filter((s) => s !== 'withdrawn')));
    expect(new Set(offers.map((o) => `${o.user_id}:${o.vehicle_id}`)).size).toBe(offers.length);
    // One accepted offer per vehicle (docs/decisions/121-one-sale-per-vehicle.md).
    const acceptedOn = offers.filter((o) => o.status === 'accepted').map((o) => o.vehicle_id);
    expect(new Set(acceptedOn).size).toBe(acceptedOn.length);
    const staff = await db().selectFrom('users').select('id').where('email', '=', DEMO_STAFF.email).executeTakeFirst();
    const vehicles = new Map((await vehicleRows()).map((v) => [v.id, v]));
    for (const o of offers) {
      expect(Number.isInteger(o.amount_cents) && o.amount_cents > 0).toBe(true);
      expect(o.message).not.toBe('');
      expect(o.created_at > (vehicles.get(o.vehicle_id ?? '')?.created_at ?? '')).toBe(true);
      const decided = ['accepted', 'rejected', 'countered'].includes(o.status);
      expect(o.decided_by).toBe(decided ? staff?.id : null);
      expect(o.response_message !== '').toBe(decided);
      if (o.status === 'accepted')
        expect(['Available', 'Pending', 'Sold']).toContain(vehicles.get(o.vehicle_id ?? '')?.status);
    }
  });

  it('has 10 to 15 contact inquiries covering every status and priority', async () => {
    const contacts = await db().selectFrom('contact_inquiries').selectAll().execute();
    expect(contacts.length).toBeGreaterThanOrEqual(10);
    expect(contacts.length).toBeLessThanOrEqual(15);
    expect(new Set(contacts.map((c) => c.status))).toEqual(new Set(CONTACT_STATUSES));
    expect(new Set(contacts.map((c) => c.priority))).toEqual(new Set(CONTACT_PRIORITIES));
  });

  it('writes a dashboard history of every activity type, dated in the past', async () => {
    const events = await db().selectFrom('activity_events').selectAll().execute();
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(ACTIVITY_TYPES));
    const now = new Date().toISOString();
    for (const e of events) expect(e.created_at <= now).toBe(true);
    expect(new Set(events.map((e) => e.created_at.slice(0, 10))).size).toBeGreaterThan(20);
  });

  it('has six live auctions ending at staggered times (one within 10 minutes) and ten results, bid on by demo buyers', async () => {
    const now = new Date().toISOString();
    const auctions = await db().selectFrom('auctions').selectAll().orderBy('ends_at').execute();
    const live = auctions.filter((a) => a.status === 'Live');
    const ended = auctions.filter((a) => ['Sold', 'ReserveNotMet', 'NoBids'].includes(a.status));
    expect(live).toHaveLength(6);
    expect(ended).toHaveLength(10);
    expect(auctions).toHaveLength(16);
    for (const a of live) expect(a.ends_at > now && a.starts_at <= now, a.id).toBe(true);
    const leftMs = live.map((a) => Date.parse(a.ends_at) - Date.now());
    expect(leftMs[0]).toBeLessThanOrEqual(10 * 60_000);
    expect(leftMs[1]).toBeGreaterThan(60 * 60_000);
    expect(leftMs.at(-1)).toBeGreaterThan(5 * 86_400_000);
    // Reserve, no reserve; met and not met among the live ones.
    expect(new Set(live.map((a) => (a.reserve_cents === null ? 'none' : a.reserve_met ? 'met' : 'not_met')))).toEqual(
      new Set(['none', 'met', 'not_met']),
    );
    for (const a of live) expect(a.bid_count, a.id).toBeGreaterThan(0);
    expect(new Set(ended.map((a) => a.status))).toEqual(new Set(['Sold', 'ReserveNotMet', 'NoBids']));
    for (const a of ended) {
      expect(a.ends_at < now && a.closed_at !== null && (a.closed_at as string) >= a.ends_at, a.id).toBe(true);
      expect(a.bid_count === 0, a.id).toBe(a.status === 'NoBids');
    }
    // One auction per vehicle; a sold result made its vehicle Sold, the others keep theirs for sale.
    expect(new Set(auctions.map((a) => a.vehicle_id)).size).toBe(16);
    const vehicles = new Map((await vehicleRows()).map((v) => [v.id, v]));
    for (const a of auctions) {
      const vehicle = vehicles.get(a.vehicle_id);
      expect(vehicle?.listing_type, a.id).toBe('auction');
      expect(vehicle?.status, a.id).toBe(a.status === 'Sold' ? 'Sold' : 'Available');
      expect(a.created_at > (vehicle?.created_at ?? ''), a.id).toBe(true);
    }

    const buyers = await db()
      .selectFrom('users')
      .select('id')
      .where(
        'email',
        'in',
        DEMO_BUYERS.map((b) => b.email),
      )
      .execute();
    const buyerIds = new Set(buyers.map((b) => b.id));
    const bids = await db().selectFrom('auction_bids').selectAll().orderBy('seq').execute();
    expect(bids.length).toBeGreaterThanOrEqual(40);
    for (const b of bids) expect(buyerIds.has(b.bidder_id), b.id).toBe(true);
    // A late bid moved the end of at least one result (soft close).
    expect(ended.some((a) => Date.parse(a.ends_at) % 60_000 !== Date.parse(a.starts_at) % 60_000)).toBe(true);

    // Every stored price is what the engine gives for the stored bids.
    for (const a of auctions) {
      const own = bids.filter((b) => b.auction_id === a.id && b.voided_at === null);
      const maxima = new Map<string, BidderMaximum>();
      for (const b of own) maxima.set(b.bidder_id, { bidderId: b.bidder_id, amount: b.max_cents / 100, order: b.seq });
      const start = a.starting_bid_cents / 100;
      const reserve = a.reserve_cents === null ? null : a.reserve_cents / 100;
      const price = auctionPrice(start, reserve, [...maxima.values()]);
      expect(a.current_bid_cents === null ? null : a.current_bid_cents / 100, a.id).toBe(price.currentBid);
      expect(a.leader_id, a.id).toBe(price.leaderId);
      expect(a.reserve_met === 1, a.id).toBe(price.reserveMet);
      expect(a.bid_count, a.id).toBe(own.length);
      expect(a.bidder_count, a.id).toBe(maxima.size);
      const replayed = replayBids(
        start,
        reserve,
        own.map((b) => ({ id: b.id, bidderId: b.bidder_id, amount: b.max_cents / 100, order: b.seq })),
      );
      for (const [k, { price: after }] of replayed.entries()) {
        expect(own[k]?.price_cents, own[k]?.id).toBe((after.currentBid as number) * 100);
        expect(own[k]?.leader_id, own[k]?.id).toBe(after.leaderId);
      }
    }

    // The history mails nobody; its dashboard events are dated when they happened.
    const mails = await db().selectFrom('email_outbox').select('template').execute();
    expect(mails).toEqual([]);
    const events = await db()
      .selectFrom('activity_events')
      .selectAll()
      .where('type', 'in', ['auction_started', 'auction_ended'])
      .execute();
    for (const a of auctions) {
      const own = events.filter((e) => e.subject_id === a.id);
      expect(own.map((e) => e.type).sort(), a.id).toEqual(
        a.status === 'Live' ? ['auction_started'] : ['auction_ended', 'auction_started'],
      );
      for (const e of own) expect(e.created_at, a.id).toBe(e.type === 'auction_started' ? a.starts_at : a.closed_at);
    }
    // No made-up "auction started" event is left on an auctioned vehicle.
    expect(
      events.filter((e) => vehicles.has(e.subject_id) && auctions.some((a) => a.vehicle_id === e.subject_id)),
    ).toEqual([]);

    // What the API shows agrees: the soonest live auction, and the results list.
    const soonest = live[0];
    if (!soonest) throw new Error('no live auction');
    const res = await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${soonest.vehicle_id}/auction` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Live', currentBid: (soonest.current_bid_cents ?? 0) / 100 });
    const results = await ctx.app.inject({ method: 'GET', url: '/api/auctions?status=ended' });
    expect(results.json().total).toBe(10);
  });

  it('lets the demo buyers sign in with the documented password; the inactive one and the staff account cannot', async () => {
    const login = (email: string, password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    for (const buyer of DEMO_BUYERS) {
      const res = await login(buyer.email, DEMO_BUYER_PASSWORD);
      if (buyer.isActive) {
        expect(res.statusCode, buyer.email).toBe(200);
        expect(res.json().user).toMatchObject({ email: buyer.email, role: 'User', city: buyer.city });
      } else {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(MSG.accountInactive);
      }
    }
    const staff = await login(DEMO_STAFF.email, DEMO_BUYER_PASSWORD);
    expect(staff.statusCode).toBe(401);
    const role = await db().selectFrom('users').select('role').where('email', '=', DEMO_STAFF.email).executeTakeFirst();
    expect(role?.role).toBe('Admin');
  });

  it('changes no row and writes no file when run again, even after every vehicle is deleted', async () => {
    const countsBefore = await tableCounts(ctx.database);
    const filesBefore = filesUnder(ctx.config.uploadsDir);
    expect(await seedDemoData(ctx.database, ctx.config)).toBeUndefined();
    expect(await tableCounts(ctx.database)).toEqual(countsBefore);
    expect(filesUnder(ctx.config.uploadsDir)).toEqual(filesBefore);

    // The marker, not an empty catalogue, decides: a dealer who clears the demo keeps it cleared.
    await db().deleteFrom('vehicles').execute();
    expect(await seedDemoData(ctx.database, ctx.config)).toBeUndefined();
    expect((await tableCounts(ctx.database)).vehicles).toBe(0);
    expect(filesUnder(ctx.config.uploadsDir)).toEqual(filesBefore);
  });
});

describe.each(DIALECTS)('demo seed next to existing data on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(async () => ctx?.close());

  it('with SEED=none the first start creates the owner and the settings but no demo data', async () => {
    await ensureInitialData(ctx.database, { ...ctx.config, seed: 'none' });
    const counts = await tableCounts(ctx.database);
    expect(counts).toMatchObject({ users: 1, vehicles: 0, offers: 0, contact_inquiries: 0, activity_events: 0 });
    const marker = await ctx.database.db
      .selectFrom('settings')
      .select('key')
      .where('key', '=', DEMO_SEED_MARKER)
      .execute();
    expect(marker).toEqual([]);
  });

  it('never mixes demo cars into a catalogue that already has vehicles', async () => {
    const input = vehicleInputSchema.parse({
      title: 'Dealer Car',
      make: 'Ford',
      model: 'Focus',
      year: 2015,
      bodyType: 'Hatchback',
    });
    await insertVehicle(ctx.database.db, input);
    const before = await tableCounts(ctx.database);
    expect(await seedDemoData(ctx.database, ctx.config)).toBeUndefined();
    expect(await tableCounts(ctx.database)).toEqual(before);
    expect(filesUnder(ctx.config.uploadsDir)).toEqual([]);
    await ctx.database.db.deleteFrom('vehicles').execute();
  });

  it('with SEED=demo a later start loads the demo, leaving an account that already uses a demo email untouched', async () => {
    const taken = DEMO_BUYERS[0];
    if (!taken) throw new Error('no demo buyers');
    const owner = await insertUser(ctx.database.db, {
      email: taken.email,
      passwordHash: await hashPassword('owner-password-1'),
      firstName: 'Site',
      lastName: 'Owner',
      phone: '',
      role: 'SuperAdmin',
      isActive: true,
    });
    await ensureInitialData(ctx.database, { ...ctx.config, seed: 'demo' });
    expect((await tableCounts(ctx.database)).vehicles).toBeGreaterThanOrEqual(60);
    const row = await ctx.database.db.selectFrom('users').selectAll().where('id', '=', owner.id).executeTakeFirst();
    expect(row).toMatchObject({ role: 'SuperAdmin', first_name: 'Site', password_hash: owner.password_hash });
    const own = (table: 'offers' | 'watches') =>
      ctx.database.db.selectFrom(table).select('user_id').where('user_id', '=', owner.id).execute();
    expect(await own('offers')).toEqual([]);
    expect(await own('watches')).toEqual([]);
    const marker = await ctx.database.db
      .selectFrom('settings')
      .select('key')
      .where('key', '=', DEMO_SEED_MARKER)
      .execute();
    expect(marker).toHaveLength(1);
  }, 120_000);
});

describe('demo photo pool housekeeping', () => {
  it('removes a pool a crashed start left behind, but not one a running seed is using', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vm-pool-'));
    const stale = photoPoolDir(dataDir, 'crashed');
    const live = photoPoolDir(dataDir, 'running');
    for (const dir of [stale, live]) mkdirSync(path.join(dir, 'vehicles'), { recursive: true });
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(stale, hourAgo, hourAgo);
    mkdirSync(path.join(dataDir, 'uploads'));
    await removeStalePhotoPools(dataDir);
    expect(readdirSync(dataDir).sort()).toEqual([path.basename(live), 'uploads'].sort());
    rmSync(dataDir, { recursive: true, force: true });
  });
});

import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import { openMediaStorage } from '../features/images/media-storage.ts';
import { removeVehicleFolder } from '../features/images/vehicle-image-files.ts';
import { isUniqueViolation } from '../plugins/errors.ts';
import { insertDemoAuctions } from './demo-auctions.ts';
import { DEMO_BUYER_PASSWORD } from './demo-people.ts';
import { photoPoolDir, removeStalePhotoPools, renderPhotoPool } from './demo-photos.ts';
import { insertDemoInquiries, insertDemoPeople } from './demo-seed-people.ts';
import { insertInChunks, iso } from './demo-seed-rows.ts';
import { insertDemoVehicles, planVehicles } from './demo-seed-vehicles.ts';

/** Settings row that records the demo load, so it happens once even if every vehicle is deleted later. */
export const DEMO_SEED_MARKER = 'demo-seed';

export interface DemoSeedSummary {
  vehicles: number;
  images: number;
  users: number;
  offers: number;
  watches: number;
  views: number;
  inquiries: number;
  events: number;
  auctions: number;
  bids: number;
  ms: number;
}

async function shouldSeed(db: Kysely<DB>): Promise<boolean> {
  const marker = await db.selectFrom('settings').select('key').where('key', '=', DEMO_SEED_MARKER).executeTakeFirst();
  if (marker) return false;
  // A catalogue someone already built (say with SEED=none) is never mixed with demo cars.
  const vehicle = await db.selectFrom('vehicles').select('id').limit(1).executeTakeFirst();
  return !vehicle;
}

/**
 * Loads the demo catalogue on a fresh database: about 70 vehicles with generated photos, demo
 * buyers with watches, views and offers, six live auctions and ten results (demo-auctions.ts),
 * contact inquiries and the dashboard history. Returns undefined (and changes nothing) when it
 * already ran or the catalogue is not empty.
 */
export async function seedDemoData(database: Database, config: Config): Promise<DemoSeedSummary | undefined> {
  const { db } = database;
  if (!(await shouldSeed(db))) return undefined;
  const started = performance.now();
  const now = Date.now();
  const plans = planVehicles(now);

  // The slow parts (drawing and encoding, password hashing) run before the transaction opens.
  await removeStalePhotoPools(config.dataDir);
  const poolDir = photoPoolDir(config.dataDir, randomBytes(6).toString('hex'));
  const [pool, buyerHash, staffHash] = await Promise.all([
    renderPhotoPool(
      poolDir,
      plans.flatMap((p) => p.photos),
    ),
    hashPassword(DEMO_BUYER_PASSWORD),
    // The demo staff account must not become a known admin login on a real deployment.
    hashPassword(randomBytes(24).toString('base64url')),
  ]);

  const written = new Map<string, Promise<unknown>>();
  const storage = openMediaStorage(config);
  try {
    const summary = await db.transaction().execute(async (trx) => {
      // Claimed first: a second server seeding the same database waits on this row, then stops.
      await trx
        .insertInto('settings')
        .values({ key: DEMO_SEED_MARKER, value: JSON.stringify({ seededAt: iso(now) }), updated_at: iso(now) })
        .execute();
      const { vehicles, images, events } = await insertDemoVehicles(trx, plans, pool, storage, (id, files) =>
        written.set(id, files),
      );
      const people = await insertDemoPeople(trx, vehicles, { buyer: buyerHash, staff: staffHash }, now);
      const contact = await insertDemoInquiries(trx, now);
      const allEvents = [...events, ...people.events, ...contact.events];
      await insertInChunks(trx, 'activity_events', allEvents);
      // Placed through the auction service, after the people who bid and the events it replaces.
      const auctions = await insertDemoAuctions(trx, {
        dialect: database.dialect,
        publicUrl: config.publicUrl,
        vehicles,
        now: Date.now(),
      });
      // Every photo file is in place before the rows that point at them are committed.
      await Promise.all(written.values());
      return {
        vehicles: vehicles.length,
        images,
        users: people.users,
        offers: people.offers,
        watches: people.watches,
        views: people.views,
        inquiries: contact.inquiries,
        events: allEvents.length,
        auctions: auctions.live + auctions.ended,
        bids: auctions.bids,
      };
    });
    const result = { ...summary, ms: Math.round(performance.now() - started) };
    console.log(
      `Demo data loaded: ${result.vehicles} vehicles, ${result.images} photos, ${result.users} people, ` +
        `${result.offers} offers, ${result.auctions} auctions, ${result.inquiries} inquiries in ${(result.ms / 1000).toFixed(1)} s`,
    );
    return result;
  } catch (err) {
    await Promise.allSettled(written.values());
    await Promise.all([...written.keys()].map((id) => removeVehicleFolder(storage, id)));
    if (isUniqueViolation(err)) return undefined;
    throw err;
  } finally {
    await pool.dispose();
  }
}

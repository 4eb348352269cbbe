import type { Kysely } from 'kysely';
import type { VehicleInput } from '@vm/shared/vehicle';
import type { DB } from '../db/schema.ts';
import type { FileStorage } from '../features/images/local-storage.ts';
import { insertVehicle } from '../features/vehicles/vehicle-repository.ts';
import { setDefaultImage } from '../features/vehicles/vehicle-writes.ts';
import { newId } from '../lib/ids.ts';
import { DEMO_VEHICLES, demoTitle, demoVehicleInput } from './demo-catalogue.ts';
import type { DemoVehicle } from './demo-vehicle.ts';
import { maxPhotos, type Picture, type PhotoPool, photoPlan } from './demo-photos.ts';
import { type ActivityRow, activityAt, DAY_MS, HOUR_MS, insertInChunks, iso } from './demo-seed-rows.ts';

export interface VehiclePlan {
  demo: DemoVehicle;
  input: VehicleInput;
  title: string;
  createdMs: number;
  /** When a Sold vehicle was sold. */
  soldMs: number | undefined;
  photos: Picture[];
}

/**
 * Dates, inputs and galleries for every demo vehicle, relative to `now`. Listings spread over
 * the last five months so "newest first" means something; "new"-tagged cars are from the last
 * ten days. Everything derives from the catalogue index, so a run is repeatable.
 */
export function planVehicles(now: number): VehiclePlan[] {
  return DEMO_VEHICLES.map((demo, i) => {
    const days = demo.tags?.includes('new') ? 1 + (i % 9) : 14 + ((i * 53) % 150);
    const createdMs = now - days * DAY_MS - ((i * 7) % 10) * HOUR_MS;
    const soldMs = demo.status === 'Sold' ? Math.min(createdMs + (3 + (i % 10)) * DAY_MS, now - DAY_MS / 2) : undefined;
    const count = Math.min(3 + ((i * 5) % 6), maxPhotos(demo.silhouette));
    return {
      demo,
      input: demoVehicleInput(demo),
      title: demoTitle(demo),
      createdMs,
      soldMs,
      photos: photoPlan(demo.silhouette, demo.paint, count, i),
    };
  });
}

export interface SeededVehicle {
  id: string;
  plan: VehiclePlan;
}

/**
 * Inserts the vehicles with their tags, photo rows and dashboard events, and gives each photo
 * its files from the pool. `onVehicle` hears each new id at once, so a failure can remove the
 * folders already written.
 */
export async function insertDemoVehicles(
  db: Kysely<DB>,
  plans: readonly VehiclePlan[],
  pool: PhotoPool,
  storage: FileStorage,
  onVehicle: (id: string, files: Promise<unknown>) => void,
): Promise<{ vehicles: SeededVehicle[]; images: number; events: ActivityRow[] }> {
  const vehicles: SeededVehicle[] = [];
  const events: ActivityRow[] = [];
  const imageRows: DB['vehicle_images'][] = [];
  for (const plan of plans) {
    const id = await insertVehicle(db, plan.input, iso(plan.createdMs));
    const rows = plan.photos.map((picture, position) => ({
      id: newId(),
      vehicle_id: id,
      position,
      ...pool.size(picture),
      created_at: iso(plan.createdMs),
    }));
    onVehicle(id, Promise.all(rows.map((row, k) => pool.install(storage, id, row.id, plan.photos[k] as Picture))));
    imageRows.push(...rows);
    await setDefaultImage(db, id, rows[0]?.id ?? null, iso(plan.soldMs ?? plan.createdMs));
    vehicles.push({ id, plan });
    events.push(...vehicleEvents(id, plan));
  }
  await insertInChunks(db, 'vehicle_images', imageRows);
  return { vehicles, images: imageRows.length, events };
}

/** The events the admin routes would have recorded for this listing's life so far. */
function vehicleEvents(id: string, plan: VehiclePlan): ActivityRow[] {
  const { input, title, createdMs, soldMs } = plan;
  const events = [activityAt('vehicle_listed', id, `New vehicle listed: ${title}`, createdMs)];
  if (input.listingType === 'auction')
    events.push(activityAt('auction_started', id, `Auction started: ${title}`, createdMs + 60_000));
  if (soldMs !== undefined) {
    events.push(activityAt('vehicle_sold', id, `Vehicle sold: ${input.year} ${input.make} ${input.model}`, soldMs));
    if (input.listingType === 'auction')
      events.push(activityAt('auction_ended', id, `Auction ended (sold): ${title}`, soldMs));
  }
  return events;
}

import { type VehicleInputRaw, vehicleInputSchema } from '@vm/shared/vehicle';
import type { Database } from '../src/db/database.ts';
import { insertVehicle } from '../src/features/vehicles/vehicle-repository.ts';

let serial = 0;

/** A vehicle written straight to the database, so buyer tests do not depend on the admin routes. */
export async function createVehicle(
  database: Database,
  overrides: Partial<VehicleInputRaw> = {},
  createdAt?: string,
): Promise<{ id: string; slug: string; title: string }> {
  serial += 1;
  const input = vehicleInputSchema.parse({
    title: `1967 Test Roadster ${serial}`,
    year: 1967,
    make: 'Jaguar',
    model: 'E-Type',
    bodyType: 'Convertible',
    category: 'Classics',
    price: 85000,
    status: 'Available',
    ...overrides,
  });
  const id = await insertVehicle(database.db, input, createdAt);
  const row = await database.db
    .selectFrom('vehicles')
    .select(['slug', 'title'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, slug: row.slug, title: row.title };
}

export async function setVehicleStatus(database: Database, id: string, status: string): Promise<void> {
  await database.db.updateTable('vehicles').set({ status }).where('id', '=', id).execute();
}

export async function storedWatchCount(
  database: Database,
  vehicleId: string,
): Promise<{ stored: number; rows: number }> {
  const v = await database.db
    .selectFrom('vehicles')
    .select('watch_count')
    .where('id', '=', vehicleId)
    .executeTakeFirstOrThrow();
  const r = await database.db
    .selectFrom('watches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('vehicle_id', '=', vehicleId)
    .executeTakeFirstOrThrow();
  return { stored: Number(v.watch_count), rows: Number(r.n) };
}

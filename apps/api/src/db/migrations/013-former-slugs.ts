import type { Kysely } from 'kysely';

/**
 * The addresses a vehicle's page had before its title changed (docs/decisions/135-former-slugs.md):
 * a link shared, bookmarked or sent in an email before the change still finds the vehicle, by a
 * permanent redirect to its address now. A former slug belongs to one vehicle and goes with it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are typed Kysely<any> by design
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('vehicle_former_slugs')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('vehicle_id', 'text', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('vehicle_former_slugs_vehicle_id')
    .on('vehicle_former_slugs')
    .column('vehicle_id')
    .execute();
}

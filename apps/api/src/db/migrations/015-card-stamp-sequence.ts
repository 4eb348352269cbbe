import { type Kysely, sql } from 'kysely';

/**
 * SQLite: every card stamp from one sequence (docs/decisions/138-card-stamps.md). SQLite commits
 * one writer at a time, so the vehicles whose stamp is above the highest one a read saw are the
 * vehicles changed, added, archived or published again since: the catalogue snapshot reads only
 * those (catalogue-snapshots.ts). The sequence starts above every stamp migration 014 gave,
 * and the same triggers take their stamp from it; a new vehicle gets one too. PostgreSQL keeps one
 * counter per vehicle: a sequence there is not transactional, and its snapshot reads every row.
 */
const CARD_COLUMNS = [
  'slug, title, year, make, model, vin, price_cents, mileage, body_type, category, status',
  'listing_type, city, state, country, fuel_type, transmission, default_image_id, created_at',
].join(', ');

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed Kysely<any> by design
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect !== 'sqlite') return;
  await db.schema
    .createTable('card_versions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO card_versions (id, value) SELECT 1, coalesce(max(card_version), 0) FROM vehicles`.execute(db);
  await db.schema.createIndex('vehicles_card_version').on('vehicles').column('card_version').execute();
  const bumpOf = (vehicleId: string) =>
    `UPDATE card_versions SET value = value + 1 WHERE id = 1;
     UPDATE vehicles SET card_version = (SELECT value FROM card_versions WHERE id = 1) WHERE id = ${vehicleId};`;
  const triggers: [string, string, string][] = [
    // The bump sets no card column, so it fires none of these triggers again.
    ['vehicles_card_version_insert', 'AFTER INSERT ON vehicles', bumpOf('new.id')],
    ['vehicles_card_version', `AFTER UPDATE OF ${CARD_COLUMNS} ON vehicles`, bumpOf('new.id')],
  ];
  for (const table of ['vehicle_tags', 'vehicle_images']) {
    triggers.push(
      [`${table}_card_version_insert`, `AFTER INSERT ON ${table}`, bumpOf('new.vehicle_id')],
      [`${table}_card_version_delete`, `AFTER DELETE ON ${table}`, bumpOf('old.vehicle_id')],
      // A row moved to another vehicle changes both vehicles' cards.
      [
        `${table}_card_version_update`,
        `AFTER UPDATE ON ${table}`,
        `${bumpOf('old.vehicle_id')} ${bumpOf('new.vehicle_id')}`,
      ],
    );
  }
  for (const [name, event, bump] of triggers) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(name)}`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(name)} ${sql.raw(event)} BEGIN ${sql.raw(bump)} END`.execute(db);
  }
}

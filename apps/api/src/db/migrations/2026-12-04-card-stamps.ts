import { type Kysely, sql } from 'kysely';

/**
 * Each vehicle's card stamp (docs/decisions/138-card-stamps.md): `card_version`, bumped in the
 * same statement as every change its storefront card shows (a card column of the vehicle, a tag,
 * a photo). The catalogue keeps each card under its stamp, so a change to one vehicle makes only
 * that vehicle's card be read again, where a new catalogue version used to drop all of them.
 */
/** Every column a card shows (SUMMARY_COLUMNS but the id, vehicle-mapper.ts; a test checks the two agree). */
const CARD_COLUMNS = [
  'slug, title, year, make, model, vin, price_cents, mileage, body_type, category, status',
  'listing_type, city, state, country, fuel_type, transmission, default_image_id, created_at',
].join(', ');

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed Kysely<any> by design
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .alterTable('vehicles')
    .addColumn('card_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const bumpOf = (vehicleId: string) =>
    sql.raw(`UPDATE vehicles SET card_version = card_version + 1 WHERE id = ${vehicleId};`);

  if (dialect === 'sqlite') {
    // The bump sets no card column, so it fires none of these triggers again.
    await sql`CREATE TRIGGER vehicles_card_version AFTER UPDATE OF ${sql.raw(CARD_COLUMNS)} ON vehicles
      BEGIN ${bumpOf('new.id')} END`.execute(db);
    const children: [string, string, string][] = [
      ['vehicle_tags_card_version_insert', 'AFTER INSERT ON vehicle_tags', 'new.vehicle_id'],
      ['vehicle_tags_card_version_delete', 'AFTER DELETE ON vehicle_tags', 'old.vehicle_id'],
      ['vehicle_images_card_version_insert', 'AFTER INSERT ON vehicle_images', 'new.vehicle_id'],
      ['vehicle_images_card_version_delete', 'AFTER DELETE ON vehicle_images', 'old.vehicle_id'],
      ['vehicle_images_card_version_update', 'AFTER UPDATE ON vehicle_images', 'new.vehicle_id'],
    ];
    for (const [name, event, vehicleId] of children) {
      await sql`CREATE TRIGGER ${sql.raw(name)} ${sql.raw(event)} BEGIN ${bumpOf(vehicleId)} END`.execute(db);
    }
    return;
  }
  await sql`CREATE FUNCTION bump_own_card_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN NEW.card_version := OLD.card_version + 1; RETURN NEW; END $$`.execute(db);
  await sql`CREATE TRIGGER vehicles_card_version BEFORE UPDATE OF ${sql.raw(CARD_COLUMNS)} ON vehicles
    FOR EACH ROW EXECUTE FUNCTION bump_own_card_version()`.execute(db);
  // Per row, unlike the catalogue version's statement triggers: each row names its own vehicle.
  await sql`CREATE FUNCTION bump_card_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN ${bumpOf('OLD.vehicle_id')} ELSE ${bumpOf('NEW.vehicle_id')} END IF;
      RETURN NULL;
    END $$`.execute(db);
  for (const [name, table, events] of [
    ['vehicle_tags_card_version', 'vehicle_tags', 'INSERT OR DELETE'],
    ['vehicle_images_card_version', 'vehicle_images', 'INSERT OR DELETE OR UPDATE'],
  ] as const) {
    await sql`CREATE TRIGGER ${sql.raw(name)} AFTER ${sql.raw(events)} ON ${sql.raw(table)}
      FOR EACH ROW EXECUTE FUNCTION bump_card_version()`.execute(db);
  }
}

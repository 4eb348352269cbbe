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
  if (dialect === 'sqlite') {
    const bumpOf = (vehicleId: string) =>
      `UPDATE vehicles SET card_version = card_version + 1 WHERE id = ${vehicleId};`;
    // The bump sets no card column, so it fires none of these triggers again.
    await sql`CREATE TRIGGER vehicles_card_version AFTER UPDATE OF ${sql.raw(CARD_COLUMNS)} ON vehicles
      BEGIN ${sql.raw(bumpOf('new.id'))} END`.execute(db);
    for (const table of ['vehicle_tags', 'vehicle_images']) {
      // A row moved to another vehicle changes both vehicles' cards.
      const children: [string, string][] = [
        ['insert', bumpOf('new.vehicle_id')],
        ['delete', bumpOf('old.vehicle_id')],
        ['update', `${bumpOf('old.vehicle_id')} ${bumpOf('new.vehicle_id')}`],
      ];
      for (const [event, bump] of children) {
        await sql`CREATE TRIGGER ${sql.raw(`${table}_card_version_${event}`)} AFTER ${sql.raw(event.toUpperCase())}
          ON ${sql.raw(table)} BEGIN ${sql.raw(bump)} END`.execute(db);
      }
    }
    return;
  }
  await sql`CREATE FUNCTION bump_own_card_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN NEW.card_version := OLD.card_version + 1; RETURN NEW; END $$`.execute(db);
  await sql`CREATE TRIGGER vehicles_card_version BEFORE UPDATE OF ${sql.raw(CARD_COLUMNS)} ON vehicles
    FOR EACH ROW EXECUTE FUNCTION bump_own_card_version()`.execute(db);
  // Per statement, with the rows it wrote: each vehicle is updated once however many of its photos
  // or tags the statement wrote (one update a row rewrote the vehicle row each time: a catalogue
  // fill took three times as long). A row moved to another vehicle changes both vehicles' cards.
  await sql`CREATE FUNCTION bump_card_versions() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        UPDATE vehicles SET card_version = card_version + 1 WHERE id IN (SELECT vehicle_id FROM written);
      ELSIF TG_OP = 'DELETE' THEN
        UPDATE vehicles SET card_version = card_version + 1 WHERE id IN (SELECT vehicle_id FROM removed);
      ELSE
        UPDATE vehicles SET card_version = card_version + 1
          WHERE id IN (SELECT vehicle_id FROM written UNION SELECT vehicle_id FROM removed);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  // PostgreSQL takes the rows a statement wrote only on a trigger of one event.
  for (const table of ['vehicle_tags', 'vehicle_images']) {
    for (const [event, rows] of [
      ['insert', 'NEW TABLE AS written'],
      ['delete', 'OLD TABLE AS removed'],
      ['update', 'NEW TABLE AS written OLD TABLE AS removed'],
    ] as const) {
      await sql`CREATE TRIGGER ${sql.raw(`${table}_card_version_${event}`)} AFTER ${sql.raw(event.toUpperCase())}
        ON ${sql.raw(table)} REFERENCING ${sql.raw(rows)}
        FOR EACH STATEMENT EXECUTE FUNCTION bump_card_versions()`.execute(db);
    }
  }
}

import { type Kysely, sql } from 'kysely';

/**
 * Initial schema. Frozen: later changes go in new migrations. Written for both SQLite and
 * PostgreSQL; the few differences (bigint money, full-text search) are explicit below.
 * Timestamps are ISO-8601 UTC text, which sorts correctly on both.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are typed Kysely<any> by design
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const money = dialect === 'postgres' ? 'bigint' : 'integer';

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('profile_image', 'text')
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('zip_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notification_prefs', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_created_at').on('users').column('created_at').execute();
  await db.schema.createIndex('users_role').on('users').column('role').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();

  await db.schema
    .createTable('vehicles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('long_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('vin', 'text', (c) => c.notNull().defaultTo('UNKNOWN'))
    .addColumn('make', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mileage', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('body_type', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('price_cents', sql.raw(money), (c) => c.notNull().defaultTo(0))
    .addColumn('msrp_cents', sql.raw(money), (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('listing_type', 'text', (c) => c.notNull().defaultTo('listing'))
    .addColumn('section_exterior', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('section_interior', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('section_other', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('fuel_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('transmission', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('exterior_color', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('features', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('default_image_id', 'text')
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('watch_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Public search filters on status and sorts by one column; these serve each sort.
  await db.schema.createIndex('vehicles_status_created').on('vehicles').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('vehicles_status_price').on('vehicles').columns(['status', 'price_cents']).execute();
  await db.schema.createIndex('vehicles_status_year').on('vehicles').columns(['status', 'year']).execute();
  await db.schema.createIndex('vehicles_status_mileage').on('vehicles').columns(['status', 'mileage']).execute();
  await db.schema.createIndex('vehicles_make_model_year').on('vehicles').columns(['make', 'model', 'year']).execute();
  await db.schema.createIndex('vehicles_category').on('vehicles').columns(['category', 'created_at']).execute();
  await db.schema.createIndex('vehicles_listing_type').on('vehicles').columns(['listing_type', 'created_at']).execute();
  await db.schema.createIndex('vehicles_created').on('vehicles').column('created_at').execute();
  await db.schema.createIndex('vehicles_title').on('vehicles').column('title').execute();

  await db.schema
    .createTable('vehicle_tags')
    .addColumn('vehicle_id', 'text', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('vehicle_tags_pk', ['vehicle_id', 'tag'])
    .execute();
  await db.schema.createIndex('vehicle_tags_tag').on('vehicle_tags').columns(['tag', 'vehicle_id']).execute();

  await db.schema
    .createTable('vehicle_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('vehicle_id', 'text', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('vehicle_images_vehicle')
    .on('vehicle_images')
    .columns(['vehicle_id', 'position'])
    .execute();

  await db.schema
    .createTable('watches')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('vehicle_id', 'text', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('watches_pk', ['user_id', 'vehicle_id'])
    .execute();
  await db.schema.createIndex('watches_vehicle').on('watches').column('vehicle_id').execute();

  await db.schema
    .createTable('vehicle_views')
    .addColumn('vehicle_id', 'text', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('vehicle_views_pk', ['vehicle_id', 'fingerprint'])
    .execute();

  await db.schema
    .createTable('offers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('vehicle_id', 'text', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount_cents', sql.raw(money), (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('response_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('offers_one_per_buyer', ['user_id', 'vehicle_id'])
    .execute();
  await db.schema.createIndex('offers_vehicle').on('offers').column('vehicle_id').execute();
  await db.schema.createIndex('offers_created').on('offers').column('created_at').execute();
  await db.schema.createIndex('offers_status').on('offers').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('contact_inquiries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('priority', 'text', (c) => c.notNull().defaultTo('medium'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contacts_created').on('contact_inquiries').column('created_at').execute();
  await db.schema.createIndex('contacts_status').on('contact_inquiries').columns(['status', 'created_at']).execute();
  await db.schema
    .createIndex('contacts_priority')
    .on('contact_inquiries')
    .columns(['priority', 'created_at'])
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('page_visits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('page', 'text', (c) => c.notNull())
    .addColumn('referrer', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('activity_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('activity_created').on('activity_events').column('created_at').execute();

  if (dialect === 'sqlite') {
    // External-content FTS5 index kept in step with vehicles by triggers.
    await sql`CREATE VIRTUAL TABLE vehicles_fts USING fts5(
      title, make, model, description, content='vehicles', content_rowid='rowid',
      tokenize='unicode61 remove_diacritics 2')`.execute(db);
    await sql`CREATE TRIGGER vehicles_fts_ai AFTER INSERT ON vehicles BEGIN
      INSERT INTO vehicles_fts(rowid, title, make, model, description)
      VALUES (new.rowid, new.title, new.make, new.model, new.description); END`.execute(db);
    await sql`CREATE TRIGGER vehicles_fts_ad AFTER DELETE ON vehicles BEGIN
      INSERT INTO vehicles_fts(vehicles_fts, rowid, title, make, model, description)
      VALUES ('delete', old.rowid, old.title, old.make, old.model, old.description); END`.execute(db);
    await sql`CREATE TRIGGER vehicles_fts_au AFTER UPDATE OF title, make, model, description ON vehicles BEGIN
      INSERT INTO vehicles_fts(vehicles_fts, rowid, title, make, model, description)
      VALUES ('delete', old.rowid, old.title, old.make, old.model, old.description);
      INSERT INTO vehicles_fts(rowid, title, make, model, description)
      VALUES (new.rowid, new.title, new.make, new.model, new.description); END`.execute(db);
  } else {
    await sql`ALTER TABLE vehicles ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(make, '') || ' ' || coalesce(model, '')), 'A') ||
      setweight(to_tsvector('english', coalesce(description, '')), 'B')) STORED`.execute(db);
    await sql`CREATE INDEX vehicles_search ON vehicles USING gin (search_vector)`.execute(db);
  }
}

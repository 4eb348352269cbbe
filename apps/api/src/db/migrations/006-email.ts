import { type Kysely, sql } from 'kysely';

/**
 * Email and saved searches (issue #16, docs/decisions/114-email-outbox.md and
 * 115-saved-searches.md). Named for the day after the token-version migration so that it sorts
 * after it, as Kysely requires of a new migration.
 *
 * - email_outbox: every email, written in the transaction of the change that causes it and
 *   delivered by the outbox sender, which claims a row (claim_token, claimed_until) before it
 *   sends, so two instances never send one row twice.
 * - password_reset_tokens: only the SHA-256 of each token is kept; single use, one hour.
 * - saved_searches and saved_search_alerts: a buyer's saved filters, and which vehicle was
 *   already announced for which search (at most once per search and vehicle).
 * - vehicles.published_at: when the vehicle last became public (created public, or taken out of
 *   Archived); saved-search alerts announce vehicles published after the search last looked.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are typed Kysely<any> by design
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claim_token', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('email_outbox_due').on('email_outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('email_outbox_created').on('email_outbox').column('created_at').execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_reset_tokens_user').on('password_reset_tokens').column('user_id').execute();

  await db.schema
    .createTable('saved_searches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('filters', 'text', (c) => c.notNull())
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('checked_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saved_searches_user').on('saved_searches').column('user_id').execute();

  await db.schema
    .createTable('saved_search_alerts')
    .addColumn('saved_search_id', 'text', (c) => c.notNull().references('saved_searches.id').onDelete('cascade'))
    .addColumn('vehicle_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('saved_search_alerts_pk', ['saved_search_id', 'vehicle_id'])
    .execute();

  await db.schema.alterTable('vehicles').addColumn('published_at', 'text').execute();
  await sql`update vehicles set published_at = created_at where status <> 'Archived'`.execute(db);
  await db.schema.createIndex('vehicles_published_at').on('vehicles').column('published_at').execute();
}

import type { Kysely } from 'kysely';

/**
 * Rate-limit counters shared by every instance on PostgreSQL (issue #19,
 * docs/decisions/128-shared-state.md): one row per limiter key, counting until `expires_at`
 * (milliseconds since the epoch, by the database's clock). Created on SQLite too so both schemas
 * stay alike; SQLite counts in memory (one instance).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are typed Kysely<any> by design
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_expires_at').on('rate_limits').column('expires_at').execute();
}

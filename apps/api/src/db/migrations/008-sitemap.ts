import { type Kysely, sql } from 'kysely';

/**
 * The sitemap's read of every public vehicle (docs/decisions/119-page-heads-and-sitemap.md): its
 * keyset pages by id need the slug and update time of each, and without this index every row
 * was a lookup into the table's wide rows (about 0.7 s for 100,000 vehicles on SQLite). Partial
 * over the public vehicles, with the condition the query states verbatim, and ending with
 * `status` so both databases answer from the index alone (as migration 002-public-search).
 * The same statement on SQLite and PostgreSQL.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are typed Kysely<any> by design
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('vehicles_public_sitemap')
    .on('vehicles')
    .columns(['id', 'slug', 'updated_at', 'status'])
    .where(sql<boolean>`status <> 'Archived'`)
    .execute();
}

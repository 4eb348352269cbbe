import { type Kysely, sql } from 'kysely';

/**
 * A tag row rewritten in place (its tag, or the vehicle it belongs to) moves the catalogue
 * version, as adding or removing one does (migration 002-public-search). Its card stamp
 * moved already (migration 014-card-stamps); without the version, the catalogue kept its
 * snapshot and answers, and a search by tag kept finding the old tag.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are typed Kysely<any> by design
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`CREATE TRIGGER catalogue_version_tag_update AFTER UPDATE ON vehicle_tags
      BEGIN UPDATE catalogue_version SET version = version + 1 WHERE id = 1; END`.execute(db);
    return;
  }
  await sql`DROP TRIGGER catalogue_version_tag_write ON vehicle_tags`.execute(db);
  await sql`CREATE TRIGGER catalogue_version_tag_write AFTER INSERT OR DELETE OR UPDATE ON vehicle_tags
    FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()`.execute(db);
}

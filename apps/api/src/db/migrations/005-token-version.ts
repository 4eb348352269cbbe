import type { Kysely } from 'kysely';

/**
 * users.token_version: the version every access token of the user must carry
 * (docs/decisions/111-token-version-and-login-limits.md). Logging out and changing the password
 * add one, so the access tokens signed before stop working at once instead of living out their
 * 15 minutes. Existing rows start at 0. The same statement on SQLite and PostgreSQL.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are typed Kysely<any> by design
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

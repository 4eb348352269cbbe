import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The cheapest round trip to the database; throws when it cannot be reached. */
export async function selectOne(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}

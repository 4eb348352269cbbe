import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { selectOne } from './health-repository.ts';

/** Whether the database answers right now. */
export async function databaseIsUp(db: Kysely<DB>): Promise<boolean> {
  try {
    await selectOne(db);
    return true;
  } catch {
    return false;
  }
}

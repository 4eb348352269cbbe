import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';

export async function insertPageVisit(
  db: Kysely<DB>,
  visit: { page: string; referrer: string; userId: string | null },
): Promise<void> {
  await db
    .insertInto('page_visits')
    .values({ id: newId(), page: visit.page, referrer: visit.referrer, user_id: visit.userId, created_at: nowIso() })
    .execute();
}

import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { insertPageVisit } from './page-visit-repository.ts';

/**
 * Records one storefront page visit, with the user when the caller is signed in
 * (docs/decisions/015-page-visits.md).
 */
export async function recordPageVisit(
  db: Kysely<DB>,
  visit: { page: string; referrer: string; userId: string | null },
): Promise<void> {
  await insertPageVisit(db, visit);
}

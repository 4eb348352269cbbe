import type { Kysely } from 'kysely';
import {
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_MESSAGES,
  type SavedSearch,
  type SavedSearchBody,
  type SavedSearchList,
  type SavedSearchPatch,
} from '@vm/shared/saved-search';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { parseNotificationPrefs } from '../../lib/notification-prefs.ts';
import { toSavedSearch } from './saved-search-mapper.ts';
import {
  countSavedSearches,
  deleteSavedSearch,
  findSavedSearchRow,
  insertSavedSearch,
  listSavedSearchRows,
  lockUserPrefs,
  updateSavedSearch,
  writeUserPrefs,
} from './saved-search-repository.ts';

/** A buyer's saved searches (docs/product-rules.md#saved-searches): each user sees and changes only their own. */
export async function listSavedSearches(db: Kysely<DB>, userId: string): Promise<SavedSearchList> {
  const rows = await listSavedSearchRows(db, userId);
  return { savedSearches: rows.map(toSavedSearch), max: MAX_SAVED_SEARCHES };
}

async function readOwn(db: Kysely<DB>, userId: string, id: string): Promise<SavedSearch> {
  const row = await findSavedSearchRow(db, userId, id);
  if (!row) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
  return toSavedSearch(row);
}

/**
 * Saves a search. In one transaction: the user's row is locked, their searches counted (at most
 * MAX_SAVED_SEARCHES, so two saves at once cannot both pass at 24), the search inserted with
 * checked_at = now (vehicles already listed are not announced), and the newMatches preference
 * turned on: saving with a frequency asks for the alerts (docs/decisions/115-saved-searches.md).
 */
export async function createSavedSearch(
  db: Kysely<DB>,
  dialect: Dialect,
  userId: string,
  body: SavedSearchBody,
): Promise<SavedSearch> {
  const id = await db.transaction().execute(async (trx) => {
    const prefsJson = await lockUserPrefs(trx, dialect, userId);
    if (prefsJson === undefined) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
    if ((await countSavedSearches(trx, userId)) >= MAX_SAVED_SEARCHES)
      throw badRequest(SAVED_SEARCH_MESSAGES.tooMany, 'name');
    const newId = await insertSavedSearch(trx, {
      userId,
      name: body.name,
      filters: JSON.stringify(body.filters),
      frequency: body.frequency,
    });
    const prefs = parseNotificationPrefs(prefsJson);
    if (!prefs.newMatches) await writeUserPrefs(trx, userId, JSON.stringify({ ...prefs, newMatches: true }));
    return newId;
  });
  return readOwn(db, userId, id);
}

/** Renames a search, changes its filters or its frequency; another user's search is a 404. */
export async function changeSavedSearch(
  db: Kysely<DB>,
  userId: string,
  id: string,
  patch: SavedSearchPatch,
): Promise<SavedSearch> {
  const changed = await updateSavedSearch(db, userId, id, {
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.filters !== undefined ? { filters: JSON.stringify(patch.filters) } : {}),
    ...(patch.frequency !== undefined ? { frequency: patch.frequency } : {}),
  });
  if (changed === 0) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
  return readOwn(db, userId, id);
}

/** Deletes a search and its alert history (the foreign key cascades); another user's is a 404. */
export async function removeSavedSearch(db: Kysely<DB>, userId: string, id: string): Promise<void> {
  if ((await deleteSavedSearch(db, userId, id)) === 0) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
}

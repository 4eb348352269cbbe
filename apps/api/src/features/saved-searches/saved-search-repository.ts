import type { Kysely, Selectable } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB, SavedSearchesTable } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';

/** Saved searches and their alerts (docs/decisions/115-saved-searches.md). */
export type SavedSearchRow = Selectable<SavedSearchesTable>;

export async function listSavedSearchRows(db: Kysely<DB>, userId: string): Promise<SavedSearchRow[]> {
  return db
    .selectFrom('saved_searches')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The user's saved search with this id; another user's is not found. */
export async function findSavedSearchRow(
  db: Kysely<DB>,
  userId: string,
  id: string,
): Promise<SavedSearchRow | undefined> {
  return db
    .selectFrom('saved_searches')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function countSavedSearches(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('saved_searches')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface NewSavedSearch {
  userId: string;
  name: string;
  filters: string;
  frequency: string;
}

/** Inserts a saved search that has looked at nothing published before now. */
export async function insertSavedSearch(db: Kysely<DB>, search: NewSavedSearch): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db
    .insertInto('saved_searches')
    .values({
      id,
      user_id: search.userId,
      name: search.name,
      filters: search.filters,
      frequency: search.frequency,
      checked_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function updateSavedSearch(
  db: Kysely<DB>,
  userId: string,
  id: string,
  changes: Partial<Pick<SavedSearchesTable, 'name' | 'filters' | 'frequency'>>,
): Promise<number> {
  const result = await db
    .updateTable('saved_searches')
    .set({ ...changes, updated_at: nowIso() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteSavedSearch(db: Kysely<DB>, userId: string, id: string): Promise<number> {
  const result = await db
    .deleteFrom('saved_searches')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The user's stored notification preferences, the row locked until the transaction ends: two
 * saves of one user then run one after the other, so the count of their saved searches cannot
 * pass the limit between the check and the insert. PostgreSQL: SELECT ... FOR UPDATE. SQLite has
 * no row locks: the app holds its one connection for the whole transaction, so nothing runs
 * between (as in auth/user-repository.ts, lockActiveSuperAdmins).
 */
export async function lockUserPrefs(trx: Kysely<DB>, dialect: Dialect, userId: string): Promise<string | undefined> {
  const q = trx.selectFrom('users').select('notification_prefs').where('id', '=', userId);
  const row = await (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
  return row?.notification_prefs;
}

export async function writeUserPrefs(db: Kysely<DB>, userId: string, prefsJson: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ notification_prefs: prefsJson, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
}

// The alert job's reads and writes (saved-search-alerts.ts).

/** The earliest time a saved search of this frequency last looked, undefined without any. */
export async function oldestCheck(db: Kysely<DB>, frequency: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('saved_searches')
    .select((eb) => eb.fn.min('checked_at').as('oldest'))
    .where('frequency', '=', frequency)
    .executeTakeFirst();
  return row?.oldest ?? undefined;
}

export interface PublishedVehicle {
  id: string;
  published_at: string;
}

/**
 * Available vehicles published after `after` and at or before `until`, newest first: through the
 * index on published_at, so only the newly published are read whatever the catalogue's size.
 */
export async function publishedBetween(db: Kysely<DB>, after: string, until: string): Promise<PublishedVehicle[]> {
  const rows = await db
    .selectFrom('vehicles')
    .select(['id', 'published_at'])
    .where('published_at', '>', after)
    .where('published_at', '<=', until)
    .where('status', '=', 'Available')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.id, published_at: r.published_at as string }));
}

export interface DueSearchRow extends SavedSearchRow {
  email: string;
  first_name: string;
  notification_prefs: string;
  is_active: number;
  deleted_at: string | null;
}

/** Saved searches of this frequency that last looked before `before`, with their owner. */
export async function searchesCheckedBefore(
  db: Kysely<DB>,
  frequency: string,
  before: string,
): Promise<DueSearchRow[]> {
  return db
    .selectFrom('saved_searches')
    .innerJoin('users', 'users.id', 'saved_searches.user_id')
    .selectAll('saved_searches')
    .select(['users.email', 'users.first_name', 'users.notification_prefs', 'users.is_active', 'users.deleted_at'])
    .where('saved_searches.frequency', '=', frequency)
    .where('saved_searches.checked_at', '<', before)
    .orderBy('saved_searches.id')
    .execute();
}

/** Which of these (search, vehicle) pairs were announced already, as "searchId vehicleId". */
export async function alertedAmong(
  db: Kysely<DB>,
  searchIds: readonly string[],
  vehicleIds: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  if (vehicleIds.length === 0) return found;
  for (const ids of chunks(searchIds, CHUNK)) {
    const rows = await db
      .selectFrom('saved_search_alerts')
      .select(['saved_search_id', 'vehicle_id'])
      .where('saved_search_id', 'in', ids)
      .where('vehicle_id', 'in', [...vehicleIds])
      .execute();
    for (const r of rows) found.add(`${r.saved_search_id} ${r.vehicle_id}`);
  }
  return found;
}

/** The searches looked at up to `at`. */
export async function advanceChecks(db: Kysely<DB>, ids: readonly string[], at: string): Promise<void> {
  for (const part of chunks(ids, CHUNK)) {
    await db
      .updateTable('saved_searches')
      .set({ checked_at: at })
      .where('id', 'in', part)
      .where('checked_at', '<', at)
      .execute();
  }
}

/** Ids per statement: far below the bound parameters either database takes. */
const CHUNK = 500;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Records that these vehicles were announced for the search; returns those not announced
 * before (the primary key keeps one row per search and vehicle).
 */
export async function insertAlerts(
  db: Kysely<DB>,
  searchId: string,
  vehicleIds: readonly string[],
  now: string,
): Promise<string[]> {
  if (vehicleIds.length === 0) return [];
  const rows = await db
    .insertInto('saved_search_alerts')
    .values(vehicleIds.map((vehicle_id) => ({ saved_search_id: searchId, vehicle_id, created_at: now })))
    .onConflict((oc) => oc.columns(['saved_search_id', 'vehicle_id']).doNothing())
    .returning('vehicle_id')
    .execute();
  return rows.map((r) => r.vehicle_id);
}

import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { SortOrder } from '@vm/shared/common';
import type { USER_SORT_FIELDS } from '@vm/shared/constants';
import type { DB } from '../../db/schema.ts';
import { ilike } from '../../db/text-match.ts';
import { subtractWatcherFromCounts } from '../vehicles/vehicle-writes.ts';
import type { UserRow } from '../auth/user-repository.ts';

export interface UserListFilters {
  search: string | undefined;
  role: string | undefined;
  /** true: active only, false: inactive only, undefined: both. */
  isActive: boolean | undefined;
  sortBy: (typeof USER_SORT_FIELDS)[number];
  sortOrder: SortOrder;
  page: number;
  limit: number;
}

const SEARCH_COLUMNS = ['users.first_name', 'users.last_name', 'users.email', 'users.username'] as const;

function searchWords(search: string | undefined): string[] {
  return (search ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
}

function matching(filters: UserListFilters) {
  return (eb: ExpressionBuilder<DB, 'users'>) => {
    // Deleted (anonymised) accounts are kept for history but never listed.
    const conditions = [eb('users.deleted_at', 'is', null)];
    // Every word of the search must appear in one of the name, email or username columns,
    // so "Ann Lee" finds Ann Lee although no single column holds both words.
    for (const word of searchWords(filters.search)) {
      conditions.push(eb.or(SEARCH_COLUMNS.map((column) => ilike(column, word))));
    }
    if (filters.role) conditions.push(eb(sql`lower(users.role)`, '=', filters.role.toLowerCase()));
    if (filters.isActive !== undefined) conditions.push(eb('users.is_active', '=', filters.isActive ? 1 : 0));
    return eb.and(conditions);
  };
}

/** One page of users with the total that match, in the requested order (id breaks ties). */
export async function listUsers(db: Kysely<DB>, filters: UserListFilters): Promise<{ rows: UserRow[]; total: number }> {
  const where = matching(filters);
  const countRow = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(where)
    .executeTakeFirstOrThrow();
  const dir = filters.sortOrder;
  let q = db.selectFrom('users').selectAll().where(where);
  switch (filters.sortBy) {
    case 'name':
      q = q.orderBy(sql`lower(users.first_name)`, dir).orderBy(sql`lower(users.last_name)`, dir);
      break;
    case 'email':
      q = q.orderBy('users.email', dir);
      break;
    case 'role':
      q = q.orderBy(sql`lower(users.role)`, dir);
      break;
    case 'status':
      // Ascending follows the labels: Active before Inactive.
      q = q.orderBy('users.is_active', dir === 'asc' ? 'desc' : 'asc');
      break;
    case 'createdAt':
      q = q.orderBy('users.created_at', dir);
      break;
  }
  const rows = await q
    .orderBy('users.id', dir)
    .limit(filters.limit)
    .offset((filters.page - 1) * filters.limit)
    .execute();
  return { rows, total: Number(countRow.n) };
}

/**
 * Removes a user and everything that hangs off them (watches, offers, refresh tokens cascade).
 * The watch counts of the vehicles they watched drop by one first, in the caller's transaction.
 */
export async function deleteUserCascade(trx: Kysely<DB>, userId: string): Promise<boolean> {
  await subtractWatcherFromCounts(trx, userId);
  const result = await trx
    .deleteFrom('users')
    .where('users.id', '=', userId)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

import type { Kysely } from 'kysely';
import type { SortOrder } from '@vm/shared/common';
import { isSuperAdminRole, type USER_SORT_FIELDS } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import { totalPages } from '@vm/shared/pagination';
import type { CreateUserBody, User } from '@vm/shared/user';
import type { VehicleSummary } from '@vm/shared/vehicle';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../lib/http-errors.ts';
import { isUniqueViolation } from '../../plugins/errors.ts';
import { erasePersonFromActivity } from '../activity/activity-erasure.ts';
import { recordActivity } from '../activity/activity-repository.ts';
import { issueResetLink } from '../auth/password-reset-service.ts';
import { hashPassword } from '../auth/passwords.ts';
import { toUser } from '../auth/user-mapper.ts';
import { findUserByEmail, findUserById, insertUser, lockActiveSuperAdmins } from '../auth/user-repository.ts';
import { toSummaries } from '../vehicles/vehicle-repository.ts';
import { listWatchedVehicles } from '../watch/watch-repository.ts';
import { deleteUserCascade, listUsers } from './admin-user-repository.ts';
import { checkSuperAdminRule } from './user-service.ts';

const USER_NOT_FOUND = 'User not found';

/** The admin acting: SuperAdmin accounts are theirs to create and delete only when they are one. */
export interface StaffMember {
  id: string;
  isSuperAdmin: boolean;
}

/** The list query as the admin users screen sends it. */
export interface UserListQuery {
  search: string | undefined;
  role: string | undefined;
  status?: string | undefined;
  sortBy: (typeof USER_SORT_FIELDS)[number];
  sortOrder: SortOrder;
  page: number;
  limit: number;
}

/** One page of users: role `All` means every role, status `All` both (docs/decisions/040-admin-user-management.md). */
export async function userListPage(
  db: Kysely<DB>,
  q: UserListQuery,
): Promise<{ users: User[]; totalUsers: number; totalPages: number; page: number }> {
  const status = q.status?.toLowerCase();
  const { rows, total } = await listUsers(db, {
    search: q.search,
    role: q.role && q.role.toLowerCase() !== 'all' ? q.role : undefined,
    isActive: status === 'active' ? true : status === 'inactive' ? false : undefined,
    sortBy: q.sortBy,
    sortOrder: q.sortOrder,
    page: q.page,
    limit: q.limit,
  });
  return { users: rows.map(toUser), totalUsers: total, totalPages: totalPages(total, q.limit), page: q.page };
}

/** Creates an account with its dashboard event; only a SuperAdmin creates a SuperAdmin. */
export async function createUser(db: Kysely<DB>, creator: StaffMember, body: CreateUserBody): Promise<User> {
  if (isSuperAdminRole(body.role) && !creator.isSuperAdmin) throw forbidden(MSG.superAdminOnly);
  if (await findUserByEmail(db, body.email)) throw conflict(MSG.emailTaken);
  const passwordHash = await hashPassword(body.password);
  try {
    const row = await db.transaction().execute(async (trx) => {
      const created = await insertUser(trx, { ...body, passwordHash });
      await recordActivity(
        trx,
        'user_registration',
        created.id,
        `${created.first_name} ${created.last_name} was added by an admin`,
      );
      return created;
    });
    return toUser(row);
  } catch (err) {
    // Two admins creating the same email at once: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(MSG.emailTaken);
    throw err;
  }
}

/**
 * Deletes an account for good, with what hangs off it, in one transaction
 * (docs/decisions/040-admin-user-management.md): never yourself, a SuperAdmin only by a
 * SuperAdmin, and never the last active SuperAdmin. The dashboard's activity stops naming the
 * person (docs/decisions/122-people-rules.md). The SuperAdmin rule is checked again inside
 * the transaction with the SuperAdmin rows locked, so two SuperAdmins deleting each other at
 * once cannot both succeed (issue #21).
 */
export async function deleteUser(db: Kysely<DB>, dialect: Dialect, deleter: StaffMember, id: string): Promise<void> {
  if (id === deleter.id) throw conflict(MSG.cannotDeleteSelf);
  const target = await findUserById(db, id);
  if (!target) throw notFound(USER_NOT_FOUND);
  if (isSuperAdminRole(target.role) && !deleter.isSuperAdmin) throw forbidden(MSG.superAdminOnly);
  const deleted = await db.transaction().execute(async (trx) => {
    const superAdmins = await lockActiveSuperAdmins(trx, dialect);
    const current = await findUserById(trx, id);
    if (!current) return false;
    const isSuperAdmin = isSuperAdminRole(current.role);
    checkSuperAdminRule(superAdmins, deleter.id, {
      id,
      touchesSuperAdmin: isSuperAdmin,
      losesSuperAdmin: isSuperAdmin,
    });
    // Before the cascade: the events of the person's offers are found through the offers.
    await erasePersonFromActivity(trx, current);
    return deleteUserCascade(trx, id);
  });
  if (!deleted) throw notFound(USER_NOT_FOUND);
}

/**
 * Staff help someone who forgot their password: the same reset email as the forgotten-password
 * request, with the same link rules (docs/decisions/116-password-reset.md), sent to the account's
 * own email. A SuperAdmin's only by a SuperAdmin (403), as for every other change to one; an
 * inactive account could not use the link, so it gets none (409)
 * (docs/decisions/122-people-rules.md).
 */
export async function sendPasswordResetLink(
  db: Kysely<DB>,
  publicUrl: string,
  sender: StaffMember,
  id: string,
): Promise<{ message: string }> {
  const email = await db.transaction().execute(async (trx) => {
    const target = await findUserById(trx, id);
    if (!target) throw notFound(USER_NOT_FOUND);
    if (isSuperAdminRole(target.role) && !sender.isSuperAdmin) throw forbidden(MSG.superAdminOnly);
    if (target.is_active !== 1) throw conflict(MSG.resetLinkNeedsActiveAccount);
    await issueResetLink(trx, publicUrl, target);
    return target.email;
  });
  return { message: MSG.resetLinkSent(email) };
}

/** Everything a user watches, archived vehicles included: staff looking at a customer see it all. */
export async function watchlistOfUser(db: Kysely<DB>, id: string): Promise<VehicleSummary[]> {
  const target = await findUserById(db, id);
  if (!target) throw notFound(USER_NOT_FOUND);
  return toSummaries(db, await listWatchedVehicles(db, target.id, { includeArchived: true }));
}

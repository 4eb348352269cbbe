import type { Kysely, Updateable } from 'kysely';
import { isSuperAdminRole, USER_ROLES } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import type { NotificationPrefs, UpdateUserBody, User } from '@vm/shared/user';
import type { Dialect } from '../../db/database.ts';
import type { DB, UsersTable } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors.ts';
import { nowIso } from '../../lib/time.ts';
import { isUniqueViolation } from '../../plugins/errors.ts';
import { revokeUserTokens } from '../auth/refresh-tokens.ts';
import { toUser } from '../auth/user-mapper.ts';
import { findUserByEmail, findUserById, lockActiveSuperAdmins, updateUserColumns } from '../auth/user-repository.ts';

const USER_NOT_FOUND = 'User not found';

/** The signed-in user acting on a profile (their own, or anyone's when an admin). */
export interface ProfileEditor {
  id: string;
  isAdmin: boolean;
  isSuperAdmin: boolean;
}

export async function readUser(db: Kysely<DB>, id: string): Promise<User> {
  const row = await findUserById(db, id);
  if (!row) throw notFound(USER_NOT_FOUND);
  return toUser(row);
}

/**
 * The SuperAdmin rule of a change to an account's role, status or existence, checked inside the
 * writing transaction once the SuperAdmin rows are locked (lockActiveSuperAdmins): the last
 * active SuperAdmin is never removed (409), and only a SuperAdmin, still one at this moment,
 * touches a SuperAdmin (403). Checked in that order, so of two SuperAdmins removing each other at
 * once the second gets the 409 (issue #21, docs/product-rules.md#accounts).
 */
export function checkSuperAdminRule(
  activeSuperAdmins: readonly string[],
  actorId: string,
  target: { id: string; touchesSuperAdmin: boolean; losesSuperAdmin: boolean },
): void {
  const losesOne = target.losesSuperAdmin && activeSuperAdmins.includes(target.id);
  if (losesOne && activeSuperAdmins.every((id) => id === target.id)) throw conflict(MSG.lastSuperAdmin);
  if (target.touchesSuperAdmin && !activeSuperAdmins.includes(actorId)) throw forbidden(MSG.superAdminOnly);
}

/**
 * What a role and status sent by an admin change on the account, if anything. A role equal to the
 * stored one without case is no change, so a legacy spelling (CallerAdmin, superadmin) is kept as
 * it is; a legacy spelling that is not the stored role is refused (400), as the forms never offer
 * one (docs/decisions/122-people-rules.md).
 */
function standingChanges(
  target: { role: string; is_active: number },
  body: Pick<UpdateUserBody, 'role' | 'isActive'>,
): { role?: string; isActive?: boolean } {
  const out: { role?: string; isActive?: boolean } = {};
  if (body.role !== undefined && body.role.toLowerCase() !== target.role.toLowerCase()) {
    if (!(USER_ROLES as readonly string[]).includes(body.role)) throw badRequest(MSG.chooseRole, 'role');
    out.role = body.role;
  }
  if (body.isActive !== undefined && body.isActive !== (target.is_active === 1)) out.isActive = body.isActive;
  return out;
}

/**
 * Saves a profile. Everyone may change the profile fields; email, role and status are admin
 * fields, and a buyer's attempt to send them is ignored. Only a SuperAdmin touches a SuperAdmin
 * account or grants the role, and the last active SuperAdmin can neither be demoted nor
 * deactivated (docs/decisions/040-admin-user-management.md). Nobody changes their own role or
 * status (409, docs/decisions/122-people-rules.md): an admin cannot lock themselves out. A
 * deactivated account's sessions end at once.
 */
export async function updateProfile(
  db: Kysely<DB>,
  dialect: Dialect,
  editor: ProfileEditor,
  id: string,
  body: UpdateUserBody,
): Promise<{ user: User; message: string }> {
  const target = await findUserById(db, id);
  if (!target) throw notFound(USER_NOT_FOUND);

  const changes: Updateable<UsersTable> = {
    first_name: body.firstName,
    last_name: body.lastName,
    updated_at: nowIso(),
  };
  if (body.phone !== undefined) changes.phone = body.phone;
  if (body.address !== undefined) changes.address = body.address;
  if (body.city !== undefined) changes.city = body.city;
  if (body.state !== undefined) changes.state = body.state;
  if (body.zipCode !== undefined) changes.zip_code = body.zipCode;
  if (body.notificationPrefs !== undefined) changes.notification_prefs = JSON.stringify(body.notificationPrefs);

  // Role and status changes are checked again in the transaction, on the rows as they are then.
  const standing = editor.isAdmin ? standingChanges(target, body) : {};
  const changesStanding = standing.role !== undefined || standing.isActive !== undefined;
  if (editor.isAdmin) {
    // The quick refusal, on the rows as this request first read them.
    const touchesSuperAdmin = isSuperAdminRole(target.role) || isSuperAdminRole(standing.role);
    if (touchesSuperAdmin && !editor.isSuperAdmin) throw forbidden(MSG.superAdminOnly);
    if (changesStanding && id === editor.id) throw conflict(MSG.cannotChangeOwnStanding);
    if (body.email !== undefined && body.email.toLowerCase() !== target.email) {
      if (await findUserByEmail(db, body.email)) throw conflict(MSG.emailTaken);
      changes.email = body.email.toLowerCase();
    }
    if (standing.role !== undefined) changes.role = standing.role;
    if (standing.isActive !== undefined) changes.is_active = standing.isActive ? 1 : 0;
  }
  try {
    await db.transaction().execute(async (trx) => {
      if (changesStanding) {
        const superAdmins = await lockActiveSuperAdmins(trx, dialect);
        const current = await findUserById(trx, id);
        if (!current) throw notFound(USER_NOT_FOUND);
        checkSuperAdminRule(superAdmins, editor.id, {
          id,
          touchesSuperAdmin: isSuperAdminRole(current.role) || isSuperAdminRole(standing.role),
          losesSuperAdmin:
            (standing.role !== undefined && !isSuperAdminRole(standing.role)) || standing.isActive === false,
        });
      }
      await updateUserColumns(trx, id, changes);
      if (changes.is_active === 0) await revokeUserTokens(trx, id);
    });
  } catch (err) {
    // Two admins giving the same email at once: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(MSG.emailTaken);
    throw err;
  }
  return { user: await readUser(db, id), message: 'Profile updated successfully!' };
}

/**
 * The accounts an email's unsubscribe link acts on (UnsubscribeAccounts of
 * features/email/unsubscribe-service.ts, private to its folder; routes.ts hands this over):
 * turning a preference off there is a change of the account, as a profile save is.
 */
export const unsubscribeAccounts = {
  find: findUserById,
  savePrefs: (trx: Kysely<DB>, userId: string, prefs: NotificationPrefs) =>
    updateUserColumns(trx, userId, { notification_prefs: JSON.stringify(prefs), updated_at: nowIso() }),
};

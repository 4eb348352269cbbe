import type { Kysely, Updateable } from 'kysely';
import { isSuperAdminRole } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import type { UpdateUserBody, User } from '@vm/shared/user';
import type { DB, UsersTable } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../lib/http-errors.ts';
import { nowIso } from '../../lib/time.ts';
import { isUniqueViolation } from '../../plugins/errors.ts';
import { revokeUserTokens } from '../auth/refresh-tokens.ts';
import { toUser } from './user-mapper.ts';
import { countActiveSuperAdmins, findUserByEmail, findUserById, updateUserColumns } from './user-repository.ts';

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
 * Saves a profile. Everyone may change the profile fields; email, role and status are admin
 * fields, and a buyer's attempt to send them is ignored. Only a SuperAdmin touches a SuperAdmin
 * account or grants the role, and the last active SuperAdmin can neither be demoted nor
 * deactivated (docs/decisions/040-admin-user-management.md). A deactivated account's sessions
 * end at once.
 */
export async function updateProfile(
  db: Kysely<DB>,
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

  if (editor.isAdmin) {
    const touchesSuperAdmin = isSuperAdminRole(target.role) || isSuperAdminRole(body.role);
    if (touchesSuperAdmin && !editor.isSuperAdmin) throw forbidden(MSG.superAdminOnly);
    const losesSuperAdmin =
      isSuperAdminRole(target.role) &&
      target.is_active === 1 &&
      ((body.role !== undefined && !isSuperAdminRole(body.role)) || body.isActive === false);
    if (losesSuperAdmin && (await countActiveSuperAdmins(db, target.id)) === 0) throw conflict(MSG.lastSuperAdmin);
    if (body.email !== undefined && body.email.toLowerCase() !== target.email) {
      if (await findUserByEmail(db, body.email)) throw conflict(MSG.emailTaken);
      changes.email = body.email.toLowerCase();
    }
    if (body.role !== undefined) changes.role = body.role;
    if (body.isActive !== undefined) changes.is_active = body.isActive ? 1 : 0;
  }
  try {
    await db.transaction().execute(async (trx) => {
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

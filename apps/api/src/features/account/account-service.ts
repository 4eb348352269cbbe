import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { MSG } from '@vm/shared/messages';
import type { VehicleSummary } from '@vm/shared/vehicle';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest, conflict } from '../../lib/http-errors.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { issueRefreshToken, revokeUserTokens } from '../auth/refresh-tokens.ts';
import { bumpTokenVersion, findUserById, lockActiveSuperAdmins, updatePasswordHash } from '../auth/user-repository.ts';
import { withdrawOpenOffers } from '../offers/offer-repository.ts';
import { erasePersonFromActivity } from '../activity/activity-erasure.ts';
import { toSummaries } from '../vehicles/vehicle-repository.ts';
import { listWatchedVehicles, removeAllWatches } from '../watch/watch-repository.ts';
import { eraseUser } from './account-repository.ts';

/** The signed-in account acting on itself, as the session read it. */
export interface AccountOwner {
  id: string;
  isSuperAdmin: boolean;
  passwordHash: string;
}

/** The vehicles the user watches that the storefront still shows, newest watch first. */
export async function ownWatchlist(db: Kysely<DB>, userId: string): Promise<VehicleSummary[]> {
  return toSummaries(db, await listWatchedVehicles(db, userId));
}

/**
 * Changes the password once the current one is proven (docs/decisions/023-password-change-and-account-screens.md).
 * Every session ends, this one included: every refresh token is revoked and every access token
 * signed so far is refused from now on (a new token version, decision 111). The caller continues
 * on the fresh refresh token returned and an access token signed with the version returned.
 */
export async function changePassword(
  db: Kysely<DB>,
  owner: AccountOwner,
  passwords: { currentPassword: string; newPassword: string },
): Promise<{ message: string; refreshToken: string; tokenVersion: number }> {
  if (!(await verifyPassword(owner.passwordHash, passwords.currentPassword)))
    throw badRequest(MSG.currentPasswordIncorrect, 'currentPassword');
  const passwordHash = await hashPassword(passwords.newPassword);
  const session = await db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, owner.id, passwordHash);
    await revokeUserTokens(trx, owner.id);
    const tokenVersion = await bumpTokenVersion(trx, owner.id);
    if (tokenVersion === undefined) throw new Error(`user ${owner.id} not found`);
    return { refreshToken: await issueRefreshToken(trx, owner.id), tokenVersion };
  });
  return { message: 'Password updated successfully!', ...session };
}

/**
 * Deletes the caller's own account once the password is proven (docs/decisions/022-account-deletion.md):
 * watches go (with their counts), open offers are withdrawn (`withdrawn`), the person's details
 * are erased, and so are their name in the dashboard's activity and the messages of their offers
 * (docs/decisions/122-people-rules.md); every session ends, in one transaction. The last active
 * SuperAdmin cannot leave.
 */
export async function deleteOwnAccount(
  db: Kysely<DB>,
  dialect: Dialect,
  owner: AccountOwner,
  password: string,
): Promise<void> {
  if (!(await verifyPassword(owner.passwordHash, password))) throw badRequest(MSG.passwordIncorrect, 'password');
  const unusableHash = await hashPassword(randomBytes(32).toString('base64url'));
  await db.transaction().execute(async (trx) => {
    // Checked with the SuperAdmin rows locked, on the rows as they are now (issue #21): two
    // SuperAdmins leaving at once, or one leaving while another is demoted, cannot leave none.
    if (owner.isSuperAdmin) {
      const superAdmins = await lockActiveSuperAdmins(trx, dialect);
      if (superAdmins.includes(owner.id) && superAdmins.length === 1) throw conflict(MSG.lastSuperAdmin);
    }
    const person = await findUserById(trx, owner.id);
    if (person) await erasePersonFromActivity(trx, person);
    await removeAllWatches(trx, owner.id);
    await withdrawOpenOffers(trx, owner.id);
    await eraseUser(trx, owner.id, unusableHash);
    await revokeUserTokens(trx, owner.id);
  });
}

import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PASSWORD_RESET_MESSAGES, PASSWORD_RESET_VALID_MINUTES } from '@vm/shared/password-reset';
import type { DB } from '../../db/schema.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { queueEmail } from '../email/outbox.ts';
import { hashPassword } from './passwords.ts';
import {
  deleteDeadResetTokens,
  insertResetToken,
  isLiveResetToken,
  useAllResetTokens,
  useResetToken,
} from './password-reset-repository.ts';
import { revokeUserTokens } from './refresh-tokens.ts';
import {
  bumpTokenVersion,
  findUserByEmail,
  findUserById,
  updatePasswordHash,
  type UserRow,
} from './user-repository.ts';

// Password reset by email: the rules are in docs/decisions/116-password-reset.md and
// docs/product-rules.md#accounts.

/** Only this is stored: the token itself is in the email and nowhere else. */
const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

const invalidLink = () => badRequest(PASSWORD_RESET_MESSAGES.invalidLink, 'token');

/**
 * Makes a reset token for an active account and queues the email with its link, inside the
 * caller's transaction: the token row and the email (outbox row) commit together or not at all.
 * Used by the forgotten-password request and by staff sending a link from the users screen
 * (docs/decisions/122-people-rules.md), so both send the same email with the same rules.
 */
export async function issueResetLink(
  trx: Kysely<DB>,
  publicUrl: string,
  user: Pick<UserRow, 'id' | 'email' | 'first_name'>,
  now: Date = new Date(),
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const nowIso = now.toISOString();
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_VALID_MINUTES * 60_000).toISOString();
  await deleteDeadResetTokens(trx, user.id, nowIso);
  await insertResetToken(trx, { userId: user.id, tokenHash: hashResetToken(token), expiresAt, now: nowIso });
  await queueEmail(trx, {
    template: 'passwordReset',
    to: user.email,
    userId: user.id,
    data: {
      firstName: user.first_name,
      resetUrl: `${publicUrl}/reset-password?token=${token}`,
      validMinutes: PASSWORD_RESET_VALID_MINUTES,
    },
  });
}

/**
 * Sends a reset link to the email's account, when it has an active one; otherwise does nothing.
 * The caller answers the same either way, so the answer does not tell whether the email has an
 * account. Both ways open a transaction and look the user up in it; only an active account gets
 * a token, its row and the email (outbox row), in that transaction, so both commit or neither
 * does (issueResetLink).
 */
export async function requestPasswordReset(
  db: Kysely<DB>,
  publicUrl: string,
  email: string,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await findUserByEmail(trx, email);
    if (user?.is_active !== 1) return;
    await issueResetLink(trx, publicUrl, user, now);
  });
}

/**
 * Sets a new password with a reset token. In one transaction: the token is marked used (a
 * conditional update, so of two uses at once exactly one wins), the password changes, every
 * refresh token of the user is revoked, the token version moves on (every access token signed so
 * far is refused, docs/decisions/111-token-version-and-login-limits.md) and the user's other
 * reset tokens end. An unknown, used or expired token, or an account no longer active, changes
 * nothing and is a 400.
 */
export async function resetPassword(
  db: Kysely<DB>,
  body: { token: string; password: string },
  now: Date = new Date(),
): Promise<void> {
  const tokenHash = hashResetToken(body.token);
  const nowIso = now.toISOString();
  // Checked before argon2 runs, so a dead link costs no hashing; the update below decides.
  if (!(await isLiveResetToken(db, tokenHash, nowIso))) throw invalidLink();
  const passwordHash = await hashPassword(body.password);
  await db.transaction().execute(async (trx) => {
    const userId = await useResetToken(trx, tokenHash, nowIso);
    if (!userId) throw invalidLink();
    const user = await findUserById(trx, userId);
    if (user?.is_active !== 1) throw invalidLink();
    await updatePasswordHash(trx, userId, passwordHash);
    await revokeUserTokens(trx, userId);
    await bumpTokenVersion(trx, userId);
    await useAllResetTokens(trx, userId, nowIso);
  });
}

import type { Kysely } from 'kysely';
import type { RegisterBody } from '@vm/shared/auth';
import { BUYER_ROLE } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import type { User } from '@vm/shared/user';
import type { DB } from '../../db/schema.ts';
import { conflict, forbidden, unauthorized } from '../../lib/http-errors.ts';
import { nowIso } from '../../lib/time.ts';
import { isUniqueViolation } from '../../plugins/errors.ts';
import { recordActivity } from '../activity/activity-repository.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import {
  findRefreshToken,
  issueRefreshToken,
  revokeLiveToken,
  revokeRefreshToken,
  revokeTokenFamily,
} from './refresh-tokens.ts';
import { toUser } from './user-mapper.ts';
import { bumpTokenVersion, findUserByEmail, findUserById, insertUser } from './user-repository.ts';

/**
 * A new session: the user, a refresh token, and the user's token version, which the access token
 * the route signs must carry (plugins/auth.ts).
 */
export interface NewSession {
  user: User;
  refreshToken: string;
  tokenVersion: number;
}

/** Registers a buyer account with its dashboard event, and opens its first session. */
export async function registerBuyer(db: Kysely<DB>, body: RegisterBody): Promise<NewSession> {
  if (await findUserByEmail(db, body.email)) throw conflict(MSG.emailTaken);
  const passwordHash = await hashPassword(body.password);
  try {
    const row = await db.transaction().execute(async (trx) => {
      const created = await insertUser(trx, { ...body, passwordHash, role: BUYER_ROLE, isActive: true });
      await recordActivity(
        trx,
        'user_registration',
        created.id,
        `${created.first_name} ${created.last_name} registered`,
      );
      return created;
    });
    const refreshToken = await issueRefreshToken(db, row.id);
    return { user: toUser(row), refreshToken, tokenVersion: row.token_version };
  } catch (err) {
    // Two registrations of the same email at once: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(MSG.emailTaken);
    throw err;
  }
}

/**
 * Opens a session for a good email and password. An unknown email is verified against a dummy
 * hash so the answer time does not reveal it (docs/decisions/003-auth-tokens.md).
 */
export async function logIn(db: Kysely<DB>, email: string, password: string): Promise<NewSession> {
  const row = await findUserByEmail(db, email);
  const ok = await verifyPassword(row?.password_hash ?? (await dummyPasswordHash()), password);
  if (!row || !ok) throw unauthorized(MSG.invalidCredentials);
  if (row.is_active !== 1) throw forbidden(MSG.accountInactive);
  const refreshToken = await issueRefreshToken(db, row.id);
  return { user: toUser(row), refreshToken, tokenVersion: row.token_version };
}

type Rotation = { ok: true; userId: string; token: string } | { ok: false };

/**
 * Rotates a refresh token in one transaction, so two racing uses cannot both win. A token that
 * was already rotated or revoked is a sign of theft: its whole family is revoked
 * (docs/decisions/003-auth-tokens.md).
 */
function rotateRefreshToken(db: Kysely<DB>, token: string): Promise<Rotation> {
  return db.transaction().execute(async (trx) => {
    const row = await findRefreshToken(trx, token);
    if (!row) return { ok: false };
    if (row.revoked_at !== null) {
      await revokeTokenFamily(trx, row.family_id);
      return { ok: false };
    }
    if (row.expires_at < nowIso()) return { ok: false };
    if (!(await revokeLiveToken(trx, row.id))) return { ok: false };
    const next = await issueRefreshToken(trx, row.user_id, row.family_id);
    return { ok: true, userId: row.user_id, token: next };
  });
}

/**
 * Exchanges a refresh token for the next one of its family. An account deactivated or deleted
 * since gets no new session, and the token just issued is revoked again.
 */
export async function refreshSession(
  db: Kysely<DB>,
  token: string,
): Promise<{ account: { id: string; role: string; tokenVersion: number }; refreshToken: string }> {
  const result = await rotateRefreshToken(db, token);
  if (!result.ok) throw unauthorized(MSG.sessionExpired);
  const row = await findUserById(db, result.userId);
  if (row?.is_active !== 1) {
    await revokeRefreshToken(db, result.token);
    throw unauthorized(MSG.sessionExpired);
  }
  return { account: { id: row.id, role: row.role, tokenVersion: row.token_version }, refreshToken: result.token };
}

/**
 * Ends the session of a refresh token; an unknown or already revoked token is no error. Ending a
 * live one also ends every access token of its user signed so far (a new token version), so the
 * access token of the browser that logged out stops working now rather than in up to 15 minutes.
 * The user's other sessions keep their refresh tokens and get a new access token on their next
 * refresh (docs/decisions/111-token-version-and-login-limits.md).
 */
export async function logOut(db: Kysely<DB>, token: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const userId = await revokeRefreshToken(trx, token);
    if (userId) await bumpTokenVersion(trx, userId);
  });
}

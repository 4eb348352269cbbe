import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { DB, RefreshTokensTable } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';

const REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

// The refresh_tokens table's queries. The rotation rule built on them is in auth-service.ts.

/** Issues an opaque refresh token; only its hash is stored. */
export async function issueRefreshToken(db: Kysely<DB>, userId: string, familyId: string = newId()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('refresh_tokens')
    .values({
      id: newId(),
      user_id: userId,
      family_id: familyId,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + REFRESH_TTL_MS).toISOString(),
      revoked_at: null,
      created_at: nowIso(),
    })
    .execute();
  return token;
}

export type RefreshTokenRow = Selectable<RefreshTokensTable>;

/** The stored row of a refresh token, found by its hash. */
export function findRefreshToken(db: Kysely<DB>, token: string): Promise<RefreshTokenRow | undefined> {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
}

/** Revokes every live token of a family (one sign-in and all its rotations). */
export async function revokeTokenFamily(db: Kysely<DB>, familyId: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: nowIso() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes one live token by id; false when it was already revoked (another use won). */
export async function revokeLiveToken(db: Kysely<DB>, id: string): Promise<boolean> {
  const revoked = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: nowIso() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(revoked.numUpdatedRows) === 1;
}

/** Revokes a live token; returns its user when it was live, undefined when unknown or already revoked. */
export async function revokeRefreshToken(db: Kysely<DB>, token: string): Promise<string | undefined> {
  const row = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: nowIso() })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Revokes every refresh token of a user, except the family given (the current session). */
export async function revokeUserTokens(db: Kysely<DB>, userId: string, keepFamilyOf?: string): Promise<void> {
  let keepFamily: string | undefined;
  if (keepFamilyOf) {
    const row = await db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('token_hash', '=', hashToken(keepFamilyOf))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    keepFamily = row?.family_id;
  }
  let q = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: nowIso() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepFamily) q = q.where('family_id', '!=', keepFamily);
  await q.execute();
}

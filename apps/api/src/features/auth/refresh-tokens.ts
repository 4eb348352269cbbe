import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';

const REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

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

export type RotateResult = { ok: true; userId: string; token: string } | { ok: false };

/**
 * Rotates a refresh token. A token that was already rotated or revoked is a sign of theft:
 * its whole family is revoked. Runs in one transaction so two racing uses cannot both win.
 */
export function rotateRefreshToken(db: Kysely<DB>, token: string): Promise<RotateResult> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!row) return { ok: false };
    const now = nowIso();
    if (row.revoked_at !== null) {
      await trx
        .updateTable('refresh_tokens')
        .set({ revoked_at: now })
        .where('family_id', '=', row.family_id)
        .where('revoked_at', 'is', null)
        .execute();
      return { ok: false };
    }
    if (row.expires_at < now) return { ok: false };
    const revoked = await trx
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('id', '=', row.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(revoked.numUpdatedRows) !== 1) return { ok: false };
    const next = await issueRefreshToken(trx, row.user_id, row.family_id);
    return { ok: true, userId: row.user_id, token: next };
  });
}

export async function revokeRefreshToken(db: Kysely<DB>, token: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: nowIso() })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .execute();
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

import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

// The password_reset_tokens table's queries; the rules built on them are in
// password-reset-service.ts (docs/decisions/116-password-reset.md). Only token hashes come here.

export async function insertResetToken(
  db: Kysely<DB>,
  row: { userId: string; tokenHash: string; expiresAt: string; now: string },
): Promise<void> {
  await db
    .insertInto('password_reset_tokens')
    .values({
      id: newId(),
      user_id: row.userId,
      token_hash: row.tokenHash,
      expires_at: row.expiresAt,
      used_at: null,
      created_at: row.now,
    })
    .execute();
}

/** Drops the user's tokens that can no longer be used (used or expired), so the table stays small. */
export async function deleteDeadResetTokens(db: Kysely<DB>, userId: string, now: string): Promise<void> {
  await db
    .deleteFrom('password_reset_tokens')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now)]))
    .execute();
}

/** Whether a token with this hash is unused and unexpired now (a read: the use itself is useResetToken). */
export async function isLiveResetToken(db: Kysely<DB>, tokenHash: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select('id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Marks a live token used and returns its user; undefined when it is unknown, used or expired.
 * One conditional UPDATE: of two uses at once, only one finds used_at still null.
 */
export async function useResetToken(db: Kysely<DB>, tokenHash: string, now: string): Promise<string | undefined> {
  const row = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Ends every other outstanding token of the user (marked used). */
export async function useAllResetTokens(db: Kysely<DB>, userId: string, now: string): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

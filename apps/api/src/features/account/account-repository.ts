import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';

/**
 * Erases what identifies a person while keeping the row, so offers and activity that point at it
 * stay readable for the dealer. The email and username are freed for a new registration.
 */
export async function eraseUser(trx: Kysely<DB>, userId: string, unusablePasswordHash: string): Promise<void> {
  const now = nowIso();
  await trx
    .updateTable('users')
    .set({
      first_name: 'Deleted',
      last_name: 'User',
      email: `deleted-${userId}@deleted.invalid`,
      username: `deleted-${userId}`,
      phone: '',
      address: '',
      city: '',
      state: '',
      zip_code: '',
      profile_image: null,
      notification_prefs: '{}',
      password_hash: unusablePasswordHash,
      is_active: 0,
      deleted_at: now,
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute();
}

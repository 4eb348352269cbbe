import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { readSettings } from './settings-repository.ts';

/**
 * The addresses the staff notices (a new or amended offer, a new inquiry) go to
 * (docs/product-rules.md#notifications): the Settings list, less any address whose account is
 * inactive or deleted; when that leaves nobody, every active SuperAdmin, so a notice never goes
 * nowhere. Read in the transaction of the change that causes the notice.
 */
export async function findStaffRecipients(db: Kysely<DB>): Promise<string[]> {
  const listed = [
    ...new Set(
      (await readSettings(db)).notifications.staffEmails
        .filter((e): e is string => typeof e === 'string')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (listed.length > 0) {
    const blocked = await db
      .selectFrom('users')
      .select('email')
      .where(sql<string>`lower(email)`, 'in', listed)
      .where((eb) => eb.or([eb('is_active', '<>', 1), eb('deleted_at', 'is not', null)]))
      .execute();
    const off = new Set(blocked.map((r) => r.email.toLowerCase()));
    const recipients = listed.filter((e) => !off.has(e));
    if (recipients.length > 0) return recipients;
  }
  const admins = await db
    .selectFrom('users')
    .select('email')
    .where(sql`lower(role)`, '=', 'superadmin')
    .where('is_active', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('email')
    .execute();
  return admins.map((r) => r.email);
}

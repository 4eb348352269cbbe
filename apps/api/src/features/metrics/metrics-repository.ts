import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Emails waiting in the outbox to be sent (status `queued`: new, or waiting for their next attempt). */
export async function countQueuedEmails(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('email_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

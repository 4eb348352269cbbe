import type { Kysely } from 'kysely';

/**
 * Issue #20 (docs/decisions/122-people-rules.md): accounts deleted before this release are erased
 * as a deletion now erases them.
 * - Their offers that deletion withdrew (stored `expired` with the note "Withdrawn by the buyer")
 *   become `withdrawn`, so staff no longer read them as ordinary expiries.
 * - Their offers keep no message.
 * - The dashboard events of their registration and of their offers no longer carry the name. The
 *   name is already gone from the account, so the summary keeps only its known ending after the
 *   name ("A deleted account registered", "A deleted account offered $5,000 on …").
 * No schema change; the same statements on SQLite and PostgreSQL.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are typed Kysely<any> by design
export async function up(db: Kysely<any>): Promise<void> {
  const erasedUsers = db.selectFrom('users').select('users.id').where('users.deleted_at', 'is not', null);
  await db
    .updateTable('offers')
    .set({ status: 'withdrawn' })
    .where('status', '=', 'expired')
    .where('response_message', '=', 'Withdrawn by the buyer')
    .where('user_id', 'in', erasedUsers)
    .execute();
  await db.updateTable('offers').set({ message: '' }).where('user_id', 'in', erasedUsers).execute();

  const events: { id: string; summary: string }[] = await db
    .selectFrom('activity_events')
    .select(['id', 'summary'])
    .where((eb) =>
      eb.or([
        eb.and([eb('type', '=', 'user_registration'), eb('subject_id', 'in', erasedUsers)]),
        eb.and([
          eb('type', '=', 'offer_submitted'),
          eb(
            'subject_id',
            'in',
            eb.selectFrom('offers').select('offers.id').where('offers.user_id', 'in', erasedUsers),
          ),
        ]),
      ]),
    )
    .execute();
  for (const event of events) {
    const ending = / (registered|was added by an admin|offered .+ on .+|amended their offer on .+ to .+)$/.exec(
      event.summary,
    );
    const summary = ending ? `A deleted account ${ending[1]}` : 'A deleted account';
    if (summary !== event.summary)
      await db.updateTable('activity_events').set({ summary }).where('id', '=', event.id).execute();
  }
}

import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { activityNamingUser, setActivitySummary } from './activity-repository.ts';

/** What an event says in place of a person whose account was deleted. */
export const ERASED_PERSON = 'A deleted account';

/**
 * An event's summary without the person's name. Summaries start with the name
 * (`Ann Lee registered`, `Ann Lee offered $5,000 on …`); the name as it is now is replaced
 * wherever it appears. A summary written under an earlier name keeps its known ending after the
 * name, and one that has neither loses everything but the placeholder.
 */
export function erasedSummary(summary: string, name: string): string {
  if (name.trim() !== '' && summary.includes(name)) return summary.replaceAll(name, ERASED_PERSON);
  const ending = / (registered|was added by an admin|offered .+ on .+|amended their offer on .+ to .+)$/.exec(summary);
  return ending ? `${ERASED_PERSON} ${ending[1]}` : ERASED_PERSON;
}

/**
 * Deleting an account erases the person from the dashboard's activity: their registration and
 * their offers' events no longer carry the name (docs/decisions/122-people-rules.md). Call in
 * the deleting transaction, before the offers go (an admin's delete cascades them).
 */
export async function erasePersonFromActivity(
  trx: Kysely<DB>,
  person: { id: string; first_name: string; last_name: string },
): Promise<void> {
  const name = `${person.first_name} ${person.last_name}`;
  for (const event of await activityNamingUser(trx, person.id)) {
    const summary = erasedSummary(event.summary, name);
    if (summary !== event.summary) await setActivitySummary(trx, event.id, summary);
  }
}

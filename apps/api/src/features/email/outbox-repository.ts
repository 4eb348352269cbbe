import type { Kysely, Selectable } from 'kysely';
import type { DB, EmailOutboxTable } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';

export type OutboxRow = Selectable<EmailOutboxTable>;

export async function insertOutboxRow(
  db: Kysely<DB>,
  row: { template: string; recipient: string; userId: string | null; payload: string },
): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db
    .insertInto('email_outbox')
    .values({
      id,
      template: row.template,
      recipient: row.recipient,
      user_id: row.userId,
      payload: row.payload,
      status: 'queued',
      next_attempt_at: now,
      created_at: now,
    })
    .execute();
  return id;
}

/** Rows whose turn has come: queued and due, or claimed by a sender that stopped before it finished. */
export function findDueOutboxIds(db: Kysely<DB>, now: string, limit: number): Promise<{ id: string }[]> {
  return db
    .selectFrom('email_outbox')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<', now)]),
      ]),
    )
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
}

/**
 * Claims a due row for one sender: one conditional UPDATE, so of two senders (two instances on
 * one PostgreSQL) exactly one gets it. Returns the row when this sender has it.
 */
export async function claimOutboxRow(
  db: Kysely<DB>,
  id: string,
  claim: { token: string; now: string; until: string },
): Promise<OutboxRow | undefined> {
  const result = await db
    .updateTable('email_outbox')
    .set((eb) => ({
      status: 'sending',
      claim_token: claim.token,
      claimed_until: claim.until,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', claim.now)]),
        eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<', claim.now)]),
      ]),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return db
    .selectFrom('email_outbox')
    .selectAll()
    .where('id', '=', id)
    .where('claim_token', '=', claim.token)
    .executeTakeFirst();
}

/** What a row's data becomes once a secret in it is no longer needed. */
export const FORGOTTEN_PAYLOAD = '{"forgotten":true}';

/** Records the outcome of a claimed row; a sender whose claim was taken over records nothing. */
export async function finishOutboxRow(
  db: Kysely<DB>,
  id: string,
  claimToken: string,
  outcome:
    | { status: 'sent'; subject: string; fileName: string | null }
    | { status: 'queued'; error: string; nextAttemptAt: string }
    | { status: 'failed'; error: string },
  /** Drops the template's data once it is no longer needed (a secret in it). */
  forgetPayload = false,
): Promise<void> {
  const now = nowIso();
  const fields =
    outcome.status === 'sent'
      ? { status: 'sent' as const, subject: outcome.subject, file_name: outcome.fileName, sent_at: now, last_error: '' }
      : outcome.status === 'queued'
        ? { status: 'queued' as const, last_error: outcome.error, next_attempt_at: outcome.nextAttemptAt }
        : { status: 'failed' as const, last_error: outcome.error };
  await db
    .updateTable('email_outbox')
    .set({
      ...fields,
      claim_token: null,
      claimed_until: null,
      ...(forgetPayload ? { payload: FORGOTTEN_PAYLOAD } : {}),
    })
    .where('id', '=', id)
    .where('claim_token', '=', claimToken)
    .execute();
}

/** Emails waiting to be sent (the queue's length). */
export async function countWaitingEmails(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('email_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', ['queued', 'sending'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ——— The back office's "Sent emails" screen (sent-email-service.ts) ———

/** One page of the outbox, newest first, with the number of rows the filter matches. */
export async function listOutboxRows(
  db: Kysely<DB>,
  filters: { status?: OutboxRow['status'] | undefined; page: number; limit: number },
): Promise<{ rows: OutboxRow[]; total: number }> {
  let base = db.selectFrom('email_outbox');
  if (filters.status) base = base.where('status', '=', filters.status);
  const countRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filters.limit)
    .offset((filters.page - 1) * filters.limit)
    .execute();
  return { rows, total: Number(countRow.n) };
}

/** How many rows the outbox holds in each status. */
export async function countOutboxByStatus(db: Kysely<DB>): Promise<{ status: string; n: number }[]> {
  const rows = await db
    .selectFrom('email_outbox')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
}

export function findOutboxRow(db: Kysely<DB>, id: string): Promise<OutboxRow | undefined> {
  return db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Puts a failed row back in the queue, due now, with its attempts counted from zero; one
 * conditional UPDATE, so a row that is not failed (any more) is left alone. The last error stays
 * until the next attempt replaces or clears it. Returns whether the row was requeued.
 */
export async function requeueFailedOutboxRow(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await db
    .updateTable('email_outbox')
    .set({ status: 'queued', attempts: 0, next_attempt_at: nowIso(), claim_token: null, claimed_until: null })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    // A one-time link that is no longer kept cannot be sent again: the person asks for a new one.
    .where('payload', '<>', FORGOTTEN_PAYLOAD)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

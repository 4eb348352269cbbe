import type { SentEmail } from '@vm/shared/email';
import type { OutboxRow } from './outbox-repository.ts';

/** An outbox row as the back office's "Sent emails" screen shows it. */
export function toSentEmail(row: OutboxRow): SentEmail {
  return {
    id: row.id,
    template: row.template,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    hasFile: row.file_name !== null,
  };
}

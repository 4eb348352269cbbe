import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { OutboxEmail } from './email-templates.ts';
import { insertOutboxRow } from './outbox-repository.ts';
import { EMAIL_TEMPLATES } from './email-templates.ts';
import type { EmailPreference } from '@vm/shared/email';
import { parseNotificationPrefs } from '../../lib/notification-prefs.ts';

export type { OutboxEmail } from './email-templates.ts';

/**
 * Queues an email. Call it with the transaction of the change that causes it: the change and its
 * email commit together or not at all, and the outbox sender delivers it after the commit
 * (docs/decisions/114-email-outbox.md). Nothing is sent here, so a slow or failing mail server
 * never slows or fails the request.
 *
 * An email that a preference controls is queued only when the recipient's preferences allow it:
 * pass the recipient's stored notification preferences (users.notification_prefs).
 */
export async function queueEmail(db: Kysely<DB>, email: OutboxEmail, recipientPrefs?: string): Promise<boolean> {
  const preference = EMAIL_TEMPLATES[email.template].preference;
  if (preference) {
    if (!email.userId || recipientPrefs === undefined)
      throw new Error(`${email.template} needs the recipient's account`);
    if (!wantsEmail(recipientPrefs, preference)) return false;
  }
  await insertOutboxRow(db, {
    template: email.template,
    recipient: email.to,
    userId: email.userId ?? null,
    payload: JSON.stringify(email.data),
  });
  return true;
}

/** Whether stored notification preferences (users.notification_prefs, JSON) have this one on. */
export function wantsEmail(prefsJson: string, preference: EmailPreference): boolean {
  return parseNotificationPrefs(prefsJson)[preference];
}

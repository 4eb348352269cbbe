import type { Kysely } from 'kysely';
import { EMAIL_PREFERENCES, UNSUBSCRIBE_MESSAGES, type UnsubscribeInfo } from '@vm/shared/email';
import type { NotificationPrefs } from '@vm/shared/user';
import type { DB } from '../../db/schema.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { parseNotificationPrefs } from '../../lib/notification-prefs.ts';
import { readUnsubscribeToken } from './unsubscribe-tokens.ts';

/**
 * What an unsubscribe link needs of the accounts, passed in by routes.ts (users/user-service.ts
 * gives it): email sits below the features that send it, so it imports none of them
 * (docs/ARCHITECTURE.md, the boundaries).
 */
export interface UnsubscribeAccounts {
  /** The account's address and stored preferences (JSON), if it exists. */
  find(db: Kysely<DB>, userId: string): Promise<{ id: string; email: string; notification_prefs: string } | undefined>;
  /** Stores the account's preferences, a change of the account. */
  savePrefs(trx: Kysely<DB>, userId: string, prefs: NotificationPrefs): Promise<void>;
}

async function tokenOwner(accounts: UnsubscribeAccounts, db: Kysely<DB>, secret: string, token: string) {
  const read = readUnsubscribeToken(secret, token);
  const user = read ? await accounts.find(db, read.userId) : undefined;
  if (!read || !user) throw badRequest(UNSUBSCRIBE_MESSAGES.invalidLink, 'token');
  return { user, preference: read.preference };
}

/** What an unsubscribe link turns off, for the page that asks to confirm; changes nothing. */
export async function unsubscribeInfo(
  accounts: UnsubscribeAccounts,
  db: Kysely<DB>,
  secret: string,
  token: string,
): Promise<UnsubscribeInfo> {
  const { user, preference } = await tokenOwner(accounts, db, secret, token);
  return { preference, label: EMAIL_PREFERENCES[preference], email: user.email };
}

/**
 * Turns the link's one preference off, without signing in (RFC 8058 one-click unsubscribe,
 * docs/decisions/114-email-outbox.md). Doing it twice is harmless.
 */
export async function unsubscribe(
  accounts: UnsubscribeAccounts,
  db: Kysely<DB>,
  secret: string,
  token: string,
): Promise<UnsubscribeInfo & { message: string }> {
  const info = await db.transaction().execute(async (trx) => {
    const { user, preference } = await tokenOwner(accounts, trx, secret, token);
    await accounts.savePrefs(trx, user.id, { ...parseNotificationPrefs(user.notification_prefs), [preference]: false });
    return { preference, label: EMAIL_PREFERENCES[preference], email: user.email };
  });
  return { ...info, message: UNSUBSCRIBE_MESSAGES.done(info.label) };
}

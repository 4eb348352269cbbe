import type { Kysely } from 'kysely';
import { EMAIL_PREFERENCES, UNSUBSCRIBE_MESSAGES, type UnsubscribeInfo } from '@vm/shared/email';
import type { DB } from '../../db/schema.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { nowIso } from '../../lib/time.ts';
import { parseNotificationPrefs } from '../users/user-mapper.ts';
import { findUserById, updateUserColumns } from '../users/user-repository.ts';
import { readUnsubscribeToken } from './unsubscribe-tokens.ts';

async function tokenOwner(db: Kysely<DB>, secret: string, token: string) {
  const read = readUnsubscribeToken(secret, token);
  const user = read ? await findUserById(db, read.userId) : undefined;
  if (!read || !user) throw badRequest(UNSUBSCRIBE_MESSAGES.invalidLink, 'token');
  return { user, preference: read.preference };
}

/** What an unsubscribe link turns off, for the page that asks to confirm; changes nothing. */
export async function unsubscribeInfo(db: Kysely<DB>, secret: string, token: string): Promise<UnsubscribeInfo> {
  const { user, preference } = await tokenOwner(db, secret, token);
  return { preference, label: EMAIL_PREFERENCES[preference], email: user.email };
}

/**
 * Turns the link's one preference off, without signing in (RFC 8058 one-click unsubscribe,
 * docs/decisions/114-email-outbox.md). Doing it twice is harmless.
 */
export async function unsubscribe(
  db: Kysely<DB>,
  secret: string,
  token: string,
): Promise<UnsubscribeInfo & { message: string }> {
  const info = await db.transaction().execute(async (trx) => {
    const { user, preference } = await tokenOwner(trx, secret, token);
    const prefs = { ...parseNotificationPrefs(user.notification_prefs), [preference]: false };
    await updateUserColumns(trx, user.id, { notification_prefs: JSON.stringify(prefs), updated_at: nowIso() });
    return { preference, label: EMAIL_PREFERENCES[preference], email: user.email };
  });
  return { ...info, message: UNSUBSCRIBE_MESSAGES.done(info.label) };
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_PREFERENCES, type EmailPreference } from '@vm/shared/email';

/**
 * One-click unsubscribe tokens (RFC 8058, docs/decisions/114-email-outbox.md): the user's id, the
 * preference and an HMAC of both under the server's secret. Anyone holding the link may turn that
 * one preference off, and nothing else; the token never expires, as links in old emails must work.
 */
const sign = (secret: string, userId: string, preference: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${userId}:${preference}`).digest('base64url');

export function unsubscribeToken(secret: string, userId: string, preference: EmailPreference): string {
  return `${userId}.${preference}.${sign(secret, userId, preference)}`;
}

export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; preference: EmailPreference } | undefined {
  const [userId, preference, signature, ...rest] = token.split('.');
  if (!userId || !preference || !signature || rest.length > 0 || !(preference in EMAIL_PREFERENCES)) return undefined;
  const expected = Buffer.from(sign(secret, userId, preference));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return { userId, preference: preference as EmailPreference };
}

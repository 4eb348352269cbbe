import type { UnsubscribeInfo } from '@vm/shared/email';
import { api } from '../../lib/api-client';

type UnsubscribeResult = UnsubscribeInfo & { message: string };

/** What the link turns off and for whom; changes nothing. */
export const fetchUnsubscribeInfo = (token: string) => api<UnsubscribeInfo>('/unsubscribe', { query: { token } });

/** Turns that one preference off; no sign-in needed, the signed token is the permission. */
export const confirmUnsubscribe = (token: string) =>
  api<UnsubscribeResult>('/unsubscribe', { method: 'POST', query: { token }, noRetry: true });

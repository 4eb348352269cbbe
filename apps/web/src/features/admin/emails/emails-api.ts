import type { EmailStatus, SentEmail, SentEmailDetail, SentEmailListResponse } from '@vm/shared/email';
import { API_BASE, ApiError, api, refreshSession } from '../../../lib/api-client';
import { authStorage } from '../../../lib/auth-storage';

export interface SentEmailListParams {
  status: EmailStatus | '';
  page: number;
}

export const SENT_EMAILS_KEY = ['admin', 'emails'] as const;
export const sentEmailListKey = (params: SentEmailListParams) => [...SENT_EMAILS_KEY, 'list', params] as const;
export const sentEmailKey = (id: string) => [...SENT_EMAILS_KEY, 'one', id] as const;

export const SENT_EMAIL_SCREEN_MESSAGES = {
  loadFailed: 'Failed to load emails. Please try again.',
  detailFailed: 'Failed to load this email. Please try again.',
  retryFailed: 'The email could not be queued again. Please try again.',
  downloadFailed: 'The .eml file could not be downloaded. Please try again.',
  retried: 'The email is queued and will be sent again shortly.',
  empty: 'No emails found.',
} as const;

/** The list's page; an empty status stays out of the query (the API client drops empty values). */
export function fetchSentEmails(params: SentEmailListParams): Promise<SentEmailListResponse> {
  return api<SentEmailListResponse>('/admin/emails', { query: { status: params.status, page: params.page } });
}

export function fetchSentEmail(id: string): Promise<SentEmailDetail> {
  return api<SentEmailDetail>(`/admin/emails/${encodeURIComponent(id)}`);
}

export async function retrySentEmail(id: string): Promise<SentEmail> {
  return (await api<{ email: SentEmail }>(`/admin/emails/${encodeURIComponent(id)}/retry`, { method: 'POST' })).email;
}

/**
 * Downloads an email's .eml file. The file needs the bearer token, which a plain link cannot send,
 * so it is fetched (refreshing the session once on a 401, as api() does) and saved from a blob.
 */
export async function downloadEml(id: string): Promise<void> {
  const url = `${API_BASE}/admin/emails/${encodeURIComponent(id)}/eml`;
  const get = () => {
    const token = authStorage.token();
    return fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  };
  let res = await get();
  if (res.status === 401 && authStorage.refreshToken() && (await refreshSession())) res = await get();
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    throw new ApiError(res.status, body);
  }
  const href = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement('a');
    link.href = href;
    link.download = `${id}.eml`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    URL.revokeObjectURL(href);
  }
}

import type { ErrorBody } from '@vm/shared/common';
import { type ApiGet, type Query, toQueryString } from '@vm/shared/storefront-requests';
import { authStorage } from './auth-storage';
import { takeBootAnswer } from './boot-data';
import { observeServerDate } from './server-clock';

export const API_BASE = '/api';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
  ) {
    super(body?.message ?? `Request failed with status ${status}`);
  }
  /** The server's message, when it sent one. */
  get serverMessage(): string | undefined {
    return this.body?.message;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  formData?: FormData;
  signal?: AbortSignal;
  /** Skip the refresh-and-retry on 401 (the auth calls themselves). */
  noRetry?: boolean;
}

type Listener = () => void;
const sessionEndedListeners = new Set<Listener>();
/** Called when a refresh fails and the stored session is cleared. */
export function onSessionEnded(listener: Listener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

let refreshing: Promise<boolean> | null = null;
/** One refresh at a time: concurrent 401s wait for the same refresh. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = authStorage.refreshToken();
    if (!refreshToken) return false;
    try {
      const res = await fetch(`${API_BASE}/auth/refresh`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken }),
      });
      if (!res.ok) throw new Error('refresh failed');
      const tokens = (await res.json()) as { token: string; refreshToken: string };
      authStorage.save(tokens);
      return true;
    } catch {
      authStorage.clear();
      for (const l of sessionEndedListeners) l();
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = authStorage.token();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.formData) body = options.formData;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const sentAt = Date.now();
  const res = await fetch(`${API_BASE}${path}${toQueryString(options.query)}`, {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
    // Always asked again, with the copy's ETag (a 304 costs the server one read): public answers
    // allow a shared cache to serve them stale while it revalidates (stale-while-revalidate),
    // and a browser honours that too, which would show an answer from before a change
    // (docs/decisions/143-one-plain-read-path.md).
    cache: 'no-cache',
  });
  // Auction countdowns run on the server's clock (server-clock.ts): every answer refines it.
  observeServerDate(res.headers?.get('date') ?? null, sentAt, Date.now());
  return res;
}

/** Calls the API with the stored bearer token; on 401 refreshes once and retries. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  if ((options.method ?? 'GET') === 'GET') {
    // A landing page's HTML carries the answers to its first public calls (boot-data.ts).
    const answer = takeBootAnswer(`${path}${toQueryString(options.query)}`);
    if (answer !== undefined) return answer as T;
  }
  let res = await send(path, options);
  if (res.status === 401 && !options.noRetry && authStorage.refreshToken()) {
    if (await refreshSession()) res = await send(path, options);
  }
  if (!res.ok) {
    let errorBody: ErrorBody | null = null;
    try {
      errorBody = (await res.json()) as ErrorBody;
    } catch {
      errorBody = null;
    }
    throw new ApiError(res.status, errorBody);
  }
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** One of the storefront's GET calls (storefront-requests.ts builds them for the web app and the server alike). */
export const apiGet = <T>(request: ApiGet): Promise<T> => api<T>(request.path, { query: request.query });

/** The server's message, else the screen's default failure text. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.serverMessage ? err.serverMessage : fallback;
}

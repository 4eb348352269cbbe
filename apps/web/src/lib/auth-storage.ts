import type { User } from '@vm/shared/user';

const TOKEN = 'token';
const REFRESH = 'refreshToken';
const USER = 'user';

export const authStorage = {
  token: () => localStorage.getItem(TOKEN),
  refreshToken: () => localStorage.getItem(REFRESH),
  user(): User | null {
    try {
      const raw = localStorage.getItem(USER);
      return raw ? (JSON.parse(raw) as User) : null;
    } catch {
      return null;
    }
  },
  save(tokens: { token: string; refreshToken: string }, user?: User) {
    localStorage.setItem(TOKEN, tokens.token);
    localStorage.setItem(REFRESH, tokens.refreshToken);
    if (user) localStorage.setItem(USER, JSON.stringify(user));
  },
  saveUser(user: User) {
    localStorage.setItem(USER, JSON.stringify(user));
  },
  clear() {
    localStorage.removeItem(TOKEN);
    localStorage.removeItem(REFRESH);
    localStorage.removeItem(USER);
  },
};

export type TokenState = 'missing' | 'expired' | 'valid' | 'unparsable';

/** Reads a JWT's payload without verifying it (the server always verifies). */
export function decodeToken(token: string): { userId?: string; role?: string; exp?: number } | null {
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const payload: unknown = JSON.parse(json);
    return typeof payload === 'object' && payload !== null ? (payload as { userId?: string; exp?: number }) : null;
  } catch {
    return null;
  }
}

/** AUTH-17..19: missing or expired is signed out; an unparsable token counts as signed in. */
export function tokenState(token: string | null, now = Date.now()): TokenState {
  if (!token) return 'missing';
  const payload = decodeToken(token);
  if (!payload || typeof payload.exp !== 'number') return 'unparsable';
  return payload.exp * 1000 <= now ? 'expired' : 'valid';
}

export const isSignedInToken = (token: string | null) => {
  const s = tokenState(token);
  return s === 'valid' || s === 'unparsable';
};

import type { AuthResponse } from '@vm/shared/auth';
import { isAdminRole } from '@vm/shared/constants';
import type { User } from '@vm/shared/user';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { api, onSessionEnded } from '../../lib/api-client';
import { authStorage, isSignedInToken } from '../../lib/auth-storage';

type Status = 'loading' | 'authenticated' | 'anonymous';

interface AuthContextValue {
  status: Status;
  user: User | null;
  isAdmin: boolean;
  login: (email: string, password: string) => Promise<User>;
  /** Stores a login or register answer; fails when the answer lacks token or user. */
  acceptSession: (response: Partial<AuthResponse>) => User;
  logout: () => Promise<void>;
  setUser: (user: User) => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export class MissingTokenError extends Error {}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUserState] = useState<User | null>(() => authStorage.user());
  const [status, setStatus] = useState<Status>(() =>
    isSignedInToken(authStorage.token()) || authStorage.refreshToken() ? 'loading' : 'anonymous',
  );

  const clear = useCallback(() => {
    authStorage.clear();
    setUserState(null);
    setStatus('anonymous');
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] === 'me' });
  }, [queryClient]);

  // AUTH-09..11: on start load the current user; the client refreshes and retries once on 401.
  useEffect(() => {
    if (status !== 'loading') return;
    let cancelled = false;
    api<{ user: User }>('/auth/me')
      .then(({ user: me }) => {
        if (cancelled) return;
        authStorage.saveUser(me);
        setUserState(me);
        setStatus('authenticated');
      })
      .catch(() => {
        if (!cancelled) clear();
      });
    return () => {
      cancelled = true;
    };
  }, [status, clear]);

  useEffect(() => onSessionEnded(clear), [clear]);

  const acceptSession = useCallback((response: Partial<AuthResponse>) => {
    if (!response.token || !response.refreshToken || !response.user)
      throw new MissingTokenError('No token in the response');
    authStorage.save({ token: response.token, refreshToken: response.refreshToken }, response.user);
    setUserState(response.user);
    setStatus('authenticated');
    return response.user;
  }, []);

  const login = useCallback(
    async (email: string, password: string) => {
      const response = await api<AuthResponse>('/auth/login', {
        method: 'POST',
        body: { email, password },
        noRetry: true,
      });
      return acceptSession(response);
    },
    [acceptSession],
  );

  // AUTH-15..16: tell the server, then clear everything whatever it answered.
  const logout = useCallback(async () => {
    const refreshToken = authStorage.refreshToken();
    try {
      if (refreshToken) await api('/auth/logout', { method: 'POST', body: { refreshToken }, noRetry: true });
    } catch {
      // The local session ends regardless.
    } finally {
      clear();
      queryClient.clear();
    }
  }, [clear, queryClient]);

  const setUser = useCallback((next: User) => {
    authStorage.saveUser(next);
    setUserState(next);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, isAdmin: isAdminRole(user?.role), login, acceptSession, logout, setUser }),
    [status, user, login, acceptSession, logout, setUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}

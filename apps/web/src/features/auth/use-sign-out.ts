import { useCallback } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { useAuth } from './auth-context';

/**
 * Signs out and lands on `to`. It leaves the current page first and only then ends the session:
 * ending it first would let a route guard on a protected page send the user to /login instead.
 * `flushSync` renders the new page before the session ends; it needs ReactDOM's flushSync given
 * to the RouterProvider (routerFlushSync, app/app.tsx), without which the router warns on every
 * sign-out and ignores it.
 */
export function useSignOut(to = '/') {
  const navigate = useNavigate();
  const { logout } = useAuth();
  return useCallback(async () => {
    await navigate(to, { replace: true, flushSync: true });
    await logout();
  }, [navigate, logout, to]);
}

/** ReactDOM's flushSync in the shape RouterProvider takes (what react-router/dom's RouterProvider passes). */
export function routerFlushSync(fn: () => unknown): undefined {
  flushSync(fn);
}

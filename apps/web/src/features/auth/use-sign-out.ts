import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from './auth-context';

/**
 * Signs out and lands on `to`. It leaves the current page first and only then ends the session:
 * ending it first would let a route guard on a protected page send the user to /login instead.
 */
export function useSignOut(to = '/') {
  const navigate = useNavigate();
  const { logout } = useAuth();
  return useCallback(async () => {
    await navigate(to, { replace: true, flushSync: true });
    await logout();
  }, [navigate, logout, to]);
}

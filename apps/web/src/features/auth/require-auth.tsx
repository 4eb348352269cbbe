import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../../components/spinner';
import { useAuth } from './auth-context';

interface Props {
  children: ReactNode;
  /** The admin area: anyone who is not an admin goes to /login carrying the origin (ROUTE-22). */
  admin?: boolean;
  /** Admin-only pages inside a signed-in area: signed-in non-admins go to / (ROUTE-24). */
  adminOnly?: boolean;
}

/** Route guard: spinner while the session loads, /login (remembering the origin) when signed out. */
export function RequireAuth({ children, admin = false, adminOnly = false }: Props) {
  const { status, isAdmin } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <Spinner label="Checking your session..." />;
  if (status === 'anonymous' || (admin && !isAdmin)) {
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  if (adminOnly && !isAdmin) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/**
 * Where to go after login: the remembered origin path, else / (ROUTE-19, ROUTE-20). A user who may
 * not open the admin area goes to / instead of back to an admin origin, which would send them to
 * /login again and loop.
 */
export function originPath(state: unknown, canOpenAdmin = true): string {
  const from = (state as { from?: { pathname?: string; search?: string } } | null)?.from;
  if (!from?.pathname || from.pathname === '/login' || from.pathname === '/register') return '/';
  if (!canOpenAdmin && from.pathname.startsWith('/admin')) return '/';
  return `${from.pathname}${from.search ?? ''}`;
}

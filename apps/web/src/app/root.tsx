import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AuthProvider } from '../features/auth/auth-context';
import { PrivatePageRobots } from '../lib/page-head';

const Toasts = lazy(() => import('./toasts'));

/** ROUTE-05: every navigation scrolls to the top. */
function ScrollToTop() {
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs on each navigation on purpose
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}

export function Root() {
  return (
    <AuthProvider>
      <ScrollToTop />
      <PrivatePageRobots />
      <Outlet />
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </AuthProvider>
  );
}

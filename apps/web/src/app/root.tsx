import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS } from '@vm/shared/constants';
import { AuthProvider } from '../features/auth/auth-context';

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
      <Outlet />
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop theme="colored" />
    </AuthProvider>
  );
}

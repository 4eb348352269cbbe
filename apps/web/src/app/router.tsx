import { createBrowserRouter, Navigate } from 'react-router';
import { Spinner } from '../components/spinner';
import { PublicLayout } from '../layouts/public-layout';
import { Root } from './root';
import { prefetchAuctions, prefetchPage, prefetchSettings } from './route-prefetch';

/**
 * Lazy route modules: each page is its own chunk; the admin area is never loaded by a visitor.
 * The storefront's loaders only start the page's requests early (route-prefetch.ts, following the
 * page's plan, @vm/shared/page-plan) and never wait.
 */
export const router = createBrowserRouter([
  {
    element: <Root />,
    hydrateFallbackElement: <Spinner />,
    children: [
      {
        path: '/admin/*',
        lazy: async () => ({ Component: (await import('../features/admin/admin-app')).AdminApp }),
      },
      {
        path: '/test/*',
        lazy: async () => ({ Component: (await import('../features/dev/test-pages')).TestPages }),
      },
      {
        element: <PublicLayout />,
        loader: prefetchSettings,
        children: [
          {
            index: true,
            loader: prefetchPage,
            lazy: async () => ({ Component: (await import('../features/storefront/home/home-page')).HomePage }),
          },
          {
            path: 'vehicles',
            loader: prefetchPage,
            lazy: async () => ({ Component: (await import('../features/storefront/search/search-page')).SearchPage }),
          },
          {
            path: 'auctions',
            loader: prefetchAuctions,
            lazy: async () => ({
              Component: (await import('../features/storefront/auctions/auctions-page')).AuctionsPage,
            }),
          },
          {
            path: 'vehicles/:id',
            loader: prefetchPage,
            lazy: async () => ({
              Component: (await import('../features/storefront/detail/vehicle-detail-page')).VehicleDetailPage,
            }),
          },
          {
            path: 'about',
            lazy: async () => ({ Component: (await import('../features/storefront/about/about-page')).AboutPage }),
          },
          {
            path: 'contact',
            lazy: async () => ({
              Component: (await import('../features/storefront/contact/contact-page')).ContactPage,
            }),
          },
          {
            path: 'parts',
            lazy: async () => ({ Component: (await import('../features/storefront/parts/parts-page')).PartsPage }),
          },
          { path: 'login', lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }) },
          {
            path: 'forgot-password',
            lazy: async () => ({
              Component: (await import('../features/auth/forgot-password-page')).ForgotPasswordPage,
            }),
          },
          {
            path: 'reset-password',
            lazy: async () => ({
              Component: (await import('../features/auth/reset-password-page')).ResetPasswordPage,
            }),
          },
          {
            path: 'register',
            lazy: async () => ({ Component: (await import('../features/auth/register-page')).RegisterPage }),
          },
          {
            path: 'account/*',
            lazy: async () => ({
              Component: (await import('../features/account/guarded-account-page')).GuardedAccountPage,
            }),
          },
          {
            path: 'unsubscribe',
            lazy: async () => ({
              Component: (await import('../features/email/unsubscribe-page')).UnsubscribePage,
            }),
          },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
]);

import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from './query-client';
import { routerFlushSync } from '../features/auth/use-sign-out';
import { router } from './router';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      {/* flushSync, which sign-out's navigation asks for (features/auth/use-sign-out.ts): without it
          the router warns on every sign-out and ignores the option. */}
      <RouterProvider router={router} flushSync={routerFlushSync} />
    </QueryClientProvider>
  );
}

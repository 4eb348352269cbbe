import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/** The one query cache of the app, shared by the provider and the route loaders that fill it early. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors will not get better by retrying.
      retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 1,
    },
  },
});

import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/** Server data lives here (TanStack Query); Zustand holds auth and UI state only. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again; timeouts, network and 5xx errors get one more try.
        retry: (failureCount, error) =>
          failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}

import { QueryClient } from '@tanstack/react-query';
import { isApiError, isRetryableApiError } from '../api/errors.ts';

/**
 * Retries: network hiccups, timeouts and 5xx twice with backoff; a rate limit is waited out (the
 * banner shows the countdown) once; auth and bad-request failures never, they would fail again.
 */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => {
          if (isApiError(error) && error.kind === 'rate_limited') return failureCount < 1;
          return isRetryableApiError(error) && failureCount < 2;
        },
        retryDelay: (failureCount, error) => {
          if (isApiError(error) && error.kind === 'rate_limited') return (error.retryAfterSeconds ?? 5) * 1000;
          return Math.min(1000 * 2 ** failureCount, 8000);
        },
        refetchOnWindowFocus: true,
        refetchIntervalInBackground: false,
      },
    },
  });
}

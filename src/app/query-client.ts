import { notifyManager, QueryClient } from '@tanstack/react-query';
import { isApiError, isRetryableApiError } from '../api/errors.ts';

// A query's new state reaches its components in the task its answer arrived in, not in a later one
// (the library's default, a setTimeout): a book's price was painted ~5 ms later for it (bench/grid.mjs).
// Answers that arrive together are still one render: the notifications of one task are batched.
notifyManager.setScheduler(queueMicrotask);

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

import { notifyManager, QueryClient } from '@tanstack/react-query';
import { isRateLimitedError, isRefusedApiError, isRetryableApiError } from '../api/errors.ts';

/** The longest a batch waits for its background task. */
const LONGEST_WAIT_MS = 50;

/** The Prioritized Task Scheduling API, where the browser has it (not in every one, nor in jsdom). */
interface TaskScheduler {
  postTask: (callback: () => void, options: { priority: 'background' }) => Promise<void>;
}

/**
 * Hands queries' new states to their components together: the notifications queued until the
 * batch runs (a background task: after the answers already arrived are read) run in one task, so
 * answers that arrive together (several books, a game's odds) make one render and one commit. The
 * library's default gives each notification a setTimeout of its own, and a microtask each would make
 * one commit per answer (16 for a leg added in the render bench). It costs a task hop, not a frame
 * (docs/performance.md).
 */
function notifyTogether(): (callback: () => void) => void {
  let queued: (() => void)[] = [];
  const runQueued = () => {
    const run = queued;
    queued = [];
    for (const callback of run) callback();
  };
  const { scheduler } = globalThis as { scheduler?: Partial<TaskScheduler> };
  const postTask = scheduler?.postTask?.bind(scheduler);
  return (callback) => {
    queued.push(callback);
    if (queued.length > 1) return;
    // Background tasks wait for the answers' network tasks already queued, so a burst of answers is
    // one batch however the machine's load spreads them out; and for every other task, so a page
    // kept busy gets its batch from the timer instead.
    void postTask?.(runQueued, { priority: 'background' });
    setTimeout(runQueued, postTask ? LONGEST_WAIT_MS : 0);
  };
}

notifyManager.setScheduler(notifyTogether());

/**
 * Retries: network hiccups, timeouts and 5xx twice with backoff; a rate limit is waited out (the
 * banner shows the countdown) once; auth and bad-request failures never, they would fail again.
 */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => {
          if (isRateLimitedError(error)) return failureCount < 1;
          return isRetryableApiError(error) && failureCount < 2;
        },
        retryDelay: (failureCount, error) => {
          if (isRateLimitedError(error)) return (error.retryAfterSeconds ?? 5) * 1000;
          return Math.min(1000 * 2 ** failureCount, 8000);
        },
        refetchOnWindowFocus: (query) => !isRefusedApiError(query.state.error),
        refetchIntervalInBackground: false,
      },
    },
  });
}

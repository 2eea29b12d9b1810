/**
 * Recovery when requests failed for want of a connection while the browser still said online (a
 * dropped Wi-Fi behind a captive portal, our server restarting). The browser announces no "back"
 * then, so the app asks for itself: one light request on a backoff, and once anything answers, the
 * failed questions are asked again. Loaded after the first paint (app/parlay-app.tsx).
 */
import { onlineManager, type Query, type QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/errors.ts';

/** The server could not be reached at all (no answer of any kind). */
function isUnreachable(error: unknown): boolean {
  return isApiError(error) && error.kind === 'network';
}

const failedForWantOfConnection = (query: Query) => query.state.status === 'error' && isUnreachable(query.state.error);

export interface RecoveryOptions {
  /** A light request to our server; rejects when it cannot be reached. */
  probe: () => Promise<unknown>;
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/** The first probe comes 2 s after a failure, then 4, 8, 16 and every 30 s: never a hammering loop. */
const FIRST_DELAY_MS = 2_000;
const MAX_DELAY_MS = 30_000;

/**
 * Watches the cache for questions that failed unreachable and probes until the server answers;
 * then asks those questions again. Returns the stop.
 */
export function startConnectionRecovery(
  queryClient: QueryClient,
  { probe, firstDelayMs = FIRST_DELAY_MS, maxDelayMs = MAX_DELAY_MS }: RecoveryOptions,
): () => void {
  const cache = queryClient.getQueryCache();
  let delay = firstDelayMs;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const anyFailed = () => cache.findAll({ predicate: failedForWantOfConnection }).length > 0;

  const attempt = async () => {
    timer = null;
    if (stopped || !anyFailed()) {
      delay = firstDelayMs;
      return;
    }
    // Offline by the browser's word: TanStack Query resumes the questions itself when it is back.
    if (!onlineManager.isOnline()) return schedule();
    const reached = await probe().then(
      () => true,
      (error: unknown) => !isUnreachable(error),
    );
    if (stopped) return;
    // Longer each time until nothing is left failed: a server that answers the probe but not the
    // questions is not asked every 2 s either.
    delay = Math.min(delay * 2, maxDelayMs);
    if (!reached) return schedule();
    await queryClient.refetchQueries({ predicate: failedForWantOfConnection });
  };

  function schedule() {
    if (timer !== null || stopped) return;
    timer = setTimeout(() => void attempt(), delay);
  }

  const unsubscribe = cache.subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && isUnreachable(event.action.error)) schedule();
  });
  const unsubscribeOnline = onlineManager.subscribe((online) => {
    if (online) delay = firstDelayMs;
  });
  if (anyFailed()) schedule();
  return () => {
    stopped = true;
    unsubscribe();
    unsubscribeOnline();
    if (timer !== null) clearTimeout(timer);
  };
}

import { act, waitFor } from '@testing-library/react';
import { vi } from 'vitest';

/** How far Vitest's clock moves in one step. */
const STEP_MS = 500;

/**
 * Fakes the timers the app's retries wait on, before the app first asks: they still move with real
 * time, so nothing else stalls, and `afterRetryBackoff` moves them on at once. Dates go on from
 * the present one (which `freezeDateAtTestNow` may have set). Undo with `vi.useRealTimers()`.
 */
export function fakeRetryTimers(): void {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: Date.now(), shouldAdvanceTime: true });
}

/** How long `find` is tried for between two steps: the app's work the fired timers started. */
const BETWEEN_STEPS_MS = 100;
/** How long `find` is tried for once the clock has moved as far as it will. */
const LAST_TRY_MS = 5_000;

/**
 * The app asks again twice, 1 s then 2 s later, before it shows a failed request: this moves the
 * faked timers on half a second at a time and tries `find` after each step until it returns, so a
 * test waits for the app's work, not for its delays.
 */
export async function afterRetryBackoff<T>(find: () => T, maxMs = 10_000): Promise<T> {
  for (let movedMs = STEP_MS; ; movedMs += STEP_MS) {
    await act(() => vi.advanceTimersByTimeAsync(STEP_MS));
    const lastStep = movedMs >= maxMs;
    try {
      return await waitFor(find, { timeout: lastStep ? LAST_TRY_MS : BETWEEN_STEPS_MS });
    } catch (error) {
      if (lastStep) throw error;
    }
  }
}

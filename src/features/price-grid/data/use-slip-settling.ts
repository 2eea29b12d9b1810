/**
 * Whether the slip is still being changed in quick succession. A slip that changes again within
 * QUICK_CHANGE_MS of its previous change is held (no book is asked about it) until it has been
 * still for QUICK_CHANGE_MS; a change after a pause is asked about at once. Tapping six legs in a
 * row (two per game, opening each game in turn) then asks the books about the final slip only, not
 * about every slip on the way (bench/: 48 requests -> 16 for that session), while a single change
 * is priced without any delay. 700 ms: longer than opening the next game and tapping in it takes
 * when done briskly (~500 ms measured), short enough that the final slip is soon asked about.
 */
import { useState, useSyncExternalStore } from 'react';
// The same quiet time as the slip's odds wait for (state/slip-quiet.ts): books and odds are asked together.
import { QUICK_CHANGE_MS } from '../../../state/slip-quiet.ts';

interface SettleTracker {
  subscribe: (listener: () => void) => () => void;
  /** Notes `slipKey` the first time it is seen; true while that slip is held. */
  isHeld: (slipKey: string) => boolean;
}

export function createSettleTracker(quietMs: number, now: () => number = Date.now): SettleTracker {
  const listeners = new Set<() => void>();
  let currentKey: string | null = null;
  let changedAt = Number.NEGATIVE_INFINITY;
  let held = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    isHeld(slipKey) {
      if (slipKey === currentKey) return held;
      // The slip the grid opens with is not a change.
      const at = currentKey === null ? Number.NEGATIVE_INFINITY : now();
      held = held || at - changedAt < quietMs;
      currentKey = slipKey;
      changedAt = at;
      clearTimeout(timer);
      if (held) {
        timer = setTimeout(() => {
          held = false;
          for (const listener of listeners) listener();
        }, quietMs);
      }
      return held;
    },
  };
}

/** `slipKey`: the slip's legs as one string (the same legs, the same key). */
export function useSlipSettling(slipKey: string): boolean {
  const [tracker] = useState(() => createSettleTracker(QUICK_CHANGE_MS));
  return useSyncExternalStore(tracker.subscribe, () => tracker.isHeld(slipKey));
}

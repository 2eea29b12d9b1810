/** A clock the test moves: timers fire, in order, only when `advance` passes their time. */
import type { StreamClock, TimerHandle } from '../streams/stream-clock.ts';

export interface ManualClock extends StreamClock {
  advance(ms: number): void;
  /** Timers not yet fired or cancelled. */
  readonly pending: number;
}

export function manualClock(startMs = Date.UTC(2026, 10, 22, 18, 0, 0)): ManualClock {
  let nowMs = startMs;
  let order = 0;
  const timers = new Set<{ at: number; order: number; callback: () => void }>();
  return {
    now: () => nowMs,
    after(ms, callback): TimerHandle {
      const timer = { at: nowMs + ms, order: order++, callback };
      timers.add(timer);
      return { cancel: () => timers.delete(timer) };
    },
    advance(ms) {
      const target = nowMs + ms;
      for (;;) {
        const due = [...timers]
          .filter((timer) => timer.at <= target)
          .sort((a, b) => a.at - b.at || a.order - b.order)[0];
        if (due === undefined) break;
        timers.delete(due);
        nowMs = due.at;
        due.callback();
      }
      nowMs = target;
    },
    get pending() {
      return timers.size;
    },
  };
}

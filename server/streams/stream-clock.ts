/**
 * Time as the streams see it: the clock and the timers, injectable so tests can move a minute of
 * idle time (or a slow reader's deadline) without waiting for it.
 */
export interface TimerHandle {
  cancel(): void;
}

export interface StreamClock {
  now(): number;
  /** Runs `callback` once after `ms`, unless cancelled. */
  after(ms: number, callback: () => void): TimerHandle;
}

export const systemClock: StreamClock = {
  now: () => Date.now(),
  after(ms, callback) {
    const timer = setTimeout(callback, ms);
    // Timers of the streams never keep a process alive on their own.
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
};

/** Runs `callback` every `ms` until cancelled (one pending timer at a time). */
export function every(clock: StreamClock, ms: number, callback: () => void): TimerHandle {
  let current: TimerHandle | null = null;
  let cancelled = false;
  const schedule = () => {
    current = clock.after(ms, () => {
      if (cancelled) return;
      callback();
      if (!cancelled) schedule();
    });
  };
  schedule();
  return {
    cancel() {
      cancelled = true;
      current?.cancel();
    },
  };
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSettleTracker } from './use-slip-settling.ts';

describe('holding a slip that is still changing quickly', () => {
  let now = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    now = 1_000;
  });
  afterEach(() => vi.useRealTimers());

  it('asks about the first slip and a change after a pause at once', () => {
    const tracker = createSettleTracker(400, () => now);
    expect(tracker.isHeld('a')).toBe(false);
    now += 50;
    // The slip the grid opened with is no change: the first change is asked about at once.
    expect(tracker.isHeld('a,b')).toBe(false);
    now += 1_000;
    expect(tracker.isHeld('a,b,c')).toBe(false);
  });

  it('holds quick changes until the slip has been still for the quiet time, then tells its listeners', () => {
    const tracker = createSettleTracker(400, () => now);
    const listener = vi.fn();
    tracker.subscribe(listener);
    tracker.isHeld('a');
    now += 5_000;
    expect(tracker.isHeld('a,b')).toBe(false);
    for (const slip of ['a,b,c', 'a,b,c,d', 'a,b,c,d,e']) {
      now += 300;
      vi.advanceTimersByTime(300);
      expect(tracker.isHeld(slip)).toBe(true);
    }
    expect(tracker.isHeld('a,b,c,d,e')).toBe(true);
    vi.advanceTimersByTime(399);
    expect(listener).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(tracker.isHeld('a,b,c,d,e')).toBe(false);
  });
});

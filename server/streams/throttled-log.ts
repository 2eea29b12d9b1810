/**
 * Lines that can repeat many times a second (the service refusing stream after stream, a spent
 * budget): each kind said at most once per interval, with how many like it were held back since.
 */
import type { StreamClock } from './stream-clock.ts';

/** Says `line` unless a line of the same kind was said less than an interval ago. */
export type ThrottledLog = (kind: string, line: string) => void;

export function throttledLog(clock: StreamClock, intervalMs: number, log: (line: string) => void): ThrottledLog {
  const byKind = new Map<string, { saidAt: number; heldBack: number }>();
  return (kind, line) => {
    const now = clock.now();
    const last = byKind.get(kind);
    if (last !== undefined && now - last.saidAt < intervalMs) {
      last.heldBack++;
      return;
    }
    const more = last === undefined || last.heldBack === 0 ? '' : ` (${last.heldBack} more like it not logged)`;
    log(`${line}${more}`);
    byKind.set(kind, { saidAt: now, heldBack: 0 });
  };
}

/**
 * Lines locked by the test hook (`POST /__sandbox/line-lock`): a book suspends one line (both its
 * sides, as the books do) from a moment, for a while or until unlocked. Like forced prices, state the
 * seed and the clock do not decide; every reader of prices (/fixtures/odds, /parlay/odds, the stream)
 * applies it, so they agree: the line is not listed, cannot be priced, and the stream says
 * `locked-odds` then `odds` when it reopens.
 */
import type { Sportsbook } from '../../src/domain/sportsbooks.ts';

interface ForcedLock {
  book: Sportsbook;
  fixtureId: string;
  groupId: string;
  fromMs: number;
  untilMs: number;
}

export interface ForcedLocks {
  /** Whether that line is locked at that book and moment by the hook. */
  isLocked(book: Sportsbook, fixtureId: string, groupId: string, nowMs: number): boolean;
  /** Locks a line (replacing an earlier lock of it). */
  set(lock: ForcedLock): void;
  /** Ends a line's lock at `atMs`; false when it was not locked then. */
  release(book: Sportsbook, fixtureId: string, groupId: string, atMs: number): boolean;
  /** Locks that ended in (afterMs, atMs]: the stream sends the line's prices back then. */
  endedBetween(afterMs: number, atMs: number): readonly ForcedLock[];
  readonly size: number;
}

function keyOf(book: Sportsbook, fixtureId: string, groupId: string): string {
  return `${book}|${fixtureId}|${groupId}`;
}

/** How long an ended lock is remembered (the stream asks about the last second or so). */
const ENDED_KEPT_MS = 60_000;

export function createForcedLocks(): ForcedLocks {
  const byLine = new Map<string, ForcedLock>();
  const inForce = (lock: ForcedLock | undefined, nowMs: number): lock is ForcedLock =>
    lock !== undefined && nowMs >= lock.fromMs && nowMs < lock.untilMs;
  return {
    isLocked(book, fixtureId, groupId, nowMs) {
      return byLine.size > 0 && inForce(byLine.get(keyOf(book, fixtureId, groupId)), nowMs);
    },
    set(lock) {
      for (const [key, old] of byLine) if (old.untilMs < lock.fromMs - ENDED_KEPT_MS) byLine.delete(key);
      byLine.set(keyOf(lock.book, lock.fixtureId, lock.groupId), lock);
    },
    release(book, fixtureId, groupId, atMs) {
      const key = keyOf(book, fixtureId, groupId);
      const lock = byLine.get(key);
      if (!inForce(lock, atMs)) return false;
      byLine.set(key, { ...lock, untilMs: atMs });
      return true;
    },
    endedBetween(afterMs, atMs) {
      return [...byLine.values()].filter((lock) => lock.untilMs > afterMs && lock.untilMs <= atMs);
    },
    get size() {
      return byLine.size;
    },
  };
}

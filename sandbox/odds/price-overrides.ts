/**
 * Prices forced by the test hook (`POST /__sandbox/price-change`): a book's price for one line
 * from a moment, for a while, then the model's price again. The only odds state the sandbox keeps
 * that is not a function of the seed and the clock; every reader of prices (/fixtures/odds,
 * /parlay/odds, the stream) applies it, so they still agree.
 */
import type { Sportsbook } from '../../src/domain/sportsbooks.ts';
import type { FairSelection } from './fair-selection.ts';

interface PriceOverride {
  book: Sportsbook;
  fixtureId: string;
  groupId: string;
  sideIndex: number;
  american: number;
  fromMs: number;
  untilMs: number;
}

export interface PriceOverrides {
  /** The override in force for that line at that book and moment, if any. */
  find(book: Sportsbook, selection: FairSelection, nowMs: number): PriceOverride | null;
  /** Replaces any earlier override of the same line at the same book. */
  set(override: PriceOverride): void;
  /** Overrides that ended in (afterMs, atMs]: the stream sends the model's price back then. */
  endedBetween(afterMs: number, atMs: number): readonly PriceOverride[];
  readonly size: number;
}

function keyOf(book: Sportsbook, fixtureId: string, groupId: string, sideIndex: number): string {
  return `${book}|${fixtureId}|${groupId}|${sideIndex}`;
}

/** How long an ended override is remembered (the stream asks about the last second or so). */
const ENDED_KEPT_MS = 60_000;

export function createPriceOverrides(): PriceOverrides {
  const byLine = new Map<string, PriceOverride>();
  return {
    find(book, selection, nowMs) {
      if (byLine.size === 0) return null;
      const found = byLine.get(keyOf(book, selection.fixtureId, selection.groupId, selection.sideIndex));
      return found && nowMs >= found.fromMs && nowMs < found.untilMs ? found : null;
    },
    set(override) {
      for (const [key, old] of byLine) if (old.untilMs < override.fromMs - ENDED_KEPT_MS) byLine.delete(key);
      byLine.set(keyOf(override.book, override.fixtureId, override.groupId, override.sideIndex), override);
    },
    endedBetween(afterMs, atMs) {
      return [...byLine.values()].filter((override) => override.untilMs > afterMs && override.untilMs <= atMs);
    },
    get size() {
      return byLine.size;
    },
  };
}

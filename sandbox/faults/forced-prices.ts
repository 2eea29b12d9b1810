/**
 * Prices forced by the test hook (`POST /__sandbox/price-change`): a book's price for one line
 * from a moment, for a while, then the model's price again. The only odds state the sandbox keeps
 * that is not a function of the seed and the clock; every reader of prices (/fixtures/odds,
 * /parlay/odds, the stream) applies it, so they still agree.
 */
import type { Sportsbook } from '../../src/domain/sportsbooks.ts';
import type { FairSelection } from '../odds/fair-selection.ts';

interface ForcedPrice {
  book: Sportsbook;
  fixtureId: string;
  groupId: string;
  sideIndex: number;
  american: number;
  fromMs: number;
  untilMs: number;
}

export interface ForcedPrices {
  /** The forced price in force for that line at that book and moment, if any. */
  find(book: Sportsbook, selection: FairSelection, nowMs: number): ForcedPrice | null;
  /** Replaces any earlier forced price of the same line at the same book. */
  set(forced: ForcedPrice): void;
  /** Forced prices that ended in (afterMs, atMs]: the stream sends the model's price back then. */
  endedBetween(afterMs: number, atMs: number): readonly ForcedPrice[];
  readonly size: number;
}

function keyOf(book: Sportsbook, fixtureId: string, groupId: string, sideIndex: number): string {
  return `${book}|${fixtureId}|${groupId}|${sideIndex}`;
}

/** How long an ended forced price is remembered (the stream asks about the last second or so). */
const ENDED_KEPT_MS = 60_000;

export function createForcedPrices(): ForcedPrices {
  const byLine = new Map<string, ForcedPrice>();
  return {
    find(book, selection, nowMs) {
      if (byLine.size === 0) return null;
      const found = byLine.get(keyOf(book, selection.fixtureId, selection.groupId, selection.sideIndex));
      return found && nowMs >= found.fromMs && nowMs < found.untilMs ? found : null;
    },
    set(forced) {
      for (const [key, old] of byLine) if (old.untilMs < forced.fromMs - ENDED_KEPT_MS) byLine.delete(key);
      byLine.set(keyOf(forced.book, forced.fixtureId, forced.groupId, forced.sideIndex), forced);
    },
    endedBetween(afterMs, atMs) {
      return [...byLine.values()].filter((forced) => forced.untilMs > afterMs && forced.untilMs <= atMs);
    },
    get size() {
      return byLine.size;
    },
  };
}

/**
 * When a slip's parlay is priced, and what is asked: one rule for the app, which asks each chosen
 * book the moment the slip changes and keeps the answers fresh, and for our server, which asks on
 * a share link's behalf as its page is served. Both must ask exactly the same questions (the same
 * book, the same entries, in the same order), or the server's early answers are never taken.
 */
import { MIN_PARLAY_ENTRIES, type ParlayEntry } from './odds/parlay.ts';
import { findSlipConflicts, MAX_SLIP_LEGS, toParlayEntries, type LegConflict, type SlipLeg } from './slip.ts';
import type { Sportsbook } from './sportsbooks.ts';

/** One /parlay/odds question: the slip's entries, asked of one book (books answer on their own time). */
interface ParlayQuestion {
  book: Sportsbook;
  entries: ParlayEntry[];
}

export type ParlayQuestions =
  | { ask: true; questions: ParlayQuestion[] }
  | { ask: false; reason: 'empty-slip' | 'over-the-limit' | 'no-book' | 'one-leg' | 'held' }
  /** No book combines legs like these: nobody is asked, and the slip says why. */
  | { ask: false; reason: 'clashing-legs'; conflicts: ReadonlyMap<string, LegConflict> };

export interface SlipToPrice {
  legs: readonly SlipLeg[];
  books: readonly Sportsbook[];
  /** The slip is changing in quick succession: its books are asked once it settles. */
  held: boolean;
}

/** What to ask about this slip's parlay, one question per book in the order given; or why nothing is asked. */
export function parlayQuestionsFor({ legs, books, held }: SlipToPrice): ParlayQuestions {
  if (legs.length === 0) return { ask: false, reason: 'empty-slip' };
  if (legs.length > MAX_SLIP_LEGS) return { ask: false, reason: 'over-the-limit' };
  if (books.length === 0) return { ask: false, reason: 'no-book' };
  const conflicts = findSlipConflicts(legs);
  if (conflicts.size > 0) return { ask: false, reason: 'clashing-legs', conflicts };
  if (legs.length < MIN_PARLAY_ENTRIES) return { ask: false, reason: 'one-leg' };
  if (held) return { ask: false, reason: 'held' };
  const entries = toParlayEntries(legs);
  return { ask: true, questions: [...new Set(books)].map((book) => ({ book, entries })) };
}

/**
 * Whether the slip has prices to show at all: a one-leg slip has its single-bet prices, and a slip
 * still changing has its legs' prices while its books wait. The others show what to do first.
 */
export function slipHasPrices(questions: ParlayQuestions): boolean {
  return questions.ask || questions.reason === 'one-leg' || questions.reason === 'held';
}

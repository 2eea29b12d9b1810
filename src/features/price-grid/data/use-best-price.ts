/**
 * The slip's best price, worked out where it is shown away from the grid (the phone's bottom bar)
 * from the same answers the grid shows: the grid's own queries, read from the cache as they are.
 * Nothing is asked here (the grid and data/slip-asking.ts ask, and poll): these observers only read.
 */
import { useMemo } from 'react';
import { regionFirst } from '../../../domain/book-regions.ts';
import { parlayQuestionsFor } from '../../../domain/parlay-questions.ts';
import { toParlayEntries, type SlipLeg } from '../../../domain/slip.ts';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';
import { useAppConfig } from '../../../state/app-config-context.tsx';
import { useSettings, useSlip, useSlipHeld } from '../../../state/app-stores-context.tsx';
import { bestPriceOf, buildParlayColumn, buildStraightColumn } from '../model/grid-model.ts';
import { booksStillOut } from '../model/verdict.ts';
import { useBookQuotes } from './use-book-quotes.ts';
import { useStraightPrices } from './use-straight-prices.ts';

const NO_BOOKS: readonly Sportsbook[] = [];
const NO_LEGS: readonly SlipLeg[] = [];

export interface BestPrice {
  decimal: number;
  book: Sportsbook;
  /** Books not yet answered: while any are out this is only the best so far. */
  stillOut: number;
}

/** The highest price any chosen book gives the slip now, and where; null until one has priced it. */
export function useBestPrice(): BestPrice | null {
  const legs = useSlip((state) => state.legs);
  const books = useSettings((state) => state.books);
  const held = useSlipHeld();
  const { region } = useAppConfig();
  const parlay = useMemo(() => parlayQuestionsFor({ legs, books, held }), [legs, books, held]);
  const entries = useMemo(() => toParlayEntries(legs), [legs]);
  const oneLeg = !parlay.ask && parlay.reason === 'one-leg';
  const quoteStates = useBookQuotes(parlay.ask ? books : NO_BOOKS, entries, { enabled: false });
  const straight = useStraightPrices(parlay.ask || oneLeg ? legs : NO_LEGS, { observeOnly: true });
  return useMemo(() => {
    const [leg] = legs;
    const columns = oneLeg
      ? books.flatMap((book) => (leg ? [buildStraightColumn(book, leg, straight)] : []))
      : quoteStates.map((state) => buildParlayColumn(state, legs, straight));
    // Ties go to the first book as the grid orders them: the reader's own region's first.
    const best = bestPriceOf(regionFirst(columns, (column) => column.book, region));
    return best === null ? null : { ...best, stillOut: booksStillOut(columns) };
  }, [oneLeg, books, legs, quoteStates, straight, region]);
}

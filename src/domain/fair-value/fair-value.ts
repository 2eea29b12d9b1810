/**
 * Fair price of one leg: each book's margin taken out of the market the leg belongs to, then a
 * consensus across the books that price every side. See docs/fair-value.md for the method in words.
 */
import {
  booksOfferingEverySide,
  findMarketSides,
  isQuotableDecimal,
  type OddsRow,
  type SelectionRef,
} from './market-sides.ts';

export const MARGIN_METHODS = ['power', 'multiplicative'] as const;
export type MarginMethod = (typeof MARGIN_METHODS)[number];

/**
 * The app's method. The power method takes more of the margin from longshots than from favourites,
 * which is where books put it (the favourite-longshot bias); multiplicative spreads it evenly.
 */
const DEFAULT_MARGIN_METHOD: MarginMethod = 'power';

/** Fair prices are worked out for two- and three-way markets only. */
const MAX_MARKET_SIDES = 3;

/**
 * A book's implied probabilities for a real market add up to 1 plus its margin (0 to ~15%, a little
 * under 1 at an exchange). A total far outside this band means the sides overlap (double chance)
 * or leave outcomes out (a partial correct-score list), so they are not one set of outcomes.
 */
export const PLAUSIBLE_IMPLIED_TOTAL = { min: 0.9, max: 1.4 } as const;

/** Implied probabilities (1 / decimal) of a market's sides; null unless every price is quotable. */
function impliedProbabilities(decimals: readonly number[]): number[] | null {
  if (!decimals.every(isQuotableDecimal)) return null;
  return decimals.map((decimal) => 1 / decimal);
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** Multiplicative method: implied probabilities scaled so they sum to 1. Null for under 2 sides. */
export function removeMarginMultiplicative(decimals: readonly number[]): number[] | null {
  const implied = impliedProbabilities(decimals);
  if (implied === null || implied.length < 2) return null;
  const total = sum(implied);
  return implied.map((probability) => probability / total);
}

/**
 * Power method: the k with sum(p_i^k) = 1, fair probability p_i^k. k > 1 when the book has a
 * margin, k < 1 when the prices add up to under 1. sum(p_i^k) falls as k grows (every p_i < 1),
 * from n at k = 0 towards 0, so one root exists and bisection finds it.
 */
export function removeMarginPower(decimals: readonly number[]): number[] | null {
  const implied = impliedProbabilities(decimals);
  if (implied === null || implied.length < 2) return null;
  const excess = (k: number) => sum(implied.map((probability) => probability ** k)) - 1;
  let low = 0;
  let high = 1;
  if (excess(1) > 0) {
    low = 1;
    high = 2;
    // Doubling reaches any margin a price can carry within a few dozen steps.
    for (let step = 0; step < 64 && excess(high) > 0; step++) {
      low = high;
      high *= 2;
    }
  }
  for (let step = 0; step < 200 && Math.abs(excess((low + high) / 2)) > 1e-13 && high - low > 1e-15 * high; step++) {
    const middle = (low + high) / 2;
    if (excess(middle) > 0) low = middle;
    else high = middle;
  }
  const k = (low + high) / 2;
  const fair = implied.map((probability) => probability ** k);
  // The root leaves at most ~1e-13 over; scaling it away makes the sides sum to 1 to the last bit.
  const total = sum(fair);
  return fair.map((probability) => probability / total);
}

export function removeMargin(decimals: readonly number[], method: MarginMethod): number[] | null {
  return method === 'power' ? removeMarginPower(decimals) : removeMarginMultiplicative(decimals);
}

/** Median of a non-empty list (mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? Number.NaN) + upper) / 2;
}

type NoFairPriceReason = 'not-found' | 'one-sided' | 'missing-side' | 'single-book' | 'not-one-outcome';

interface FairSide {
  name: string;
  probability: number;
}

export interface FairLegPrice {
  status: 'fair';
  /** Consensus fair probability of the selection. */
  probability: number;
  /** 1 / probability: exact, rounded only for display. */
  decimal: number;
  method: MarginMethod;
  /** Books whose prices made the consensus. */
  books: string[];
  /** Books pricing every side whose prices do not add up to one market (a stale or broken quote). */
  excludedBooks: string[];
  /** Every side's consensus fair probability; they sum to 1. */
  sides: FairSide[];
}

export interface NoFairLegPrice {
  status: 'none';
  reason: NoFairPriceReason;
  /** The selection's own name, for the explanation. */
  selectionName: string;
  /** Every side seen across books. */
  sideNames: string[];
  /** Books pricing every side (consistently), at most one for `single-book`. */
  books: string[];
  excludedBooks: string[];
  /** Median over books of their implied probabilities' total, where known. */
  impliedTotal: number | null;
}

export type FairLegResult = FairLegPrice | NoFairLegPrice;

function noFairPrice(
  reason: NoFairPriceReason,
  selectionName: string,
  details: Partial<Omit<NoFairLegPrice, 'status' | 'reason' | 'selectionName'>> = {},
): NoFairLegPrice {
  return {
    status: 'none',
    reason,
    selectionName,
    sideNames: [],
    books: [],
    excludedBooks: [],
    impliedTotal: null,
    ...details,
  };
}

/**
 * The fair price of one selection from a fixture's odds rows at every book: each book that prices
 * every side of the market has its margin removed; the consensus is the median of those books'
 * fair probabilities per side, renormalised so the sides sum to 1. Needs at least two such books.
 */
export function fairLegPrice(
  rows: readonly OddsRow[],
  selection: SelectionRef,
  method: MarginMethod = DEFAULT_MARGIN_METHOD,
): FairLegResult {
  const sides = findMarketSides(rows, selection);
  if (sides === null) return noFairPrice('not-found', selection.name);
  const { sideNames } = sides;
  if (sideNames.length === 1)
    return noFairPrice(sides.selectionHasLine ? 'missing-side' : 'one-sided', selection.name, { sideNames });
  if (sideNames.length > MAX_MARKET_SIDES) return noFairPrice('not-one-outcome', selection.name, { sideNames });

  const complete = booksOfferingEverySide(sides);
  const completeNames = complete.map((book) => book.sportsbook);
  if (complete.length === 0) return noFairPrice('missing-side', selection.name, { sideNames });
  const totals = complete.map((book) => sum(book.decimals.map((decimal) => 1 / decimal)));
  const impliedTotal = median(totals);
  if (complete.length === 1)
    return noFairPrice('single-book', selection.name, { sideNames, books: completeNames, impliedTotal });
  const plausible = (total: number) => total >= PLAUSIBLE_IMPLIED_TOTAL.min && total <= PLAUSIBLE_IMPLIED_TOTAL.max;
  if (!plausible(impliedTotal))
    return noFairPrice('not-one-outcome', selection.name, { sideNames, books: completeNames, impliedTotal });

  const used: { sportsbook: string; fair: number[] }[] = [];
  const excludedBooks: string[] = [];
  complete.forEach((book, index) => {
    const fair = removeMargin(book.decimals, method);
    if (fair !== null && plausible(totals[index] ?? Number.NaN)) used.push({ sportsbook: book.sportsbook, fair });
    else excludedBooks.push(book.sportsbook);
  });
  const books = used.map((book) => book.sportsbook);
  if (used.length < 2)
    return noFairPrice('single-book', selection.name, { sideNames, books, excludedBooks, impliedTotal });

  const medians = sideNames.map((_, sideIndex) => median(used.map((book) => book.fair[sideIndex] ?? Number.NaN)));
  const medianTotal = sum(medians);
  const fairSides = sideNames.map((name, sideIndex) => ({
    name,
    probability: (medians[sideIndex] ?? Number.NaN) / medianTotal,
  }));
  const probability = fairSides.find((side) => side.name === selection.name)?.probability ?? Number.NaN;
  return { status: 'fair', probability, decimal: 1 / probability, method, books, excludedBooks, sides: fairSides };
}

function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}

function everySide(count: number): string {
  if (count === 2) return 'both sides';
  if (count === 3) return 'all three sides';
  return 'every side';
}

/** Why a leg has no fair price, in words for the person looking at the grid. */
export function explainNoFairPrice(result: NoFairLegPrice): string {
  const sides = everySide(result.sideNames.length);
  switch (result.reason) {
    case 'not-found':
      return `No book lists “${result.selectionName}” right now, so there is nothing to work a fair price out from.`;
    case 'one-sided':
      return `“${result.selectionName}” is a one-sided market (there is no bet against it), so there is no other side to take the book's margin out of.`;
    case 'missing-side': {
      if (result.sideNames.length <= 1) {
        return `Books list “${result.selectionName}” but never its other side, so their margin cannot be taken out to find a fair price.`;
      }
      return `No book prices ${sides} of this market (${listInWords(result.sideNames)}) at once, so their margin cannot be taken out to find a fair price.`;
    }
    case 'single-book': {
      const only = result.books[0];
      const left =
        result.excludedBooks.length > 0
          ? ` (${listInWords(result.excludedBooks)} left out: prices that do not add up to one market)`
          : '';
      if (only === undefined)
        return `No book prices ${sides} of this market consistently${left}, so there is no consensus to compare against.`;
      return `Only ${only} prices ${sides} of this market${left}, so there is no consensus to compare against.`;
    }
    case 'not-one-outcome': {
      if (result.sideNames.length > MAX_MARKET_SIDES) {
        return `This market has ${result.sideNames.length} sides; fair prices are worked out only for two- and three-way markets, where books list every outcome.`;
      }
      const total =
        result.impliedTotal === null ? '' : ` (their chances add up to ${Math.round(result.impliedTotal * 100)}%)`;
      return `The ${result.sideNames.length} sides of this market are not one set of outcomes of which exactly one wins${total}, so no fair price is worked out for it.`;
    }
  }
}

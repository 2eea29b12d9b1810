/**
 * Fair parlay prices, each book's edge against them, the split of a same-game price into real
 * correlation and extra margin, and stake limits. Pure arithmetic on exact decimal odds.
 */
import { isQuotableDecimal } from './market-sides.ts';

export interface FairParlayPrice {
  probability: number;
  /** 1 / probability: exact, rounded only for display. */
  decimal: number;
}

function isProbability(value: number): boolean {
  return Number.isFinite(value) && value > 0 && value <= 1;
}

/**
 * The fair price of independent parts: the product of their fair probabilities. A part is a leg
 * from a game no other leg is in, or a whole same-game group priced by the correlation engine
 * (its probability is 1 / the engine's decimal). Null when there are no parts or one is not a
 * probability.
 */
export function fairParlayPrice(independentProbabilities: readonly number[]): FairParlayPrice | null {
  if (independentProbabilities.length === 0 || !independentProbabilities.every(isProbability)) return null;
  const probability = independentProbabilities.reduce((product, value) => product * value, 1);
  return { probability, decimal: 1 / probability };
}

interface SameGameGroup<Leg> {
  fixtureId: string;
  legs: Leg[];
}

export interface LegsByGame<Leg> {
  /** Legs alone in their game: their fair probabilities multiply. */
  crossGameLegs: Leg[];
  /** Games with 2+ legs, in slip order: each needs the correlation engine (`OpticOdds AI`). */
  sameGameGroups: SameGameGroup<Leg>[];
}

/** Splits a slip's legs by game, so the caller knows which games the correlation engine must price. */
export function splitLegsByGame<Leg extends { fixtureId: string }>(legs: readonly Leg[]): LegsByGame<Leg> {
  const byFixture = new Map<string, Leg[]>();
  for (const leg of legs) byFixture.set(leg.fixtureId, [...(byFixture.get(leg.fixtureId) ?? []), leg]);
  const crossGameLegs = legs.filter((leg) => (byFixture.get(leg.fixtureId)?.length ?? 0) === 1);
  const sameGameGroups = [...byFixture]
    .filter(([, group]) => group.length > 1)
    .map(([fixtureId, group]) => ({ fixtureId, legs: group }));
  return { crossGameLegs, sameGameGroups };
}

/**
 * Expected return per unit staked when a book pays `bookDecimal` on an outcome whose fair chance
 * is `fairProbability`: bookDecimal * fairProbability - 1. +0.034 means +3.4p per 1 staked in
 * the long run; 0 means priced exactly at fair. Null when either input is not a price/probability.
 */
export function edgeAgainstFair(bookDecimal: number, fairProbability: number): number | null {
  if (!isQuotableDecimal(bookDecimal) || !isProbability(fairProbability)) return null;
  return bookDecimal * fairProbability - 1;
}

/** An edge for people: a percentage to one decimal with a sign (real minus), e.g. `+3.4%`, `−2.1%`, `0.0%`. */
export function formatEdge(edge: number | null): string {
  if (edge === null || !Number.isFinite(edge)) return '–';
  // Rounds the size, so -0.0345 and +0.0345 show as mirror images; anything under 0.05% is even.
  const tenthsOfPercent = Math.round(Math.abs(edge) * 1000);
  if (tenthsOfPercent === 0) return '0.0%';
  return `${edge > 0 ? '+' : '\u2212'}${(tenthsOfPercent / 10).toFixed(1)}%`;
}

export interface SameGameSplitInput {
  /** The book's quoted same-game parlay price (decimal). */
  bookQuotedDecimal: number;
  /** The product of the book's own prices for the same legs (decimal). */
  bookLegsDecimal: number;
  /** The correlation engine's fair same-game price from fair leg prices (decimal). */
  fairCorrelatedDecimal: number;
  /** The product of the fair leg prices, as if the legs were independent (decimal). */
  fairIndependentDecimal: number;
}

/**
 * A book's same-game price taken apart. All three are signed fractions of the payout (negative =
 * pays less), and they compose by multiplication: (1 + bookAdjustment) = (1 + correlation) *
 * (1 + extraMargin). In probability terms each ratio is inverted (a -9.7% payout is the combined
 * chance the book implies being 1 / 0.903 = 1.107 times its legs' product).
 */
export interface SameGameSplit {
  /** The book's whole discount on combining: bookQuoted / bookLegs - 1. */
  bookAdjustment: number;
  /** What real correlation justifies: fairCorrelated / fairIndependent - 1. */
  correlation: number;
  /** The rest, margin the book adds on the combination: (1 + bookAdjustment) / (1 + correlation) - 1. */
  extraMargin: number;
}

/** Splits a book's same-game discount into real correlation and extra margin; null on a bad price. */
export function splitSameGameAdjustment(input: SameGameSplitInput): SameGameSplit | null {
  const { bookQuotedDecimal, bookLegsDecimal, fairCorrelatedDecimal, fairIndependentDecimal } = input;
  if (![bookQuotedDecimal, bookLegsDecimal, fairCorrelatedDecimal, fairIndependentDecimal].every(isQuotableDecimal))
    return null;
  const bookRatio = bookQuotedDecimal / bookLegsDecimal;
  const fairRatio = fairCorrelatedDecimal / fairIndependentDecimal;
  return { bookAdjustment: bookRatio - 1, correlation: fairRatio - 1, extraMargin: bookRatio / fairRatio - 1 };
}

/**
 * Whether a stake is above a book's maximum (e.g. Novig's `limits.max`). No known maximum, or
 * a maximum that is not a usable amount, never warns; neither does a stake that is not a number.
 */
export function stakeAboveLimit(stake: number, maxStake: number | null): boolean {
  if (maxStake === null || !Number.isFinite(maxStake) || maxStake < 0 || !Number.isFinite(stake)) return false;
  return stake > maxStake;
}

/**
 * What each column of the grid shows, derived from the books' answers and the straight prices.
 * Pure: no React, so the rules (what a cell says, which book is best, the payout order) are tested
 * on their own and the components only render.
 */
import type { BookQuoteStatus, DeepLinks } from '../../../api/types.ts';
import { ADJUSTMENT_THRESHOLD } from '../../../domain/odds/explain-quote.ts';
import { edgeAgainstFair } from '../../../domain/fair-value/fair-parlay.ts';
import { isCancelled } from '../../../domain/game-status.ts';
import { combinationAdjustment, combineDecimal } from '../../../domain/odds/odds.ts';
import { legKey, type SlipLeg } from '../../../domain/slip.ts';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';
import type { BookQuoteState } from '../data/use-book-quotes.ts';
import { straightPriceKey, type StraightPrices } from '../data/use-straight-prices.ts';

export type LegCell =
  | {
      kind: 'price';
      decimal: number;
      source: 'parlay' | 'straight';
      /** When the book last changed this price (epoch s), where the service says. */
      changedAt: number | null;
      /** The book's own link for this bet, where it has one. */
      link: string | null;
    }
  | { kind: 'not-offered' }
  /** The book has suspended this line (a live stream's locked line) until it reopens. */
  | { kind: 'suspended' }
  /** The leg's game is cancelled: no book will price it. */
  | { kind: 'cancelled' }
  | { kind: 'waiting' }
  | { kind: 'none' };

/**
 * A book's answer, or why there is none: still asking, the whole request failed, or a leg's line is
 * suspended there (the parlay is not available until it reopens, whatever the last answer said).
 */
export type ColumnOutcome = BookQuoteStatus | 'waiting' | 'request-failed' | 'suspended';

export interface BookColumn {
  book: Sportsbook;
  outcome: ColumnOutcome;
  legCells: LegCell[];
  /** The parlay price (one-leg slip: the straight price), null when the book gave none. */
  combinedDecimal: number | null;
  /**
   * While the book is asked about a changed slip: its parlay price for the slip before, shown marked
   * as updating so prices do not blink away on each tap. Never best, ranked or in the verdict.
   */
  updatingDecimal: number | null;
  /** Same-game adjustment against the book's own legs multiplied, when big enough to mention. */
  adjustment: number | null;
  /** The parlay query behind the column; null for a one-leg slip. */
  state: BookQuoteState | null;
  /** The most the book takes on this bet (an exchange's smallest limit among the legs), if it says. */
  maxStake: number | null;
  /** The book's own leg prices multiplied, when it priced the parlay with every leg. */
  ownLegsDecimal: number | null;
  /** Legs (slip indexes) whose line the book has suspended. */
  suspendedLegIndexes: readonly number[];
}

/** When a leg's price at a book last moved on the live stream (ms, by straightPriceKey). */
export type StreamedMoves = Readonly<Record<string, number>>;

const NO_MOVES: StreamedMoves = {};
const NO_LEGS: readonly number[] = [];

const WAITING: LegCell = { kind: 'waiting' };
const NONE: LegCell = { kind: 'none' };
const NOT_OFFERED: LegCell = { kind: 'not-offered' };
const SUSPENDED: LegCell = { kind: 'suspended' };
const CANCELLED: LegCell = { kind: 'cancelled' };

/**
 * A cancelled game's leg reads "Cancelled" at every book (not "Not offered", which would send the
 * user looking for another book); the column's cells are kept as they are when no game is.
 */
function withCancelledLegs(column: BookColumn, legs: readonly SlipLeg[], straight: StraightPrices): BookColumn {
  if (!legs.some((leg) => isCancelled(straight.statusByFixture[leg.fixtureId]))) return column;
  return {
    ...column,
    legCells: column.legCells.map((cell, index) => {
      const leg = legs[index];
      return leg !== undefined && isCancelled(straight.statusByFixture[leg.fixtureId]) ? CANCELLED : cell;
    }),
  };
}

function suspendedLegsAt(book: Sportsbook, legs: readonly SlipLeg[], straight: StraightPrices): readonly number[] {
  const indexes = legs.flatMap((leg, index) => (straight.lockedByKey[straightPriceKey(book, leg)] ? [index] : []));
  return indexes.length === 0 ? NO_LEGS : indexes;
}

function priceCell(
  book: Sportsbook,
  leg: SlipLeg,
  decimal: number,
  source: 'parlay' | 'straight',
  straight: StraightPrices,
): LegCell {
  const key = straightPriceKey(book, leg);
  return {
    kind: 'price',
    decimal,
    source,
    changedAt: straight.changedAtByKey[key] ?? null,
    link: straight.deepLinkByKey[key] ?? null,
  };
}

function straightCell(book: Sportsbook, leg: SlipLeg, straight: StraightPrices, ifUnknown: LegCell): LegCell {
  const decimal = straight.decimalByKey[straightPriceKey(book, leg)];
  return decimal === undefined ? ifUnknown : priceCell(book, leg, decimal, 'straight', straight);
}

/** An exchange takes at most its smallest limit among the legs; books that state none give null. */
function maxStakeOf(book: Sportsbook, legs: readonly SlipLeg[], straight: StraightPrices): number | null {
  const limits = legs.flatMap((leg) => {
    const limit = straight.maxStakeByKey[straightPriceKey(book, leg)];
    return limit === undefined ? [] : [limit];
  });
  return limits.length === 0 ? null : Math.min(...limits);
}

/**
 * `moves`: a leg whose price moved on the live stream after the book's answer shows the streamed
 * price (the book's own price for it now) until the book is asked again.
 */
export function buildParlayColumn(
  state: BookQuoteState,
  legs: readonly SlipLeg[],
  straight: StraightPrices,
  moves: StreamedMoves = NO_MOVES,
): BookColumn {
  return withCancelledLegs(parlayColumnOf(state, legs, straight, moves), legs, straight);
}

function parlayColumnOf(
  state: BookQuoteState,
  legs: readonly SlipLeg[],
  straight: StraightPrices,
  moves: StreamedMoves,
): BookColumn {
  const { book, quote } = state;
  const base = {
    book,
    state,
    combinedDecimal: null,
    updatingDecimal: null,
    adjustment: null,
    maxStake: maxStakeOf(book, legs, straight),
    ownLegsDecimal: null,
    suspendedLegIndexes: NO_LEGS,
  };
  const suspended = suspendedLegsAt(book, legs, straight);
  if (suspended.length > 0) {
    return {
      ...base,
      outcome: 'suspended',
      legCells: legs.map((leg, index) =>
        suspended.includes(index) ? SUSPENDED : straightCell(book, leg, straight, NONE),
      ),
      suspendedLegIndexes: suspended,
    };
  }
  /** The leg's price in the book's answer, or the streamed one where that moved since. */
  const latest = (leg: SlipLeg, answered: number): number => {
    const key = straightPriceKey(book, leg);
    const streamed = straight.decimalByKey[key];
    return streamed !== undefined && (moves[key] ?? 0) > state.dataUpdatedAt ? streamed : answered;
  };
  if (quote === undefined) {
    // Legs the book priced in its answer for the slip before keep that price while it is asked
    // again, and after that ask failed: a failure says so in its own place and wipes nothing shown.
    const lastLegCells = (unknown: LegCell) =>
      legs.map((leg) => {
        const decimal = state.lastLegPrices[legKey(leg)];
        return decimal === undefined ? unknown : priceCell(book, leg, decimal, 'parlay', straight);
      });
    if (state.isWaiting)
      return { ...base, outcome: 'waiting', legCells: lastLegCells(WAITING), updatingDecimal: state.lastParlayDecimal };
    return { ...base, outcome: 'request-failed', legCells: lastLegCells(NONE) };
  }
  switch (quote.status) {
    case 'priced': {
      const legDecimals = quote.legs.map((leg) => leg.decimalPrice);
      const adjustment = combinationAdjustment(quote.decimalPrice, legDecimals);
      return {
        ...base,
        outcome: 'priced',
        legCells: legs.map((leg, index) => {
          const decimal = legDecimals[index];
          return decimal === undefined
            ? straightCell(book, leg, straight, NONE)
            : priceCell(book, leg, latest(leg, decimal), 'parlay', straight);
        }),
        combinedDecimal: quote.decimalPrice,
        adjustment: Math.abs(adjustment) >= ADJUSTMENT_THRESHOLD ? adjustment : null,
        ownLegsDecimal: legDecimals.length === legs.length ? combineDecimal(legDecimals) : null,
      };
    }
    case 'missing': {
      const missing = new Set(quote.missingEntryIndexes);
      return {
        ...base,
        outcome: 'missing',
        legCells: legs.map((leg, index) =>
          missing.has(index) ? NOT_OFFERED : straightCell(book, leg, straight, NONE),
        ),
      };
    }
    default:
      return { ...base, outcome: quote.status, legCells: legs.map((leg) => straightCell(book, leg, straight, NONE)) };
  }
}

/** A one-leg slip: no parlay to ask for, so each book's straight price is the whole story. */
export function buildStraightColumn(book: Sportsbook, leg: SlipLeg, straight: StraightPrices): BookColumn {
  return withCancelledLegs(straightColumnOf(book, leg, straight), [leg], straight);
}

function straightColumnOf(book: Sportsbook, leg: SlipLeg, straight: StraightPrices): BookColumn {
  const ifUnknown = straight.answeredFixtures[leg.fixtureId]
    ? NOT_OFFERED
    : straight.failedFixtures[leg.fixtureId]
      ? NONE
      : WAITING;
  const suspended = straight.lockedByKey[straightPriceKey(book, leg)] === true;
  const cell = suspended ? SUSPENDED : straightCell(book, leg, straight, ifUnknown);
  return {
    book,
    outcome: suspended
      ? 'suspended'
      : cell.kind === 'price'
        ? 'priced'
        : cell.kind === 'waiting'
          ? 'waiting'
          : 'missing',
    legCells: [cell],
    combinedDecimal: cell.kind === 'price' ? cell.decimal : null,
    updatingDecimal: null,
    adjustment: null,
    state: null,
    maxStake: maxStakeOf(book, [leg], straight),
    ownLegsDecimal: null,
    suspendedLegIndexes: suspended ? [0] : NO_LEGS,
  };
}

/** Prices this close are the same price. */
const SAME_PRICE = 1e-9;

/** Each leg's best price across the columns (null where fewer than two books show a price to compare). */
export function findBestLegPrices(columns: readonly BookColumn[], legCount: number): (number | null)[] {
  return Array.from({ length: legCount }, (_, legIndex) => {
    const prices = columns.flatMap((column) => {
      const cell = column.legCells[legIndex];
      return cell?.kind === 'price' ? [cell.decimal] : [];
    });
    return prices.length < 2 ? null : Math.max(...prices);
  });
}

/**
 * A leg's price now at the book it was added from, for "moved since you added it"; when that book
 * is no longer shown, the best price shown. Null when there is none to compare.
 */
export function legPriceNow(columns: readonly BookColumn[], legIndex: number, addedFrom: Sportsbook): number | null {
  const priceIn = (column: BookColumn): number | null => {
    const cell = column.legCells[legIndex];
    return cell?.kind === 'price' ? cell.decimal : null;
  };
  const sameBook = columns.find((column) => column.book === addedFrom);
  if (sameBook) return priceIn(sameBook);
  const prices = columns.map(priceIn).filter((price) => price !== null);
  return prices.length === 0 ? null : Math.max(...prices);
}

/** Whether a price is the best one (ties included). */
export function isBestPrice(decimal: number | null, best: number | null): boolean {
  return decimal !== null && best !== null && best - decimal < SAME_PRICE;
}

/** A book's outcome in a few words for its column, with an icon for the eye. */
export const OUTCOME_STATUS: Readonly<
  Record<Exclude<ColumnOutcome, 'priced' | 'waiting'>, { icon: string; words: string }>
> = {
  missing: { icon: '⚠', words: 'Not offered' },
  uncombinable: { icon: '⊘', words: "Won't combine" },
  failed: { icon: '↻', words: 'Retry' },
  absent: { icon: '?', words: 'No answer' },
  'request-failed': { icon: '!', words: 'Request failed' },
  suspended: { icon: '⏸', words: 'Not available' },
};

/** The highest price any book gives the whole bet now, and where (the first such book in the user's order). */
export function bestPriceOf(columns: readonly BookColumn[]): { decimal: number; book: Sportsbook } | null {
  let best: { decimal: number; book: Sportsbook } | null = null;
  for (const { combinedDecimal, book } of columns) {
    if (combinedDecimal !== null && (best === null || combinedDecimal > best.decimal + SAME_PRICE))
      best = { decimal: combinedDecimal, book };
  }
  return best;
}

/** The books with the highest price; none unless at least two books priced (nothing to beat). */
export function findBestBooks(columns: readonly BookColumn[]): ReadonlySet<Sportsbook> {
  const priced = columns.filter((column) => column.combinedDecimal !== null);
  if (priced.length < 2) return new Set();
  const best = Math.max(...priced.map((column) => column.combinedDecimal ?? 0));
  return new Set(
    priced.filter((column) => best - (column.combinedDecimal ?? 0) < SAME_PRICE).map((column) => column.book),
  );
}

/** Each leg's price at the book (what "I placed this" records), null where it gave none. */
export function legDecimalsOf(column: BookColumn): (number | null)[] {
  return column.legCells.map((cell) => (cell.kind === 'price' ? cell.decimal : null));
}

/** Two books' leg prices alike, price by price (a column rebuilt with the same prices is the same). */
export function sameLegDecimals(a: readonly (number | null)[], b: readonly (number | null)[]): boolean {
  return a.length === b.length && a.every((decimal, index) => decimal === b[index]);
}

/** The book's own links from its priced answer (the same object while that answer is unchanged). */
export function deepLinksOf(column: BookColumn): DeepLinks | null {
  return column.state?.quote?.status === 'priced' ? column.state.quote.deepLinks : null;
}

/** A book's expected return per unit staked against the fair parlay; null without either price. */
export function columnEdge(column: BookColumn, fairProbability: number | null): number | null {
  if (column.combinedDecimal === null || fairProbability === null) return null;
  return edgeAgainstFair(column.combinedDecimal, fairProbability);
}

/**
 * What the books (the columns) are ordered by: the user's order, or one row's prices best first,
 * a leg's or the parlay's (the parlay row's order is the payout's and the edge's too: same stake,
 * same legs, same fair chance). Chosen by clicking the row's heading.
 */
export type BookSort = { by: 'chosen' } | { by: 'parlay' } | { by: 'leg'; legIndex: number };

export const CHOSEN_ORDER: BookSort = { by: 'chosen' };

/** Whether two sorts are the same (a heading clicked again goes back to the user's order). */
export function sameSort(a: BookSort, b: BookSort): boolean {
  return a.by === b.by && (a.by !== 'leg' || b.by !== 'leg' || a.legIndex === b.legIndex);
}

/** A row's prices best first; books without a price in that row keep the user's order after. */
export function sortColumnsBy(columns: readonly BookColumn[], sort: BookSort): BookColumn[] {
  if (sort.by === 'chosen') return [...columns];
  if (sort.by === 'parlay') return sortColumns(columns, 'payout');
  const score = (column: BookColumn): number | null => {
    const cell = column.legCells[sort.legIndex];
    return cell?.kind === 'price' ? cell.decimal : null;
  };
  return orderByScore(columns, score);
}

function orderByScore(columns: readonly BookColumn[], score: (column: BookColumn) => number | null): BookColumn[] {
  const scored = columns.filter((column) => score(column) !== null);
  const unscored = columns.filter((column) => score(column) === null);
  // Array.prototype.sort is stable, so equal scores keep the user's order.
  scored.sort((a, b) => (score(b) ?? 0) - (score(a) ?? 0));
  return [...scored, ...unscored];
}

/** Best payout first (same stake, so highest price first); books without a price keep the user's order after. */
export function sortColumns(columns: readonly BookColumn[], order: 'chosen' | 'payout'): BookColumn[] {
  if (order === 'chosen') return [...columns];
  return orderByScore(columns, (column) => column.combinedDecimal);
}

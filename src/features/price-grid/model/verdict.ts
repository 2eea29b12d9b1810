/**
 * The grid's verdict in one plain line: which book pays most, what, and by how much over the next
 * book; with fair value shown, which books pay above or below fair. Pure, like grid-model.ts.
 */
import { formatOdds, payoutFor, type OddsFormat } from '../../../domain/odds/odds.ts';
import { moneyFormat } from '../../../domain/display.ts';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';
import { columnEdge, type BookColumn } from './grid-model.ts';

/** Prices this close are the same price (as grid-model.ts). */
const SAME_PRICE = 1e-9;

/** Money as people say it: `$10` for whole amounts, `$58.80` otherwise. */
export function formatMoneyPlain(amount: number, currency: string, locale?: string): string {
  if (!Number.isFinite(amount)) return '–';
  const whole = Math.abs(amount - Math.round(amount)) < 0.005;
  return moneyFormat(currency, locale, whole ? 0 : 2).format(amount);
}

/** `DraftKings`, `DraftKings and BetMGM`, `A, B and C`, `A, B and 3 more`. */
function bookList(books: readonly Sportsbook[]): string {
  if (books.length <= 1) return books.join('');
  if (books.length > 3) return `${books.slice(0, 2).join(', ')} and ${books.length - 2} more`;
  return `${books.slice(0, -1).join(', ')} and ${books.at(-1) ?? ''}`;
}

interface PricedBook {
  book: Sportsbook;
  decimal: number;
  column: BookColumn;
}

/** The books with a price, best first (equal prices keep the user's order). */
function pricedBooks(columns: readonly BookColumn[]): PricedBook[] {
  return columns
    .flatMap((column) =>
      column.combinedDecimal === null ? [] : [{ book: column.book, decimal: column.combinedDecimal, column }],
    )
    .sort((a, b) => b.decimal - a.decimal);
}

export interface VerdictOptions {
  format: OddsFormat;
  stake: number;
  /** ISO currency code of the stake. */
  currency: string;
}

/** `1 book`, `6 books`. */
export function booksCount(count: number): string {
  return `${count} book${count === 1 ? '' : 's'}`;
}

/** The books not yet answered (neither a price nor a failure); the verdicts say "so far" meanwhile. */
export function booksStillOut(columns: readonly BookColumn[]): number {
  return columns.filter((column) => column.outcome === 'waiting').length;
}

/**
 * Which book pays most and by how much over the next, or what there is to say instead; null while
 * asking and no book has answered. While some books are still out it is the best "so far", and says
 * how many are out: a winner named before they answer could flip seconds later.
 */
export function bestPriceVerdict(
  columns: readonly BookColumn[],
  { format, stake, currency }: VerdictOptions,
): string | null {
  const priced = pricedBooks(columns);
  const [best] = priced;
  const out = booksStillOut(columns);
  if (best === undefined) {
    if (out > 0) return null;
    return 'No book has a price for this slip: each book says why.';
  }
  const money = (amount: number) => formatMoneyPlain(amount, currency);
  const bestPayout = payoutFor(stake, best.decimal);
  const odds = formatOdds(best.decimal, format);
  const payout = `${money(bestPayout)} on ${money(stake)}`;
  const price = `${odds} pays ${payout}`;
  const tied = priced.filter((entry) => best.decimal - entry.decimal < SAME_PRICE);
  const runnerUp = priced[tied.length];
  const more = runnerUp === undefined ? 0 : bestPayout - payoutFor(stake, runnerUp.decimal);
  const thanNext =
    runnerUp === undefined ? '' : `, ${more < 0.005 ? 'under 1¢' : money(more)} more than ${runnerUp.book}`;
  if (out > 0) {
    return `Best so far at ${bookList(tied.map((entry) => entry.book))} (${booksCount(out)} still out): ${price}${thanNext}`;
  }
  if (priced.length === 1) {
    return columns.length === 1 ? `${best.book}: ${price}` : `Only ${best.book} has a price: ${price}`;
  }
  if (runnerUp === undefined) {
    return `${tied.length === columns.length ? 'Every book' : `Every book with a price (${tied.length})`} pays the same: ${odds}, ${payout}`;
  }
  return `Best at ${bookList(tied.map((entry) => entry.book))}: ${price}${thanNext}`;
}

/** From this far below fair a same-game parlay's edge is explained: it looks like a mistake, and is usual. */
const LARGE_SAME_GAME_EDGE = -0.2;

/**
 * Where the books stand against the fair price, in plain words; null without a fair price or a book
 * price. "So far" while books are still out. A same-game parlay's large edge (-25% to -40% is common)
 * says why it is large.
 */
export function fairVerdict(
  columns: readonly BookColumn[],
  fairProbability: number | null,
  sameGame = false,
): string | null {
  const verdict = fairVerdictOfAnswered(columns, fairProbability);
  if (verdict === null) return null;
  const out = booksStillOut(columns);
  const said = out === 0 ? verdict : `So far (${booksCount(out)} still out), ${verdict.replace(/^Every/, 'every')}`;
  const edges = columns.map((column) => columnEdge(column, fairProbability) ?? -1);
  return sameGame && Math.max(...edges) <= LARGE_SAME_GAME_EDGE
    ? `${said} Usual for same-game parlays: each leg's margin multiplies, and books overcharge for how the legs move together.`
    : said;
}

function fairVerdictOfAnswered(columns: readonly BookColumn[], fairProbability: number | null): string | null {
  if (fairProbability === null) return null;
  const priced = pricedBooks(columns).map((entry) => ({
    ...entry,
    edge: columnEdge(entry.column, fairProbability) ?? 0,
  }));
  const [best] = priced;
  if (best === undefined) return null;
  const above = priced.filter((entry) => entry.edge > 0).map((entry) => entry.book);
  if (priced.length === 1) {
    return `${best.book} is ${best.edge > 0 ? 'above' : 'below'} fair value: it pays ${best.edge > 0 ? 'more' : 'less'} than the bet is worth.`;
  }
  if (above.length === 0) return `Every book is below fair value; ${best.book} costs you least.`;
  if (above.length === priced.length) return `Every book is above fair value; ${best.book} pays most.`;
  const verb = above.length === 1 ? 'pays' : 'pay';
  return `${bookList(above)} ${verb} above fair value; the other books are below it.`;
}

/**
 * Closing-line value (CLV): how the price taken compares with the price at the close.
 * CLV = price taken / closing price - 1, on decimal odds: +5% means the bettor was paid 5% more
 * than the market paid at the close (beating the close is the steadiest sign of a sharp bet).
 *
 * - A leg's CLV against its book: its price taken at the book vs the book's last price before the
 *   start; against fair: vs the devig consensus of the books' closing prices.
 * - The parlay's: the parlay price taken vs the product of its legs' closing prices (the book's, or
 *   fair). The product treats legs as independent; for legs in one game it is the close of the same
 *   legs bought as singles.
 */
import { isQuotableDecimal, type OddsRow } from '../fair-value/market-sides.ts';
import { fairLegPrice } from '../fair-value/fair-value.ts';
import type { BetRecord } from './bet-record.ts';

export function closingLineValue(takenDecimal: number, closingDecimal: number | null): number | null {
  if (closingDecimal === null || !isQuotableDecimal(takenDecimal) || !isQuotableDecimal(closingDecimal)) return null;
  return takenDecimal / closingDecimal - 1;
}

export interface ParlayClv {
  /** Against the book's closing prices; null until every leg's is known. */
  book: number | null;
  /** Against the closing fair prices; null until every leg's is known. */
  fair: number | null;
}

function productOrNull(values: readonly (number | null)[]): number | null {
  let product = 1;
  for (const value of values) {
    if (value === null) return null;
    product *= value;
  }
  return product;
}

export function parlayClosingLineValue(bet: Pick<BetRecord, 'decimal' | 'legs'>): ParlayClv {
  return {
    book: closingLineValue(bet.decimal, productOrNull(bet.legs.map((leg) => leg.closingDecimal))),
    fair: closingLineValue(bet.decimal, productOrNull(bet.legs.map((leg) => leg.closingFairDecimal))),
  };
}

/** A selection's closing prices: at its book, and the fair price from every book's close. */
export interface ClosingPrices {
  bookDecimal: number | null;
  fairDecimal: number | null;
}

/**
 * A leg's closing prices from the books' closing rows of its market (the history's `clv`, as
 * `OddsRow`s): the book's own row, and the fair price worked out the way the grid works it out.
 */
export function closingPricesOf(
  closingRows: readonly OddsRow[],
  leg: { market: string; name: string },
  book: string,
): ClosingPrices {
  const own = closingRows.find((row) => row.sportsbook === book && row.market === leg.market && row.name === leg.name);
  const fair = fairLegPrice(closingRows, leg);
  return {
    bookDecimal: own !== undefined && isQuotableDecimal(own.decimalPrice) ? own.decimalPrice : null,
    fairDecimal: fair.status === 'fair' && isQuotableDecimal(fair.decimal) ? fair.decimal : null,
  };
}

/**
 * What the fair-value parts of the grid show, from the fair prices (data/use-fair-value.ts) and the
 * books' columns. Pure, like grid-model.ts.
 */
import { formatEdge, splitSameGameAdjustment, type SameGameSplit } from '../../../domain/fair-value/fair-parlay.ts';
import { explainNoFairPrice, type FairLegResult } from '../../../domain/fair-value/fair-value.ts';
import { formatOdds, type OddsFormat } from '../../../domain/odds/odds.ts';
import type { FairParlay, FairValue } from '../data/use-fair-value.ts';
import type { BookColumn } from './grid-model.ts';

/** The fair parlay's price, when there is one. */
export function fairDecimalOf(fair: FairValue | null): number | null {
  return fair?.parlay.status === 'fair' ? fair.parlay.decimal : null;
}

/** The fair parlay's chance of winning, when there is a fair price. */
export function fairProbabilityOf(fair: FairValue | null): number | null {
  return fair?.parlay.status === 'fair' ? fair.parlay.probability : null;
}

/**
 * A book's same-game discount split into real correlation and extra margin, when the fair price
 * came from the correlation engine and the book priced every leg itself.
 */
export function sameGameSplitOf(column: BookColumn, fairParlay: FairParlay): SameGameSplit | null {
  if (fairParlay.status !== 'fair' || !fairParlay.correlated) return null;
  if (column.combinedDecimal === null || column.ownLegsDecimal === null) return null;
  return splitSameGameAdjustment({
    bookQuotedDecimal: column.combinedDecimal,
    bookLegsDecimal: column.ownLegsDecimal,
    fairCorrelatedDecimal: fairParlay.decimal,
    fairIndependentDecimal: fairParlay.independentDecimal,
  });
}

/** What real correlation does to the fair price: fair correlated over fair legs multiplied, less one. */
function fairCorrelationOf(fairParlay: FairParlay): number | null {
  if (fairParlay.status !== 'fair' || !fairParlay.correlated) return null;
  return fairParlay.decimal / fairParlay.independentDecimal - 1;
}

function bookCount(count: number): string {
  return `${count} ${count === 1 ? 'book' : 'books'}`;
}

/** One leg's fair price in words: how it was made, or why there is none. */
export function describeFairLeg(result: FairLegResult | null, format: OddsFormat): string {
  if (result === null) return 'Waiting for this game’s prices.';
  if (result.status === 'none') return explainNoFairPrice(result);
  const left =
    result.excludedBooks.length > 0
      ? ` (${result.excludedBooks.join(', ')} left out: prices that do not add up to one market)`
      : '';
  return `Fair ${formatOdds(result.decimal, format)} (${(result.probability * 100).toFixed(1)}% chance): the median of ${bookCount(result.books.length)} with their margin taken out${left}.`;
}

/** The fair parlay price in words. */
export function describeFairParlay(parlay: FairParlay, format: OddsFormat): string {
  switch (parlay.status) {
    case 'waiting':
      return 'Working out the fair parlay price…';
    case 'none':
      return parlay.reason;
    case 'fair': {
      const price = `Fair parlay ${formatOdds(parlay.decimal, format)} (${(parlay.probability * 100).toFixed(2)}% chance)`;
      if (!parlay.correlated) return `${price}: the fair leg prices multiplied, as the legs are from different games.`;
      const correlation = fairCorrelationOf(parlay) ?? 0;
      return `${price}: priced by the OpticOdds AI correlation engine from the fair leg prices, because legs share a game. Correlation moves it ${formatEdge(correlation)} against the fair legs multiplied (${formatOdds(parlay.independentDecimal, format)}).`;
    }
  }
}

/**
 * The same-game rows a parlay's grid and its CSV show: the adjustment row once a book adjusted its
 * price or the fair price carries real correlation; the extra-margin row only with the latter.
 */
export function sameGameRowsOf(
  columns: readonly BookColumn[],
  fair: FairValue | null,
): { fairCorrelation: number | null; showsAdjustment: boolean; showsExtraMargin: boolean } {
  const fairCorrelation = fair === null ? null : fairCorrelationOf(fair.parlay);
  return {
    fairCorrelation,
    showsAdjustment: fairCorrelation !== null || columns.some((column) => column.adjustment !== null),
    showsExtraMargin: fairCorrelation !== null,
  };
}

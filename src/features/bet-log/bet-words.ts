/** The log's words for results, outcomes and percentages. */
import type { LegResult } from '../../domain/bet-log/bet-record.ts';
import type { BetOutcome } from '../../domain/bet-log/settlement.ts';
import { formatDate } from '../../domain/display.ts';

/** A signed percentage (CLV, ROI), as edges are written: `+3.4%`, `−2.1%`, `–` when unknown. */
export { formatEdge as formatPercent } from '../../domain/fair-value/fair-parlay.ts';

export const OUTCOME_WORDS: Record<BetOutcome, string> = {
  open: 'Open',
  won: 'Won',
  lost: 'Lost',
  push: 'Push (stake back)',
};

/** When a bet was logged or settled, in the reader's own form. */
export function formatLoggedAt(at: number): string {
  return formatDate(at, undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function legResultWords(result: LegResult | null): string {
  if (result === null || result === 'Pending') return 'Not graded yet';
  if (result === 'Refunded') return 'Push or void (drops out)';
  return result;
}

export const CLV_HELP =
  'CLV (closing-line value) = price taken ÷ closing price − 1: +5% means you were paid 5% more than the market paid at the close. ' +
  "A leg's is against its book's last price before the start, and against the fair close (the books' closing prices with their margin taken out). " +
  "The parlay's is its price taken against the product of its legs' closing prices.";

/**
 * Plain-words explanation of one book's answer for the price grid: what happened (headline), what
 * it means (detail) and, where useful, why books do this or what to try (hint). Pure: the grid
 * adds the actions (remove legs, find the conflict, retry).
 */
import type { BookQuote } from './parlay.ts';
import { formatEdge } from '../fair-value/fair-parlay.ts';
import { combinationAdjustment } from './odds.ts';

export interface QuoteExplanation {
  headline: string;
  detail: string;
  hint?: string;
}

export interface ExplainQuoteContext {
  /** The slip legs' selection names, in the order they were sent to the book. */
  legNames: readonly string[];
}

/** Below this a same-game adjustment is rounding, not the book's own pricing. */
export const ADJUSTMENT_THRESHOLD = 0.005;

const COMBINATION_HINT =
  "Books often refuse same-game parlays, or legs whose results depend on each other (like a team's moneyline with its own spread).";

export function quoted(name: string): string {
  return `‘${name}’`;
}

/** `‘A’`, `‘A’ and ‘B’`, `‘A’, ‘B’ and ‘C’`. */
export function listInWords(names: readonly string[], conjunction = 'and'): string {
  const items = names.map(quoted);
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

function legCount(count: number): string {
  return count === 1 ? '1 leg' : `${count} legs`;
}

/** A signed percentage for people, e.g. `−9.7%` (a real minus sign) or `+2.0%`. */
export function formatAdjustment(adjustment: number): string {
  // Shown only above ADJUSTMENT_THRESHOLD, so it never reads 0.0%: the same figure as an edge.
  return formatEdge(adjustment);
}

function explainMissing(
  quote: Extract<BookQuote, { status: 'missing' }>,
  legNames: readonly string[],
): QuoteExplanation {
  const missingNames = quote.missingEntryIndexes
    .map((index) => legNames[index])
    .filter((name): name is string => name !== undefined);
  const unmatchedNames = quote.unmatchedMissing.map((entry) => entry.name);
  const count = missingNames.length + unmatchedNames.length;
  const parts: string[] = [];
  if (missingNames.length > 0) parts.push(`Not offered: ${listInWords(missingNames)}.`);
  if (unmatchedNames.length > 0) {
    parts.push(
      `It also reported ${listInWords(unmatchedNames)}, which this page could not match to a leg in your slip.`,
    );
  }
  return {
    headline:
      count === 0
        ? `${quote.book} doesn't offer all of your legs`
        : `${quote.book} doesn't offer ${count === 1 ? '1 of your legs' : `${count} of your legs`}`,
    detail: parts.length > 0 ? parts.join(' ') : 'The book did not say which legs it lacks.',
    hint:
      missingNames.length > 0
        ? `Remove ${missingNames.length === 1 ? 'it' : 'them'} from your slip to get a price from ${quote.book}, or keep them and compare the other books.`
        : undefined,
  };
}

export function explainQuote(quote: BookQuote, context: ExplainQuoteContext): QuoteExplanation {
  switch (quote.status) {
    case 'priced': {
      const adjustment = combinationAdjustment(
        quote.decimalPrice,
        quote.legs.map((leg) => leg.decimalPrice),
      );
      const adjusted = Math.abs(adjustment) >= ADJUSTMENT_THRESHOLD;
      return {
        headline: `${quote.book} prices all ${legCount(quote.legs.length)}`,
        detail: adjusted
          ? `Its parlay price is ${formatAdjustment(adjustment)} against its leg prices multiplied: the book's own adjustment for legs it treats as related.`
          : 'Its parlay price is its leg prices multiplied.',
      };
    }
    case 'missing':
      return explainMissing(quote, context.legNames);
    case 'uncombinable':
      return {
        headline: `${quote.book} won't combine these legs in one parlay`,
        detail: `${quote.book} said: “${quote.message}”`,
        hint: COMBINATION_HINT,
      };
    case 'failed':
      return {
        headline: `${quote.book} didn't answer`,
        detail:
          quote.reason === 'invalid_response'
            ? `${quote.book}'s part of the answer could not be read, so no price is shown for it.`
            : `${quote.book}'s odds feed reported a problem (“${quote.message}”). This is usually temporary.`,
        hint: `Retrying asks ${quote.book} again; the other books keep their prices.`,
      };
    case 'absent':
      return {
        headline: `No answer from ${quote.book}`,
        detail: `The odds service's reply had nothing for ${quote.book}. It may be answering under another name or be briefly unavailable.`,
        hint: `Retrying asks ${quote.book} again; the other books keep their prices.`,
      };
  }
}

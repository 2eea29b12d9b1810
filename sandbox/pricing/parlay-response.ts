/**
 * The wire shape of a parlay answer. Priced, missing and failed results sit under `data`; results
 * that refuse to combine are keyed at the top level with only `error` - the whole body when every
 * answering book refused, beside `data` when the answer is mixed. Each result is keyed by its
 * label: the book's name, another label the service sometimes uses (`Blue Book` for Bwin), or
 * `OpticOdds AI`. `deep_link_urls` is only there when the caller asked for it.
 */
import { toIdentifier } from '../../src/domain/identifiers.ts';
import type { Sportsbook } from '../../src/domain/sportsbooks.ts';
import { bookKey, MISSING_ODDS_MESSAGE, UPSTREAM_FAILURE_MESSAGE } from '../odds/books.ts';
import type { ParlayEntryInput } from './parlay-request.ts';
import type { BookQuoteResult, PricedLeg } from './parlay-pricer.ts';
import { formatPrice, type SandboxOddsFormat } from '../odds/wire.ts';

export interface ResponseOptions {
  format: SandboxOddsFormat;
  includeDeepLinks: boolean;
}

/** One result of the answer: under which key, for which book (null for the pricing engine). */
export interface LabelledResult {
  label: string;
  book: Sportsbook | null;
  result: BookQuoteResult;
}

function legsJson(legs: readonly PricedLeg[], format: SandboxOddsFormat) {
  return legs.map(({ entry, american }) => ({
    fixture_id: entry.fixture_id,
    market: entry.market,
    name: entry.name,
    price: formatPrice(american, format),
  }));
}

function missingJson(missing: readonly ParlayEntryInput[]) {
  return missing.map((entry) => ({
    fixture_id: entry.fixture_id,
    market: toIdentifier(entry.market),
    name: toIdentifier(entry.name),
    price: null,
  }));
}

/** Links that can never resolve (`.invalid`): the sandbox has no real bet slips to open. */
function deepLinks(book: Sportsbook, legCount: number) {
  const path = `${bookKey(book)}/betslip?legs=${legCount}&source=opticodds`;
  return {
    android: `https://sportsbook.sandbox.invalid/app/android/${path}`,
    desktop: `https://sportsbook.sandbox.invalid/${path}`,
    ios: `https://sportsbook.sandbox.invalid/app/ios/${path}`,
  };
}

function deepLinkField(book: Sportsbook | null, legCount: number, options: ResponseOptions) {
  if (!options.includeDeepLinks) return {};
  return { deep_link_urls: book ? deepLinks(book, legCount) : null };
}

function resultJson(
  book: Sportsbook | null,
  result: Exclude<BookQuoteResult, { kind: 'uncombinable' }>,
  options: ResponseOptions,
) {
  switch (result.kind) {
    case 'priced':
      return {
        error: null,
        missing_entries: result.missing.length > 0 ? missingJson(result.missing) : null,
        legs: legsJson(result.legs, options.format),
        price: formatPrice(result.american, options.format),
        ...deepLinkField(book, result.legs.length, options),
      };
    case 'price-string':
      // Deliberately wrong: the combined price as a string, for client tests.
      return {
        error: null,
        missing_entries: null,
        legs: legsJson(result.legs, options.format),
        price: String(formatPrice(result.american, options.format)),
      };
    case 'missing':
      return { error: MISSING_ODDS_MESSAGE, missing_entries: missingJson(result.missing), legs: null, price: null };
    case 'failed':
      return { error: UPSTREAM_FAILURE_MESSAGE, missing_entries: null, legs: null, price: null };
  }
}

/** Results in request order; books left out are absent from the answer. */
export function parlayResponseBody(
  results: readonly LabelledResult[],
  options: ResponseOptions,
): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const refused: Record<string, { error: string }> = {};
  for (const { label, book, result } of results) {
    if (result.kind === 'uncombinable') refused[label] = { error: result.message };
    else data[label] = resultJson(book, result, options);
  }
  const anyRefused = Object.keys(refused).length > 0;
  if (anyRefused && Object.keys(data).length === 0) return refused;
  return { data, ...refused };
}

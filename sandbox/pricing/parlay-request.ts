/**
 * Validation of a POST /parlay/odds body, with the rules our server uses too
 * (src/domain/odds/parlay-request-schema.ts), in the odds service's words. Every problem is reported
 * field by field in one message, e.g. `entries[1].market: required; sportsbooks[0]: unknown sportsbook "Foo"`.
 * The body asks either books (any of the ten) or the pricing engine `OpticOdds AI`, alone, with a
 * price on every entry (`price_american` or `price_decimal`); the books ignore prices.
 */
import { americanToDecimal } from '../../src/domain/odds/odds.ts';
import { MAX_PARLAY_ENTRIES, MIN_PARLAY_ENTRIES } from '../../src/domain/odds/parlay.ts';
import { createParlayRequestCheck, type ParlayRequestEntry } from '../../src/domain/odds/parlay-request-schema.ts';
import { FAIR_PRICING_ENGINE } from '../../src/domain/odds/pricing-engine.ts';
import type { Sportsbook } from '../../src/domain/sportsbooks.ts';

export interface ParlayEntryInput {
  fixture_id: string;
  market: string;
  name: string;
}

/** An entry with the caller's own price (only the engine reads it), as exact decimal odds. */
export interface PricedEntryInput extends ParlayEntryInput {
  decimal: number;
  /** The price as sent, echoed in the same form. */
  sentAmerican: number | null;
}

export type ParlayRequest =
  | { kind: 'books'; sportsbooks: Sportsbook[]; entries: ParlayEntryInput[] }
  | { kind: 'engine'; entries: PricedEntryInput[] };

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

const checkRequest = createParlayRequestCheck({
  notJson: 'body: expected a JSON object (the body is not valid JSON)',
  notObject: 'body: expected a JSON object with sportsbooks and entries',
  required: 'required',
  notString: 'expected a string',
  sportsbooksNotArray: 'expected an array of sportsbook names',
  noSportsbooks: 'at least 1 sportsbook required',
  unknownSportsbook: (name) => `unknown sportsbook ${JSON.stringify(name)}`,
  duplicateSportsbook: (name) => `duplicate sportsbook ${JSON.stringify(name)}`,
  engineNotAlone: `"${FAIR_PRICING_ENGINE}" must be the only sportsbook in its request (it prices the prices you send, not a book's)`,
  entriesNotArray: 'expected an array of entries',
  tooFewEntries: () => `at least ${MIN_PARLAY_ENTRIES} entries required`,
  tooManyEntries: () => `at most ${MAX_PARLAY_ENTRIES} entries allowed`,
  entryNotObject: 'expected an object with fixture_id, market and name',
  emptyText: 'must not be empty',
  textTooLong: (maxLength) => `expected at most ${maxLength} characters`,
  badFixtureId: 'expected 1 to 100 printable characters without spaces',
  badAmericanPrice: 'expected American odds, a number at most -100 or at least 100',
  badDecimalPrice: 'expected decimal odds, a number greater than 1',
  pricesOnlyForEngine: null,
});

/** The engine's reading of an entry's price: exact decimal odds; when both are sent, the decimal one. */
function pricedEntry(entry: ParlayRequestEntry): PricedEntryInput {
  const { price_american: american, price_decimal: decimal, ...leg } = entry;
  if (decimal !== undefined) return { ...leg, decimal, sentAmerican: null };
  const fromAmerican = american === undefined ? null : americanToDecimal(american);
  // The check asks a price of every entry for the engine, so this is a bug, not a bad request.
  if (american === undefined || fromAmerican === null)
    throw new Error('An entry for the engine passed without a price.');
  return { ...leg, decimal: fromAmerican, sentAmerican: american };
}

export function parseParlayRequest(bodyText: string): ParseResult<ParlayRequest> {
  const check = checkRequest(bodyText);
  if (check.kind === 'unreadable') return { ok: false, error: check.message };
  if (check.kind === 'invalid') return { ok: false, error: check.problems.join('; ') };
  const { sportsbooks, entries } = check.body;
  if (sportsbooks.includes(FAIR_PRICING_ENGINE))
    return { ok: true, value: { kind: 'engine', entries: entries.map(pricedEntry) } };
  return {
    ok: true,
    value: {
      kind: 'books',
      sportsbooks: sportsbooks.filter((book): book is Sportsbook => book !== FAIR_PRICING_ENGINE),
      entries: entries.map(({ fixture_id, market, name }) => ({ fixture_id, market, name })),
    },
  };
}

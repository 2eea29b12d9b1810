/**
 * Turns a /parlay/odds answer, in any of its shapes, into exactly one BookQuote per requested book.
 * Shapes accepted (interface doc + upstream notes):
 * - `{data: {Book: result}}`: the documented success / upstream failure / missing odds shapes;
 * - `{Book: {error: "..."}}`: the uncombinable shape, with no `data` wrapper;
 * - a mix of the two, for any subset of books; `data` that is not an object is ignored;
 * - a whole-answer `{error: "..."}`, applied to every book without a result of its own.
 * When a book has a result both inside `data` and at the top level, the one in `data` wins.
 * A result may come under the book's id or another label (`Blue Book` for Bwin: see
 * domain/sportsbooks.ts); when one book was asked, an answer holding exactly one result under a name
 * no book goes by is that book's. Results for books nobody asked for are dropped and reported.
 * Duplicate requested books each get their own (identical) quote, so the output always lines up
 * with the request. This function never throws.
 */
import * as v from 'valibot';
import { matchMissingEntries, pairSelections } from '../../domain/odds/missing-entries.ts';
import { americanToDecimal } from '../../domain/odds/odds.ts';
import { sportsbookNamed, type Sportsbook } from '../../domain/sportsbooks.ts';
import { americanPriceSchema, deepLinksSchema, missingEntrySchema, parlayLegSchema } from './schemas.ts';
import type { BookQuote, ParlayEntry, PricedLeg } from '../types.ts';
import { isRecord } from '../../domain/records.ts';

export interface ParlayRequest {
  sportsbooks: readonly Sportsbook[];
  entries: readonly ParlayEntry[];
  /**
   * The same entries in the order the answer's legs come in, when that is not theirs (the GET form
   * answers in its URL's order): a leg that does not name itself is placed by it.
   */
  answeredIn?: readonly ParlayEntry[];
}

/** The service's three wordings for "these legs cannot be combined at this book". */
export const COMBINATION_MESSAGES: readonly string[] = [
  'Cannot be combined into a parlay on the sportsbook.',
  'SelectionsCannotBeCombined',
  'Could not create parlay for all games.',
];

export const MISSING_ODDS_MESSAGE = 'Missing odds for entries.';
export const UNREADABLE_RESULT_MESSAGE = 'The sportsbook’s part of the answer could not be read.';
const UNREADABLE_ANSWER_MESSAGE = 'The answer from the odds service could not be read.';

/** Known wordings, plus any other that talks about combining (the text differs by book). */
export function isCombinationMessage(message: string): boolean {
  return COMBINATION_MESSAGES.includes(message.trim()) || /combine/i.test(message);
}

type PlainObject = Record<string, unknown>;

type AskedLegs = Pick<ParlayRequest, 'entries' | 'answeredIn'>;

function ownField(record: PlainObject, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function failed(book: Sportsbook, message: string, reason: 'upstream' | 'invalid_response'): BookQuote {
  return { status: 'failed', book, message, reason };
}

function quoteForErrorMessage(book: Sportsbook, message: string): BookQuote {
  return isCombinationMessage(message) ? { status: 'uncombinable', book, message } : failed(book, message, 'upstream');
}

/** A non-blank error string, null when there is no error, undefined when `error` has a wrong type. */
function readErrorText(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return undefined;
  return value.trim() === '' ? null : value;
}

function quoteMissing(
  book: Sportsbook,
  reported: readonly unknown[],
  errorText: string | null,
  entries: readonly ParlayEntry[],
): BookQuote {
  const readable: ParlayEntry[] = [];
  for (const item of reported) {
    const parsed = v.safeParse(missingEntrySchema, item);
    if (parsed.success) readable.push(parsed.output);
  }
  if (readable.length === 0) return failed(book, UNREADABLE_RESULT_MESSAGE, 'invalid_response');
  const { matchedIndexes, unmatched } = matchMissingEntries(readable, entries);
  return {
    status: 'missing',
    book,
    message: errorText ?? MISSING_ODDS_MESSAGE,
    missingEntryIndexes: matchedIndexes,
    unmatchedMissing: unmatched,
  };
}

/**
 * Legs are paired with entries by what they echo (fixture, market, name); legs whose echo matches
 * no entry take the remaining entries in the order the answer lists its legs. Returns legs in
 * request-entry order.
 */
function pricedLegs(
  rawLegs: readonly unknown[],
  entries: readonly ParlayEntry[],
  answeredIn: readonly ParlayEntry[],
): PricedLeg[] | null {
  if (rawLegs.length !== entries.length) return null;
  const legs: v.InferOutput<typeof parlayLegSchema>[] = [];
  for (const rawLeg of rawLegs) {
    const parsed = v.safeParse(parlayLegSchema, rawLeg);
    if (!parsed.success) return null;
    legs.push(parsed.output);
  }

  const pairing = pairSelections(legs, entries);
  const taken = new Set(pairing.filter((index): index is number => index !== null));
  const freeEntries = answeredIn
    .map((entry) => entries.indexOf(entry))
    .filter((index) => index !== -1 && !taken.has(index));
  const byEntry = new Array<PricedLeg | undefined>(entries.length);
  legs.forEach((leg, legIndex) => {
    const entryIndex = pairing[legIndex] ?? freeEntries.shift();
    const entry = entryIndex === undefined ? undefined : entries[entryIndex];
    const decimalPrice = americanToDecimal(leg.price);
    if (entryIndex === undefined || entry === undefined || decimalPrice === null) return;
    byEntry[entryIndex] = { entry, americanPrice: leg.price, decimalPrice };
  });
  const result = byEntry.filter((leg): leg is PricedLeg => leg !== undefined);
  return result.length === entries.length ? result : null;
}

function quotePriced(book: Sportsbook, result: PlainObject, asked: AskedLegs): BookQuote {
  const rawLegs = ownField(result, 'legs');
  const price = v.safeParse(americanPriceSchema, ownField(result, 'price'));
  const legs = Array.isArray(rawLegs) ? pricedLegs(rawLegs, asked.entries, asked.answeredIn ?? asked.entries) : null;
  const decimalPrice = price.success ? americanToDecimal(price.output) : null;
  if (!price.success || legs === null || decimalPrice === null) {
    return failed(book, UNREADABLE_RESULT_MESSAGE, 'invalid_response');
  }
  return {
    status: 'priced',
    book,
    americanPrice: price.output,
    decimalPrice,
    legs,
    deepLinks: v.parse(deepLinksSchema, ownField(result, 'deep_link_urls')),
  };
}

/** One book's result object, in any of the documented outcomes. */
function quoteFromResult(book: Sportsbook, result: unknown, asked: AskedLegs): BookQuote {
  if (!isRecord(result)) return failed(book, UNREADABLE_RESULT_MESSAGE, 'invalid_response');
  const errorText = readErrorText(ownField(result, 'error'));
  const missing = ownField(result, 'missing_entries');
  if (Array.isArray(missing) && missing.length > 0)
    return quoteMissing(book, missing, errorText ?? null, asked.entries);
  if (errorText === undefined) return failed(book, UNREADABLE_RESULT_MESSAGE, 'invalid_response');
  if (errorText !== null) return quoteForErrorMessage(book, errorText);
  return quotePriced(book, result, asked);
}

/** A top-level key holds a book's result when its value looks like one (the uncombinable shape). */
function isResultShaped(value: unknown): boolean {
  return (
    isRecord(value) && (Object.hasOwn(value, 'error') || Object.hasOwn(value, 'price') || Object.hasOwn(value, 'legs'))
  );
}

/** Every book result in the answer, by the name it came under: `data`'s first, then the top level's. */
function resultsOf(answer: PlainObject): Map<string, unknown> {
  const results = new Map<string, unknown>();
  const data = ownField(answer, 'data');
  if (isRecord(data)) for (const [name, result] of Object.entries(data)) results.set(name, result);
  for (const [name, result] of Object.entries(answer)) {
    if (name !== 'data' && !results.has(name) && isResultShaped(result)) results.set(name, result);
  }
  return results;
}

/** The name each requested book's result came under, if any (exact name first, then id or label). */
function namesForBooks(results: ReadonlyMap<string, unknown>, books: readonly Sportsbook[]): Map<Sportsbook, string> {
  const found = new Map<Sportsbook, string>();
  for (const book of books) if (results.has(book)) found.set(book, book);
  for (const name of results.keys()) {
    const book = sportsbookNamed(name);
    if (book !== null && books.includes(book) && !found.has(book)) found.set(book, name);
  }
  const [onlyBook, ...others] = new Set(books);
  if (onlyBook !== undefined && others.length === 0 && !found.has(onlyBook)) {
    const unknownNames = [...results.keys()].filter((name) => sportsbookNamed(name) === null);
    if (unknownNames.length === 1 && unknownNames[0] !== undefined) found.set(onlyBook, unknownNames[0]);
  }
  return found;
}

function quoteForBook(
  book: Sportsbook,
  answer: PlainObject,
  result: { found: true; value: unknown } | { found: false },
  asked: AskedLegs,
): BookQuote {
  if (result.found) return quoteFromResult(book, result.value, asked);
  const answerError = readErrorText(ownField(answer, 'error'));
  if (typeof answerError === 'string') return quoteForErrorMessage(book, answerError);
  return { status: 'absent', book };
}

/**
 * `onDropped` hears the names of results no requested book claimed (books nobody asked for), so
 * nothing is dropped unnoticed.
 */
export function parseParlayAnswer(
  body: unknown,
  request: ParlayRequest,
  onDropped?: (names: string[]) => void,
): BookQuote[] {
  if (!isRecord(body))
    return request.sportsbooks.map((book) => failed(book, UNREADABLE_ANSWER_MESSAGE, 'invalid_response'));
  let results: Map<string, unknown>;
  let names: Map<Sportsbook, string>;
  try {
    results = resultsOf(body);
    names = namesForBooks(results, request.sportsbooks);
  } catch {
    // Unreachable for JSON input; a guard for exotic objects (getters, proxies) passed in.
    return request.sportsbooks.map((book) => failed(book, UNREADABLE_RESULT_MESSAGE, 'invalid_response'));
  }
  const claimed = new Set(names.values());
  const unclaimed = [...results.keys()].filter((name) => !claimed.has(name));
  if (unclaimed.length > 0) onDropped?.(unclaimed);
  return request.sportsbooks.map((book) => {
    const name = names.get(book);
    try {
      return quoteForBook(
        book,
        body,
        name === undefined ? { found: false } : { found: true, value: results.get(name) },
        request,
      );
    } catch {
      return failed(book, UNREADABLE_RESULT_MESSAGE, 'invalid_response');
    }
  });
}

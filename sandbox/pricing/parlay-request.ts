/**
 * Validation of a POST /parlay/odds body. Every problem is reported field by field in one message,
 * e.g. `entries[1].market: required; sportsbooks[0]: unknown sportsbook "Foo"`. The body asks
 * either books (any of the ten) or the pricing engine `OpticOdds AI`, alone, with a price on every
 * entry (`price_american` or `price_decimal`).
 */
import { americanToDecimal } from '../../src/domain/odds/odds.ts';
import { MAX_PARLAY_ENTRIES, MIN_PARLAY_ENTRIES } from '../../src/domain/odds/parlay.ts';
import { FAIR_PRICING_ENGINE } from '../../src/domain/odds/pricing-engine.ts';
import { isSportsbook, type Sportsbook } from '../../src/domain/sportsbooks.ts';

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

const ENTRY_FIELDS = ['fixture_id', 'market', 'name'] as const;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type Requested = Sportsbook | typeof FAIR_PRICING_ENGINE;

function checkSportsbooks(value: unknown, problems: string[]): Requested[] {
  if (value === undefined || value === null) {
    problems.push('sportsbooks: required');
    return [];
  }
  if (!Array.isArray(value)) {
    problems.push('sportsbooks: expected an array of sportsbook names');
    return [];
  }
  if (value.length === 0) problems.push('sportsbooks: at least 1 sportsbook required');
  const books: Requested[] = [];
  value.forEach((item: unknown, index) => {
    if (typeof item !== 'string') problems.push(`sportsbooks[${index}]: expected a string`);
    else if (item !== FAIR_PRICING_ENGINE && !isSportsbook(item))
      problems.push(`sportsbooks[${index}]: unknown sportsbook ${JSON.stringify(item)}`);
    else if (books.includes(item)) problems.push(`sportsbooks[${index}]: duplicate sportsbook ${JSON.stringify(item)}`);
    else books.push(item);
  });
  if (books.includes(FAIR_PRICING_ENGINE) && value.length > 1) {
    problems.push(
      `sportsbooks: "${FAIR_PRICING_ENGINE}" must be the only sportsbook in its request (it prices the prices you send, not a book's)`,
    );
  }
  return books;
}

/** An entry's own price: exact decimal odds, and the American price when that is what was sent. */
interface EntryPrice {
  decimal: number;
  sentAmerican: number | null;
}

/** The entry's own price; undefined when it has none, null when it is malformed. */
function entryPrice(item: Record<string, unknown>, index: number, problems: string[]): EntryPrice | null | undefined {
  const american = item.price_american;
  const decimal = item.price_decimal;
  let parsed: EntryPrice | null | undefined;
  if (american !== undefined && american !== null) {
    const asDecimal = typeof american === 'number' ? americanToDecimal(american) : null;
    if (asDecimal === null) {
      problems.push(`entries[${index}].price_american: expected American odds, a number at most -100 or at least 100`);
      parsed = null;
    } else {
      parsed = { decimal: asDecimal, sentAmerican: typeof american === 'number' ? american : null };
    }
  }
  if (decimal !== undefined && decimal !== null) {
    if (typeof decimal !== 'number' || !Number.isFinite(decimal) || decimal <= 1) {
      problems.push(`entries[${index}].price_decimal: expected decimal odds, a number greater than 1`);
      return null;
    }
    // Both sent: the decimal price is the exact one.
    if (parsed !== null) parsed = { decimal, sentAmerican: null };
  }
  return parsed;
}

function checkEntries(
  value: unknown,
  problems: string[],
): { entries: ParlayEntryInput[]; prices: (EntryPrice | null | undefined)[] } {
  if (value === undefined || value === null) {
    problems.push('entries: required');
    return { entries: [], prices: [] };
  }
  if (!Array.isArray(value)) {
    problems.push('entries: expected an array of entries');
    return { entries: [], prices: [] };
  }
  if (value.length < MIN_PARLAY_ENTRIES) problems.push(`entries: at least ${MIN_PARLAY_ENTRIES} entries required`);
  if (value.length > MAX_PARLAY_ENTRIES) problems.push(`entries: at most ${MAX_PARLAY_ENTRIES} entries allowed`);
  const entries: ParlayEntryInput[] = [];
  const prices: (EntryPrice | null | undefined)[] = [];
  value.forEach((item: unknown, index) => {
    if (!isRecord(item)) {
      problems.push(`entries[${index}]: expected an object with fixture_id, market and name`);
      prices.push(null);
      return;
    }
    const entry: ParlayEntryInput = { fixture_id: '', market: '', name: '' };
    for (const field of ENTRY_FIELDS) {
      const fieldValue = item[field];
      if (fieldValue === undefined || fieldValue === null) problems.push(`entries[${index}].${field}: required`);
      else if (typeof fieldValue !== 'string') problems.push(`entries[${index}].${field}: expected a string`);
      else if (fieldValue.trim() === '') problems.push(`entries[${index}].${field}: must not be empty`);
      else entry[field] = fieldValue;
    }
    entries.push(entry);
    prices.push(entryPrice(item, index, problems));
  });
  return { entries, prices };
}

export function parseParlayRequest(bodyText: string): ParseResult<ParlayRequest> {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return { ok: false, error: 'body: expected a JSON object (the body is not valid JSON)' };
  }
  if (!isRecord(body)) return { ok: false, error: 'body: expected a JSON object with sportsbooks and entries' };
  const problems: string[] = [];
  const requested = checkSportsbooks(body.sportsbooks, problems);
  const { entries, prices } = checkEntries(body.entries, problems);
  const forEngine = requested.includes(FAIR_PRICING_ENGINE);
  if (forEngine) {
    const unpriced = prices.flatMap((price, index) => (price === undefined ? [`entries[${index}]`] : []));
    if (unpriced.length > 0)
      problems.push(
        `${unpriced.join(', ')}: "${FAIR_PRICING_ENGINE}" needs price_american or price_decimal on every entry`,
      );
  }
  if (problems.length > 0) return { ok: false, error: problems.join('; ') };
  if (forEngine) {
    const priced = entries.map((entry, index): PricedEntryInput => {
      const price = prices[index];
      return { ...entry, decimal: price?.decimal ?? 1, sentAmerican: price?.sentAmerican ?? null };
    });
    return { ok: true, value: { kind: 'engine', entries: priced } };
  }
  return {
    ok: true,
    value: {
      kind: 'books',
      sportsbooks: requested.filter((book): book is Sportsbook => book !== FAIR_PRICING_ENGINE),
      entries,
    },
  };
}

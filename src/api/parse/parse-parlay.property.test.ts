import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyValue, checkProperty } from '../../test/fuzz.ts';
import { SPORTSBOOKS } from '../../domain/sportsbooks.ts';
import { COMBINATION_MESSAGES, parseParlayAnswer } from './parse-parlay.ts';
import type { BookQuote, ParlayEntry } from '../types.ts';

const RUNS = 2000;

const bookArbitrary = fc.constantFrom(...SPORTSBOOKS);
const requestedBooks = fc.array(bookArbitrary, { maxLength: 12 });
const entryArbitrary: fc.Arbitrary<ParlayEntry> = fc.record({
  fixture_id: fc.constantFrom('20260902FF9AD242', '20260902AB12CD34', 'OLD-123'),
  market: fc.constantFrom('Moneyline', 'Run Line', 'Player Hits', 'Total Runs', 'moneyline'),
  name: fc.constantFrom('Houston Astros', 'Houston Astros -1.5', 'Over 8', "D'Angelo Russell Over 20.5", ''),
});
const entriesArbitrary = fc.array(entryArbitrary, { maxLength: 5 });

const price = fc.oneof(
  fc.double(),
  fc.integer({ min: -2000, max: 2000 }),
  fc.constantFrom(-230.0, 336.0, 100, -100, 99, '336.0', null),
);
const errorValue = fc.oneof(
  fc.constant(null),
  fc.constantFrom(...COMBINATION_MESSAGES, 'Error with response. Try again later.', 'Missing odds for entries.', ''),
  fc.string(),
  fc.jsonValue(),
);
const echo = fc.record(
  {
    fixture_id: fc.oneof(
      entryArbitrary.map((e) => e.fixture_id),
      fc.jsonValue(),
    ),
    market: fc.oneof(
      entryArbitrary.map((e) => e.market),
      fc.string(),
    ),
    name: fc.oneof(
      entryArbitrary.map((e) => e.name),
      fc.string(),
    ),
    price,
  },
  { requiredKeys: [] },
);
const bookResult = fc.oneof(
  fc.record(
    {
      error: errorValue,
      missing_entries: fc.oneof(fc.constant(null), fc.array(echo, { maxLength: 5 }), fc.jsonValue()),
      legs: fc.oneof(fc.constant(null), fc.array(echo, { maxLength: 6 }), fc.jsonValue()),
      price,
      deep_link_urls: fc.oneof(fc.constant(null), fc.jsonValue()),
      extra: fc.jsonValue(),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
);
const bookKey = fc.oneof(
  bookArbitrary,
  fc.constantFrom('Blue Book', 'FanDuel', 'error', '__proto__', 'constructor'),
  fc.string(),
);
const resultsByBook = fc.dictionary(bookKey, bookResult, { maxKeys: 12 });
const answerShaped = fc.oneof(
  resultsByBook.map((data) => ({ data })),
  resultsByBook,
  fc.tuple(resultsByBook, resultsByBook).map(([data, topLevel]) => ({ ...topLevel, data })),
  fc.record({ data: fc.jsonValue(), error: errorValue }, { requiredKeys: [] }),
);

function checkQuotes(quotes: BookQuote[], books: readonly string[], entries: readonly ParlayEntry[]): void {
  expect(quotes.map((quote) => quote.book)).toEqual(books);
  for (const quote of quotes) {
    if (quote.status === 'priced') {
      expect(quote.decimalPrice).toBeGreaterThan(1);
      expect(quote.legs.map((leg) => leg.entry)).toEqual(entries);
      for (const leg of quote.legs) expect(leg.decimalPrice).toBeGreaterThan(1);
    }
    if (quote.status === 'missing') {
      const indexes = quote.missingEntryIndexes;
      expect(new Set(indexes).size).toBe(indexes.length);
      for (const index of indexes) expect(index >= 0 && index < entries.length).toBe(true);
    }
    if (quote.status === 'uncombinable' || quote.status === 'failed') expect(typeof quote.message).toBe('string');
  }
}

describe('parseParlayAnswer properties', () => {
  it('never throws on arbitrary values, one quote per requested book in order', async (context) => {
    await checkProperty(
      context,
      fc.property(anyValue, requestedBooks, entriesArbitrary, (body, books, entries) => {
        checkQuotes(parseParlayAnswer(body, { sportsbooks: books, entries }), books, entries);
      }),
      RUNS,
    );
  });

  it('never throws on answer-shaped objects with random books and fields', async (context) => {
    await checkProperty(
      context,
      fc.property(answerShaped, requestedBooks, entriesArbitrary, (body, books, entries) => {
        checkQuotes(parseParlayAnswer(body, { sportsbooks: books, entries }), books, entries);
      }),
      RUNS,
    );
  });

  it('a book with a well-formed priced result is always priced', async (context) => {
    await checkProperty(
      context,
      fc.property(entriesArbitrary, bookArbitrary, fc.boolean(), (entries, book, wrapped) => {
        const result = {
          error: null,
          missing_entries: null,
          legs: entries.map((entry) => ({ ...entry, price: -110.0 })),
          price: 264.0,
        };
        const body = wrapped ? { data: { [book]: result } } : { [book]: result };
        const [quote] = parseParlayAnswer(body, { sportsbooks: [book], entries });
        expect(quote?.status).toBe('priced');
      }),
      RUNS,
    );
  });
});

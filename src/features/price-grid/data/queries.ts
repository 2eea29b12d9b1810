/**
 * The price grid's server data: one /parlay/odds question per book, so books answer independently
 * (a fast book never waits for a slow one) and adding or removing a book touches only that book.
 */
import { queryOptions } from '@tanstack/react-query';
import type { OddsClient } from '../../../api/client.ts';
import { pollUnlessStreamed } from '../../../api/live-coverage.ts';
import { PRICE_REFRESH_MS } from '../../../api/queries.ts';
import type { BookQuote, ParlayEntry } from '../../../api/types.ts';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';
import { bookSpeedsOf } from './book-speed.ts';

/** An entry as a compact tuple: fixture id, market, selection name. */
export type EntryTuple = readonly [fixtureId: string, market: string, name: string];

/** The entries' stable key: order-sensitive, since a book's legs come back in request order. */
function toEntryTuples(entries: readonly ParlayEntry[]): EntryTuple[] {
  return entries.map((entry) => [entry.fixture_id, entry.market, entry.name] as const);
}

function fromEntryTuples(tuples: readonly EntryTuple[]): ParlayEntry[] {
  return tuples.map(([fixture_id, market, name]) => ({ fixture_id, market, name }));
}

export const parlayQuoteKeys = {
  all: ['parlay'] as const,
  book: (book: Sportsbook) => [...parlayQuoteKeys.all, book] as const,
  quote: (book: Sportsbook, entries: readonly ParlayEntry[]) =>
    [...parlayQuoteKeys.book(book), toEntryTuples(entries)] as const,
};

/**
 * One book's quote for these entries; the entries are read back from the key, so key and request
 * can never disagree. No placeholderData: the key changes only when the entries do, and another
 * slip's prices must never show as this slip's (a refetch of the same key keeps its data anyway).
 */
export function parlayQuoteQuery(client: OddsClient, book: Sportsbook, entries: readonly ParlayEntry[]) {
  const speeds = bookSpeedsOf(client);
  return queryOptions({
    queryKey: parlayQuoteKeys.quote(book, entries),
    queryFn: async ({ queryKey, signal, client: queryClient }): Promise<BookQuote> => {
      const [, askedBook, tuples] = queryKey;
      const [quote] = await client.priceParlay(
        { entries: fromEntryTuples(tuples), sportsbooks: [askedBook] },
        {
          signal,
          onQuoteTime: (ms) => speeds.record(askedBook, ms),
          // A slip's first price at a book may be any reader's (an article's slip): a CDN may answer
          // it. Asked again, a price may have moved (a poll, a leg moving on the stream): asked afresh.
          shared: !queryClient.getQueryData(queryKey),
        },
      );
      return quote ?? { status: 'absent', book: askedBook };
    },
    // While every leg's game is streamed at this book, it is asked again only when a leg's price
    // there moves (use-live-repricing.ts), not on a timer.
    ...pollUnlessStreamed(
      client,
      entries.map((entry) => entry.fixture_id),
      PRICE_REFRESH_MS / 2,
      () => PRICE_REFRESH_MS,
      book,
    ),
  });
}

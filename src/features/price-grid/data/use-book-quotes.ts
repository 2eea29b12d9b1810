/**
 * Asks every chosen book for its parlay price, one query per book. The combined result is
 * structurally shared by TanStack Query, so a book whose answer did not change keeps the same
 * state object and its memoised cells skip rendering.
 */
import { useCallback, useMemo } from 'react';
import { useQueries, type QueryObserverResult } from '@tanstack/react-query';
import { isAbortError, isApiError } from '../../../api/errors.ts';
import { useOddsClient } from '../../../api/odds-client-context.tsx';
import type { BookQuote, ParlayEntry } from '../../../api/types.ts';
import { isSportsbook, type Sportsbook } from '../../../domain/sportsbooks.ts';
import { bookSpeedsOf } from './book-speed.ts';
import { parlayQuoteQuery } from './queries.ts';

export interface BookQuoteState {
  book: Sportsbook;
  /** The book's latest answer for these entries, kept while it is asked again. */
  quote: BookQuote | undefined;
  /** Why the last ask failed as a whole (an ApiError), or null. */
  requestError: unknown;
  /** Changes with every failed attempt, so a rate-limit countdown restarts for each. */
  failureId: string;
  /** Asked, nothing back yet. */
  isWaiting: boolean;
  /** When quote arrived (ms), 0 before. */
  dataUpdatedAt: number;
  /** Asks this book again, and only this book. */
  refetch: () => Promise<unknown>;
}

function toBookQuoteState(book: Sportsbook, result: QueryObserverResult<BookQuote> | undefined): BookQuoteState {
  if (!result) {
    return {
      book,
      quote: undefined,
      requestError: null,
      failureId: '',
      isWaiting: true,
      dataUpdatedAt: 0,
      refetch: () => Promise.resolve(),
    };
  }
  // A rate limit shows at once, while the query client waits it out before its one retry.
  const rateLimited = isApiError(result.failureReason) && result.failureReason.kind === 'rate_limited';
  const failure = result.error ?? (rateLimited ? result.failureReason : null);
  const requestError = failure !== null && !isAbortError(failure) ? failure : null;
  return {
    book,
    quote: result.data,
    requestError,
    failureId: `${result.errorUpdatedAt}:${result.failureCount}`,
    isWaiting: result.data === undefined && requestError === null,
    dataUpdatedAt: result.dataUpdatedAt,
    refetch: result.refetch,
  };
}

export function useBookQuotes(
  books: readonly Sportsbook[],
  entries: readonly ParlayEntry[],
  { enabled = true }: { enabled?: boolean } = {},
): BookQuoteState[] {
  const client = useOddsClient();
  // The queries start in this order (see book-speed.ts); kept by value, so it changes only when
  // what was learned reorders the books.
  const orderKey = bookSpeedsOf(client).askingOrder(books).join('\n');
  const askingOrder = useMemo(() => orderKey.split('\n').filter(isSportsbook), [orderKey]);
  const combine = useCallback(
    (results: QueryObserverResult<BookQuote>[]) => {
      const byBook = new Map(askingOrder.map((book, index) => [book, results[index]]));
      return books.map((book) => toBookQuoteState(book, byBook.get(book)));
    },
    [books, askingOrder],
  );
  return useQueries({
    queries: askingOrder.map((book) => ({ ...parlayQuoteQuery(client, book, entries), enabled })),
    combine,
  });
}

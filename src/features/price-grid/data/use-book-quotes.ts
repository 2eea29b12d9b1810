/**
 * Asks every chosen book for its parlay price, one query per book. The combined result is
 * structurally shared by TanStack Query, so a book whose answer did not change keeps the same
 * state object and its memoised cells skip rendering.
 */
import { useCallback, useMemo } from 'react';
import { hashKey, useQueryClient, type QueryClient, type QueryObserverResult } from '@tanstack/react-query';
import { isAbortError, isRateLimitedError } from '../../../api/errors.ts';
import { useOddsClient } from '../../../api/odds-client-context.tsx';
import type { BookQuote, ParlayEntry } from '../../../api/types.ts';
import { legKey } from '../../../domain/slip.ts';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';
import { bookSpeedsOf } from './book-speed.ts';
import { parlayQuoteKeys, parlayQuoteQuery, type EntryTuple } from './queries.ts';
import { useCombinedQueries } from './use-combined-queries.ts';

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
  /**
   * While asking, or after the ask failed: the book's leg prices in its latest answer for another slip (the one before a leg
   * was added or removed), by legKey. Those legs keep their prices while the new parlay is asked,
   * so adding a leg redraws its row and the parlay cells, not every cell of the table.
   */
  lastLegPrices: Readonly<Record<string, number>>;
  /** While asking: the book's parlay price in that same answer, shown (marked as updating) meanwhile. */
  lastParlayDecimal: number | null;
}

const NO_LEG_PRICES: Readonly<Record<string, number>> = {};

interface LastPrices {
  legs: Readonly<Record<string, number>>;
  parlay: number | null;
}

const NO_LAST_PRICES: LastPrices = { legs: NO_LEG_PRICES, parlay: null };

/** The book's leg and parlay prices in its most recent priced answer in the cache, whatever slip it was for. */
function lastPricesAt(queryClient: QueryClient, book: Sportsbook): LastPrices {
  let newest: { at: number; prices: Record<string, number>; parlay: number } | null = null;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: parlayQuoteKeys.book(book) })) {
    const quote = query.state.data as BookQuote | undefined;
    if (quote?.status !== 'priced' || (newest !== null && query.state.dataUpdatedAt <= newest.at)) continue;
    const tuples = query.queryKey[2] as readonly EntryTuple[] | undefined;
    const prices: Record<string, number> = {};
    quote.legs.forEach((leg, index) => {
      const tuple = tuples?.[index];
      if (tuple) prices[legKey({ fixtureId: tuple[0], market: tuple[1], name: tuple[2] })] = leg.decimalPrice;
    });
    newest = { at: query.state.dataUpdatedAt, prices, parlay: quote.decimalPrice };
  }
  return newest === null ? NO_LAST_PRICES : { legs: newest.prices, parlay: newest.parlay };
}

/**
 * One asking-again function per query, kept while the query is: the observer's own `refetch` is a
 * new function whenever useQueries swaps its first-render observer for the lasting one, which made
 * every book's state new, and the table render again, with nothing changed.
 */
const refetchByQuery = new WeakMap<object, () => Promise<unknown>>();

function refetchOf(
  queryClient: QueryClient,
  book: Sportsbook,
  entries: readonly ParlayEntry[],
): () => Promise<unknown> {
  const queryKey = parlayQuoteKeys.quote(book, entries);
  // By its hash, not find(): find() hashes every query in the cache, and this runs for every book
  // on every answer (39 ms of a new leg's 300 on the render bench's profile).
  const query = queryClient.getQueryCache().get(hashKey(queryKey));
  if (query === undefined) return () => queryClient.refetchQueries({ queryKey, exact: true });
  let refetch = refetchByQuery.get(query);
  if (refetch === undefined) {
    refetch = async () => {
      // A book with a failed attempt behind it, waiting out its backoff or on a retry that hangs,
      // is asked afresh now: asking again would otherwise join that retry. A rate limit's wait stands.
      const { fetchStatus, fetchFailureCount, fetchFailureReason } = query.state;
      if (fetchStatus !== 'idle' && fetchFailureCount > 0 && !isRateLimitedError(fetchFailureReason))
        await queryClient.cancelQueries({ queryKey, exact: true });
      return queryClient.refetchQueries({ queryKey, exact: true });
    };
    refetchByQuery.set(query, refetch);
  }
  return refetch;
}

function toBookQuoteState(
  queryClient: QueryClient,
  book: Sportsbook,
  entries: readonly ParlayEntry[],
  result: QueryObserverResult<BookQuote> | undefined,
): BookQuoteState {
  if (!result) {
    return {
      book,
      quote: undefined,
      requestError: null,
      failureId: '',
      isWaiting: true,
      dataUpdatedAt: 0,
      refetch: () => Promise.resolve(),
      lastLegPrices: NO_LEG_PRICES,
      lastParlayDecimal: null,
    };
  }
  // A rate limit shows at once, while the query client waits it out before its one retry.
  const failure = result.error ?? (isRateLimitedError(result.failureReason) ? result.failureReason : null);
  const requestError = failure !== null && !isAbortError(failure) ? failure : null;
  const isWaiting = result.data === undefined && requestError === null;
  // A failed ask keeps the legs' prices shown before it (nothing on screen is wiped by a failure).
  const last = result.data === undefined ? lastPricesAt(queryClient, book) : NO_LAST_PRICES;
  return {
    book,
    quote: result.data,
    requestError,
    failureId: `${result.errorUpdatedAt}:${result.failureCount}`,
    isWaiting,
    dataUpdatedAt: result.dataUpdatedAt,
    refetch: refetchOf(queryClient, book, entries),
    lastLegPrices: last.legs,
    lastParlayDecimal: last.parlay,
  };
}

export function useBookQuotes(
  books: readonly Sportsbook[],
  entries: readonly ParlayEntry[],
  { enabled = true }: { enabled?: boolean } = {},
): BookQuoteState[] {
  const client = useOddsClient();
  const queryClient = useQueryClient();
  // The queries start in this order (see book-speed.ts), read when the slip or the books change and
  // kept while they are answered: the speeds they teach would otherwise reorder the queries under
  // the observer mid-answer, and each reordering was one more render of the grid.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- entries: a new slip reads the order anew
  const askingOrder = useMemo(() => bookSpeedsOf(client).askingOrder(books), [client, books, entries]);
  const combine = useCallback(
    (results: QueryObserverResult<BookQuote>[]) => {
      const byBook = new Map(askingOrder.map((book, index) => [book, results[index]]));
      return books.map((book) => toBookQuoteState(queryClient, book, entries, byBook.get(book)));
    },
    [queryClient, books, entries, askingOrder],
  );
  // retryOnMount: false: the slip's questions are asked before the grid renders (slip-asking.ts);
  // one refused or failed by the time the grid mounts shows its failure and is asked again when
  // the user says so (Try again), not a second time because the grid arrived after its answer.
  const queries = useMemo(
    () => askingOrder.map((book) => ({ ...parlayQuoteQuery(client, book, entries), enabled, retryOnMount: false })),
    [askingOrder, client, entries, enabled],
  );
  return useCombinedQueries(queries, combine);
}

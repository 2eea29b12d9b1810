/**
 * Asks every chosen book about the slip, and for the odds of its legs that nothing on screen holds,
 * before the grid renders it: about a changed slip the moment the slip changes, and about the slip
 * a page opens with (a share link's) the moment the grid's code has arrived. The grid's queries
 * start from its render's effects, and rendering took ~20 ms for a new leg and ~150 ms for a share
 * link's first grid on the bench (bench/grid.mjs), all of it before the first request. The queries are the grid's own (same key, same request), so when the grid
 * renders it finds them already asked and asks nothing twice. What the grid would not ask about (one
 * leg, no book, clashing legs, a slip still changing quickly) is not asked about here either.
 */
import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OddsClient } from '../../../api/client.ts';
import { useOddsClient } from '../../../api/odds-client-context.tsx';
import { oddsBatcherOf } from '../../../api/odds-batcher.ts';
import { hasSlipLegStandIn, legMarketOddsQuery } from '../../../api/queries.ts';
import { findSlipConflicts, slipGameMarkets, toParlayEntries, type SlipLeg } from '../../../domain/slip.ts';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';
import { useSlipLegsChanged, type SlipMoment } from '../../../state/app-stores-context.tsx';
import { bookSpeedsOf } from './book-speed.ts';
import { parlayQuoteQuery } from './queries.ts';

export interface AskingContext {
  queryClient: QueryClient;
  client: OddsClient;
}

export function askBooksAbout(
  { queryClient, client }: AskingContext,
  legs: readonly SlipLeg[],
  books: readonly Sportsbook[],
  /** The slip is changing in quick succession (state/slip-quiet.ts): the grid asks once it settles. */
  held: boolean,
): void {
  if (legs.length === 0 || books.length === 0 || findSlipConflicts(legs).size > 0) return;
  if (!held && legs.length >= 2) {
    const entries = toParlayEntries(legs);
    for (const book of bookSpeedsOf(client).askingOrder(books))
      void queryClient.prefetchQuery(parlayQuoteQuery(client, book, entries));
  }
  // After the books: the first price shown is a book's parlay price.
  askLegOddsWithoutStandIn({ queryClient, client }, legs);
}

/**
 * The odds of the legs whose games nothing on screen holds (a share link's, a leg added by code):
 * the grid asks for those at once whether or not the slip is still (api/queries.ts,
 * slipLegOddsQuery), so they go out beside the books' parlay questions, not ~50 ms later after the
 * grid's render, and their answers arrive in the same batch. A leg tapped in a game row has that
 * row's lines standing in, and its market waits for the slip to be still, as before.
 */
function askLegOddsWithoutStandIn({ queryClient, client }: AskingContext, legs: readonly SlipLeg[]): void {
  for (const { fixtureId, market } of slipGameMarkets(legs)) {
    const query = legMarketOddsQuery(client, fixtureId, market);
    if (queryClient.getQueryData(query.queryKey) !== undefined) continue;
    if (hasSlipLegStandIn(queryClient, fixtureId, market)) continue;
    void queryClient.prefetchQuery(query);
  }
  // All of them are asked: send now, before the grid's render holds the batch's timer back.
  oddsBatcherOf(client).flush();
}

export function PriceEarly() {
  const queryClient = useQueryClient();
  const client = useOddsClient();
  const onSlipChanged = useCallback(
    ({ slip, settings, held }: SlipMoment) => askBooksAbout({ queryClient, client }, slip.legs, settings.books, held),
    [queryClient, client],
  );
  useSlipLegsChanged(onSlipChanged);
  return null;
}

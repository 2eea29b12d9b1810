/**
 * The app's one place that asks about the slip: the moment its legs or books change (and, for the
 * slip a page opens with, a share link's, the moment this code has arrived), before the grid renders
 * it. The grid's queries start from its render's effects, and rendering took ~20 ms for a new leg and
 * ~150 ms for a share link's first grid on the bench (bench/grid.mjs), all of it before the first
 * request. What is asked is domain/parlay-questions.ts's rule, the one our server's share-link
 * primer follows; the queries are the grid's own (data/queries.ts: same key, same request), so the
 * grid finds them asked, asks nothing twice, and keeps them fresh from then on.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { OddsClient } from '../../../api/client.ts';
import { oddsBatcherOf } from '../../../api/odds-batcher.ts';
import { hasSlipLegStandIn, legMarketOddsQuery } from '../../../api/queries.ts';
import { parlayQuestionsFor, slipHasPrices, type SlipToPrice } from '../../../domain/parlay-questions.ts';
import { slipGameMarkets, type SlipLeg } from '../../../domain/slip.ts';
import type { SlipToPriceSource } from '../../../state/app-stores-context.tsx';
import { bookSpeedsOf } from './book-speed.ts';
import { parlayQuoteQuery } from './queries.ts';

export interface AskingContext {
  queryClient: QueryClient;
  client: OddsClient;
}

/** Asks the books about this slip's parlay, and for its legs' odds, as the rule says. */
function askAboutSlip({ queryClient, client }: AskingContext, slip: SlipToPrice): void {
  const books = bookSpeedsOf(client).askingOrder(slip.books);
  const parlay = parlayQuestionsFor({ ...slip, books });
  if (parlay.ask)
    for (const { book, entries } of parlay.questions)
      void queryClient.prefetchQuery(parlayQuoteQuery(client, book, entries));
  // After the books: the first price shown is a book's parlay price.
  if (slipHasPrices(parlay)) askLegOddsWithoutStandIn({ queryClient, client }, slip.legs);
}

/** Asks about the slip now and on every change of its legs or books, until the returned stop. */
export function askAboutEverySlip(context: AskingContext, slip: SlipToPriceSource): () => void {
  return slip.watch((changed) => askAboutSlip(context, changed));
}

/**
 * The odds of the legs whose games nothing on screen holds (a share link's, a leg added by code):
 * the grid asks for those at once whether or not the slip is still (api/queries.ts,
 * slipLegOddsQuery), so they go out beside the books' parlay questions, not ~50 ms later after the
 * grid's render, and their answers arrive in the same batch. A leg tapped in a game row has that
 * row's lines standing in, and its market waits for the slip to be still.
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

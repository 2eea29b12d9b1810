/**
 * GET /markets/active: the markets games have odds in, so a client can list a game's markets and ask
 * for each one's odds only when it is opened (an unfiltered /fixtures/odds is megabytes). Filters:
 * `fixture_id` (required, repeatable) and `sportsbook` (only markets those books offer; unknown
 * books ignored, as on /fixtures/odds).
 */
import type { Context } from 'hono';
import { SPORTSBOOKS, type Sportsbook } from '../../src/domain/sportsbooks.ts';
import { bookOddsAt } from '../odds/book-odds.ts';
import type { MarketInfo } from '../odds/markets.ts';
import { errorResponse } from './guards.ts';
import { jsonAnswer } from './json-answer.ts';
import { bookFromQuery, catalogDelay, queryList } from './route-helpers.ts';
import { hasOdds } from '../schedule/schedule.ts';
import type { SandboxState } from '../state.ts';

const MARKETS_SELECTOR_ERROR = 'you must provide at least one fixture_id';

export function activeMarketsHandler(state: SandboxState) {
  return async (context: Context): Promise<Response> => {
    const fixtureIds = [...new Set(queryList(context, 'fixture_id', 'id'))];
    if (fixtureIds.length === 0) return errorResponse(context, 400, MARKETS_SELECTOR_ERROR);
    const bookNames = queryList(context, 'sportsbook');
    const books: readonly Sportsbook[] =
      bookNames.length === 0 ? SPORTSBOOKS : [...new Set(bookNames.map(bookFromQuery).filter((book) => book !== null))];
    const delayed = await catalogDelay(context, state);
    if (delayed) return delayed;
    const nowMs = state.now();
    // In board order (game lines, periods, props), each market once.
    const markets = new Map<string, MarketInfo>();
    for (const id of fixtureIds) {
      const fixture = state.schedule.findFixture(id);
      if (!fixture || !hasOdds(fixture, nowMs)) continue;
      const board = state.boardFor(fixture);
      const offered = new Set(
        books.flatMap((book) => bookOddsAt(state.odds, board, book, nowMs).map(({ selection }) => selection.market.id)),
      );
      for (const selection of board.selections) {
        if (offered.has(selection.market.id) && !markets.has(selection.market.id))
          markets.set(selection.market.id, selection.market);
      }
    }
    const data = [...markets.values()].map((market) => ({
      id: market.id,
      name: market.name,
      numerical_id: market.numericalId,
    }));
    return jsonAnswer(context, { data });
  };
}

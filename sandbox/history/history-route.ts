/**
 * GET /fixtures/odds/historical: one fixture's lines at 1-5 books, each with its opening (`olv`) and
 * closing (`clv`) price and, with `include_timeseries=true` (which needs `market`), every price it
 * listed (`entries`), locks too with `include_locked=true`. Filters: `market` (name or id,
 * repeatable), `is_main`; `odds_format` as /fixtures/odds. The service's own limit on this endpoint,
 * 10 requests per 15 s per key, is enforced in app.ts beside the general one.
 */
import type { Context } from 'hono';
import type { Sportsbook } from '../../src/domain/sportsbooks.ts';
import type { FairSelection } from '../odds/fair-selection.ts';
import { fixtureJson, ODDS_FORMAT_ERROR, parseOddsFormat } from '../odds/wire.ts';
import type { SandboxState } from '../state.ts';
import { errorResponse } from '../routes/guards.ts';
import { jsonAnswer } from '../routes/json-answer.ts';
import { bookFromQuery, catalogDelay, parseBoolean, queryList, requestedBookNames } from '../routes/route-helpers.ts';
import { historyOddJson } from './history-wire.ts';
import { groupHistory } from './line-history.ts';

export const HISTORY_RATE_LIMIT = 10;

function flag(context: Context, name: string): boolean | null {
  const value = parseBoolean(context.req.query(name));
  return value === null ? null : value === true;
}

export function historicalOddsHandler(state: SandboxState) {
  return async (context: Context): Promise<Response> => {
    const fixtureIds = [...new Set(queryList(context, 'fixture_id', 'id'))];
    if (fixtureIds.length === 0) return errorResponse(context, 400, 'fixture_id is required');
    if (fixtureIds.length > 1) return errorResponse(context, 400, 'maximum 1 fixture allowed');
    const requestedBooks = requestedBookNames(context);
    if ('error' in requestedBooks) return errorResponse(context, 400, requestedBooks.error);
    const books = [...new Set(requestedBooks.names.map(bookFromQuery).filter((book) => book !== null))];
    const format = parseOddsFormat(context.req.query('odds_format'));
    if (!format) return errorResponse(context, 400, ODDS_FORMAT_ERROR);
    const markets = queryList(context, 'market').map((market) => market.toLowerCase());
    const isMain = parseBoolean(context.req.query('is_main'));
    if (isMain === null) return errorResponse(context, 400, 'is_main: expected true or false');
    const timeseries = flag(context, 'include_timeseries');
    const includeLocked = flag(context, 'include_locked');
    if (timeseries === null) return errorResponse(context, 400, 'include_timeseries: expected true or false');
    if (includeLocked === null) return errorResponse(context, 400, 'include_locked: expected true or false');
    if (timeseries && markets.length === 0)
      return errorResponse(context, 400, 'market is required when include_timeseries is true');

    const delayed = await catalogDelay(context, state);
    if (delayed) return delayed;
    const nowMs = state.now();
    const [fixtureId] = fixtureIds;
    const fixture = fixtureId === undefined ? null : state.schedule.findFixture(fixtureId);
    if (!fixture) return jsonAnswer(context, { data: [] });
    const board = state.boardFor(fixture);
    const wanted = (selection: FairSelection) =>
      (isMain === undefined || selection.isMain === isMain) &&
      (markets.length === 0 ||
        markets.includes(selection.market.name.toLowerCase()) ||
        markets.includes(selection.market.id));
    const groups = [...board.groups.values()].filter((group) => group[0] !== undefined && wanted(group[0]));
    const odds = books.flatMap((book: Sportsbook) =>
      groups.flatMap((group) =>
        groupHistory({ seed: state.seed, board, book, group, nowMs, timeseries, includeLocked }).map((history) =>
          historyOddJson(history, book, format),
        ),
      ),
    );
    return jsonAnswer(context, { data: [{ ...fixtureJson(fixture, nowMs), odds }] });
  };
}

/**
 * GET /fixtures/active and /fixtures/odds, with the live service's envelopes, limits and habits:
 * 100 fixtures a page (`cursor` on page 1, `page=N` or `cursor=` for the rest, no `total_pages`),
 * recent games when no filter is given; odds for up to 5 fixtures (or players, or teams) at up to
 * 5 books, every market unless filtered, unknown books ignored.
 */
import type { Context } from 'hono';
import { bookOddsAt } from '../odds/book-odds.ts';
import { errorResponse } from './guards.ts';
import { jsonAnswer } from './json-answer.ts';
import { bookFromQuery, catalogDelay, parseBoolean, queryList, requestedBookNames } from './route-helpers.ts';
import { fixtureStatus, isInPlay, LISTING_WINDOW_MS, type ScheduledFixture } from '../schedule/schedule.ts';
import type { SandboxState } from '../state.ts';
import { fixtureJson, ODDS_FORMAT_ERROR, oddJson, parseOddsFormat } from '../odds/wire.ts';

const FIXTURES_PAGE_SIZE = 100;
const MAX_ODDS_FIXTURES = 5;
const ODDS_SELECTOR_ERROR = 'you must provide at least one of fixture_id, player_id, or team_id';

type Handler = (context: Context) => Promise<Response>;

function parseInstant(value: string | undefined): number | null | undefined {
  if (value === undefined || value === '') return undefined;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : parsed;
}

/** Cursor tokens are opaque to callers: here, the page they continue from. */
function cursorFor(page: number): string {
  return btoa(`page:${page}`).replace(/=+$/, '');
}

function pageOfCursor(cursor: string): number | null {
  let text: string;
  try {
    text = atob(cursor);
  } catch {
    return null;
  }
  const match = /^page:(\d{1,6})$/.exec(text);
  return match ? Number(match[1]) : null;
}

interface FixtureFilters {
  leagues: string[];
  sports: string[];
  ids: string[];
  numericalIds: string[];
  teamIds: string[];
  statuses: string[];
  isLive: boolean | undefined;
  after: number | undefined;
  before: number | undefined;
  day: string | undefined;
}

function matches(fixture: ScheduledFixture, filters: FixtureFilters, nowMs: number): boolean {
  const status = fixtureStatus(fixture, nowMs);
  return (
    (filters.leagues.length === 0 || filters.leagues.includes(fixture.league.id)) &&
    (filters.sports.length === 0 || filters.sports.includes(fixture.sport.id)) &&
    (filters.ids.length === 0 || filters.ids.includes(fixture.id)) &&
    (filters.numericalIds.length === 0 || filters.numericalIds.includes(String(fixture.numericalId))) &&
    (filters.teamIds.length === 0 ||
      filters.teamIds.includes(fixture.home.id) ||
      filters.teamIds.includes(fixture.away.id)) &&
    (filters.statuses.length === 0 || filters.statuses.includes(status)) &&
    (filters.isLive === undefined || isInPlay(status) === filters.isLive) &&
    (filters.after === undefined || fixture.startMs >= filters.after) &&
    (filters.before === undefined || fixture.startMs <= filters.before) &&
    (filters.day === undefined || new Date(fixture.startMs).toISOString().startsWith(filters.day))
  );
}

/**
 * The listed fixtures a filter can match, placing as few leagues' games as it can: by id, each
 * looked up; by league or sport, only those leagues; else all of them.
 */
function candidates(state: SandboxState, filters: FixtureFilters, nowMs: number): readonly ScheduledFixture[] {
  if (filters.ids.length > 0) {
    return filters.ids
      .map((id) => state.schedule.findFixture(id))
      .filter(
        (fixture): fixture is ScheduledFixture =>
          fixture !== null && fixture.endMs > nowMs && fixture.startMs <= nowMs + LISTING_WINDOW_MS,
      )
      .sort((a, b) => a.startMs - b.startMs || a.id.localeCompare(b.id));
  }
  if (filters.leagues.length > 0) return state.schedule.activeFixtures(nowMs, new Set(filters.leagues));
  if (filters.sports.length > 0) {
    const leagueIds = state.catalog.activeLeagues
      .filter((league) => filters.sports.includes(league.sportId))
      .map((league) => league.id);
    return state.schedule.activeFixtures(nowMs, new Set(leagueIds));
  }
  return state.schedule.activeFixtures(nowMs);
}

export function activeFixturesHandler(state: SandboxState): Handler {
  return async (context) => {
    const pageText = context.req.query('page');
    const cursorText = context.req.query('cursor');
    if (pageText !== undefined && cursorText !== undefined)
      return errorResponse(context, 400, 'pass either page or cursor, not both');
    const cursorPage = cursorText === undefined ? null : pageOfCursor(cursorText);
    if (cursorText !== undefined && cursorPage === null)
      return errorResponse(context, 400, 'cursor: not a cursor this service gave out');
    const page = cursorPage ?? Number(pageText ?? '1');
    if (cursorPage === null && (!/^\d+$/.test(pageText ?? '1') || page < 1))
      return errorResponse(context, 400, 'page: expected a positive integer');
    const limitText = context.req.query('limit');
    const limit = limitText === undefined ? FIXTURES_PAGE_SIZE : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > FIXTURES_PAGE_SIZE)
      return errorResponse(context, 400, `limit: expected a whole number from 1 to ${FIXTURES_PAGE_SIZE}`);
    const after = parseInstant(context.req.query('start_date_after'));
    const before = parseInstant(context.req.query('start_date_before'));
    if (after === null || before === null)
      return errorResponse(context, 400, 'start_date_after/start_date_before: expected an ISO 8601 date');
    const startDate = context.req.query('start_date');
    const day = startDate === undefined || startDate === '' ? undefined : parseInstant(startDate);
    if (day === null) return errorResponse(context, 400, 'start_date: expected YYYY-MM-DD or an RFC 3339 date');
    const isLive = parseBoolean(context.req.query('is_live'));
    if (isLive === null) return errorResponse(context, 400, 'is_live: expected true or false');
    const filters: FixtureFilters = {
      leagues: queryList(context, 'league').map((value) => value.toLowerCase()),
      sports: queryList(context, 'sport').map((value) => value.toLowerCase()),
      ids: queryList(context, 'fixture_id', 'id'),
      numericalIds: queryList(context, 'numerical_id'),
      teamIds: queryList(context, 'team_id'),
      statuses: queryList(context, 'status').map((value) => value.toLowerCase()),
      isLive,
      after,
      before,
      day: day === undefined ? undefined : new Date(day).toISOString().slice(0, 10),
    };

    const delayed = await catalogDelay(context, state);
    if (delayed) return delayed;
    const nowMs = state.now();
    // Without any filter the live service answers recent and upcoming games of every league.
    const matching = candidates(state, filters, nowMs).filter((fixture) => matches(fixture, filters, nowMs));
    const data = matching.slice((page - 1) * limit, page * limit).map((fixture) => fixtureJson(fixture, nowMs));
    const hasMore = page * limit < matching.length;
    const next = hasMore ? cursorFor(page + 1) : null;
    if (cursorText !== undefined) return jsonAnswer(context, { cursor: next, data });
    return jsonAnswer(
      context,
      page === 1 ? { cursor: next, data, has_more: hasMore, page } : { data, has_more: hasMore, page },
    );
  };
}

/** Display names match case-insensitively; the vendor's ids (`betmgm_uk`) and slugs also work. */

/** The fixtures a team or player plays in this week (the service's odds-by-team/player mode). */
function fixturesOf(
  state: SandboxState,
  teamIds: readonly string[],
  playerIds: readonly string[],
  nowMs: number,
): ScheduledFixture[] {
  return state.schedule
    .activeFixtures(nowMs)
    .filter((fixture) =>
      [fixture.home, fixture.away].some(
        (team) => teamIds.includes(team.id) || team.players.some((player) => playerIds.includes(player.id)),
      ),
    );
}

export function fixtureOddsHandler(state: SandboxState): Handler {
  return async (context) => {
    const requestedBooks = requestedBookNames(context);
    const fixtureIds = [...new Set(queryList(context, 'fixture_id', 'id'))];
    const playerIds = [...new Set(queryList(context, 'player_id'))];
    const teamIds = [...new Set(queryList(context, 'team_id'))];
    if ('error' in requestedBooks) return errorResponse(context, 400, requestedBooks.error);
    const bookNames = requestedBooks.names;
    if (fixtureIds.length + playerIds.length + teamIds.length === 0)
      return errorResponse(context, 400, ODDS_SELECTOR_ERROR);
    if (fixtureIds.length + playerIds.length + teamIds.length > MAX_ODDS_FIXTURES)
      return errorResponse(context, 400, `maximum ${MAX_ODDS_FIXTURES} fixtures allowed`);
    // A book the service does not know is ignored, not an error (upstream notes, "Unknown book").
    const books = [...new Set(bookNames.map(bookFromQuery).filter((book) => book !== null))];
    const format = parseOddsFormat(context.req.query('odds_format'));
    if (!format) return errorResponse(context, 400, ODDS_FORMAT_ERROR);
    const markets = queryList(context, 'market').map((market) => market.toLowerCase());
    const isMain = parseBoolean(context.req.query('is_main'));
    if (isMain === null) return errorResponse(context, 400, 'is_main: expected true or false');

    const delayed = await catalogDelay(context, state);
    if (delayed) return delayed;
    const nowMs = state.now();
    const fixtures =
      fixtureIds.length > 0
        ? fixtureIds.map((id) => state.schedule.findFixture(id)).filter((fixture) => fixture !== null)
        : fixturesOf(state, teamIds, playerIds, nowMs);
    const data = fixtures
      .filter((fixture) => fixtureStatus(fixture, nowMs) !== 'completed')
      .map((fixture) => {
        const listed = fixtureStatus(fixture, nowMs) !== 'cancelled';
        const board = state.boardFor(fixture);
        const odds = !listed
          ? []
          : books.flatMap((book) =>
              bookOddsAt(state.odds, board, book, nowMs)
                .filter(
                  ({ selection }) =>
                    (isMain === undefined || selection.isMain === isMain) &&
                    (markets.length === 0 ||
                      markets.includes(selection.market.name.toLowerCase()) ||
                      markets.includes(selection.market.id)) &&
                    (playerIds.length === 0 && teamIds.length === 0
                      ? true
                      : (selection.playerId !== null && playerIds.includes(selection.playerId)) ||
                        (selection.teamId !== null && teamIds.includes(selection.teamId))),
                )
                .map((odd) => oddJson({ ...odd, book, format })),
            );
        return { ...fixtureJson(fixture, nowMs), odds };
      });
    return jsonAnswer(context, { data });
  };
}

/**
 * GET /fixtures/results: games' scores, segment by segment, and players' figures, at the clock's
 * instant. By `fixture_id` (up to 50, any status), or by `team_id` with `lookback_num` (1-25, default
 * 10): that team's last finished games, most recent first. Cancelled games only with
 * `include_cancelled=true`.
 */
import type { Context } from 'hono';
import type { ScheduledFixture } from '../schedule/schedule.ts';
import { addDays, localDateKey } from '../schedule/time.ts';
import type { SandboxState } from '../state.ts';
import { errorResponse } from '../routes/guards.ts';
import { jsonAnswer } from '../routes/json-answer.ts';
import { catalogDelay, parseBoolean, queryList } from '../routes/route-helpers.ts';
import { fixtureResultAt } from './fixture-results.ts';
import { resultJson } from './results-wire.ts';

const MAX_RESULT_FIXTURES = 50;
const DEFAULT_LOOKBACK = 10;
const MAX_LOOKBACK = 25;
/** How far back a team's lookback searches (a season's break is shorter in the sandbox's year-round leagues). */
const LOOKBACK_DAYS = 120;

function teamLeague(state: SandboxState, teamId: string) {
  return state.catalog.activeLeagues.find((league) => state.catalog.teamsOf(league).some((team) => team.id === teamId));
}

/** The team's last `count` games over by `nowMs` (cancelled ones only when asked), most recent first. */
function teamLookback(
  state: SandboxState,
  teamId: string,
  count: number,
  includeCancelled: boolean,
  nowMs: number,
): ScheduledFixture[] {
  const league = teamLeague(state, teamId);
  if (!league) return [];
  const found: ScheduledFixture[] = [];
  let date = localDateKey(nowMs, league.timeZone);
  for (let day = 0; day < LOOKBACK_DAYS && found.length < count; day++, date = addDays(date, -1)) {
    const games = state.schedule
      .fixturesOn(league, date)
      .filter(
        (fixture) =>
          (fixture.home.id === teamId || fixture.away.id === teamId) &&
          (fixture.disruption === 'cancelled' ? includeCancelled && fixture.startMs <= nowMs : fixture.endMs <= nowMs),
      )
      .sort((a, b) => b.startMs - a.startMs);
    found.push(...games);
  }
  return found.slice(0, count);
}

export function fixtureResultsHandler(state: SandboxState) {
  return async (context: Context): Promise<Response> => {
    const fixtureIds = [...new Set(queryList(context, 'fixture_id', 'id'))];
    const teamIds = [...new Set(queryList(context, 'team_id'))];
    if (fixtureIds.length === 0 && teamIds.length === 0)
      return errorResponse(context, 400, 'you must provide at least one of fixture_id or team_id');
    if (fixtureIds.length > MAX_RESULT_FIXTURES)
      return errorResponse(context, 400, `maximum ${MAX_RESULT_FIXTURES} fixtures allowed`);
    const includeCancelled = parseBoolean(context.req.query('include_cancelled'));
    if (includeCancelled === null) return errorResponse(context, 400, 'include_cancelled: expected true or false');
    const lookbackText = context.req.query('lookback_num');
    const lookback = lookbackText === undefined ? DEFAULT_LOOKBACK : Number(lookbackText);
    if (!Number.isInteger(lookback) || lookback < 1 || lookback > MAX_LOOKBACK)
      return errorResponse(context, 400, `lookback_num: expected a whole number from 1 to ${MAX_LOOKBACK}`);

    const delayed = await catalogDelay(context, state);
    if (delayed) return delayed;
    const nowMs = state.now();
    const fixtures =
      fixtureIds.length > 0
        ? fixtureIds.map((id) => state.schedule.findFixture(id)).filter((fixture) => fixture !== null)
        : teamIds.flatMap((teamId) => teamLookback(state, teamId, lookback, includeCancelled === true, nowMs));
    const data = fixtures
      .filter((fixture) => includeCancelled === true || fixture.disruption !== 'cancelled')
      .map((fixture) => resultJson(fixtureResultAt(state, fixture, nowMs), nowMs));
    return jsonAnswer(context, { data });
  };
}

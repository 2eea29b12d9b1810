/**
 * GET /injuries: the injury report at the clock's instant for the leagues, sports or teams asked
 * (repeatable `league`, `sport`, `team_id`; at least one), 100 rows a page (`page`), `{data, page,
 * has_more}`. Rows: `id`, `player {id, name, position}`, `team {id, name, abbreviation}`, `sport`,
 * `league`, `status` (Out, Doubtful, Questionable, Probable, Day-To-Day), `type` (the body part or
 * illness), `description`, `expected_return` (a date), `updated_at` (when the status last changed).
 * Only leagues with real rosters have players to report.
 */
import type { Context } from 'hono';
import type { LeagueInfo } from '../catalog/catalog-sports.ts';
import type { Team } from '../catalog/teams/teams.ts';
import type { SandboxState } from '../state.ts';
import { errorResponse } from '../routes/guards.ts';
import { jsonAnswer } from '../routes/json-answer.ts';
import { catalogDelay, queryList } from '../routes/route-helpers.ts';
import { injuryAt } from './injury-report.ts';

const PAGE_SIZE = 100;

function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

function injuryRows(state: SandboxState, league: LeagueInfo, teams: readonly Team[], nowMs: number) {
  const sport = state.catalog.sportById(league.sportId);
  return teams.flatMap((team) =>
    team.players.flatMap((player) => {
      const injury = injuryAt(state.seed, player.id, nowMs);
      if (!injury) return [];
      return [
        {
          id: `${player.id}:${injury.sinceMs / 1000}`,
          player: { id: player.id, name: player.name, position: player.role },
          team: { id: team.id, name: team.name, abbreviation: team.abbreviation },
          sport: { id: league.sportId, name: sport?.name ?? league.sportId },
          league: { id: league.id, name: league.name },
          status: injury.status,
          type: injury.type,
          description: `${injury.type} injury`,
          expected_return: isoSeconds(injury.untilMs).slice(0, 10),
          updated_at: isoSeconds(injury.updatedMs),
        },
      ];
    }),
  );
}

export function injuriesHandler(state: SandboxState) {
  return async (context: Context): Promise<Response> => {
    const leagues = queryList(context, 'league').map((value) => value.toLowerCase());
    const sports = queryList(context, 'sport').map((value) => value.toLowerCase());
    const teamIds = queryList(context, 'team_id');
    if (leagues.length + sports.length + teamIds.length === 0)
      return errorResponse(context, 400, 'you must provide at least one of sport, league, or team_id');
    const pageText = context.req.query('page') ?? '1';
    if (!/^\d{1,6}$/.test(pageText) || Number(pageText) < 1)
      return errorResponse(context, 400, 'page: expected a positive integer');
    const page = Number(pageText);
    const delayed = await catalogDelay(context, state);
    if (delayed) return delayed;
    const nowMs = state.now();
    const rows = state.catalog.activeLeagues
      .filter(
        (league) =>
          (leagues.length === 0 || leagues.includes(league.id)) &&
          (sports.length === 0 || sports.includes(league.sportId)),
      )
      .flatMap((league) => {
        const teams = state.catalog.teamsOf(league).filter((team) => teamIds.length === 0 || teamIds.includes(team.id));
        return teams.length === 0 ? [] : injuryRows(state, league, teams, nowMs);
      });
    const data = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
    return jsonAnswer(context, { data, page, has_more: page * PAGE_SIZE < rows.length });
  };
}

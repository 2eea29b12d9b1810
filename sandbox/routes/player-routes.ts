/**
 * GET /players, as the vendor's v3 OpenAPI has it: filters `sport`, `league`, `id`, `numerical_id`,
 * `base_id`, `team_id`, `team_base_id` (each repeatable or comma-separated), `page`, and
 * `include_statsperform_id`; the answer `{data: [Player], page, has_more}` (100 a page, the API's
 * offset paging). Players come from the catalog's rosters (the core leagues'; generated leagues list
 * none), sorted by name as the vendor's example is. At least one of sport, league or id is required
 * (the vendor's guide); an unknown league is no players, not an error, as on /fixtures/active.
 */
import type { Context } from 'hono';
import type { Catalog } from '../catalog/catalog.ts';
import type { LeagueInfo } from '../catalog/catalog-sports.ts';
import type { Player, Team } from '../catalog/teams/teams.ts';
import type { PlayerRole } from '../catalog/teams/team-rows.ts';
import { hash32, intHash } from '../shared/hash.ts';
import { errorResponse } from './guards.ts';
import { jsonAnswer } from './json-answer.ts';
import { catalogDelay, parseBoolean, queryList } from './route-helpers.ts';
import type { SandboxState } from '../state.ts';

const PLAYERS_PAGE_SIZE = 100;
export const PLAYERS_FILTER_ERROR = 'you must provide at least one of sport, league, or id';

type Handler = (context: Context) => Promise<Response>;

const POSITION_OF: Readonly<Record<PlayerRole, string>> = {
  guard: 'G',
  forward: 'F',
  center: 'C',
  quarterback: 'QB',
  running_back: 'RB',
  receiver: 'WR',
  tight_end: 'TE',
  defender: 'LB',
  batter: 'DH',
  pitcher: 'SP',
  skater: 'C',
  defenceman: 'D',
  striker: 'F',
  midfielder: 'M',
};

/** A rostered player: what the filters compare, beside the player as the answer lists it (`json`). */
interface ListedPlayer {
  league: LeagueInfo;
  team: Team;
  numericalId: number;
  baseId: number;
  json: Record<string, unknown>;
}

function listedPlayer(catalog: Catalog, league: LeagueInfo, team: Team, player: Player): ListedPlayer {
  const sport = catalog.sportById(league.sportId);
  const [firstName = player.name, ...rest] = player.name.split(' ');
  const numericalId = 10_000 + (hash32('player-number', player.id) % 900_000);
  const baseId = 100 + (hash32('player-base', player.name) % 900_000);
  return {
    league,
    team,
    numericalId,
    baseId,
    json: {
      id: player.id,
      name: player.name,
      position: POSITION_OF[player.role],
      number: intHash(0, 99, 'player-shirt', player.id),
      numerical_id: numericalId,
      is_active: true,
      first_name: firstName,
      last_name: rest.join(' '),
      age: intHash(20, 38, 'player-age', player.id),
      height: intHash(68, 84, 'player-height', player.id),
      weight: intHash(160, 280, 'player-weight', player.id),
      experience: null,
      logo: `https://cdn.opticodds.com/player-logos/${league.sportId}/${baseId}.png`,
      base_id: baseId,
      source_ids: {},
      sport: { id: league.sportId, name: sport?.name ?? league.sportId, numerical_id: sport?.numericalId ?? null },
      league: { id: league.id, name: league.name, numerical_id: league.numericalId },
      team: { id: team.id, name: team.name, numerical_id: team.numericalId },
    },
  };
}

const rosters = new WeakMap<Catalog, readonly ListedPlayer[]>();

/** Every rostered player of the catalog, by name; built once per catalog. */
function playersOf(catalog: Catalog): readonly ListedPlayer[] {
  const known = rosters.get(catalog);
  if (known) return known;
  const listed = catalog.leagues
    .flatMap((league) =>
      catalog
        .teamsOf(league)
        .flatMap((team) => team.players.map((player) => listedPlayer(catalog, league, team, player))),
    )
    .sort((a, b) => String(a.json.name).localeCompare(String(b.json.name)) || a.league.id.localeCompare(b.league.id));
  rosters.set(catalog, listed);
  return listed;
}

export function playersHandler(state: SandboxState): Handler {
  return async (context) => {
    const sports = queryList(context, 'sport').map((value) => value.toLowerCase());
    const leagues = queryList(context, 'league').map((value) => value.toLowerCase());
    const ids = queryList(context, 'id');
    if (sports.length + leagues.length + ids.length === 0) return errorResponse(context, 400, PLAYERS_FILTER_ERROR);
    const pageText = context.req.query('page') ?? '1';
    if (!/^\d{1,6}$/.test(pageText) || Number(pageText) < 1)
      return errorResponse(context, 400, 'page: expected a positive integer');
    const page = Number(pageText);
    if (parseBoolean(context.req.query('include_statsperform_id')) === null)
      return errorResponse(context, 400, 'include_statsperform_id: expected true or false');
    const numericalIds = queryList(context, 'numerical_id');
    const baseIds = queryList(context, 'base_id');
    const teamIds = queryList(context, 'team_id');
    const teamBaseIds = queryList(context, 'team_base_id');

    const delayed = await catalogDelay(context, state);
    if (delayed) return delayed;
    const matching = playersOf(state.catalog).filter(
      (player) =>
        (sports.length === 0 || sports.includes(player.league.sportId)) &&
        (leagues.length === 0 || leagues.includes(player.league.id)) &&
        (ids.length === 0 || ids.includes(String(player.json.id))) &&
        (numericalIds.length === 0 || numericalIds.includes(String(player.numericalId))) &&
        (baseIds.length === 0 || baseIds.includes(String(player.baseId))) &&
        (teamIds.length === 0 || teamIds.includes(player.team.id)) &&
        (teamBaseIds.length === 0 || teamBaseIds.includes(String(player.team.baseId))),
    );
    const data = matching.slice((page - 1) * PLAYERS_PAGE_SIZE, page * PLAYERS_PAGE_SIZE).map(({ json }) => json);
    return jsonAnswer(context, { data, page, has_more: page * PLAYERS_PAGE_SIZE < matching.length });
  };
}

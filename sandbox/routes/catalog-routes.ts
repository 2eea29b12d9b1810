/**
 * GET /sports, /sports/active, /leagues and /leagues/active. Bodies are built once per catalog:
 * the realistic /leagues is ~600 KB (1,554 rows, each with its sport and the sport's main
 * markets, as the vendor's League definition has it) and is served as precomputed text.
 */
import type { Context } from 'hono';
import type { Catalog } from '../catalog/catalog.ts';
import type { LeagueInfo, SportInfo } from '../catalog/catalog-sports.ts';
import { catalogDelay, queryList } from './route-helpers.ts';
import { jsonAnswer, jsonText } from './json-answer.ts';
import type { SandboxState } from '../state.ts';

type Handler = (context: Context) => Promise<Response>;

function sportJson(sport: SportInfo) {
  return {
    id: sport.id,
    name: sport.name,
    numerical_id: sport.numericalId,
    main_markets: sport.mainMarkets.map((market) => ({
      id: market.id,
      name: market.name,
      numerical_id: market.numericalId,
    })),
  };
}

function leagueJson(league: LeagueInfo, sport: SportInfo | undefined) {
  return {
    id: league.id,
    name: league.name,
    numerical_id: league.numericalId,
    sport: sport
      ? sportJson(sport)
      : { id: league.sportId, name: league.sportId, numerical_id: null, main_markets: [] },
    region: league.region,
    region_code: league.regionCode,
    gender: league.gender,
  };
}

interface CatalogBodies {
  sports: string;
  activeSports: string;
  leagues: readonly { league: LeagueInfo; json: ReturnType<typeof leagueJson> }[];
  allLeagues: string;
  activeLeagues: string;
}

const bodies = new WeakMap<Catalog, CatalogBodies>();

function bodiesOf(catalog: Catalog): CatalogBodies {
  const known = bodies.get(catalog);
  if (known) return known;
  const activeSportIds = new Set(catalog.activeLeagues.map((league) => league.sportId));
  const leagues = catalog.leagues.map((league) => ({
    league,
    json: leagueJson(league, catalog.sportById(league.sportId)),
  }));
  const built: CatalogBodies = {
    sports: JSON.stringify({ data: catalog.sports.map(sportJson) }),
    activeSports: JSON.stringify({
      data: catalog.sports.filter((sport) => activeSportIds.has(sport.id)).map(sportJson),
    }),
    leagues,
    allLeagues: JSON.stringify({ data: leagues.map(({ json }) => json) }),
    activeLeagues: JSON.stringify({ data: leagues.filter(({ league }) => league.active).map(({ json }) => json) }),
  };
  bodies.set(catalog, built);
  return built;
}

export function sportsHandler(state: SandboxState): Handler {
  return async (context) => (await catalogDelay(context, state)) ?? jsonText(context, bodiesOf(state.catalog).sports);
}

/** Sports with games this week. */
export function activeSportsHandler(state: SandboxState): Handler {
  return async (context) =>
    (await catalogDelay(context, state)) ?? jsonText(context, bodiesOf(state.catalog).activeSports);
}

function leaguesHandlerFor(state: SandboxState, activeOnly: boolean): Handler {
  return async (context) => {
    const delayed = await catalogDelay(context, state);
    if (delayed) return delayed;
    const sports = queryList(context, 'sport').map((sport) => sport.toLowerCase());
    const ids = queryList(context, 'league', 'id').map((id) => id.toLowerCase());
    const built = bodiesOf(state.catalog);
    if (sports.length === 0 && ids.length === 0)
      return jsonText(context, activeOnly ? built.activeLeagues : built.allLeagues);
    const data = built.leagues
      .filter(
        ({ league }) =>
          (!activeOnly || league.active) &&
          (sports.length === 0 || sports.includes(league.sportId)) &&
          (ids.length === 0 || ids.includes(league.id)),
      )
      .map(({ json }) => json);
    return jsonAnswer(context, { data });
  };
}

/** Every league, in one unpaged body (optionally by sport or league id). */
export function leaguesHandler(state: SandboxState): Handler {
  return leaguesHandlerFor(state, false);
}

/** Only leagues with games this week. */
export function activeLeaguesHandler(state: SandboxState): Handler {
  return leaguesHandlerFor(state, true);
}

/**
 * GET /sports, /sports/active, /leagues and /leagues/active. Bodies are built once per catalog:
 * the realistic /leagues is ~600 KB (1,554 rows, each with its sport and the sport's main
 * markets, as the vendor's League definition has it) and is served as precomputed text.
 */
import type { Context } from 'hono';
import type { Catalog } from '../catalog/catalog.ts';
import type { LeagueInfo, SportInfo } from '../catalog/catalog-sports.ts';
import { catalogDelay, queryList } from './route-helpers.ts';
import { errorResponse } from './guards.ts';
import { mainMarketsListings, sportAsListed, type MainMarketsListings } from '../faults/main-markets-listing.ts';
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

type LeagueRow = CatalogBodies['leagues'][number];
type CatalogRows = { sports: readonly SportInfo[] } | { leagues: readonly LeagueRow[] };

const AS_BUILT: MainMarketsListings = new Map();

function listedRows(rows: CatalogRows, listings: MainMarketsListings): unknown[] {
  if ('sports' in rows) return rows.sports.map((sport) => sportAsListed(sportJson(sport), listings));
  return rows.leagues.map(({ json }) => ({ ...json, sport: sportAsListed(json.sport, listings) }));
}

/**
 * The catalog's answer: the prebuilt text when it is the whole list as built, else the rows built
 * afresh, with the sports the request lists otherwise (X-Sandbox-Main-Markets) changed.
 */
async function catalogAnswer(
  context: Context,
  state: SandboxState,
  answer: (catalog: Catalog) => { whole: string | null; rows: () => CatalogRows },
): Promise<Response> {
  const delayed = await catalogDelay(context, state);
  if (delayed) return delayed;
  const listings = mainMarketsListings(context);
  if (typeof listings === 'string') return errorResponse(context, 400, listings);
  const { whole, rows } = answer(state.catalog);
  if (listings === null && whole !== null) return jsonText(context, whole);
  return jsonAnswer(context, { data: listedRows(rows(), listings ?? AS_BUILT) });
}

export function sportsHandler(state: SandboxState): Handler {
  return (context) =>
    catalogAnswer(context, state, (catalog) => ({
      whole: bodiesOf(catalog).sports,
      rows: () => ({ sports: catalog.sports }),
    }));
}

/** Sports with games this week. */
export function activeSportsHandler(state: SandboxState): Handler {
  return (context) =>
    catalogAnswer(context, state, (catalog) => ({
      whole: bodiesOf(catalog).activeSports,
      rows: () => {
        const active = new Set(catalog.activeLeagues.map((league) => league.sportId));
        return { sports: catalog.sports.filter((sport) => active.has(sport.id)) };
      },
    }));
}

function leaguesHandlerFor(state: SandboxState, activeOnly: boolean): Handler {
  return (context) => {
    const sports = queryList(context, 'sport').map((sport) => sport.toLowerCase());
    const ids = queryList(context, 'league', 'id').map((id) => id.toLowerCase());
    return catalogAnswer(context, state, (catalog) => {
      const built = bodiesOf(catalog);
      const unfiltered = sports.length === 0 && ids.length === 0;
      return {
        whole: unfiltered ? (activeOnly ? built.activeLeagues : built.allLeagues) : null,
        rows: () => ({
          leagues: built.leagues.filter(
            ({ league }) =>
              (!activeOnly || league.active) &&
              (sports.length === 0 || sports.includes(league.sportId)) &&
              (ids.length === 0 || ids.includes(league.id)),
          ),
        }),
      };
    });
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

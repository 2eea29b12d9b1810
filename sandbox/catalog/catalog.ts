/**
 * The two catalogs the sandbox can serve. `realistic` (default) is the live service's size: 41
 * sports, ~1,550 leagues (~350 with games), ~100 markets a game for the core sports, fixtures in
 * every status, colon-prefixed ids for some leagues and Bwin's habit of answering under another
 * label. `small` is the first sandbox's catalog - 5 sports, the 8 core leagues, a few markets a
 * game, plain statuses and ids - for fast unit and component tests.
 */
import { CORE_LEAGUES, CORE_SPORTS, isCoreLeagueId, type LeagueInfo, type SportInfo } from './catalog-sports.ts';
import { buildRealisticLeagues } from './catalog-realistic.ts';
import { REALISTIC_SPORTS } from './catalog-realistic-sports.ts';
import { generatedGamesOn } from '../schedule/schedule-generated.ts';
import { plannedGamesOn, type PlannedGame } from '../schedule/schedule-plans.ts';
import { generatedTeams } from './teams/teams-generated.ts';
import { TEAMS_BY_LEAGUE, type Team } from './teams/teams.ts';
import type { DateKey } from '../schedule/time.ts';

export const CATALOG_KINDS = ['realistic', 'small'] as const;
export type CatalogKind = (typeof CATALOG_KINDS)[number];

export interface Catalog {
  kind: CatalogKind;
  sports: readonly SportInfo[];
  leagues: readonly LeagueInfo[];
  /** Leagues with games, in /leagues order. */
  activeLeagues: readonly LeagueInfo[];
  sportById(id: string): SportInfo | undefined;
  leagueById(id: string): LeagueInfo | undefined;
  teamsOf(league: LeagueInfo): readonly Team[];
  gamesOn(seed: number, league: LeagueInfo, date: DateKey): PlannedGame[];
  /** Live-size boards: halves, quarters, alternates, team totals, game props, more player props. */
  richMarkets: boolean;
  /** Live habits that would surprise tests written for the small catalog: disrupted fixtures, Bwin's other label. */
  liveHabits: boolean;
}

function assemble(kind: CatalogKind, sports: readonly SportInfo[], leagues: readonly LeagueInfo[]): Catalog {
  const sportsById = new Map(sports.map((sport) => [sport.id, sport]));
  const leaguesById = new Map(leagues.map((league) => [league.id, league]));
  return {
    kind,
    sports,
    leagues,
    activeLeagues: leagues.filter((league) => league.active),
    sportById: (id) => sportsById.get(id),
    leagueById: (id) => leaguesById.get(id),
    teamsOf: (league) => (isCoreLeagueId(league.id) ? TEAMS_BY_LEAGUE[league.id] : generatedTeams(league)),
    gamesOn: (seed, league, date) =>
      isCoreLeagueId(league.id)
        ? plannedGamesOn(seed, league.id, date)
        : generatedGamesOn(seed, league, generatedTeams(league), date),
    richMarkets: kind === 'realistic',
    liveHabits: kind === 'realistic',
  };
}

const built = new Map<CatalogKind, Catalog>();

/** Built once per process: the realistic league list takes a few milliseconds to make. */
export function catalogOf(kind: CatalogKind): Catalog {
  const known = built.get(kind);
  if (known) return known;
  const catalog =
    kind === 'small'
      ? assemble('small', CORE_SPORTS, CORE_LEAGUES)
      : assemble('realistic', REALISTIC_SPORTS, buildRealisticLeagues());
  built.set(kind, catalog);
  return catalog;
}

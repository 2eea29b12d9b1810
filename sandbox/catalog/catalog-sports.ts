/**
 * What a sport and a league are in the sandbox, and the small catalog's five sports and the eight
 * core leagues (real teams and players). The realistic catalog (catalog-realistic.ts) adds the rest
 * of the live service's 41 sports and ~1,550 leagues around these.
 */
import { market, type MarketInfo } from '../odds/markets.ts';

/** How a league's games are scored: a normal model (points, runs) or a Poisson goals model. */
export interface LeagueModel {
  scoring: 'normal' | 'poisson';
  /** Expected margin per unit of strength difference, and the home edge, in points/goals/runs. */
  strengthScale: number;
  homeAdvantage: number;
  marginSd: number;
  totalRange: readonly [number, number];
  totalSd: number;
  /** Run line and puck line are always ±1.5 for the favourite. */
  fixedSpread: number | null;
  spreadAltStep: number;
  totalAltStep: number;
  /** A tie goes to overtime (hockey): the moneyline has no draw. */
  overtimeDecides: boolean;
}

/** The game-line markets of a sport, by role. */
export interface GameLineMarkets {
  /** Two-way winner, or soccer's three-way (team / Draw / team). */
  winner: MarketInfo;
  /** Soccer's two-way moneyline (stake back on a draw), offered by fewer books. */
  drawNoBet: MarketInfo | null;
  spread: MarketInfo | null;
  total: MarketInfo | null;
}

export interface SportInfo {
  id: string;
  name: string;
  numericalId: number;
  /** How long a game stays live after its start, in minutes: after that it is finished and gone. */
  durationMinutes: number;
  /** What /sports lists as the sport's main markets. */
  mainMarkets: readonly MarketInfo[];
  /** Null for sports without head-to-head games (politics, awards): they never have fixtures. */
  lines: GameLineMarkets | null;
  /** Minutes after the start during which a live game is at half-time (status `half`). */
  halftime: readonly [number, number] | null;
}

export interface LeagueInfo {
  id: string;
  name: string;
  numericalId: number;
  sportId: string;
  region: string;
  regionCode: string;
  gender: 'men' | 'women';
  isCollege: boolean;
  /** The zone whose wall clock the league schedules in. */
  timeZone: string;
  /** Has upcoming games: listed by /leagues/active, scheduled, priced. */
  active: boolean;
  /** `dated`: `20261122DB4BA9B0`; `prefixed`: the older `mlb:3D5E0C0B1E12` form. */
  idStyle: 'dated' | 'prefixed';
  /** `core`: real teams and players from the roster files; `generated`: invented teams, game lines only. */
  roster: 'core' | 'generated';
  model: LeagueModel;
}

const MONEYLINE = market('Moneyline', 'moneyline');
const POINT_SPREAD = market('Point Spread', 'spread');
const TOTAL_POINTS = market('Total Points', 'total');
const TOTAL_GOALS = market('Total Goals', 'total');

export const BASKETBALL: SportInfo = {
  id: 'basketball',
  name: 'Basketball',
  numericalId: 1,
  durationMinutes: 150,
  halftime: [68, 84],
  lines: { winner: MONEYLINE, drawNoBet: null, spread: POINT_SPREAD, total: TOTAL_POINTS },
  mainMarkets: [MONEYLINE, POINT_SPREAD, TOTAL_POINTS],
};
export const FOOTBALL: SportInfo = {
  id: 'football',
  name: 'Football',
  numericalId: 2,
  durationMinutes: 210,
  halftime: [95, 115],
  lines: { winner: MONEYLINE, drawNoBet: null, spread: POINT_SPREAD, total: TOTAL_POINTS },
  mainMarkets: [MONEYLINE, POINT_SPREAD, TOTAL_POINTS],
};
const RUN_LINE = market('Run Line', 'spread');
const TOTAL_RUNS = market('Total Runs', 'total');
export const BASEBALL: SportInfo = {
  id: 'baseball',
  name: 'Baseball',
  numericalId: 3,
  durationMinutes: 180,
  halftime: null,
  lines: { winner: MONEYLINE, drawNoBet: null, spread: RUN_LINE, total: TOTAL_RUNS },
  mainMarkets: [MONEYLINE, RUN_LINE, TOTAL_RUNS],
};
const PUCK_LINE = market('Puck Line', 'spread');
export const HOCKEY: SportInfo = {
  id: 'hockey',
  name: 'Hockey',
  numericalId: 4,
  durationMinutes: 165,
  halftime: null,
  lines: { winner: MONEYLINE, drawNoBet: null, spread: PUCK_LINE, total: TOTAL_GOALS },
  mainMarkets: [MONEYLINE, PUCK_LINE, TOTAL_GOALS],
};
const MONEYLINE_3WAY = market('Moneyline 3-Way', 'moneyline_3way');
const GOAL_SPREAD = market('Goal Spread', 'spread');
/** Soccer's two-way moneyline refunds a draw: a different bet from the same-named US market. */
const DRAW_NO_BET = { ...MONEYLINE, kind: 'draw_no_bet' } as const satisfies MarketInfo;
export const SOCCER: SportInfo = {
  id: 'soccer',
  name: 'Soccer',
  numericalId: 5,
  durationMinutes: 115,
  halftime: [47, 62],
  lines: { winner: MONEYLINE_3WAY, drawNoBet: DRAW_NO_BET, spread: GOAL_SPREAD, total: TOTAL_GOALS },
  mainMarkets: [MONEYLINE_3WAY, GOAL_SPREAD, TOTAL_GOALS],
};

/** The small catalog's sports, in the order /sports lists them. */
export const CORE_SPORTS: readonly SportInfo[] = [BASKETBALL, FOOTBALL, BASEBALL, HOCKEY, SOCCER];

/** A points/runs model; alternate lines step by 1 unless told otherwise. */
export function normal(
  strengthScale: number,
  homeAdvantage: number,
  marginSd: number,
  totalRange: readonly [number, number],
  totalSd: number,
  steps: { fixedSpread?: number; spread?: number; total?: number } = {},
): LeagueModel {
  return {
    scoring: 'normal',
    strengthScale,
    homeAdvantage,
    marginSd,
    totalRange,
    totalSd,
    fixedSpread: steps.fixedSpread ?? null,
    spreadAltStep: steps.spread ?? 1,
    totalAltStep: steps.total ?? 1,
    overtimeDecides: false,
  };
}

/** A goals model; a tie stands (no overtime) and the spread floats unless told otherwise. */
export function poisson(
  strengthScale: number,
  homeAdvantage: number,
  totalRange: readonly [number, number],
  options: { overtimeDecides?: boolean; fixedSpread?: number } = {},
): LeagueModel {
  return {
    scoring: 'poisson',
    strengthScale,
    homeAdvantage,
    marginSd: 0,
    totalRange,
    totalSd: 0,
    fixedSpread: options.fixedSpread ?? null,
    spreadAltStep: 1,
    totalAltStep: 1,
    overtimeDecides: options.overtimeDecides ?? false,
  };
}

export const MODELS = {
  nba: normal(4.5, 2.5, 12.5, [214, 238], 17, { spread: 3, total: 5 }),
  ncaab: normal(6, 3.5, 11, [132, 156], 15, { spread: 3, total: 5 }),
  nfl: normal(4.5, 1.8, 13.5, [37, 51], 13, { spread: 3, total: 3 }),
  ncaaf: normal(9, 3, 16, [42, 64], 15, { spread: 3, total: 3 }),
  mlb: normal(0.55, 0.15, 4.2, [7, 10], 4.3, { fixedSpread: 1.5, spread: 1, total: 1 }),
  nhl: poisson(0.35, 0.15, [5.5, 6.7], { overtimeDecides: true, fixedSpread: 1.5 }),
  epl: poisson(0.45, 0.25, [2.3, 3.2]),
  laLiga: poisson(0.45, 0.25, [2.2, 3.0]),
} as const satisfies Record<string, LeagueModel>;

export const CORE_LEAGUE_IDS = [
  'nba',
  'ncaab',
  'nfl',
  'ncaaf',
  'mlb',
  'nhl',
  'england_-_premier_league',
  'spain_-_la_liga',
] as const;
export type CoreLeagueId = (typeof CORE_LEAGUE_IDS)[number];

export function isCoreLeagueId(id: string): id is CoreLeagueId {
  return (CORE_LEAGUE_IDS as readonly string[]).includes(id);
}

type CoreLeague = LeagueInfo & { id: CoreLeagueId };

function core(
  id: CoreLeagueId,
  name: string,
  numericalId: number,
  sportId: string,
  model: LeagueModel,
  details: Partial<Omit<LeagueInfo, 'id'>> = {},
): CoreLeague {
  return {
    name,
    numericalId,
    sportId,
    model,
    region: 'USA',
    regionCode: 'US',
    gender: 'men',
    isCollege: false,
    timeZone: 'America/New_York',
    active: true,
    idStyle: 'dated',
    roster: 'core',
    ...details,
    id,
  };
}

/** The eight leagues with real rosters, as the small catalog serves them (dated ids everywhere). */
export const CORE_LEAGUES: readonly CoreLeague[] = [
  core('nba', 'NBA', 1, 'basketball', MODELS.nba),
  core('ncaab', 'NCAAB', 2, 'basketball', MODELS.ncaab, { isCollege: true }),
  core('nfl', 'NFL', 3, 'football', MODELS.nfl),
  core('ncaaf', 'NCAAF', 4, 'football', MODELS.ncaaf, { isCollege: true }),
  core('mlb', 'MLB', 5, 'baseball', MODELS.mlb),
  core('nhl', 'NHL', 6, 'hockey', MODELS.nhl),
  core('england_-_premier_league', 'England - Premier League', 7, 'soccer', MODELS.epl, {
    region: 'England',
    regionCode: 'EN',
    timeZone: 'Europe/London',
  }),
  core('spain_-_la_liga', 'Spain - La Liga', 8, 'soccer', MODELS.laLiga, {
    region: 'Spain',
    regionCode: 'ES',
    timeZone: 'Europe/Madrid',
  }),
];

/** League slugs as the vendor forms them: `England - Premier League` -> `england_-_premier_league`. */
export function leagueSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/**
 * The live service's 41 sports (non-game ones such as politics included), each with its main
 * markets, and the default scoring model a generated league of that sport plays by. The five core
 * sports keep the small catalog's ids, names and markets.
 */
import {
  BASEBALL,
  BASKETBALL,
  FOOTBALL,
  HOCKEY,
  normal,
  poisson,
  SOCCER,
  type LeagueModel,
  type SportInfo,
} from './catalog-sports.ts';
import { market } from '../odds/markets.ts';

/** Sports with head-to-head games: their markets and the model a generated league uses. */
interface GameSport {
  id: string;
  name: string;
  duration: number;
  halftime?: readonly [number, number];
  spread: string | null;
  total: string | null;
  threeWay?: boolean;
  model: LeagueModel;
}

/** Default models for generated leagues of the core sports (a little lower scoring than the majors). */
const CORE_SPORT_MODELS: Readonly<Record<string, LeagueModel>> = {
  basketball: normal(5, 3, 12, [150, 178], 16, { spread: 3, total: 5 }),
  football: normal(4.5, 2, 13.5, [40, 54], 13, { spread: 3, total: 3 }),
  baseball: normal(0.55, 0.2, 4.2, [7, 10.5], 4.3, { fixedSpread: 1.5 }),
  hockey: poisson(0.35, 0.15, [5, 6.4], { overtimeDecides: true, fixedSpread: 1.5 }),
  soccer: poisson(0.45, 0.25, [2.1, 3.1]),
};

const OTHER_GAME_SPORTS: readonly GameSport[] = [
  {
    id: 'tennis',
    name: 'Tennis',
    duration: 130,
    spread: 'Game Spread',
    total: 'Total Games',
    model: normal(3, 0, 5, [20, 24.5], 4),
  },
  { id: 'golf', name: 'Golf', duration: 290, spread: null, total: null, model: normal(1.2, 0, 3.2, [0, 0], 0) },
  {
    id: 'mma',
    name: 'MMA',
    duration: 35,
    spread: null,
    total: 'Total Rounds',
    model: normal(0.9, 0, 1.3, [1.6, 2.6], 0.9),
  },
  {
    id: 'boxing',
    name: 'Boxing',
    duration: 60,
    spread: null,
    total: 'Total Rounds',
    model: normal(0.9, 0, 1.3, [7.5, 10.5], 2.5),
  },
  {
    id: 'esports',
    name: 'Esports',
    duration: 150,
    spread: 'Map Handicap',
    total: 'Total Maps',
    model: normal(0.8, 0, 1.2, [2.2, 2.7], 0.5, { fixedSpread: 1.5 }),
  },
  {
    id: 'cricket',
    name: 'Cricket',
    duration: 240,
    spread: null,
    total: 'Total Runs',
    model: normal(25, 8, 40, [300, 345], 45, { spread: 10, total: 10 }),
  },
  {
    id: 'rugby_league',
    name: 'Rugby League',
    duration: 110,
    halftime: [42, 55],
    spread: 'Point Spread',
    total: 'Total Points',
    model: normal(7, 3, 14, [38, 50], 12, { spread: 2, total: 2 }),
  },
  {
    id: 'rugby_union',
    name: 'Rugby Union',
    duration: 110,
    halftime: [42, 55],
    spread: 'Point Spread',
    total: 'Total Points',
    model: normal(7, 3, 14, [40, 54], 12, { spread: 2, total: 2 }),
  },
  {
    id: 'aussie_rules',
    name: 'Aussie Rules',
    duration: 150,
    halftime: [65, 85],
    spread: 'Point Spread',
    total: 'Total Points',
    model: normal(15, 6, 30, [150, 182], 25, { spread: 5, total: 5 }),
  },
  {
    id: 'darts',
    name: 'Darts',
    duration: 60,
    spread: 'Leg Spread',
    total: 'Total Legs',
    model: normal(1.5, 0, 2.5, [9.5, 12], 2),
  },
  {
    id: 'snooker',
    name: 'Snooker',
    duration: 180,
    spread: 'Frame Spread',
    total: 'Total Frames',
    model: normal(1.5, 0, 2.5, [8, 11], 2),
  },
  {
    id: 'table_tennis',
    name: 'Table Tennis',
    duration: 45,
    spread: 'Point Spread',
    total: 'Total Points',
    model: normal(6, 0, 10, [70, 82], 8, { spread: 2, total: 2 }),
  },
  {
    id: 'volleyball',
    name: 'Volleyball',
    duration: 120,
    spread: 'Point Spread',
    total: 'Total Points',
    model: normal(8, 2, 12, [170, 200], 20, { spread: 2, total: 3 }),
  },
  {
    id: 'beach_volleyball',
    name: 'Beach Volleyball',
    duration: 60,
    spread: 'Point Spread',
    total: 'Total Points',
    model: normal(5, 0, 8, [80, 95], 8, { spread: 2, total: 2 }),
  },
  {
    id: 'handball',
    name: 'Handball',
    duration: 100,
    halftime: [32, 45],
    spread: 'Point Spread',
    total: 'Total Points',
    model: normal(3, 1.5, 5, [52, 62], 6, { total: 2 }),
  },
  {
    id: 'futsal',
    name: 'Futsal',
    duration: 90,
    halftime: [25, 40],
    spread: 'Goal Spread',
    total: 'Total Goals',
    threeWay: true,
    model: poisson(0.45, 0.25, [5, 7]),
  },
  {
    id: 'badminton',
    name: 'Badminton',
    duration: 60,
    spread: 'Point Spread',
    total: 'Total Points',
    model: normal(6, 0, 10, [75, 90], 8, { spread: 2, total: 2 }),
  },
  {
    id: 'lacrosse',
    name: 'Lacrosse',
    duration: 150,
    halftime: [60, 75],
    spread: 'Point Spread',
    total: 'Total Points',
    model: normal(2, 0.5, 4, [18, 24], 4),
  },
  {
    id: 'water_polo',
    name: 'Water Polo',
    duration: 75,
    spread: 'Point Spread',
    total: 'Total Points',
    model: normal(2, 0.5, 3.5, [20, 26], 3.5),
  },
  {
    id: 'field_hockey',
    name: 'Field Hockey',
    duration: 90,
    halftime: [35, 45],
    spread: 'Goal Spread',
    total: 'Total Goals',
    threeWay: true,
    model: poisson(0.45, 0.25, [3.5, 5]),
  },
  {
    id: 'bandy',
    name: 'Bandy',
    duration: 120,
    halftime: [48, 62],
    spread: 'Goal Spread',
    total: 'Total Goals',
    threeWay: true,
    model: poisson(0.45, 0.25, [6, 9]),
  },
  {
    id: 'floorball',
    name: 'Floorball',
    duration: 100,
    spread: 'Goal Spread',
    total: 'Total Goals',
    threeWay: true,
    model: poisson(0.45, 0.25, [9, 12]),
  },
  {
    id: 'netball',
    name: 'Netball',
    duration: 80,
    halftime: [35, 45],
    spread: 'Point Spread',
    total: 'Total Points',
    model: normal(5, 2, 9, [110, 130], 10, { spread: 2, total: 2 }),
  },
  {
    id: 'gaelic_football',
    name: 'Gaelic Football',
    duration: 90,
    halftime: [38, 50],
    spread: 'Point Spread',
    total: 'Total Points',
    model: normal(3, 1, 6, [30, 40], 6),
  },
  {
    id: 'hurling',
    name: 'Hurling',
    duration: 90,
    halftime: [38, 50],
    spread: 'Point Spread',
    total: 'Total Points',
    model: normal(3, 1, 7, [40, 52], 7),
  },
  {
    id: 'squash',
    name: 'Squash',
    duration: 60,
    spread: 'Game Spread',
    total: 'Total Games',
    model: normal(1, 0, 1.5, [3.5, 4.5], 0.8),
  },
  {
    id: 'curling',
    name: 'Curling',
    duration: 150,
    spread: 'Point Spread',
    total: 'Total Points',
    model: normal(1.2, 0.3, 2.5, [11, 14], 2.5),
  },
  {
    id: 'chess',
    name: 'Chess',
    duration: 240,
    spread: null,
    total: null,
    threeWay: true,
    model: poisson(0.45, 0.25, [0.3, 0.5]),
  },
];

/** Sports priced only as outrights (no head-to-head games): no fixtures, a single main market. */
const OUTRIGHT_SPORTS: readonly (readonly [id: string, name: string])[] = [
  ['cycling', 'Cycling'],
  ['motorsports', 'Motorsports'],
  ['horse_racing', 'Horse Racing'],
  ['politics', 'Politics'],
  ['entertainment', 'Entertainment'],
  ['economics', 'Economics'],
  ['skiing', 'Skiing'],
  ['olympics', 'Olympics'],
];

/** Sport id -> the model generated leagues of that sport play by. */
export const SPORT_MODELS: ReadonlyMap<string, LeagueModel> = new Map([
  ...Object.entries(CORE_SPORT_MODELS),
  ...OTHER_GAME_SPORTS.map((sport) => [sport.id, sport.model] as const),
]);

function gameSport(spec: GameSport, numericalId: number): SportInfo {
  const winner = spec.threeWay ? market('Moneyline 3-Way', 'moneyline_3way') : market('Moneyline', 'moneyline');
  const spread = spec.spread === null ? null : market(spec.spread, 'spread');
  const total = spec.total === null ? null : market(spec.total, 'total');
  return {
    id: spec.id,
    name: spec.name,
    numericalId,
    durationMinutes: spec.duration,
    halftime: spec.halftime ?? null,
    lines: { winner, drawNoBet: null, spread, total },
    mainMarkets: [winner, spread, total].filter((item) => item !== null),
  };
}

const WINNER = market('Outright Winner', 'yes_no');

/** All 41 sports in /sports order: the five core sports first, then the rest. */
export const REALISTIC_SPORTS: readonly SportInfo[] = [
  FOOTBALL,
  BASKETBALL,
  BASEBALL,
  HOCKEY,
  SOCCER,
  ...OTHER_GAME_SPORTS.map((spec, index) => gameSport(spec, 6 + index)),
  ...OUTRIGHT_SPORTS.map(([id, name], index): SportInfo => ({
    id,
    name,
    numericalId: 6 + OTHER_GAME_SPORTS.length + index,
    durationMinutes: 0,
    halftime: null,
    lines: null,
    mainMarkets: [WINNER],
  })),
];

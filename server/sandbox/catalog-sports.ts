/**
 * Sports, leagues and markets as the vendor names them (ids, display names, numerical ids).
 * Market ids follow the vendor's rule: the display name in the normalised identifier form.
 */
import { toIdentifier } from '../../src/domain/identifiers.ts';

export const SPORT_IDS = ['basketball', 'football', 'baseball', 'hockey', 'soccer'] as const;
export type SportId = (typeof SPORT_IDS)[number];

export const LEAGUE_IDS = [
  'nba',
  'ncaab',
  'nfl',
  'ncaaf',
  'mlb',
  'nhl',
  'england_-_premier_league',
  'spain_-_la_liga',
] as const;
export type LeagueId = (typeof LEAGUE_IDS)[number];

/** How a selection is settled, which decides how it is priced and named. */
export type MarketKind = 'moneyline' | 'moneyline_3way' | 'draw_no_bet' | 'spread' | 'total' | 'player_over_under' | 'player_yes';

export interface MarketInfo {
  id: string;
  name: string;
  numericalId: number;
  kind: MarketKind;
}

export interface SportInfo {
  id: SportId;
  name: string;
  numericalId: number;
  /** How long a game stays live after its start, in minutes: after that it is finished and gone. */
  durationMinutes: number;
  markets: readonly MarketInfo[];
  /** Ids of the markets /sports lists as main markets. */
  mainMarketIds: readonly string[];
}

export interface LeagueInfo {
  id: LeagueId;
  name: string;
  numericalId: number;
  sportId: SportId;
  region: string;
  regionCode: string;
  gender: 'men';
  isCollege: boolean;
  /** The zone whose wall clock the league schedules in. */
  timeZone: 'America/New_York' | 'Europe/London' | 'Europe/Madrid';
}

function market(name: string, numericalId: number, kind: MarketKind): MarketInfo {
  return { id: toIdentifier(name), name, numericalId, kind };
}

const MONEYLINE = market('Moneyline', 1, 'moneyline');

export const SPORTS: readonly SportInfo[] = [
  {
    id: 'basketball',
    name: 'Basketball',
    numericalId: 1,
    durationMinutes: 150,
    markets: [
      MONEYLINE,
      market('Point Spread', 2, 'spread'),
      market('Total Points', 3, 'total'),
      market('Player Points', 101, 'player_over_under'),
      market('Player Rebounds', 102, 'player_over_under'),
      market('Player Assists', 103, 'player_over_under'),
      market('Player Points + Rebounds + Assists', 104, 'player_over_under'),
    ],
    mainMarketIds: ['moneyline', 'point_spread', 'total_points'],
  },
  {
    id: 'football',
    name: 'Football',
    numericalId: 2,
    durationMinutes: 210,
    markets: [
      MONEYLINE,
      market('Point Spread', 2, 'spread'),
      market('Total Points', 3, 'total'),
      market('Player Passing Yards', 201, 'player_over_under'),
      market('Player Rushing Yards', 202, 'player_over_under'),
      market('Player Receiving Yards', 203, 'player_over_under'),
      market('Anytime Touchdown Scorer', 204, 'player_yes'),
      market('Player Tackles + Assists', 205, 'player_over_under'),
    ],
    mainMarketIds: ['moneyline', 'point_spread', 'total_points'],
  },
  {
    id: 'baseball',
    name: 'Baseball',
    numericalId: 3,
    durationMinutes: 180,
    markets: [
      MONEYLINE,
      market('Run Line', 4, 'spread'),
      market('Total Runs', 5, 'total'),
      market('Player Hits', 301, 'player_over_under'),
      market('Player Total Bases', 302, 'player_over_under'),
      market('Player Strikeouts', 303, 'player_over_under'),
    ],
    mainMarketIds: ['moneyline', 'run_line', 'total_runs'],
  },
  {
    id: 'hockey',
    name: 'Hockey',
    numericalId: 4,
    durationMinutes: 165,
    markets: [
      MONEYLINE,
      market('Puck Line', 6, 'spread'),
      market('Total Goals', 7, 'total'),
      market('Player Shots On Goal', 401, 'player_over_under'),
      market('Player Points', 402, 'player_over_under'),
      market('Player Goals', 403, 'player_over_under'),
    ],
    mainMarketIds: ['moneyline', 'puck_line', 'total_goals'],
  },
  {
    id: 'soccer',
    name: 'Soccer',
    numericalId: 5,
    durationMinutes: 115,
    markets: [
      market('Moneyline 3-Way', 8, 'moneyline_3way'),
      // Two-way moneyline (stake back on a draw): offered by fewer books than the 3-way.
      market('Moneyline', 1, 'draw_no_bet'),
      market('Goal Spread', 9, 'spread'),
      market('Total Goals', 7, 'total'),
      market('Player Shots On Target', 501, 'player_over_under'),
      market('Player Shots', 502, 'player_over_under'),
      market('Anytime Goalscorer', 503, 'player_yes'),
    ],
    mainMarketIds: ['moneyline_3-way', 'goal_spread', 'total_goals'],
  },
];

export const LEAGUES: readonly LeagueInfo[] = [
  { id: 'nba', name: 'NBA', numericalId: 1, sportId: 'basketball', region: 'USA', regionCode: 'US', gender: 'men', isCollege: false, timeZone: 'America/New_York' },
  { id: 'ncaab', name: 'NCAAB', numericalId: 2, sportId: 'basketball', region: 'USA', regionCode: 'US', gender: 'men', isCollege: true, timeZone: 'America/New_York' },
  { id: 'nfl', name: 'NFL', numericalId: 3, sportId: 'football', region: 'USA', regionCode: 'US', gender: 'men', isCollege: false, timeZone: 'America/New_York' },
  { id: 'ncaaf', name: 'NCAAF', numericalId: 4, sportId: 'football', region: 'USA', regionCode: 'US', gender: 'men', isCollege: true, timeZone: 'America/New_York' },
  { id: 'mlb', name: 'MLB', numericalId: 5, sportId: 'baseball', region: 'USA', regionCode: 'US', gender: 'men', isCollege: false, timeZone: 'America/New_York' },
  { id: 'nhl', name: 'NHL', numericalId: 6, sportId: 'hockey', region: 'USA', regionCode: 'US', gender: 'men', isCollege: false, timeZone: 'America/New_York' },
  { id: 'england_-_premier_league', name: 'England - Premier League', numericalId: 7, sportId: 'soccer', region: 'England', regionCode: 'EN', gender: 'men', isCollege: false, timeZone: 'Europe/London' },
  { id: 'spain_-_la_liga', name: 'Spain - La Liga', numericalId: 8, sportId: 'soccer', region: 'Spain', regionCode: 'ES', gender: 'men', isCollege: false, timeZone: 'Europe/Madrid' },
];

export function sportById(id: SportId): SportInfo {
  const sport = SPORTS.find((candidate) => candidate.id === id);
  if (!sport) throw new Error(`Unknown sport ${id}`);
  return sport;
}

export function marketOf(sport: SportInfo, id: string): MarketInfo {
  const found = sport.markets.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`Unknown market ${id} for ${sport.id}`);
  return found;
}

export function marketNamed(sport: SportInfo, name: string): MarketInfo {
  const found = sport.markets.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`Unknown market ${name} for ${sport.id}`);
  return found;
}

/**
 * Markets as the vendor names them. A market id is its display name in the normalised identifier
 * form (`Player Points + Rebounds + Assists` -> `player_points_+_rebounds_+_assists`); each market
 * is made once and shared, so boards of thousands of odds hold references, not copies.
 */
import { toIdentifier } from '../../src/domain/identifiers.ts';
import { hash32 } from '../shared/hash.ts';

/** How a selection is settled, which decides how it is priced, named and correlated. */
export type MarketKind =
  | 'moneyline'
  | 'moneyline_3way'
  | 'draw_no_bet'
  | 'spread'
  | 'total'
  | 'team_total'
  | 'odd_even'
  | 'yes_no'
  | 'first_to_score'
  | 'player_over_under'
  | 'player_yes';

/** The part of the game a market settles on. */
export type PeriodId =
  'game' | 'h1' | 'h2' | 'q1' | 'q2' | 'q3' | 'q4' | 'p1' | 'p2' | 'p3' | 'i1' | 'f3' | 'f5' | 'f7' | 's1';

export interface MarketInfo {
  id: string;
  name: string;
  numericalId: number;
  kind: MarketKind;
  period: PeriodId;
}

/** The vendor's numerical ids for the markets the first sandbox already served (kept stable). */
const KNOWN_NUMERICAL_IDS: Readonly<Record<string, number>> = {
  Moneyline: 1,
  'Point Spread': 2,
  'Total Points': 3,
  'Run Line': 4,
  'Total Runs': 5,
  'Puck Line': 6,
  'Total Goals': 7,
  'Moneyline 3-Way': 8,
  'Goal Spread': 9,
  'Player Points': 101,
  'Player Rebounds': 102,
  'Player Assists': 103,
  'Player Points + Rebounds + Assists': 104,
  'Player Passing Yards': 201,
  'Player Rushing Yards': 202,
  'Player Receiving Yards': 203,
  'Anytime Touchdown Scorer': 204,
  'Player Tackles + Assists': 205,
  'Player Hits': 301,
  'Player Total Bases': 302,
  'Player Strikeouts': 303,
  'Player Shots On Goal': 401,
  'Player Goals': 403,
  'Player Shots On Target': 501,
  'Player Shots': 502,
  'Anytime Goalscorer': 503,
};

const registry = new Map<string, MarketInfo>();

/** The one MarketInfo for a display name (its kind and period are fixed by the first caller). */
export function market(name: string, kind: MarketKind, period: PeriodId = 'game'): MarketInfo {
  const known = registry.get(name);
  if (known) return known;
  const created: MarketInfo = {
    id: toIdentifier(name),
    name,
    numericalId: KNOWN_NUMERICAL_IDS[name] ?? 1_000 + (hash32('market', name) % 900_000),
    kind,
    period,
  };
  registry.set(name, created);
  return created;
}

/** Display-name prefix of a period's markets, e.g. `1st Half ` (empty for the whole game). */
export const PERIOD_PREFIX: Readonly<Record<PeriodId, string>> = {
  game: '',
  h1: '1st Half ',
  h2: '2nd Half ',
  q1: '1st Quarter ',
  q2: '2nd Quarter ',
  q3: '3rd Quarter ',
  q4: '4th Quarter ',
  p1: '1st Period ',
  p2: '2nd Period ',
  p3: '3rd Period ',
  i1: '1st Inning ',
  f3: '1st 3 Innings ',
  f5: '1st 5 Innings ',
  f7: '1st 7 Innings ',
  s1: '1st Set ',
};

/** Share of the game a period covers: scales expected scores and their spread. */
export const PERIOD_FRACTION: Readonly<Record<PeriodId, number>> = {
  game: 1,
  h1: 0.5,
  h2: 0.5,
  q1: 0.25,
  q2: 0.25,
  q3: 0.25,
  q4: 0.25,
  p1: 1 / 3,
  p2: 1 / 3,
  p3: 1 / 3,
  i1: 1 / 9,
  f3: 3 / 9,
  f5: 5 / 9,
  f7: 7 / 9,
  s1: 0.5,
};

/** A period's market, e.g. periodMarket('h1', 'Point Spread', 'spread') -> `1st Half Point Spread`. */
export function periodMarket(period: PeriodId, baseName: string, kind: MarketKind): MarketInfo {
  return market(`${PERIOD_PREFIX[period]}${baseName}`, kind, period);
}

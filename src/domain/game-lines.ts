/**
 * A game's lines at a glance: the sport's main markets (the service lists them per sport, e.g.
 * basketball `moneyline`, `point_spread`, `total_points`; soccer `moneyline_3-way`, `goal_spread`,
 * `total_goals`) sorted into the three columns odds screens show on a game's row.
 */

export interface MarketRef {
  id: string;
  name: string;
}

export interface GameLineMarkets {
  /** Who wins (two- or three-way). */
  winner: MarketRef | null;
  /** A handicap: point spread, run line, puck line, goal spread… */
  spread: MarketRef | null;
  total: MarketRef | null;
  /**
   * The sport's listing names none of the three (the service may omit its main markets or list
   * none): a row asks for the usual main markets and shows those its game's odds carry.
   */
  fromOdds?: true;
}

const SPREAD_ID = /spread|_line$|handicap/;

/** Game sports' usual main markets, the three-way winner before the two-way (soccer lists both). */
const USUAL_LINE_MARKET_IDS = [
  'moneyline_3-way',
  'moneyline',
  'point_spread',
  'run_line',
  'puck_line',
  'goal_spread',
  'total_points',
  'total_runs',
  'total_goals',
  'total_games',
];

export function gameLineMarkets(mainMarkets: readonly MarketRef[]): GameLineMarkets {
  const markets = {
    winner: mainMarkets.find((market) => market.id.startsWith('moneyline')) ?? null,
    spread: mainMarkets.find((market) => SPREAD_ID.test(market.id)) ?? null,
    total: mainMarkets.find((market) => market.id.startsWith('total')) ?? null,
  };
  return markets.winner || markets.spread || markets.total ? markets : { ...markets, fromOdds: true };
}

/** The ids to ask /fixtures/odds for, in column order. */
export function gameLineMarketIds(markets: GameLineMarkets): string[] {
  if (markets.fromOdds) return USUAL_LINE_MARKET_IDS;
  return [markets.winner, markets.spread, markets.total].flatMap((market) => (market ? [market.id] : []));
}

/** A game's columns as its odds have them: the usual markets they carry, in the usual order. */
export function gameLineMarketsCarried(carried: readonly MarketRef[]): GameLineMarkets {
  const rank = (market: MarketRef) => USUAL_LINE_MARKET_IDS.indexOf(market.id);
  return gameLineMarkets(carried.filter((market) => rank(market) >= 0).sort((a, b) => rank(a) - rank(b)));
}

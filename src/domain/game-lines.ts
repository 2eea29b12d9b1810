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
}

const SPREAD_ID = /spread|_line$|handicap/;

export function gameLineMarkets(mainMarkets: readonly MarketRef[]): GameLineMarkets {
  return {
    winner: mainMarkets.find((market) => market.id.startsWith('moneyline')) ?? null,
    spread: mainMarkets.find((market) => SPREAD_ID.test(market.id)) ?? null,
    total: mainMarkets.find((market) => market.id.startsWith('total')) ?? null,
  };
}

/** The ids to ask /fixtures/odds for, in column order. */
export function gameLineMarketIds(markets: GameLineMarkets): string[] {
  return [markets.winner, markets.spread, markets.total].flatMap((market) => (market ? [market.id] : []));
}

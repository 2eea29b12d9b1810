/**
 * A game's market list, grouped the way sportsbooks group it: the game's own markets, then each part
 * of the game (1st Half, 2nd Quarter, 1st 5 Innings…), then player props. Pure.
 */
import type { Market } from '../../api/types.ts';

export interface MarketGroup {
  title: string;
  markets: Market[];
}

const PERIOD = /^(\d+(st|nd|rd|th) (Half|Quarter|Period|Inning|Set|Map)|1st \d+ Innings)\b/;
const PLAYER = /^Player |Scorer|Touchdown|Goalscorer/;

/** Groups `markets` (in the service's order) leaving out the ones already on the game's row. */
export function groupMarkets(markets: readonly Market[], shownOnRow: ReadonlySet<string>): MarketGroup[] {
  const game: Market[] = [];
  const players: Market[] = [];
  const periods = new Map<string, Market[]>();
  for (const market of markets) {
    if (shownOnRow.has(market.id)) continue;
    const period = PERIOD.exec(market.name)?.[1];
    if (PLAYER.test(market.name)) players.push(market);
    else if (period !== undefined) periods.set(period, [...(periods.get(period) ?? []), market]);
    else game.push(market);
  }
  return [
    ...(game.length > 0 ? [{ title: 'Game props', markets: game }] : []),
    ...[...periods].map(([title, group]) => ({ title, markets: group })),
    ...(players.length > 0 ? [{ title: 'Player props', markets: players }] : []),
  ];
}

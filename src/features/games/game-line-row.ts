/**
 * What a game's row shows: the best main-line price among the chosen books for its spread, total and
 * winner, laid out as odds screens do (away team on top, home below, a draw under both for 1X2).
 * Pure, so the query's `select` derives it.
 */
import type { BookOdd, Fixture } from '../../api/types.ts';
import { gameLineMarketsCarried, type GameLineMarkets } from '../../domain/game-lines.ts';
import type { Sportsbook } from '../../domain/sportsbooks.ts';
import { buildMarketBoard, type SelectionView } from './market-board.ts';

export interface GameLineCells {
  spread: SelectionView | null;
  total: SelectionView | null;
  winner: SelectionView | null;
}

export interface GameLineRowView {
  away: GameLineCells;
  home: GameLineCells;
  /** The draw of a three-way winner market, else null. */
  draw: SelectionView | null;
  /** Whether any book lists any of these markets for the game. */
  hasLines: boolean;
  /** The row's columns: the sport's main markets, or, where it lists none, those the game's odds carry. */
  markets: GameLineMarkets;
}

const EMPTY: GameLineCells = { spread: null, total: null, winner: null };

export function buildGameLineRow(
  fixture: Fixture,
  odds: readonly BookOdd[],
  chosenBooks: readonly Sportsbook[],
  listed: GameLineMarkets,
): GameLineRowView {
  const board = buildMarketBoard(fixture, odds, chosenBooks);
  const markets = listed.fromOdds
    ? gameLineMarketsCarried(board.gameLines.map((view) => ({ id: view.marketId, name: view.market })))
    : listed;
  const mainSides = (marketId: string | undefined): SelectionView[] => {
    const view = board.gameLines.find((market) => market.marketId === marketId);
    return view?.main[0]?.selections ?? [];
  };
  // Main-line sides come ordered away (or over) first, home (or under) last, a draw between. A
  // market with one side listed puts it on its own row.
  const isHomeSide = (selection: SelectionView) =>
    selection.selectionLine === 'under' ||
    selection.name === fixture.homeTeam ||
    selection.name.startsWith(`${fixture.homeTeam} `);
  const split = (sides: SelectionView[]): [SelectionView | null, SelectionView | null] => {
    if (sides.length !== 1) return [sides[0] ?? null, sides.at(-1) ?? null];
    const [only] = sides;
    return only && isHomeSide(only) ? [null, only] : [only ?? null, null];
  };
  const [awaySpread, homeSpread] = split(mainSides(markets.spread?.id));
  const [awayTotal, homeTotal] = split(mainSides(markets.total?.id));
  const winner = mainSides(markets.winner?.id);
  const [awayWinner, homeWinner] = split(winner);
  return {
    away: { spread: awaySpread, total: awayTotal, winner: awayWinner },
    home: { spread: homeSpread, total: homeTotal, winner: homeWinner },
    draw: winner.length === 3 ? (winner[1] ?? null) : null,
    hasLines: [awaySpread, homeSpread, awayTotal, homeTotal, awayWinner, homeWinner].some((cell) => cell !== null),
    markets,
  };
}

export const NO_LINES: GameLineRowView = {
  away: EMPTY,
  home: EMPTY,
  draw: null,
  hasLines: false,
  markets: { winner: null, spread: null, total: null },
};

// Pure tests of the board builder (kept .tsx so the dom project, which owns features/, runs them).
import { describe, expect, it } from 'vitest';
import type { BookOdd, Fixture } from '../../api/types.ts';
import { americanToDecimal } from '../../domain/odds/odds.ts';
import type { Sportsbook } from '../../domain/sportsbooks.ts';
import { buildMarketBoard } from './market-board.ts';

const fixture: Fixture = {
  id: 'F1',
  startDate: '2026-11-22T20:00:00Z',
  status: 'unplayed',
  isLive: false,
  homeTeam: 'Boston Celtics',
  awayTeam: 'Chicago Bulls',
  homeCompetitors: [],
  awayCompetitors: [],
  sportId: 'basketball',
  leagueId: 'nba',
  leagueName: 'NBA',
};

function odd(book: Sportsbook, market: string, name: string, price: number, extra: Partial<BookOdd> = {}): BookOdd {
  return {
    id: `${book}-${market}-${name}`,
    fixtureId: 'F1',
    sportsbook: book,
    market,
    marketId: market.toLowerCase().replace(/ /g, '_'),
    name,
    maxStake: null,
    selection: '',
    selectionLine: null,
    points: null,
    americanPrice: price,
    decimalPrice: americanToDecimal(price) ?? 0,
    isMain: true,
    groupingKey: null,
    playerId: null,
    teamId: null,
    timestamp: null,
    deepLink: null,
    ...extra,
  };
}

const spread = (book: Sportsbook, name: string, points: number, price: number, isMain: boolean) =>
  odd(book, 'Point Spread', name, price, { points, isMain });

describe('buildMarketBoard', () => {
  it('orders game markets moneyline, spread, total, others; pairs spread sides by the home line', () => {
    const board = buildMarketBoard(
      fixture,
      [
        odd('DraftKings', 'Total Points', 'Over 220', -110, { points: 220, selectionLine: 'over' }),
        odd('DraftKings', '1st Half Moneyline', 'Boston Celtics', -150),
        spread('DraftKings', 'Boston Celtics +1.5', 1.5, 120, false),
        spread('DraftKings', 'Boston Celtics -1.5', -1.5, -110, true),
        spread('DraftKings', 'Chicago Bulls +1.5', 1.5, -110, true),
        spread('DraftKings', 'Chicago Bulls -1.5', -1.5, -140, false),
        odd('DraftKings', 'Total Points', 'Under 220', -110, { points: 220, selectionLine: 'under' }),
        odd('DraftKings', 'Moneyline', 'Boston Celtics', -150),
        odd('DraftKings', 'Moneyline', 'Chicago Bulls', 130),
      ],
      ['DraftKings'],
    );
    expect(board.gameLines.map((market) => market.market)).toEqual([
      'Moneyline',
      'Point Spread',
      'Total Points',
      '1st Half Moneyline',
    ]);
    const [moneyline, spreads, totals] = board.gameLines;
    expect(moneyline?.main[0]?.selections.map((selection) => selection.name)).toEqual([
      'Chicago Bulls',
      'Boston Celtics',
    ]);
    expect(spreads?.main.map((line) => line.selections.map((selection) => selection.name))).toEqual([
      ['Chicago Bulls +1.5', 'Boston Celtics -1.5'],
    ]);
    expect(spreads?.alternates.map((line) => line.selections.map((selection) => selection.name))).toEqual([
      ['Chicago Bulls -1.5', 'Boston Celtics +1.5'],
    ]);
    expect(totals?.main[0]?.selections.map((selection) => selection.shortLabel)).toEqual(['Over 220', 'Under 220']);
    expect(board.playerProps).toEqual([]);
  });

  it('takes the best price among the chosen books only; a tie goes to the book listed first', () => {
    const board = buildMarketBoard(
      fixture,
      [
        odd('Novig', 'Moneyline', 'Chicago Bulls', 150),
        odd('DraftKings', 'Moneyline', 'Chicago Bulls', 135),
        odd('BetMGM', 'Moneyline', 'Chicago Bulls', 135),
        odd('Novig', 'Moneyline', 'Boston Celtics', -150),
      ],
      ['DraftKings', 'BetMGM'],
    );
    const [bulls, celtics] = board.gameLines[0]?.main[0]?.selections ?? [];
    expect(bulls?.best).toEqual({ book: 'BetMGM', decimalPrice: 2.35 });
    expect(celtics?.best).toBeNull();
  });

  it('groups player props by market then player, over before under, and shows all lines when none is main', () => {
    const prop = (name: string, playerId: string, selection: string, side: 'over' | 'under', points: number) =>
      odd('Fanatics', 'Player Points', name, -115, { playerId, selection, selectionLine: side, points, isMain: false });
    const board = buildMarketBoard(
      fixture,
      [
        prop('Jaylen Brown Under 24.5', 'jb', 'Jaylen Brown', 'under', 24.5),
        prop('Jaylen Brown Over 24.5', 'jb', 'Jaylen Brown', 'over', 24.5),
        prop('Coby White Over 18.5', 'cw', 'Coby White', 'over', 18.5),
        prop('Coby White Under 18.5', 'cw', 'Coby White', 'under', 18.5),
      ],
      ['Fanatics'],
    );
    expect(board.gameLines).toEqual([]);
    const [points] = board.playerProps;
    expect(points?.players.map((player) => player.playerName)).toEqual(['Coby White', 'Jaylen Brown']);
    expect(points?.players[1]?.main[0]?.selections.map((selection) => selection.shortLabel)).toEqual([
      'Over 24.5',
      'Under 24.5',
    ]);
    expect(points?.players[1]?.alternates).toEqual([]);
  });
});

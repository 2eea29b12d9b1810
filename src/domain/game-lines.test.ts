import { describe, expect, it } from 'vitest';
import { gameLineMarketIds, gameLineMarkets, gameLineMarketsCarried } from './game-lines.ts';
import { gameStatusView, legStatusWarning } from './game-status.ts';

const market = (id: string) => ({ id, name: id });

describe('gameLineMarkets', () => {
  it("sorts a sport's main markets into winner, spread and total", () => {
    expect(gameLineMarkets([market('moneyline'), market('point_spread'), market('total_points')])).toEqual({
      winner: market('moneyline'),
      spread: market('point_spread'),
      total: market('total_points'),
    });
    expect(gameLineMarkets([market('moneyline_3-way'), market('goal_spread'), market('total_goals')]).winner).toEqual(
      market('moneyline_3-way'),
    );
    expect(gameLineMarkets([market('moneyline'), market('run_line'), market('total_runs')]).spread).toEqual(
      market('run_line'),
    );
    expect(gameLineMarkets([market('moneyline'), market('map_handicap'), market('total_maps')]).spread).toEqual(
      market('map_handicap'),
    );
  });

  it('leaves out what a sport does not have', () => {
    const golf = gameLineMarkets([market('moneyline')]);
    expect(golf).toEqual({ winner: market('moneyline'), spread: null, total: null });
    expect(gameLineMarketIds(golf)).toEqual(['moneyline']);
    expect(gameLineMarketIds(gameLineMarkets([market('moneyline'), market('total_rounds')]))).toEqual([
      'moneyline',
      'total_rounds',
    ]);
  });

  it('a sport listed with none of the three asks for the usual main markets, and takes those the odds carry', () => {
    for (const listed of [[], [market('outright_winner')]]) {
      const markets = gameLineMarkets(listed);
      expect(markets).toMatchObject({ winner: null, spread: null, total: null, fromOdds: true });
      expect(gameLineMarketIds(markets)).toEqual(expect.arrayContaining(['moneyline', 'point_spread', 'total_goals']));
    }
    const carried = [market('player_points'), market('total_goals'), market('moneyline'), market('moneyline_3-way')];
    expect(gameLineMarketsCarried(carried)).toEqual({
      winner: market('moneyline_3-way'),
      spread: null,
      total: market('total_goals'),
    });
    expect(gameLineMarketsCarried([market('player_points')])).toMatchObject({
      winner: null,
      spread: null,
      total: null,
    });
  });
});

describe('game status', () => {
  it('says what each status means, and which still take bets', () => {
    expect(gameStatusView('unplayed')).toEqual({ label: null, tone: null, bettable: true });
    expect(gameStatusView('half').label).toBe('Half-time');
    expect(gameStatusView('cancelled')).toMatchObject({ label: 'Cancelled', bettable: false });
    expect(gameStatusView('something-new', true).label).toBe('Live');
    expect(gameStatusView('something-new').label).toBeNull();
    expect(legStatusWarning('cancelled')).toMatch(/cancelled/);
    expect(legStatusWarning('unplayed')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { newBetRecord, type BetRecord } from './bet-record.ts';
import { betLogCsv, betLogJson, readBetLogCsv, readBetLogJson } from './bet-log-files.ts';
import { mergeBets } from './merge-bets.ts';

const placed = newBetRecord(
  {
    book: 'BetMGM',
    stake: 25,
    currency: 'USD',
    decimal: 6.5,
    legs: [
      {
        fixtureId: '20261122A',
        market: 'Point Spread',
        name: 'Boston Celtics -4.5',
        game: {
          homeTeam: 'Boston Celtics',
          awayTeam: 'New York Knicks, NY',
          startDate: '2026-11-22T20:00:00Z',
          leagueId: 'nba',
        },
        decimal: 1.91,
      },
      { fixtureId: '20261122B', market: 'Moneyline', name: '=Odd "name"', game: null, decimal: 3.4 },
    ],
  },
  'bet-a',
  Date.parse('2026-11-22T15:00:00Z'),
);
const graded: BetRecord = {
  ...placed,
  legs: placed.legs.map((leg) => ({
    ...leg,
    result: 'Won',
    gradedAt: Date.parse('2026-11-23T01:00:00Z'),
    closingDecimal: 1.87,
    closingFairDecimal: 1.95,
    closingChecked: true,
  })),
};

describe('bet log files', () => {
  it('reads back every bet from its JSON and its CSV', () => {
    expect(readBetLogJson(betLogJson([placed, graded], 0))).toEqual({
      bets: [placed, graded],
      skipped: [],
      error: null,
    });
    const other = { ...graded, id: 'bet-b' };
    expect(readBetLogCsv(betLogCsv([placed, other]))).toEqual({ bets: [placed, other], skipped: [], error: null });
  });

  it('skips a damaged bet, saying where and why, and keeps the rest', () => {
    const json = JSON.stringify({ bets: [placed, { ...placed, id: 'x', stake: -3 }] });
    expect(readBetLogJson(json)).toEqual({
      bets: [placed],
      skipped: [{ where: 'bet 2', reason: expect.stringContaining('stake') }],
      error: null,
    });
    const csv = betLogCsv([placed, { ...placed, id: 'bet-c' }]).replaceAll(
      'bet-c,2026-11-22T15:00:00.000Z,BetMGM',
      'bet-c,2026-11-22T15:00:00.000Z,Bookie',
    );
    const read = readBetLogCsv(csv);
    expect(read.bets.map((bet) => bet.id)).toEqual(['bet-a']);
    expect(read.skipped).toEqual([{ where: 'rows from 4 (bet bet-c)', reason: expect.stringContaining('book') }]);
  });

  it('says so when the file is not a bet log', () => {
    expect(readBetLogJson('{').error).toBe('The file is not JSON.');
    expect(readBetLogJson('{"odds": []}').error).toMatch(/no list of bets/);
    expect(readBetLogCsv('a,b\n1,2\n').error).toMatch(/lacks the columns bet_id/);
  });

  it('merges by id, taking an imported copy only when it knows more', () => {
    expect(mergeBets([placed], [graded])).toEqual({ merged: [graded], added: 0, updated: 1 });
    expect(mergeBets([graded], [placed])).toEqual({ merged: [graded], added: 0, updated: 0 });
    const other = { ...placed, id: 'bet-b' };
    expect(mergeBets([placed], [other])).toEqual({ merged: [placed, other], added: 1, updated: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import type { OddsRow } from '../fair-value/market-sides.ts';
import { newBetRecord } from './bet-record.ts';
import { closingLineValue, closingPricesOf, parlayClosingLineValue } from './clv.ts';
import { summariseBets } from './summary.ts';

function row(sportsbook: string, name: string, decimalPrice: number): OddsRow {
  return {
    sportsbook,
    marketId: 'moneyline',
    market: 'Moneyline',
    name,
    groupingKey: 'default',
    selectionLine: null,
    points: null,
    decimalPrice,
    playerId: null,
  };
}

const record = newBetRecord(
  {
    book: 'DraftKings',
    stake: 10,
    currency: 'USD',
    decimal: 4.2,
    legs: [
      { fixtureId: 'A', market: 'Moneyline', name: 'Home A', game: null, decimal: 2.1 },
      { fixtureId: 'B', market: 'Moneyline', name: 'Home B', game: null, decimal: 2 },
    ],
  },
  'bet',
  1_000,
);

describe('closing-line value', () => {
  it('is the price taken over the closing price, less one', () => {
    expect(closingLineValue(2.1, 2)).toBeCloseTo(0.05, 12);
    expect(closingLineValue(1.9, 2)).toBeCloseTo(-0.05, 12);
    expect(closingLineValue(2, null)).toBeNull();
    expect(closingLineValue(2, 0.5)).toBeNull();
  });

  it("is a parlay's against the product of its legs' closes, once every leg's is known", () => {
    const partly = {
      ...record,
      legs: record.legs.map((leg, index) => ({ ...leg, closingDecimal: index === 0 ? 2 : null })),
    };
    expect(parlayClosingLineValue(partly)).toEqual({ book: null, fair: null });
    const closed = {
      ...record,
      legs: record.legs.map((leg) => ({ ...leg, closingDecimal: 2, closingFairDecimal: 2.1 })),
    };
    const clv = parlayClosingLineValue(closed);
    expect(clv.book).toBeCloseTo(0.05, 12);
    expect(clv.fair).toBeCloseTo(4.2 / 4.41 - 1, 12);
  });

  it("takes the book's own close and the devig consensus of every book's close", () => {
    const rows = [
      row('DraftKings', 'Home A', 1.9),
      row('DraftKings', 'Away A', 1.9),
      row('Fanatics', 'Home A', 1.8),
      row('Fanatics', 'Away A', 2.0),
      row('BetMGM', 'Home A', 1.85),
      row('BetMGM', 'Away A', 1.95),
    ];
    const closing = closingPricesOf(rows, { market: 'Moneyline', name: 'Home A' }, 'DraftKings');
    expect(closing.bookDecimal).toBe(1.9);
    // Fanatics and BetMGM lean to Home, DraftKings is even: the median fair is BetMGM's, a little under 2.
    expect(closing.fairDecimal).toBeGreaterThan(1.85);
    expect(closing.fairDecimal).toBeLessThan(2);
    expect(closingPricesOf(rows, { market: 'Moneyline', name: 'Home A' }, 'Novig').bookDecimal).toBeNull();
    expect(
      closingPricesOf(rows.slice(0, 2), { market: 'Moneyline', name: 'Home A' }, 'DraftKings').fairDecimal,
    ).toBeNull();
  });
});

describe('summariseBets', () => {
  it('counts the record, profit, ROI and CLV, and orders the timeline by settling time', () => {
    const won = {
      ...record,
      id: 'won',
      legs: record.legs.map((leg, index) => ({
        ...leg,
        result: 'Won' as const,
        gradedAt: 5_000 + index,
        closingDecimal: 2,
        closingFairDecimal: 2,
      })),
    };
    const lost = {
      ...record,
      id: 'lost',
      legs: record.legs.map((leg) => ({ ...leg, result: 'Lost' as const, gradedAt: 3_000 })),
    };
    const open = { ...record, id: 'open' };
    const summary = summariseBets([won, lost, open]);
    expect(summary).toMatchObject({ won: 1, lost: 1, pushed: 0, open: 1, staked: 20 });
    expect(summary.profit).toBeCloseTo(22, 10);
    expect(summary.roi).toBeCloseTo(1.1, 10);
    expect(summary.averageClv).toBeCloseTo(0.05, 12);
    expect(summary.timeline.map((point) => [point.at, Math.round(point.cumulativeProfit)])).toEqual([
      [3_000, -10],
      [5_001, 22],
    ]);
    expect(summary.timeline[0]?.averageClv).toBeNull();
  });

  it('has no ROI or CLV with nothing settled', () => {
    expect(summariseBets([])).toMatchObject({ roi: null, averageClv: null, timeline: [] });
  });
});

import { describe, expect, it } from 'vitest';
import type { LineHistory, PricePoint } from '../../../api/bet-tracking/types.ts';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';
import { bookPaths, priceTicks } from './chart-geometry.ts';
import { clipSteps, legChart, parlayChart } from './price-series.ts';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-03-08T12:00:00Z');

function point(hoursAgo: number, price: number, locked = false): PricePoint {
  return { at: NOW - hoursAgo * HOUR, price, points: null, locked };
}

function line(sportsbook: Sportsbook, name: string, entries: PricePoint[], closing: number | null = null): LineHistory {
  const first = entries[0];
  return {
    sportsbook,
    market: 'Moneyline',
    marketId: 'moneyline',
    name,
    selection: name,
    selectionLine: null,
    points: null,
    isMain: true,
    playerId: null,
    teamId: null,
    opening: first ? { price: first.price, points: null } : null,
    closing: closing === null ? null : { price: closing, points: null },
    entries,
  };
}

const celtics = { market: 'Moneyline', name: 'Boston Celtics' };
const knicks = { market: 'Moneyline', name: 'New York Knicks' };

describe('legChart', () => {
  const lines = [
    line('DraftKings', 'Boston Celtics', [point(48, 120), point(30, 110), point(10, -105, true), point(9, 105)]),
    line('DraftKings', 'Chicago Bulls', [point(48, -140)]),
    line('BetMGM', 'Boston Celtics', [point(40, 115)]),
  ];

  it("draws the leg's line at each chosen book since it opened, opening and current marked, suspensions found", () => {
    const chart = legChart(lines, celtics, ['BetMGM', 'DraftKings', 'Fanatics'], 'since-open', NOW);
    expect(chart.from).toBe(NOW - 48 * HOUR);
    expect(chart.series.map((series) => series.book)).toEqual(['BetMGM', 'DraftKings']);
    const draftKings = chart.series[1];
    expect(draftKings?.opening).toEqual({ at: NOW - 48 * HOUR, decimal: 2.2 });
    expect(draftKings?.current).toEqual({ at: NOW - 9 * HOUR, decimal: 2.05 });
    expect(draftKings?.closed).toBe(false);
    expect(draftKings?.suspended).toEqual([{ from: NOW - 10 * HOUR, to: NOW - 9 * HOUR }]);
    expect(draftKings?.steps.map((step) => step.decimal)).toEqual([2.2, 2.1, null, 2.05]);
    expect([chart.low, chart.high]).toEqual([2.05, 2.2]);
  });

  it('starts the last 24 hours at the price in force then, and marks the closing price once the game began', () => {
    const closedLines = [line('DraftKings', 'Boston Celtics', [point(48, 120), point(30, 110), point(2, 100)], 100)];
    const chart = legChart(closedLines, celtics, ['DraftKings'], 'last-day', NOW);
    expect(chart.from).toBe(NOW - 24 * HOUR);
    expect(chart.series[0]?.steps).toEqual([
      { at: NOW - 24 * HOUR, decimal: 2.1 },
      { at: NOW - 2 * HOUR, decimal: 2 },
    ]);
    expect(chart.series[0]?.opening?.decimal).toBe(2.2);
    expect(chart.series[0]?.current?.decimal).toBe(2);
    expect(chart.series[0]?.closed).toBe(true);
  });
});

describe('parlayChart', () => {
  it("multiplies the legs' prices at every change where every leg has a price, and names books lacking a leg", () => {
    const legsLines = [
      [
        line('DraftKings', 'Boston Celtics', [point(20, 100), point(10, 150), point(5, 150, true), point(4, 120)]),
        line('BetMGM', 'Boston Celtics', [point(20, 110)]),
      ],
      [line('DraftKings', 'New York Knicks', [point(15, -200), point(8, 100)])],
    ];
    const chart = parlayChart(legsLines, [celtics, knicks], ['DraftKings', 'BetMGM'], 'since-open', NOW);
    expect(chart.booksMissingLegs).toEqual(['BetMGM']);
    expect(chart.series).toHaveLength(1);
    const steps = chart.series[0]?.steps ?? [];
    expect(chart.from).toBe(NOW - 20 * HOUR);
    // Before the Knicks' line opened there is no parlay price; a suspended leg leaves a gap.
    expect(
      steps.map((step) => [(NOW - step.at) / HOUR, step.decimal && Math.round(step.decimal * 1000) / 1000]),
    ).toEqual([
      [20, null],
      [15, 3],
      [10, 3.75],
      [8, 5],
      [5, null],
      [4, 4.4],
    ]);
    expect(chart.series[0]?.opening?.decimal).toBe(3);
    expect(chart.series[0]?.current?.decimal).toBeCloseTo(4.4);
  });
});

describe('chart geometry', () => {
  it('keeps only the steps within the span, the one in force moved to its start', () => {
    expect(
      clipSteps(
        [
          { at: 0, decimal: 2 },
          { at: 10, decimal: 3 },
          { at: 30, decimal: 4 },
        ],
        5,
        20,
      ),
    ).toEqual([
      { at: 5, decimal: 2 },
      { at: 10, decimal: 3 },
    ]);
  });

  it('draws listed stretches as one step line and a suspension dotted at the held price', () => {
    const paths = bookPaths(
      [
        { at: 0, decimal: 2 },
        { at: 10, decimal: null },
        { at: 20, decimal: 3 },
      ],
      30,
      (at) => at,
      (decimal) => decimal * 10,
    );
    expect(paths).toEqual({ listed: 'M0 20H10M20 30H30', suspended: 'M10 20H20' });
  });

  it('labels round prices across the range', () => {
    expect(priceTicks(1.9, 2.3)).toEqual([1.9, 2, 2.1, 2.2, 2.3]);
  });
});

/**
 * Fair parlay prices, edges, the same-game split and stake limits, against worked examples done by
 * hand (the arithmetic is in the comments).
 */
import { describe, expect, it } from 'vitest';
import {
  edgeAgainstFair,
  fairParlayPrice,
  formatEdge,
  splitLegsByGame,
  splitSameGameAdjustment,
  stakeAboveLimit,
} from './fair-parlay.ts';
import { fairLegPrice } from './fair-value.ts';
import type { OddsRow } from './market-sides.ts';

function moneyline(sportsbook: string, sides: readonly (readonly [string, number])[]): OddsRow[] {
  return sides.map(([name, decimalPrice]) => ({
    sportsbook,
    name,
    decimalPrice,
    market: 'Moneyline',
    marketId: 'moneyline',
    groupingKey: 'default',
    selectionLine: null,
    points: null,
    playerId: null,
  }));
}

function fairProbability(rows: readonly OddsRow[], name: string): number {
  const fair = fairLegPrice(rows, { market: 'Moneyline', name }, 'multiplicative');
  if (fair.status !== 'fair') throw new Error(`no fair price for ${name}: ${fair.reason}`);
  return fair.probability;
}

describe('fair parlay of legs from different games', () => {
  it('multiplies the fair leg probabilities (two legs, worked by hand)', () => {
    // Leg 1, Celtics at 1.909/1.909 (-110/-110) at two books: 0.5.
    const celtics = fairProbability(
      [
        ...moneyline('DraftKings', [
          ['Celtics', 21 / 11],
          ['Knicks', 21 / 11],
        ]),
        ...moneyline('FanDuel', [
          ['Celtics', 21 / 11],
          ['Knicks', 21 / 11],
        ]),
      ],
      'Celtics',
    );
    // Leg 2, Dodgers at 1.80/2.10 at two books: 2.1/3.9 = 0.538462 (multiplicative).
    const dodgers = fairProbability(
      [
        ...moneyline('DraftKings', [
          ['Dodgers', 1.8],
          ['Giants', 2.1],
        ]),
        ...moneyline('BetMGM', [
          ['Dodgers', 1.8],
          ['Giants', 2.1],
        ]),
      ],
      'Dodgers',
    );
    // Parlay: 0.5 * 0.538462 = 0.269231 -> fair decimal 1 / 0.269231 = 7.8/2.1 = 3.714286.
    const parlay = fairParlayPrice([celtics, dodgers]);
    expect(parlay?.probability).toBeCloseTo(0.5 * (2.1 / 3.9), 12);
    expect(parlay?.decimal).toBeCloseTo(7.8 / 2.1, 10);
  });

  it('has no price without parts or with a part that is not a probability', () => {
    expect(fairParlayPrice([])).toBeNull();
    expect(fairParlayPrice([0.5, Number.NaN])).toBeNull();
    expect(fairParlayPrice([0.5, 0])).toBeNull();
    expect(fairParlayPrice([0.5, 1.2])).toBeNull();
  });

  it('splits a slip into cross-game legs and same-game groups (2+ legs in one fixture)', () => {
    const legs = [
      { fixtureId: 'A', name: 'Celtics' },
      { fixtureId: 'B', name: 'Dodgers' },
      { fixtureId: 'A', name: 'Over 220.5' },
      { fixtureId: 'C', name: 'Arsenal' },
      { fixtureId: 'A', name: 'Tatum Over 27.5' },
      { fixtureId: 'C', name: 'Over 2.5' },
      { fixtureId: 'D', name: 'Yankees' },
    ];
    const split = splitLegsByGame(legs);
    expect(split.crossGameLegs.map((leg) => leg.name)).toEqual(['Dodgers', 'Yankees']);
    expect(split.sameGameGroups).toEqual([
      { fixtureId: 'A', legs: [legs[0], legs[2], legs[4]] },
      { fixtureId: 'C', legs: [legs[3], legs[5]] },
    ]);
    const crossGameOnly = splitLegsByGame(legs.filter((leg) => leg.fixtureId === 'B' || leg.fixtureId === 'D'));
    expect(crossGameOnly.sameGameGroups).toEqual([]);
    expect(crossGameOnly.crossGameLegs.map((leg) => leg.name)).toEqual(['Dodgers', 'Yankees']);
  });
});

describe('edge against fair', () => {
  it('is the expected return per unit staked, signed (worked by hand)', () => {
    const fair = 2.1 / 7.8; // the two-leg parlay above: 0.269231
    // 3.90 * 0.269231 - 1 = 8.19/7.8 - 1 = 1.05 - 1 = +0.05 -> +5.0%.
    expect(edgeAgainstFair(3.9, fair)).toBeCloseTo(0.05, 12);
    // 3.50 * 0.269231 - 1 = 7.35/7.8 - 1 = 0.942308 - 1 = -0.057692 -> −5.8%.
    expect(edgeAgainstFair(3.5, fair)).toBeCloseTo(-0.057692, 6);
    expect(formatEdge(edgeAgainstFair(3.9, fair))).toBe('+5.0%');
    expect(formatEdge(edgeAgainstFair(3.5, fair))).toBe('\u22125.8%');
    // Priced exactly at fair: 3.714286 * 0.269231 - 1 = 0.
    expect(edgeAgainstFair(7.8 / 2.1, fair)).toBeCloseTo(0, 12);
  });

  it('has no edge for a price or probability that is not one', () => {
    expect(edgeAgainstFair(1, 0.5)).toBeNull();
    expect(edgeAgainstFair(Number.NaN, 0.5)).toBeNull();
    expect(edgeAgainstFair(2, 0)).toBeNull();
    expect(edgeAgainstFair(2, 1.5)).toBeNull();
  });

  it('formats for people: one decimal, a real minus sign, zero without a sign', () => {
    expect(formatEdge(0.034)).toBe('+3.4%');
    expect(formatEdge(-0.021)).toBe('\u22122.1%');
    expect(formatEdge(0)).toBe('0.0%');
    expect(formatEdge(-0.0004)).toBe('0.0%');
    expect(formatEdge(0.0004)).toBe('0.0%');
    expect(formatEdge(0.12345)).toBe('+12.3%');
    expect(formatEdge(-1)).toBe('\u2212100.0%');
    expect(formatEdge(null)).toBe('–');
    expect(formatEdge(Number.NaN)).toBe('–');
  });
});

describe('a same-game price taken apart', () => {
  it('splits the book discount into real correlation and extra margin (worked by hand)', () => {
    // The book: legs 2.02 * 1.87 = 3.7774, its same-game quote 3.41: 3.41 / 3.7774 = 0.902737 -> -9.7%.
    // Fair: legs 2.10 * 1.95 = 4.095, the engine's correlated price 3.80: 3.80 / 4.095 = 0.927961 -> -7.2%.
    // Extra margin: 0.902737 / 0.927961 = 0.972818 -> -2.7%: of the book's 9.7% cut, 7.2% is
    // correlation and the book takes 2.7% more on top of it.
    const split = splitSameGameAdjustment({
      bookQuotedDecimal: 3.41,
      bookLegsDecimal: 2.02 * 1.87,
      fairCorrelatedDecimal: 3.8,
      fairIndependentDecimal: 2.1 * 1.95,
    });
    expect(split?.bookAdjustment).toBeCloseTo(-0.097263, 6);
    expect(split?.correlation).toBeCloseTo(-0.072039, 6);
    expect(split?.extraMargin).toBeCloseTo(-0.027182, 6);
    // The parts compose by multiplication.
    expect((1 + (split?.correlation ?? 0)) * (1 + (split?.extraMargin ?? 0))).toBeCloseTo(
      1 + (split?.bookAdjustment ?? 0),
      12,
    );
  });

  it('a book that cuts exactly what correlation justifies takes no extra margin', () => {
    // Book 2.0 * 2.0 = 4.0 quoted at 3.6 (-10%); fair 2.1 * 2.1 = 4.41 correlated at 3.969 (-10%).
    const split = splitSameGameAdjustment({
      bookQuotedDecimal: 3.6,
      bookLegsDecimal: 4,
      fairCorrelatedDecimal: 3.969,
      fairIndependentDecimal: 4.41,
    });
    expect(split?.extraMargin).toBeCloseTo(0, 12);
    expect(split?.correlation).toBeCloseTo(-0.1, 12);
  });

  it('refuses prices that are not prices', () => {
    expect(
      splitSameGameAdjustment({
        bookQuotedDecimal: 3.41,
        bookLegsDecimal: 0,
        fairCorrelatedDecimal: 3.8,
        fairIndependentDecimal: 4.095,
      }),
    ).toBeNull();
    expect(
      splitSameGameAdjustment({
        bookQuotedDecimal: 3.41,
        bookLegsDecimal: 3.7774,
        fairCorrelatedDecimal: Number.NaN,
        fairIndependentDecimal: 4.095,
      }),
    ).toBeNull();
  });
});

describe('stake limits', () => {
  it('warns only when the stake is above a known maximum', () => {
    expect(stakeAboveLimit(250, 200)).toBe(true);
    expect(stakeAboveLimit(200, 200)).toBe(false);
    expect(stakeAboveLimit(150, 200)).toBe(false);
    expect(stakeAboveLimit(1_000_000, null)).toBe(false);
    expect(stakeAboveLimit(250, Number.NaN)).toBe(false);
    expect(stakeAboveLimit(250, -5)).toBe(false);
    expect(stakeAboveLimit(Number.NaN, 200)).toBe(false);
  });
});

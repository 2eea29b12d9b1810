import { describe, expect, it } from 'vitest';
import { newBetRecord, type BetRecord, type LegResult } from './bet-record.ts';
import { settleBet } from './settlement.ts';

/** A 10-unit parlay at the product of its legs' prices, graded as given. */
function parlay(legs: readonly [decimal: number, result: LegResult | null][], decimal?: number): BetRecord {
  const record = newBetRecord(
    {
      book: 'DraftKings',
      stake: 10,
      currency: 'USD',
      decimal: decimal ?? legs.reduce((product, [price]) => product * price, 1),
      legs: legs.map(([price], index) => ({
        fixtureId: `F${index}`,
        market: 'Moneyline',
        name: `Team ${index}`,
        game: null,
        decimal: price,
      })),
    },
    'bet-1',
    0,
  );
  return { ...record, legs: record.legs.map((leg, index) => ({ ...leg, result: legs[index]?.[1] ?? null })) };
}

describe('settleBet', () => {
  it('pays the price taken when every leg won, a same-game price included', () => {
    expect(
      settleBet(
        parlay([
          [2, 'Won'],
          [1.5, 'Won'],
        ]),
      ),
    ).toMatchObject({ outcome: 'won', returned: 30, profit: 20 });
    expect(
      settleBet(
        parlay(
          [
            [2, 'Won'],
            [1.5, 'Won'],
          ],
          3.4,
        ),
      ),
    ).toMatchObject({ outcome: 'won', profit: 24 });
  });

  it('loses on one lost leg, even with others still pending', () => {
    expect(
      settleBet(
        parlay([
          [2, 'Lost'],
          [1.5, null],
          [3, 'Won'],
        ]),
      ),
    ).toEqual({
      outcome: 'lost',
      returned: 0,
      profit: -10,
      settledDecimal: 0,
    });
  });

  it('keeps the parlay open while a leg is pending or not yet graded', () => {
    expect(
      settleBet(
        parlay([
          [2, 'Won'],
          [1.5, 'Pending'],
        ]),
      ).outcome,
    ).toBe('open');
    expect(
      settleBet(
        parlay([
          [2, 'Won'],
          [1.5, null],
        ]),
      ).profit,
    ).toBeNull();
  });

  it('drops a pushed or void leg and recomputes the price from the rest', () => {
    const settled = settleBet(
      parlay([
        [2, 'Won'],
        [1.5, 'Refunded'],
        [3, 'Won'],
      ]),
    );
    expect(settled.outcome).toBe('won');
    expect(settled.settledDecimal).toBeCloseTo(6, 12);
    expect(settled.returned).toBeCloseTo(60, 10);
  });

  it('refunds the stake when every leg pushes', () => {
    expect(
      settleBet(
        parlay([
          [2, 'Refunded'],
          [1.5, 'Refunded'],
        ]),
      ),
    ).toMatchObject({
      outcome: 'push',
      profit: 0,
    });
    expect(
      settleBet(
        parlay([
          [2, 'Refunded'],
          [1.5, 'Refunded'],
        ]),
      ).returned,
    ).toBeCloseTo(10, 10);
  });

  it('settles half results by the Asian-line rule: half won (price + 1) / 2, half lost a half', () => {
    // A single at 1.9 half won: 5 at 1.9 and 5 back = 14.5.
    expect(settleBet(parlay([[1.9, 'Half Won']])).returned).toBeCloseTo(14.5, 10);
    // Half lost: 5 back.
    const halfLost = settleBet(parlay([[1.9, 'Half Lost']]));
    expect(halfLost.outcome).toBe('lost');
    expect(halfLost.returned).toBeCloseTo(5, 10);
    // In a parlay: 2 x (1.9 + 1) / 2 x 0.5 = 1.45.
    expect(
      settleBet(
        parlay([
          [2, 'Won'],
          [1.9, 'Half Won'],
          [1.8, 'Half Lost'],
        ]),
      ).settledDecimal,
    ).toBeCloseTo(1.45, 12);
  });
});

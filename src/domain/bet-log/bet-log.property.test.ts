/**
 * Settlement and stored records under random parlays: a pushed leg is the same parlay without it,
 * an all-push parlay refunds the stake, a lost leg loses whatever else happened, the return never
 * exceeds every leg won; and no stored value, however broken, throws on reading.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyValue, checkProperty } from '../../test/fuzz.ts';
import { LEG_RESULTS, newBetRecord, type BetRecord, type LegResult } from './bet-record.ts';
import { readBetRecord } from './bet-record-schema.ts';
import { settleBet } from './settlement.ts';

const RUNS = 500;
const price = fc.double({ min: 1.01, max: 50, noNaN: true });
const result = fc.constantFrom<LegResult>(...LEG_RESULTS);
const legs = fc.array(fc.tuple(price, result), { minLength: 1, maxLength: 8 });

function bet(graded: readonly (readonly [number, LegResult])[], stake = 10): BetRecord {
  const record = newBetRecord(
    {
      book: 'Hard Rock',
      stake,
      currency: 'USD',
      decimal: graded.reduce((product, [decimal]) => product * decimal, 1),
      legs: graded.map(([decimal], index) => ({
        fixtureId: `F${index}`,
        market: 'M',
        name: `N${index}`,
        game: null,
        decimal,
      })),
    },
    'id',
    0,
  );
  return { ...record, legs: record.legs.map((leg, index) => ({ ...leg, result: graded[index]?.[1] ?? null })) };
}

describe('settleBet under random parlays', () => {
  it('a pushed leg settles as the same parlay without it', async (context) => {
    await checkProperty(
      context,
      fc.property(legs, price, (graded, pushedPrice) => {
        const withPush = settleBet(bet([...graded, [pushedPrice, 'Refunded']]));
        const without = settleBet(bet(graded));
        expect(withPush.outcome).toBe(without.outcome);
        if (without.returned === null) expect(withPush.returned).toBeNull();
        else expect(withPush.returned ?? Number.NaN).toBeCloseTo(without.returned, 6);
      }),
      RUNS,
    );
  });

  it('an all-push parlay refunds the stake', async (context) => {
    await checkProperty(
      context,
      fc.property(fc.array(price, { minLength: 1, maxLength: 8 }), (prices) => {
        const settled = settleBet(bet(prices.map((decimal) => [decimal, 'Refunded'] as const)));
        expect(settled.outcome).toBe('push');
        expect(settled.profit).toBe(0);
      }),
      RUNS,
    );
  });

  it('a lost leg loses the whole stake, whatever the others say', async (context) => {
    await checkProperty(
      context,
      fc.property(legs, price, (graded, lostPrice) => {
        expect(settleBet(bet([[lostPrice, 'Lost'], ...graded]))).toMatchObject({ outcome: 'lost', profit: -10 });
      }),
      RUNS,
    );
  });

  it('a settled return lies between nothing and every leg won', async (context) => {
    await checkProperty(
      context,
      fc.property(legs, (graded) => {
        const settled = settleBet(bet(graded));
        const best = 10 * graded.reduce((product, [decimal]) => product * decimal, 1);
        if (settled.returned !== null) {
          expect(settled.returned).toBeGreaterThanOrEqual(0);
          expect(settled.returned).toBeLessThanOrEqual(best * (1 + 1e-12));
        }
      }),
      RUNS,
    );
  });
});

describe('readBetRecord under any stored value', () => {
  it('never throws: a record or a reason', async (context) => {
    await checkProperty(
      context,
      fc.property(anyValue, (stored) => {
        const read = readBetRecord(stored);
        expect(['ok', 'damaged']).toContain(read.kind);
        if (read.kind === 'damaged') expect(read.reason.length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });

  it('reads back every record it wrote', async (context) => {
    await checkProperty(
      context,
      fc.property(legs, (graded) => {
        const record = bet(graded);
        expect(readBetRecord(JSON.parse(JSON.stringify(record)))).toEqual({ kind: 'ok', record });
      }),
      RUNS,
    );
  });
});

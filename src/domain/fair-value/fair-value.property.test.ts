/**
 * Fair value under random prices: margin removal always gives sides that sum to 1 and keeps their
 * order, a book priced at fair has no edge, the consensus does not depend on row order, and no
 * input, however broken, throws instead of saying why there is no fair price.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkProperty } from '../../test/fuzz.ts';
import { edgeAgainstFair, fairParlayPrice, formatEdge, splitSameGameAdjustment } from './fair-parlay.ts';
import {
  explainNoFairPrice,
  fairLegPrice,
  MARGIN_METHODS,
  median,
  PLAUSIBLE_IMPLIED_TOTAL,
  removeMargin,
  removeMarginMultiplicative,
  removeMarginPower,
} from './fair-value.ts';
import type { OddsRow } from './market-sides.ts';

const RUNS = 1000;

/** Any price a book could quote, from a heavy favourite to a long shot. */
const decimalPrice = fc.double({ min: 1.001, max: 1000, noNaN: true });
const marketPrices = fc.oneof(
  fc.array(decimalPrice, { minLength: 2, maxLength: 2 }),
  fc.array(decimalPrice, { minLength: 3, maxLength: 3 }),
);
const method = fc.constantFrom(...MARGIN_METHODS);
const probability = fc.double({ min: 0.001, max: 1, noNaN: true });

/** Fair probabilities of 2 or 3 sides (each at least 1%), summing to 1. */
const fairSides = fc
  .oneof(
    fc.array(fc.double({ min: 1, max: 100, noNaN: true }), { minLength: 2, maxLength: 2 }),
    fc.array(fc.double({ min: 1, max: 100, noNaN: true }), { minLength: 3, maxLength: 3 }),
  )
  .map((weights) => weights.map((weight) => weight / weights.reduce((total, next) => total + next, 0)));

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

describe('margin removal under random prices', () => {
  it('gives fair probabilities that sum to 1 for both methods, 2 and 3 sides, any quotable prices', async (context) => {
    await checkProperty(
      context,
      fc.property(marketPrices, method, (prices, chosen) => {
        const fair = removeMargin(prices, chosen);
        expect(fair).not.toBeNull();
        expect(Math.abs(sum(fair ?? []) - 1)).toBeLessThanOrEqual(1e-12);
        // Absurd markets (1.001 on two sides of three) can leave a side below the smallest double.
        expect((fair ?? []).every((value) => value >= 0 && value < 1)).toBe(true);
        const overround = sum(prices.map((price) => 1 / price));
        if (overround >= PLAUSIBLE_IMPLIED_TOTAL.min && overround <= PLAUSIBLE_IMPLIED_TOTAL.max) {
          expect((fair ?? []).every((value) => value > 0)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('keeps the order of the sides: a shorter price never gets a lower fair probability', async (context) => {
    await checkProperty(
      context,
      fc.property(marketPrices, method, (prices, chosen) => {
        const fair = removeMargin(prices, chosen) ?? [];
        prices.forEach((price, i) =>
          prices.forEach((other, j) => {
            if (price < other) expect(fair[i] ?? 0).toBeGreaterThanOrEqual((fair[j] ?? 1) - 1e-15);
          }),
        );
      }),
      RUNS,
    );
  });

  it('removing a margin never shortens a price; removing a negative margin never lengthens one', async (context) => {
    await checkProperty(
      context,
      fc.property(marketPrices, method, (prices, chosen) => {
        const fair = removeMargin(prices, chosen) ?? [];
        const overround = sum(prices.map((price) => 1 / price));
        prices.forEach((price, side) => {
          const fairDecimal = 1 / (fair[side] ?? Number.NaN);
          if (overround >= 1) expect(fairDecimal).toBeGreaterThanOrEqual(price * (1 - 1e-12));
          else expect(fairDecimal).toBeLessThanOrEqual(price * (1 + 1e-12));
        });
      }),
      RUNS,
    );
  });

  it('power and multiplicative agree when every side has the same price (1/n each)', async (context) => {
    await checkProperty(
      context,
      fc.property(decimalPrice, fc.integer({ min: 2, max: 3 }), (price, sides) => {
        const prices = Array.from({ length: sides }, () => price);
        const power = removeMarginPower(prices) ?? [];
        const multiplicative = removeMarginMultiplicative(prices) ?? [];
        power.forEach((value, side) => {
          expect(value).toBeCloseTo(1 / sides, 12);
          expect(value).toBeCloseTo(multiplicative[side] ?? Number.NaN, 12);
        });
      }),
      RUNS,
    );
  });

  it('with a margin, power leaves the favourite at least what multiplicative does, the longest shot at most', async (context) => {
    await checkProperty(
      context,
      fc.property(marketPrices, (prices) => {
        fc.pre(sum(prices.map((price) => 1 / price)) > 1);
        const power = removeMarginPower(prices) ?? [];
        const multiplicative = removeMarginMultiplicative(prices) ?? [];
        const favourite = prices.indexOf(Math.min(...prices));
        const longshot = prices.indexOf(Math.max(...prices));
        expect(power[favourite] ?? 0).toBeGreaterThanOrEqual((multiplicative[favourite] ?? 1) - 1e-12);
        expect(power[longshot] ?? 1).toBeLessThanOrEqual((multiplicative[longshot] ?? 0) + 1e-12);
      }),
      RUNS,
    );
  });

  it('a market priced with no margin at all is already fair, by either method', async (context) => {
    await checkProperty(
      context,
      fc.property(fairSides, method, (probabilities, chosen) => {
        const fair =
          removeMargin(
            probabilities.map((value) => 1 / value),
            chosen,
          ) ?? [];
        probabilities.forEach((value, side) => expect(fair[side]).toBeCloseTo(value, 9));
      }),
      RUNS,
    );
  });

  it('a margin added proportionally is taken out exactly by the multiplicative method', async (context) => {
    await checkProperty(
      context,
      fc.property(fairSides, fc.double({ min: 0, max: 0.15, noNaN: true }), (probabilities, margin) => {
        fc.pre(probabilities.every((value) => value * (1 + margin) < 1));
        const fair = removeMarginMultiplicative(probabilities.map((value) => 1 / (value * (1 + margin)))) ?? [];
        probabilities.forEach((value, side) => expect(fair[side]).toBeCloseTo(value, 12));
      }),
      RUNS,
    );
  });

  it('the median lies between the smallest and largest value', async (context) => {
    await checkProperty(
      context,
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 12 }),
        (values) => {
          const middle = median(values);
          expect(middle).toBeGreaterThanOrEqual(Math.min(...values));
          expect(middle).toBeLessThanOrEqual(Math.max(...values));
        },
      ),
      RUNS,
    );
  });
});

const BOOKS = ['DraftKings', 'FanDuel', 'BetMGM', 'Caesars', 'Novig'];
const SIDES = ['Home', 'Draw', 'Away'];

function moneylineRow(sportsbook: string, name: string): OddsRow {
  return {
    sportsbook,
    name,
    decimalPrice: 2,
    market: 'Moneyline',
    marketId: 'moneyline',
    groupingKey: 'default',
    selectionLine: null,
    points: null,
    playerId: null,
  };
}

/** A book lists a side four times in five, so most markets have two or more complete books. */
const sideListed = fc.integer({ min: 0, max: 4 }).map((roll) => roll > 0);

/** Each book lists some sides of one market at a plausible margin around a shared fair market. */
const marketRows = fc
  .tuple(
    fairSides,
    fc.array(
      fc.tuple(fc.double({ min: -0.02, max: 0.12, noNaN: true }), fc.array(sideListed, { minLength: 3, maxLength: 3 })),
      { minLength: BOOKS.length, maxLength: BOOKS.length },
    ),
  )
  .map(([probabilities, books]): OddsRow[] =>
    books.flatMap(([margin, lists], bookIndex) =>
      probabilities.flatMap((value, side) =>
        (lists[side] ?? true)
          ? [
              {
                ...moneylineRow(BOOKS[bookIndex] ?? 'DraftKings', SIDES[side] ?? 'Home'),
                decimalPrice: 1 / (value * (1 + margin)),
              },
            ]
          : [],
      ),
    ),
  );

describe('consensus fair price under random books', () => {
  it('is a probability whose sides sum to 1, or a reason with words; a book at fair has edge 0', async (context) => {
    await checkProperty(
      context,
      fc.property(marketRows, method, fc.constantFrom(...SIDES), (rows, chosen, name) => {
        const result = fairLegPrice(rows, { market: 'Moneyline', name }, chosen);
        if (result.status === 'none') {
          expect(explainNoFairPrice(result).length).toBeGreaterThan(20);
          return;
        }
        expect(Math.abs(sum(result.sides.map((side) => side.probability)) - 1)).toBeLessThanOrEqual(1e-12);
        expect(result.probability > 0 && result.probability < 1).toBe(true);
        expect(result.books.length).toBeGreaterThanOrEqual(2);
        expect(Math.abs(edgeAgainstFair(result.decimal, result.probability) ?? Number.NaN)).toBeLessThanOrEqual(1e-12);
      }),
      RUNS,
    );
  });

  it("in a two-way market is the median of the books' own fair probabilities", async (context) => {
    // Mostly books at a margin around one fair chance, now and then a price that makes no market.
    const plausiblePair = fc
      .tuple(fc.double({ min: 0.02, max: 0.98, noNaN: true }), fc.double({ min: -0.05, max: 0.2, noNaN: true }))
      .map(([home, margin]): [number, number] => [1 / (home * (1 + margin)), 1 / ((1 - home) * (1 + margin))]);
    const pair = fc.oneof(
      { arbitrary: plausiblePair, weight: 4 },
      { arbitrary: fc.tuple(decimalPrice, decimalPrice), weight: 1 },
    );
    const plausibleTotal = (total: number) =>
      total >= PLAUSIBLE_IMPLIED_TOTAL.min && total <= PLAUSIBLE_IMPLIED_TOTAL.max;
    const isPlausible = ([home, away]: readonly [number, number]) => plausibleTotal(1 / home + 1 / away);
    await checkProperty(
      context,
      fc.property(fc.array(pair, { minLength: 2, maxLength: BOOKS.length }), method, (prices, chosen) => {
        const totals = prices.map(([home, away]) => 1 / home + 1 / away);
        fc.pre(prices.every(([home, away]) => home > 1 && away > 1));
        fc.pre(prices.filter(isPlausible).length >= 2 && plausibleTotal(median(totals)));
        const rows = prices.flatMap(([home, away], book): OddsRow[] => [
          { ...moneylineRow(BOOKS[book] ?? 'DraftKings', 'Home'), decimalPrice: home },
          { ...moneylineRow(BOOKS[book] ?? 'DraftKings', 'Away'), decimalPrice: away },
        ]);
        const result = fairLegPrice(rows, { market: 'Moneyline', name: 'Home' }, chosen);
        const expected = median(
          prices.filter(isPlausible).map((bookPrices) => removeMargin(bookPrices, chosen)?.[0] ?? Number.NaN),
        );
        expect(result.status === 'fair' ? result.probability : Number.NaN).toBeCloseTo(expected, 12);
      }),
      RUNS,
    );
  });

  it('does not depend on the order of the rows', async (context) => {
    await checkProperty(
      context,
      fc.property(
        marketRows.chain((rows) =>
          fc.tuple(fc.constant(rows), fc.shuffledSubarray(rows, { minLength: rows.length, maxLength: rows.length })),
        ),
        fc.constantFrom(...SIDES),
        ([rows, shuffled], name) => {
          const first = fairLegPrice(rows, { market: 'Moneyline', name });
          const second = fairLegPrice(shuffled, { market: 'Moneyline', name });
          expect(second.status).toBe(first.status);
          if (first.status === 'fair' && second.status === 'fair') {
            expect(second.probability).toBeCloseTo(first.probability, 12);
            expect([...second.books].sort()).toEqual([...first.books].sort());
          }
        },
      ),
      RUNS,
    );
  });

  it('never throws on broken rows, and always says why when there is no fair price', async (context) => {
    const brokenPrice = fc.oneof(
      decimalPrice,
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -3, 0, 1, 1e308),
      fc.double(),
    );
    const brokenRow = fc.record({
      sportsbook: fc.constantFrom(...BOOKS, ''),
      name: fc.constantFrom(...SIDES, 'Over 8.5', ''),
      decimalPrice: brokenPrice,
      market: fc.constantFrom('Moneyline', 'Total Runs'),
      marketId: fc.constantFrom('moneyline', 'total_runs'),
      groupingKey: fc.option(fc.constantFrom('default', 'default:8.5', 'x')),
      selectionLine: fc.option(fc.constantFrom('over', 'under')),
      points: fc.option(fc.double()),
      playerId: fc.option(fc.constantFrom('p1', 'p2')),
    });
    await checkProperty(
      context,
      fc.property(
        fc.array(brokenRow, { maxLength: 20 }),
        fc.constantFrom(...SIDES, 'Over 8.5'),
        method,
        (rows, name, chosen) => {
          const result = fairLegPrice(rows, { market: 'Moneyline', name }, chosen);
          if (result.status === 'none') expect(explainNoFairPrice(result).length).toBeGreaterThan(20);
          else expect(result.probability > 0 && result.probability < 1 && Number.isFinite(result.decimal)).toBe(true);
        },
      ),
      RUNS,
    );
  });
});

describe('parlays and edges under random prices', () => {
  it('a book priced exactly at fair has edge 0; above fair the edge is positive, below negative', async (context) => {
    await checkProperty(
      context,
      fc.property(probability, fc.double({ min: 1.001, max: 1e4, noNaN: true }), (fair, bookDecimal) => {
        fc.pre(fair < 1);
        expect(Math.abs(edgeAgainstFair(1 / fair, fair) ?? Number.NaN)).toBeLessThanOrEqual(1e-12);
        const edge = edgeAgainstFair(bookDecimal, fair) ?? Number.NaN;
        // Away from the rounding noise at fair itself, paying more than fair is a positive edge.
        if (Math.abs(bookDecimal * fair - 1) > 1e-9) expect(edge > 0).toBe(bookDecimal > 1 / fair);
      }),
      RUNS,
    );
  });

  it('the fair parlay pays the product of the fair leg prices', async (context) => {
    await checkProperty(
      context,
      fc.property(fc.array(probability, { minLength: 1, maxLength: 20 }), (legs) => {
        const parlay = fairParlayPrice(legs);
        const product = legs.reduce((total, leg) => total * (1 / leg), 1);
        expect(Math.abs((parlay?.decimal ?? Number.NaN) / product - 1)).toBeLessThanOrEqual(1e-12);
      }),
      RUNS,
    );
  });

  it('correlation and extra margin compose into the book adjustment', async (context) => {
    await checkProperty(
      context,
      fc.property(
        decimalPrice,
        decimalPrice,
        decimalPrice,
        decimalPrice,
        (bookQuotedDecimal, bookLegsDecimal, fairCorrelatedDecimal, fairIndependentDecimal) => {
          const split = splitSameGameAdjustment({
            bookQuotedDecimal,
            bookLegsDecimal,
            fairCorrelatedDecimal,
            fairIndependentDecimal,
          });
          const composed = (1 + (split?.correlation ?? Number.NaN)) * (1 + (split?.extraMargin ?? Number.NaN));
          // 1 + x loses digits when x is near -1 (ratios of 1e-5 from extreme prices), hence 1e-9.
          expect(Math.abs(composed / (1 + (split?.bookAdjustment ?? Number.NaN)) - 1)).toBeLessThanOrEqual(1e-9);
        },
      ),
      RUNS,
    );
  });

  it('an edge reads as a signed percentage to one decimal, unsigned only when it rounds to zero', async (context) => {
    await checkProperty(
      context,
      fc.property(fc.double({ min: -1, max: 10, noNaN: true }), (edge) => {
        const text = formatEdge(edge);
        expect(text).toMatch(/^([+\u2212]\d+\.\d|0\.0)%$/);
        if (text === '0.0%') expect(Math.abs(edge)).toBeLessThan(0.00051);
        else expect(text.startsWith(edge > 0 ? '+' : '\u2212')).toBe(true);
      }),
      RUNS,
    );
  });
});

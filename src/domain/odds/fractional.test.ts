import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkProperty } from '../../test/fuzz.ts';
import { decimalToFraction, exactFraction, FRACTIONAL_LADDER } from './fractional.ts';
import { americanToDecimal, formatOdds } from './odds.ts';

const fractional = (decimal: number) => formatOdds(decimal, 'fractional');
const fromAmerican = (american: number) => americanToDecimal(american) ?? Number.NaN;

describe('fractional odds', () => {
  it('writes prices on the ladder the way books print them', () => {
    expect(fractional(2.1)).toBe('11/10');
    expect(fractional(2.5)).toBe('6/4');
    expect(fractional(3.25)).toBe('9/4');
    expect(fractional(1 + 100 / 30)).toBe('100/30');
    expect(fractional(3.5)).toBe('5/2');
    expect(fractional(2.625)).toBe('13/8');
    expect(fractional(fromAmerican(-110))).toBe('10/11');
    expect(fractional(fromAmerican(-150))).toBe('4/6');
    expect(fractional(1.5)).toBe('1/2');
    expect(fractional(3)).toBe('2/1');
    expect(fractional(2)).toBe('1/1');
  });

  it('shows a price that is exactly a readable fraction as that fraction', () => {
    expect(fractional(fromAmerican(140))).toBe('7/5');
    expect(fractional(fromAmerican(1450))).toBe('29/2');
    expect(fractional(fromAmerican(-120))).toBe('5/6');
    expect(fractional(fromAmerican(12500))).toBe('125/1');
    expect(fractional(5001)).toBe('5000/1');
  });

  it('marks any other price approximate, with its exact decimal beside the nearest readable fraction', () => {
    // +333 pays 43.30 on 10, 100/30 pays 43.33: not the same price.
    expect(fractional(fromAmerican(333))).toBe('≈100/30 (4.33)');
    expect(fractional(fromAmerican(1463))).toBe('≈29/2 (15.63)');
    expect(fractional(fromAmerican(1430))).toBe('≈29/2 (15.30)');
    expect(fractional(fromAmerican(145))).toBe('≈10/7 (2.45)');
    expect(fractional(fromAmerican(488))).toBe('≈5/1 (5.88)');
    expect(fractional(fromAmerican(2750))).toBe('≈28/1 (28.50)');
    expect(fractional(21.99)).toBe('≈21/1 (21.99)');
    // Short prices: the decimal to as many places as tell neighbours apart.
    expect(fractional(fromAmerican(-163))).toBe('≈8/13 (1.613)');
    expect(fractional(fromAmerican(-123))).toBe('≈4/5 (1.813)');
    expect(fractional(fromAmerican(-124))).toBe('≈4/5 (1.806)');
    expect(fractional(fromAmerican(-560))).toBe('≈2/11 (1.1786)');
    // A fair price is rarely a whole fraction.
    expect(fractional(21.43548)).toBe('≈20/1 (21.435)');
  });

  it('never gives two whole-American prices the same label, and a bare fraction always pays what it says', () => {
    const labels = new Map<string, number>();
    const prices = [
      ...Array.from({ length: 900 }, (_, index) => -1000 + index),
      ...Array.from({ length: 20_000 }, (_, index) => 100 + index),
    ];
    for (const american of prices) {
      const decimal = fromAmerican(american);
      const label = fractional(decimal);
      expect(labels.get(label), `${label} for ${american} and ${labels.get(label)}`).toBeUndefined();
      labels.set(label, american);
      const bare = /^(\d+)\/(\d+)$/.exec(label);
      if (bare) expect(Number(bare[1]) / Number(bare[2])).toBeCloseTo(decimal - 1, 9);
    }
  });

  it('finds the exact fraction a whole-American price is, for files', () => {
    expect(exactFraction(fromAmerican(1463))).toEqual({ numerator: 1463, denominator: 100 });
    expect(exactFraction(fromAmerican(-115))).toEqual({ numerator: 20, denominator: 23 });
    expect(exactFraction(fromAmerican(-110))).toEqual({ numerator: 10, denominator: 11 });
    expect(exactFraction(fromAmerican(500))).toEqual({ numerator: 5, denominator: 1 });
    expect(exactFraction(21.43548)).toBeNull();
  });

  it('reads every ladder step as itself', () => {
    for (const step of FRACTIONAL_LADDER) {
      expect(decimalToFraction(1 + step.numerator / step.denominator)).toEqual(step);
    }
  });

  it('keeps every price readable, close to the exact price, and in the same order as the prices', async (context) => {
    await checkProperty(
      context,
      fc.property(
        fc.double({ min: 1.0001, max: 2000, noNaN: true }),
        fc.double({ min: 1.0001, max: 2000, noNaN: true }),
        (first, second) => {
          for (const decimal of [first, second]) {
            const { numerator, denominator } = decimalToFraction(decimal);
            // Small numbers either side, or a whole number (long odds) or 1/n (very short odds).
            const readable = (numerator <= 100 && denominator <= 100) || denominator === 1 || numerator === 1;
            if (!readable) return false;
            // Within 8% of the exact profit: close enough to read, never a different price band.
            if (Math.abs(Math.log(numerator / denominator / (decimal - 1))) > 0.08) return false;
          }
          const [low, high] = first <= second ? [first, second] : [second, first];
          const lowShown = decimalToFraction(low);
          const highShown = decimalToFraction(high);
          return lowShown.numerator / lowShown.denominator <= highShown.numerator / highShown.denominator;
        },
      ),
      1000,
    );
  });
});

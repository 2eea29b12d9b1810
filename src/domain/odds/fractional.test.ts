import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkProperty } from '../../test/fuzz.ts';
import { decimalToFraction, FRACTIONAL_LADDER } from './fractional.ts';
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

  it('reads a book’s whole-American price as the ladder step it stands for', () => {
    // +333 is 100/30 rounded to a whole American price; -163 is 8/13 (-162.5) rounded.
    expect(fractional(fromAmerican(333))).toBe('100/30');
    expect(fractional(fromAmerican(-163))).toBe('8/13');
    expect(fractional(fromAmerican(-162))).toBe('8/13');
  });

  it('shows the nearest readable fraction for a price off the ladder, never an exact but unreadable one', () => {
    expect(fractional(21.99)).toBe('21/1');
    // 66/97 is 0.680: the readable 2/3 (0.667), spelt as the ladder does.
    expect(fractional(1 + 66 / 97)).toBe('4/6');
    expect(fractional(fromAmerican(12500))).toBe('125/1');
    expect(fractional(fromAmerican(488))).toBe('5/1');
    expect(fractional(fromAmerican(2750))).toBe('28/1');
    expect(fractional(1.003)).toBe('1/333');
    expect(fractional(5001)).toBe('5000/1');
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

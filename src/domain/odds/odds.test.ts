import { describe, expect, it } from 'vitest';
import {
  americanToDecimal,
  combinationAdjustment,
  combineDecimal,
  decimalToAmerican,
  formatOdds,
  payoutFor,
} from './odds.ts';
import { decimalToFraction } from './fractional.ts';

describe('odds conversions', () => {
  it('turns American prices into exact decimal odds', () => {
    expect(americanToDecimal(-110)).toBeCloseTo(1.909090909, 9);
    expect(americanToDecimal(150)).toBe(2.5);
    expect(americanToDecimal(-230.0)).toBeCloseTo(1.434782609, 9);
    expect(americanToDecimal(100)).toBe(2);
  });

  it('rejects prices no book can quote', () => {
    expect(americanToDecimal(50)).toBeNull();
    expect(americanToDecimal(Number.NaN)).toBeNull();
    expect(americanToDecimal(Infinity)).toBeNull();
  });

  it('round-trips decimal and American odds', () => {
    for (const american of [-500, -110, -101, 100, 101, 145, 2500]) {
      const decimal = americanToDecimal(american);
      expect(decimal).not.toBeNull();
      expect(decimalToAmerican(decimal as number)).toBeCloseTo(american, 6);
    }
  });

  it('shows computed American odds at the nearest whole number, never inside (-100, +100)', () => {
    expect(formatOdds(1 + 264.98 / 100, 'american')).toBe('+265');
    expect(formatOdds(1 + 100 / 109.2, 'american')).toBe('-109');
    expect(formatOdds(2.004, 'american')).toBe('+100');
    expect(formatOdds(1.999, 'american')).toBe('-100');
  });
});

describe('parlay arithmetic', () => {
  it('multiplies legs for an independent parlay and pays stake times odds', () => {
    const combined = combineDecimal([1.909090909090909, 2.5]);
    expect(combined).toBeCloseTo(4.772727, 5);
    expect(payoutFor(10, combined)).toBeCloseTo(47.727, 3);
  });

  it('measures a same-game adjustment against the legs multiplied (the published FanDuel case)', () => {
    expect(combinationAdjustment(3.41, [2.02, 1.87])).toBeCloseTo(3.41 / 3.7774 - 1, 4);
    expect(combinationAdjustment(4, [2, 2])).toBe(0);
  });
});

describe('formatOdds', () => {
  it('shows each format the way bettors read it', () => {
    const minus110 = americanToDecimal(-110) as number;
    expect(formatOdds(minus110, 'american')).toBe('-110');
    expect(formatOdds(2.5, 'american')).toBe('+150');
    expect(formatOdds(2, 'american')).toBe('+100');
    expect(formatOdds(minus110, 'decimal')).toBe('1.91');
    expect(formatOdds(minus110, 'fractional')).toBe('10/11');
    expect(formatOdds(2.5, 'fractional')).toBe('6/4');
    expect(formatOdds(2, 'probability')).toBe('50.0%');
    expect(formatOdds(minus110, 'probability')).toBe('52.4%');
  });

  it('shows a dash for impossible odds instead of nonsense', () => {
    expect(formatOdds(1, 'american')).toBe('–');
    expect(formatOdds(Number.NaN, 'decimal')).toBe('–');
  });

  it('finds simple fractions', () => {
    expect(decimalToFraction(1.5)).toEqual({ numerator: 1, denominator: 2 });
    expect(decimalToFraction(americanToDecimal(-120) as number)).toEqual({ numerator: 5, denominator: 6 });
  });
});

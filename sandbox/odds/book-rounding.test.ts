import { describe, expect, it } from 'vitest';
import { roundAmericanLikeABook } from './book-rounding.ts';

describe('roundAmericanLikeABook', () => {
  it('rounds toward the book (never overstating a payout) and never into (-100, +100)', () => {
    expect(roundAmericanLikeABook(264.98)).toBe(264);
    expect(roundAmericanLikeABook(-109.2)).toBe(-110);
    expect(roundAmericanLikeABook(99.6)).toBe(100);
    expect(roundAmericanLikeABook(-99.9)).toBe(-100);
  });

  it('keeps a whole price as it is, despite floating-point noise', () => {
    expect(roundAmericanLikeABook(190.00000000001)).toBe(190);
    expect(roundAmericanLikeABook(-149.99999999999)).toBe(-150);
  });
});

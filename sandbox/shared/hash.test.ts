import { describe, expect, it } from 'vitest';
import { hash32, normalishHash, signedUnitHash, unitHash } from './hash.ts';

describe('sandbox hashing', () => {
  it('hashes a number as its decimal text, so the world is the same whichever is passed', () => {
    for (const value of [
      0,
      -0,
      7,
      -5,
      2.5,
      -1.25,
      1_764_000_000_000,
      -1_764_000_000_000,
      Number.MAX_SAFE_INTEGER,
      1e21,
    ]) {
      expect(hash32('part', value)).toBe(hash32('part', String(value)));
      expect(unitHash(value, 'part')).toBe(unitHash(String(value), 'part'));
    }
  });

  it('gives the values the sandbox has always given (its catalog and prices stay as they were)', () => {
    // Values of the implementation before integers were hashed without String().
    expect(hash32('20261124D05D6BA0', 'Moneyline', 1_764_000_000_000)).toBe(1194319561);
    expect(hash32('book', -5, 2.5)).toBe(3615941248);
    expect(unitHash('a', 0)).toBe(0.1597784652840346);
    expect(normalishHash('team', 42)).toBe(-1.1626466689631343);
  });

  it('keeps its helpers in their ranges and tied to hash32', () => {
    expect(unitHash('x', 1)).toBe(hash32('x', 1) / 0x1_0000_0000);
    expect(signedUnitHash('x', 1)).toBe(unitHash('x', 1) * 2 - 1);
    expect(normalishHash('x', 1)).toBe(
      (unitHash('x', 1, 'a') + unitHash('x', 1, 'b') + unitHash('x', 1, 'c') - 1.5) * 2,
    );
  });
});

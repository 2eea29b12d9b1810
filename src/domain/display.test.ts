import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyCompact, priceAge } from './display.ts';
import { searchable } from './search-text.ts';

describe('searchable', () => {
  it('lowercases and folds accents, so plain typing finds accented names', () => {
    expect(searchable('Atlético Madrid')).toBe('atletico madrid');
    expect(searchable('FC Köln')).toContain('koln');
  });
});

describe('money', () => {
  it("shows cents, in the stake's currency", () => {
    expect(formatMoney(96.4, 'USD', 'en-US')).toBe('$96.40');
    expect(formatMoney(1250, 'GBP', 'en-GB')).toBe('£1,250.00');
  });

  it('drops the cents from 1,000 up where a column is narrow', () => {
    expect(formatMoneyCompact(96.4, 'USD', 'en-US')).toBe('$96.40');
    expect(formatMoneyCompact(1249.6, 'USD', 'en-US')).toBe('$1,250');
    // Intl puts a no-break space before the euro sign.
    expect(formatMoneyCompact(12345.5, 'EUR', 'de-DE')).toBe('12.346\u00A0€');
    expect(formatMoneyCompact(Number.NaN)).toBe('–');
  });

  it('shortens six-figure payouts so they fit a narrow column', () => {
    expect(formatMoneyCompact(99_999, 'USD', 'en-US')).toBe('$99,999');
    expect(formatMoneyCompact(125_010, 'USD', 'en-US')).toBe('$125K');
    expect(formatMoneyCompact(1_260_000, 'USD', 'en-US')).toBe('$1.3M');
  });
});

describe('price age', () => {
  const now = Date.parse('2026-11-22T15:00:00Z');
  it('says nothing under an hour, hours up to two days, days after; old from six hours', () => {
    expect(priceAge(now / 1000 - 59 * 60, now)).toEqual({ label: null, old: false });
    expect(priceAge(now / 1000 - 3 * 3600 - 5, now)).toEqual({ label: '3 h', old: false });
    expect(priceAge(now / 1000 - 6 * 3600, now)).toEqual({ label: '6 h', old: true });
    expect(priceAge(now / 1000 - 50 * 3600, now)).toEqual({ label: '2 d', old: true });
    expect(priceAge(null, now)).toEqual({ label: null, old: false });
    expect(priceAge(now / 1000 + 60, now)).toEqual({ label: null, old: false });
  });
});

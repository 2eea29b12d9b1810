import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyCompact } from './display.ts';

describe('money', () => {
  it('shows cents, in the stake\'s currency', () => {
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
});

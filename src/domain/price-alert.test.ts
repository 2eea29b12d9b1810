import { describe, expect, it } from 'vitest';
import { alertReached, alertSlipKey, describeAlertRule, parsePriceInput } from './price-alert.ts';

const leg = (name: string) => ({ fixtureId: 'GAME-1', market: 'Moneyline', name });

describe('price alerts', () => {
  it('belong to the slip’s legs, whatever their order', () => {
    expect(alertSlipKey([leg('A'), leg('B')])).toBe(alertSlipKey([leg('B'), leg('A')]));
    expect(alertSlipKey([leg('A')])).not.toBe(alertSlipKey([leg('A'), leg('B')]));
  });

  it('are reached at or above the price asked for', () => {
    const rule = { kind: 'reaches', decimal: 4.5 } as const;
    expect(alertReached(rule, 4.49)).toBe(false);
    expect(alertReached(rule, 4.5)).toBe(true);
    expect(alertReached(rule, 5)).toBe(true);
  });

  it('"moves by N%" are reached by a move that far either way', () => {
    const rule = { kind: 'moves', percent: 10, fromDecimal: 4 } as const;
    expect(alertReached(rule, 4.3)).toBe(false);
    expect(alertReached(rule, 4.4)).toBe(true);
    expect(alertReached(rule, 3.6)).toBe(true);
  });

  it('are described in the user’s odds format', () => {
    expect(describeAlertRule({ kind: 'reaches', decimal: 4.5 }, 'american')).toBe('reaches +350');
    expect(describeAlertRule({ kind: 'moves', percent: 5, fromDecimal: 4.1 }, 'american')).toBe(
      'moves by 5% from +310',
    );
  });

  it('read prices as bettors type them: American with or without a sign, or decimal', () => {
    expect(parsePriceInput('+350')).toBe(4.5);
    expect(parsePriceInput('350')).toBe(4.5);
    expect(parsePriceInput(' -200 ')).toBe(1.5);
    expect(parsePriceInput('4.5')).toBe(4.5);
    for (const text of ['', 'abc', '+50', '-50', '1', '0.5', '+1.5', '4,5']) expect(parsePriceInput(text)).toBeNull();
  });
});

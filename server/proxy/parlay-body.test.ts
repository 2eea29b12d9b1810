import { describe, expect, it } from 'vitest';
import { FAIR_PRICING_ENGINE } from '../../src/domain/odds/pricing-engine.ts';
import { checkParlayBody } from './parlay-body.ts';

const entry = (fixtureId: string, extra: Record<string, unknown> = {}) => ({
  fixture_id: fixtureId,
  market: 'Moneyline',
  name: 'Boston Celtics',
  ...extra,
});
const check = (body: unknown) => checkParlayBody(JSON.stringify(body));
const messageOf = (body: unknown) => {
  const result = check(body);
  return result.ok ? '' : result.message;
};

describe('fixture ids are opaque', () => {
  it('accepts any 1 to 100 printable characters without whitespace', () => {
    for (const id of ['20261122DB4BA9B0', 'mlb:3D5E0C0B1E12', 'a', 'x'.repeat(100), 'nhl:2026/11/22#3', 'Ligue-1_ü']) {
      expect(check({ sportsbooks: ['DraftKings'], entries: [entry(id), entry('20261122AAAAAAAA')] }).ok, id).toBe(true);
    }
  });

  it('refuses whitespace, control characters and ids over 100 characters, naming the entry', () => {
    for (const id of ['mlb: 3D5E', 'tab\there', 'line\nbreak', 'nul\u0000', 'zero\u200bwidth', 'x'.repeat(101)]) {
      expect(
        messageOf({ sportsbooks: ['DraftKings'], entries: [entry('20261122AAAAAAAA'), entry(id)] }),
        JSON.stringify(id),
      ).toContain('entries[1].fixture_id: must be 1 to 100 printable characters without spaces');
    }
  });
});

describe(`the fair-pricing engine "${FAIR_PRICING_ENGINE}"`, () => {
  const priced = [entry('F1', { price_american: -110 }), entry('mlb:F2', { price_decimal: 2.05 })];

  it('is accepted alone with a price on every entry, and the prices are passed on', () => {
    const result = check({ sportsbooks: [FAIR_PRICING_ENGINE], entries: priced });
    expect(result).toEqual({ ok: true, body: { sportsbooks: [FAIR_PRICING_ENGINE], entries: priced } });
  });

  it('must be the only sportsbook', () => {
    for (const sportsbooks of [
      [FAIR_PRICING_ENGINE, 'DraftKings'],
      ['DraftKings', FAIR_PRICING_ENGINE],
    ]) {
      expect(messageOf({ sportsbooks, entries: priced })).toContain(
        `sportsbooks: "${FAIR_PRICING_ENGINE}" prices from your own prices and must be the only sportsbook in its request`,
      );
    }
  });

  it('needs price_american (|x| >= 100) or price_decimal (> 1) on every entry, field by field', () => {
    const message = messageOf({
      sportsbooks: [FAIR_PRICING_ENGINE],
      entries: [
        entry('F1'),
        entry('F2', { price_american: 50 }),
        entry('F3', { price_decimal: 1 }),
        entry('F4', { price_decimal: '2.1' }),
        entry('F5', { price_american: -150 }),
      ],
    });
    expect(message).toContain(
      `entries[0]: "${FAIR_PRICING_ENGINE}" needs price_american or price_decimal on every entry`,
    );
    expect(message).toContain('entries[1].price_american: must be a number of at least 100 or at most -100');
    expect(message).toContain('entries[2].price_decimal: must be a number above 1');
    expect(message).toContain('entries[3].price_decimal: must be a number above 1');
    expect(message).not.toContain('entries[4]');
  });

  it('prices on entries for the ten books are refused', () => {
    expect(messageOf({ sportsbooks: ['DraftKings'], entries: priced })).toContain(
      `entries[0]: price_american and price_decimal are only for "${FAIR_PRICING_ENGINE}"`,
    );
  });
});

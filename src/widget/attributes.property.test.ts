/**
 * Widget attributes under fuzz: whatever a host page writes into the tag, parsing never throws,
 * every option is usable, and each problem names the attribute it is about.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOddsFormat } from '../domain/odds/odds.ts';
import { legKey } from '../domain/slip.ts';
import { SPORTSBOOKS } from '../domain/sportsbooks.ts';
import { MAX_STAKE } from '../domain/slip.ts';
import { checkProperty } from '../test/fuzz.ts';
import { parseWidgetOptions, THEMES, WIDGET_ATTRIBUTES, type WidgetAttribute } from './attributes.ts';

const CONTEXT = { defaultApiBase: 'https://parlay.example', baseUrl: 'https://news.example/articles/1' };

const plausible: Record<WidgetAttribute, string[]> = {
  'api-base': ['https://api.example/', '/proxy', 'javascript:alert(1)', 'ftp://x', '//cdn.example', 'http://[::1'],
  leagues: ['nba', 'nba,england_-_premier_league', 'NBA, <b>', ','],
  books: ['DraftKings,betmgm', 'Caesars', 'hard rock, BetMGM (UK)', ''],
  legs: ['F1~Moneyline~Boston Celtics,F2~Total Points~Over 8', '~~', '%E0%A4%A~x~y'],
  'odds-format': ['decimal', 'DECIMAL', 'roman'],
  stake: ['25', '-1', '1e9', 'NaN', '0x10', ' '],
  theme: ['dark', 'auto', 'neon'],
  'affiliate-links': [
    '{"DraftKings":"https://p.example/?l={legs}"}',
    '{"DraftKings":"javascript:alert(1)"}',
    '{"FanDuel":"https://x"}',
    '[1]',
    '{',
    '{"BetMGM":{"url":1}}',
    '{"Novig":"https://x/{nope}"}',
  ],
  region: ['uk', 'US', 'mars'],
  mode: ['grid', 'full', 'tiny'],
  'storage-key': ['my-site_1', 'has space', 'x'.repeat(70)],
  'fair-value': ['show', 'HIDE', 'true'],
  controls: ['analyst', 'Reader', 'expert'],
  disclosure: ['We are paid by the books.', 'x'.repeat(400)],
  'book-region': ['us', 'UK', 'eu'],
};

const attributeValues = fc.record(
  Object.fromEntries(
    WIDGET_ATTRIBUTES.map((name) => [name, fc.option(fc.oneof(fc.string(), fc.constantFrom(...plausible[name])))]),
  ) as Record<WidgetAttribute, fc.Arbitrary<string | null>>,
);

describe('parseWidgetOptions under fuzz', () => {
  it('never throws; every option usable; every problem names its attribute', async (context) => {
    await checkProperty(
      context,
      fc.property(attributeValues, (values) => {
        const { options, problems } = parseWidgetOptions((name) => values[name], CONTEXT);
        expect(options.apiBase === CONTEXT.defaultApiBase || /^https?:\/\//.test(options.apiBase)).toBe(true);
        expect(options.apiBase.endsWith('/')).toBe(false);
        if (options.books !== null)
          expect(
            options.books.length > 0 &&
              options.books.every((book) => (SPORTSBOOKS as readonly string[]).includes(book)),
          ).toBe(true);
        if (options.leagues !== null)
          expect(options.leagues.every((id) => /^[a-z0-9][a-z0-9_+.-]{0,99}$/.test(id))).toBe(true);
        if (options.legs !== null) expect(new Set(options.legs.map(legKey)).size).toBe(options.legs.length);
        if (options.oddsFormat !== null) expect(isOddsFormat(options.oddsFormat)).toBe(true);
        if (options.stake !== null)
          expect(Number.isFinite(options.stake) && options.stake >= 0 && options.stake <= MAX_STAKE).toBe(true);
        expect(THEMES).toContain(options.theme);
        expect(['us', 'uk']).toContain(options.region);
        expect(['full', 'grid']).toContain(options.mode);
        expect([null, true, false]).toContain(options.fairValue);
        expect(options.storageKey === null || /^[A-Za-z0-9_-]{1,64}$/.test(options.storageKey)).toBe(true);
        for (const [book, template] of Object.entries(options.affiliateLinks)) {
          expect(SPORTSBOOKS as readonly string[]).toContain(book);
          expect(template).toMatch(/^https?:\/\//);
        }
        for (const problem of problems)
          expect(WIDGET_ATTRIBUTES.some((name) => problem.startsWith(`${name}: `))).toBe(true);
      }),
      1500,
    );
  });
});

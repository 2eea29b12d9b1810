/**
 * Share links under fuzz: whatever text is in the address bar is read without throwing into legs the app
 * can use (bad parts counted, never silently lost), and a slip survives encode then decode.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkProperty } from '../test/fuzz.ts';
import { isOddsFormat } from '../domain/odds/odds.ts';
import { readShareParams } from './share-url.ts';
import { decodeSlip, encodeSlip, legKey, MAX_SLIP_LEGS, type SlipLeg } from '../domain/slip.ts';
import { isFixtureId } from '../domain/odds/parlay.ts';
import { SPORTSBOOKS } from '../domain/sportsbooks.ts';

const RUNS = 1000;

/** Text made mostly of the characters the encoding cares about. */
const slipText = fc.oneof(
  fc.string(),
  fc
    .array(
      fc.constantFrom(
        '~',
        ',',
        '%',
        '%7E',
        '%2C',
        '%25',
        '%E0%A4%A',
        'F1',
        'Moneyline',
        'Over 8',
        ' ',
        'é',
        '\u0000',
        '𝔘',
      ),
      { maxLength: 40 },
    )
    .map((parts) => parts.join('')),
);

function expectLegs(legs: readonly SlipLeg[]) {
  expect(legs.length).toBeLessThanOrEqual(MAX_SLIP_LEGS);
  expect(new Set(legs.map(legKey)).size).toBe(legs.length);
  for (const leg of legs) {
    expect(isFixtureId(leg.fixtureId)).toBe(true);
    expect(
      leg.market.trim() !== '' && leg.market.length <= 200 && leg.name.trim() !== '' && leg.name.length <= 200,
    ).toBe(true);
    expect(leg.game).toBeNull();
  }
}

const leg = fc.record({
  fixtureId: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/), fc.stringMatching(/^[a-z]{2,5}:[0-9A-F]{12}$/)),
  market: fc.string({ minLength: 1, maxLength: 200 }).filter((text) => text.trim() !== ''),
  name: fc.string({ minLength: 1, maxLength: 200, unit: 'binary' }).filter((text) => text.trim() !== ''),
});

describe('share links under fuzz', () => {
  it('decodeSlip never throws; every part is a leg or counted as rejected', async (context) => {
    await checkProperty(
      context,
      fc.property(slipText, (text) => {
        const { legs, rejectedCount, overLimitCount } = decodeSlip(text);
        expectLegs(legs);
        expect(Number.isInteger(rejectedCount) && rejectedCount >= 0).toBe(true);
        expect(overLimitCount === 0 || legs.length === MAX_SLIP_LEGS).toBe(true);
        if (text.trim() !== '') expect(legs.length + rejectedCount + overLimitCount).toBe(text.split(',').length);
      }),
      RUNS,
    );
  });

  it('a slip survives encode and decode (up to the leg limit, duplicates once)', async (context) => {
    await checkProperty(
      context,
      fc.property(fc.array(leg, { maxLength: 25 }), (legs) => {
        const distinct: SlipLeg[] = [];
        for (const item of legs) {
          if (!distinct.some((kept) => legKey(kept) === legKey(item))) distinct.push({ ...item, game: null });
        }
        const decoded = decodeSlip(encodeSlip(legs));
        expect(decoded.legs).toEqual(distinct.slice(0, MAX_SLIP_LEGS));
        expect(decoded.rejectedCount).toBe(legs.length - distinct.length);
        expect(decoded.overLimitCount).toBe(Math.max(0, distinct.length - MAX_SLIP_LEGS));
      }),
      RUNS,
    );
  });

  it('readShareParams never throws on any query string, and reports what it left out', async (context) => {
    const query = fc.array(
      fc.tuple(
        fc.constantFrom('legs', 'books', 'format', 'x'),
        fc.oneof(slipText, fc.constantFrom('DraftKings,BetMGM', 'Caesars', 'decimal', 'roman')),
      ),
      { maxLength: 4 },
    );
    await checkProperty(
      context,
      fc.property(
        fc.oneof(
          fc.string(),
          query.map((pairs) => `?${new URLSearchParams(pairs).toString()}`),
        ),
        (search) => {
          const { overrides, notices } = readShareParams(search);
          if (overrides.legs) expectLegs(overrides.legs);
          if (overrides.books)
            expect(overrides.books.every((book) => (SPORTSBOOKS as readonly string[]).includes(book))).toBe(true);
          if (overrides.oddsFormat !== undefined) expect(isOddsFormat(overrides.oddsFormat)).toBe(true);
          expect(notices.every((notice) => typeof notice === 'string' && notice.length < 300)).toBe(true);
        },
      ),
      RUNS,
    );
  });
});

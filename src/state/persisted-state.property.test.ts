/**
 * Stored state under fuzz: whatever a browser hands back (damaged text, other versions, wrong
 * types), reading never throws, yields a state the app can use, and names what it dropped; what
 * the app writes back reads again unchanged, with nothing to report.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOddsFormat } from '../domain/odds/odds.ts';
import { legKey, MAX_SLIP_LEGS } from '../domain/slip.ts';
import { isFixtureId } from '../domain/odds/parlay.ts';
import { SPORTSBOOKS } from '../domain/sportsbooks.ts';
import { anyValue, checkProperty, mostly } from '../test/fuzz.ts';
import {
  isValidStake,
  PERSISTED_VERSION,
  readPersistedState,
  writePersistedState,
  type ReadResult,
} from './persisted-state.ts';

const RUNS = 1000;

const validLeg = fc.record({
  fixtureId: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/), fc.stringMatching(/^[a-z]{2,5}:[0-9A-F]{12}$/)),
  market: fc.string({ minLength: 1, maxLength: 200 }),
  name: fc.string({ minLength: 1, maxLength: 200 }),
  game: fc.option(
    fc.record({ homeTeam: fc.string(), awayTeam: fc.string(), startDate: fc.string(), leagueId: fc.string() }),
  ),
});
const document = fc.record(
  {
    version: mostly(fc.constantFrom(0, 1, PERSISTED_VERSION, PERSISTED_VERSION + 1, -1, 1.5)),
    legs: mostly(fc.array(mostly(validLeg), { maxLength: 25 })),
    books: mostly(
      fc.array(mostly(fc.constantFrom<string>(...SPORTSBOOKS, 'Caesars', 'draftkings')), { maxLength: 12 }),
    ),
    leagues: mostly(fc.array(mostly(fc.string({ maxLength: 120 })), { maxLength: 5 })),
    oddsFormat: mostly(fc.constantFrom('american', 'decimal', 'fractional', 'probability', 'roman')),
    stake: mostly(fc.oneof(fc.double(), fc.integer({ min: -10, max: 2_000_000 }))),
    slip: mostly(
      fc.record({ legs: fc.array(mostly(validLeg), { maxLength: 5 }), stake: anyValue }, { requiredKeys: [] }),
    ),
  },
  { requiredKeys: [] },
);
const storedText = fc.oneof(
  document.map((value) => JSON.stringify(value)),
  document
    .map((value) => JSON.stringify(value))
    .chain((text) => fc.nat({ max: text.length }).map((cut) => text.slice(0, cut))),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string(),
);

function expectUsable({ state, dropped }: ReadResult) {
  expect(state.legs.length).toBeLessThanOrEqual(MAX_SLIP_LEGS);
  expect(new Set(state.legs.map(legKey)).size).toBe(state.legs.length);
  for (const leg of state.legs) {
    expect(isFixtureId(leg.fixtureId)).toBe(true);
    expect(leg.market.length >= 1 && leg.market.length <= 200 && leg.name.length >= 1 && leg.name.length <= 200).toBe(
      true,
    );
  }
  expect(state.books.every((book) => (SPORTSBOOKS as readonly string[]).includes(book))).toBe(true);
  expect(state.leagues.every((league) => typeof league === 'string')).toBe(true);
  expect(isOddsFormat(state.oddsFormat)).toBe(true);
  expect(isValidStake(state.stake)).toBe(true);
  expect(dropped.every((text) => typeof text === 'string' && text.length > 10)).toBe(true);
}

describe('readPersistedState under fuzz', () => {
  it('never throws, always gives a usable state, whatever was stored', async (context) => {
    await checkProperty(
      context,
      fc.property(fc.option(storedText), (text) => {
        expectUsable(readPersistedState(text));
      }),
      RUNS,
    );
  });

  it('says something whenever it drops a leg it was given', async (context) => {
    await checkProperty(
      context,
      fc.property(fc.array(mostly(validLeg), { maxLength: 25 }), (legs) => {
        const result = readPersistedState(JSON.stringify({ version: PERSISTED_VERSION, legs }));
        expectUsable(result);
        if (result.state.legs.length < legs.length) expect(result.dropped.length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });

  it('what it writes back reads again unchanged, with nothing dropped', async (context) => {
    await checkProperty(
      context,
      fc.property(fc.option(storedText), (text) => {
        const first = readPersistedState(text).state;
        const again = readPersistedState(writePersistedState(first));
        expect(again).toEqual({ state: first, dropped: [] });
      }),
      RUNS,
    );
  });
});

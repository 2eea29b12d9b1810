/**
 * The list parsers under fuzz: whatever the body, each returns typed items (every one checked
 * here) or rejects with ApiError('invalid_response'), never any other exception.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SPORTSBOOKS } from '../../domain/sportsbooks.ts';
import { anyValue, checkProperty, mostly } from '../../test/fuzz.ts';
import { isApiError } from '../errors.ts';
import { parseFixtureOddsBody, parseFixturePageBody, parseLeaguesBody, parseSportsBody } from './schemas.ts';
import type { BookOdd, Competitor, Fixture, League, Sport } from '../types.ts';

const RUNS = 1000;
/** Records have many fields: each breaks rarely, so many whole items stay valid. */
const field = <T>(valid: fc.Arbitrary<T>) => mostly(valid, 25);

/** The value, or null when the parser refused the body the documented way. */
function parsedOrRefused<T>(parse: () => T): T | null {
  try {
    return parse();
  } catch (error) {
    if (isApiError(error) && error.kind === 'invalid_response') return null;
    throw error;
  }
}

const text = fc.oneof(fc.string(), {
  arbitrary: fc.constantFrom('nba', 'NBA', ' ', 'Boston Celtics', '20260902FF9AD242', 'Ünïcødé ✓'),
  weight: 3,
});
const id = fc.oneof(text, fc.integer());
const sportish = fc.record({ id: field(text), name: field(text), numerical_id: field(fc.integer()) });
const leagueish = fc.record({
  id: field(text),
  name: field(text),
  sport: field(sportish),
  region: field(fc.option(text)),
});
const competitorish = fc.record({
  id: field(id),
  name: field(text),
  abbreviation: field(fc.option(text)),
  logo: field(fc.option(text)),
});
const fixtureish = fc.record({
  id: field(text),
  start_date: field(fc.constantFrom('2026-09-02T23:00:00Z', '2026-09-02', '', 'not a date')),
  status: field(fc.constantFrom('unplayed', 'live', null)),
  is_live: field(fc.boolean()),
  home_team_display: field(text),
  away_team_display: field(text),
  home_competitors: field(fc.array(field(competitorish), { maxLength: 3 })),
  away_competitors: field(fc.array(field(competitorish), { maxLength: 3 })),
  sport: field(fc.record({ id: field(text) })),
  league: field(fc.record({ id: field(text), name: field(text) })),
});
const price = fc.oneof(
  { arbitrary: fc.oneof(fc.integer({ min: 100, max: 5000 }), fc.integer({ min: -5000, max: -101 })), weight: 3 },
  fc.integer({ min: -5000, max: 5000 }),
  fc.double(),
  fc.constantFrom(-110, 150, 100, -100, 99, '-110', -1e12),
);
const oddish = fc.record({
  id: field(text),
  sportsbook: field(fc.oneof(fc.constantFrom(...SPORTSBOOKS), fc.constantFrom('FanDuel', 'Caesars', 'draftkings'))),
  market: field(fc.constantFrom('Moneyline', 'Point Spread', 'Total Points', '')),
  market_id: field(fc.option(text)),
  name: field(text),
  selection: field(fc.option(text)),
  selection_line: field(fc.option(fc.constantFrom('over', 'under'))),
  points: field(fc.option(fc.double())),
  price: field(price),
  is_main: field(fc.boolean()),
  grouping_key: field(fc.option(text)),
  player_id: field(fc.option(id)),
  team_id: field(fc.option(id)),
  timestamp: field(fc.option(fc.double())),
  deep_link: field(fc.option(fc.record({ desktop: field(text), ios: field(text), android: field(text) }))),
});
const withOdds = fixtureish.chain((fixture) =>
  fc.record({ odds: mostly(fc.array(mostly(oddish), { maxLength: 6 })) }).map((extra) => ({ ...fixture, ...extra })),
);

function envelope<T>(item: fc.Arbitrary<T>) {
  return fc.oneof(
    {
      arbitrary: fc.record(
        {
          data: fc.array(mostly(item), { maxLength: 6 }),
          page: mostly(fc.integer({ min: 0, max: 50 })),
          has_more: mostly(fc.boolean()),
        },
        { requiredKeys: ['data'] },
      ),
      weight: 5,
    },
    { arbitrary: fc.record({ data: anyValue }), weight: 1 },
    { arbitrary: anyValue, weight: 1 },
  );
}

const nonBlank = (value: unknown) => typeof value === 'string' && value.trim() !== '' && value === value.trim();
const nullableString = (value: unknown) => value === null || typeof value === 'string';

function expectSport(sport: Sport) {
  expect(nonBlank(sport.id)).toBe(true);
  expect(typeof sport.name).toBe('string');
}

function expectLeague(league: League) {
  expect(nonBlank(league.id) && nonBlank(league.sportId)).toBe(true);
  expect(typeof league.name === 'string' && typeof league.sportName === 'string' && nullableString(league.region)).toBe(
    true,
  );
}

function expectCompetitor(competitor: Competitor) {
  expect(typeof competitor.name).toBe('string');
  expect(
    nullableString(competitor.id) && nullableString(competitor.abbreviation) && nullableString(competitor.logo),
  ).toBe(true);
}

function expectFixture(fixture: Fixture) {
  for (const field of [fixture.id, fixture.sportId, fixture.leagueId, fixture.homeTeam, fixture.awayTeam])
    expect(nonBlank(field)).toBe(true);
  // '' when the service sent no start date (start time to be confirmed).
  for (const field of [fixture.startDate, fixture.status, fixture.leagueName]) expect(typeof field).toBe('string');
  expect(typeof fixture.isLive).toBe('boolean');
  [...fixture.homeCompetitors, ...fixture.awayCompetitors].forEach(expectCompetitor);
}

function expectOdd(odd: BookOdd, fixtureId: string) {
  expect(odd.fixtureId).toBe(fixtureId);
  expect(SPORTSBOOKS).toContain(odd.sportsbook);
  expect(nonBlank(odd.id) && nonBlank(odd.market) && nonBlank(odd.name)).toBe(true);
  expect(Number.isFinite(odd.americanPrice)).toBe(true);
  expect(Number.isFinite(odd.decimalPrice) && odd.decimalPrice > 1).toBe(true);
  expect(typeof odd.marketId === 'string' && typeof odd.selection === 'string' && typeof odd.isMain === 'boolean').toBe(
    true,
  );
  expect(
    odd.deepLink === null ||
      (nullableString(odd.deepLink.desktop) &&
        nullableString(odd.deepLink.ios) &&
        nullableString(odd.deepLink.android)),
  ).toBe(true);
}

/** Every item of the body's data either became an item or was counted as dropped. */
function expectAccounted(body: unknown, parsed: { items: unknown[]; dropped: number }) {
  const data = (body as { data: unknown[] }).data;
  expect(parsed.items.length + parsed.dropped).toBe(data.length);
}

describe('list parsers under fuzz: typed items or ApiError(invalid_response), nothing else', () => {
  it('/sports', async (context) => {
    await checkProperty(
      context,
      fc.property(envelope(sportish), (body) => {
        const parsed = parsedOrRefused(() => parseSportsBody(body));
        if (parsed === null) return;
        parsed.items.forEach(expectSport);
        expectAccounted(body, parsed);
      }),
      RUNS,
    );
  });

  it('/leagues', async (context) => {
    await checkProperty(
      context,
      fc.property(envelope(leagueish), (body) => {
        const parsed = parsedOrRefused(() => parseLeaguesBody(body));
        if (parsed === null) return;
        parsed.items.forEach(expectLeague);
        expectAccounted(body, parsed);
      }),
      RUNS,
    );
  });

  it('/fixtures/active', async (context) => {
    await checkProperty(
      context,
      fc.property(envelope(fixtureish), fc.integer({ min: 1, max: 20 }), (body, requestedPage) => {
        const parsed = parsedOrRefused(() => parseFixturePageBody(body, requestedPage));
        if (parsed === null) return;
        parsed.items.forEach(expectFixture);
        expectAccounted(body, parsed);
        expect(Number.isInteger(parsed.page)).toBe(true);
        expect(typeof parsed.hasMore).toBe('boolean');
      }),
      RUNS,
    );
  });

  it('/fixtures/odds', async (context) => {
    let bodiesWithOdds = 0;
    await checkProperty(
      context,
      fc.property(envelope(withOdds), (body) => {
        const parsed = parsedOrRefused(() => parseFixtureOddsBody(body));
        if (parsed === null) return;
        for (const { fixture, odds } of parsed.items) {
          expectFixture(fixture);
          for (const odd of odds) expectOdd(odd, fixture.id);
        }
        if (parsed.items.some((item) => item.odds.length > 0)) bodiesWithOdds++;
        expect(parsed.dropped).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
    // Not vacuous: a fair share of the bodies had odds that made it through.
    expect(bodiesWithOdds).toBeGreaterThan(RUNS / 10);
  });

  it('a well-formed item always survives the junk around it', async (context) => {
    const good = {
      id: 'nba',
      name: 'NBA',
      sport: { id: 'basketball', name: 'Basketball', main_markets: [{ id: 'moneyline', name: 'Moneyline' }] },
      region: 'USA',
    };
    await checkProperty(
      context,
      fc.property(fc.array(anyValue, { maxLength: 5 }), fc.array(anyValue, { maxLength: 5 }), (before, after) => {
        const parsed = parseLeaguesBody({ data: [...before, good, ...after] });
        expect(parsed.items).toContainEqual({
          id: 'nba',
          name: 'NBA',
          sportId: 'basketball',
          sportName: 'Basketball',
          region: 'USA',
          mainMarkets: [{ id: 'moneyline', name: 'Moneyline' }],
        });
      }),
      RUNS,
    );
  });
});

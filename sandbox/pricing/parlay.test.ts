import { describe, expect, it } from 'vitest';
import { americanToDecimal, combineDecimal, decimalToAmerican } from '../../src/domain/odds/odds.ts';
import { roundAmericanLikeABook } from '../odds/book-rounding.ts';
import { SPORTSBOOKS } from '../../src/domain/sportsbooks.ts';
import {
  activeFixtures,
  entryOf,
  FIXED_NOW,
  makeApp,
  oddsOf,
  postParlay,
  priceAt,
  testClock,
  type BookResultWire,
  type FixtureWire,
  type OddWire,
  type ParlayEntry,
} from '../testing/sandbox-client.ts';

const app = makeApp();

function roundedProduct(americanPrices: readonly number[]): number {
  return roundAmericanLikeABook(
    decimalToAmerican(combineDecimal(americanPrices.map((price) => americanToDecimal(price) ?? 1))),
  );
}

async function crossGameEntries(): Promise<{ entries: ParlayEntry[]; fixtures: FixtureWire[] }> {
  const [nba] = await activeFixtures(app, 'league=nba');
  const [nhl] = await activeFixtures(app, 'league=nhl');
  if (!nba || !nhl) throw new Error('no fixtures');
  return {
    fixtures: [nba, nhl],
    entries: [
      { fixture_id: nba.id, market: 'Moneyline', name: nba.home_team_display },
      { fixture_id: nhl.id, market: 'Moneyline', name: nhl.away_team_display },
    ],
  };
}

describe('POST /parlay/odds: cross-game', () => {
  it('answers for every one of the ten books, priced at the rounded product of its leg prices', async () => {
    const { entries, fixtures } = await crossGameEntries();
    const { status, body } = await postParlay(app, { sportsbooks: SPORTSBOOKS, entries });
    expect(status).toBe(200);
    expect(Object.keys(body.data)).toEqual([...SPORTSBOOKS]);
    const odds = [...(await oddsOf(app, fixtures[0]?.id ?? '')), ...(await oddsOf(app, fixtures[1]?.id ?? ''))];
    const priced = SPORTSBOOKS.filter((book) => body.data[book]?.error === null);
    expect(priced.length).toBeGreaterThanOrEqual(5);
    for (const book of priced) {
      const result = body.data[book] as BookResultWire;
      expect(result).toEqual({
        error: null,
        missing_entries: null,
        legs: expect.any(Array),
        price: expect.any(Number),
      });
      const legPrices = (result.legs ?? []).map((leg) => leg.price);
      expect(result.legs?.map(({ fixture_id, market, name }) => ({ fixture_id, market, name }))).toEqual(entries);
      expect(legPrices, book).toEqual(entries.map((entry) => priceAt(odds, book, entry)));
      expect(result.price, book).toBe(roundedProduct(legPrices));
    }
    expect(new Set(priced.map((book) => body.data[book]?.price)).size).toBeGreaterThan(3);
  });

  it('returns decimals or probabilities on request', async () => {
    const { entries } = await crossGameEntries();
    const american = await postParlay(app, { sportsbooks: ['DraftKings'], entries });
    const decimal = await postParlay(app, { sportsbooks: ['DraftKings'], entries }, { query: '?odds_format=decimal' });
    const probability = await postParlay(
      app,
      { sportsbooks: ['DraftKings'], entries },
      { query: '?odds_format=probability' },
    );
    const americanPrice = american.body.data.DraftKings?.price as number;
    expect(decimal.body.data.DraftKings?.price).toBe(Math.round((americanToDecimal(americanPrice) ?? 0) * 100) / 100);
    expect(decimal.body.data.DraftKings?.legs?.[0]?.price).toBeCloseTo(
      americanToDecimal(american.body.data.DraftKings?.legs?.[0]?.price ?? 0) ?? 0,
      2,
    );
    const implied = probability.body.data.DraftKings?.price as number;
    expect(implied).toBeGreaterThan(0);
    expect(implied).toBeLessThan(1);
    expect(
      (await postParlay(app, { sportsbooks: ['DraftKings'], entries }, { query: '?odds_format=roman' })).status,
    ).toBe(400);
  });

  it('adds deep links only when always_include_deep_link is set', async () => {
    const { entries } = await crossGameEntries();
    const { body } = await postParlay(
      app,
      { sportsbooks: ['Fanatics'], entries },
      { query: '?always_include_deep_link=true' },
    );
    const https = expect.stringMatching(
      /^https:\/\/sportsbook\.sandbox\.invalid\/(app\/(android|ios)\/)?fanatics\/betslip\?legs=2/,
    );
    expect(body.data.Fanatics?.deep_link_urls).toEqual({ android: https, desktop: https, ios: https });
    const without = await postParlay(app, { sportsbooks: ['Fanatics'], entries });
    expect(without.body.data.Fanatics).not.toHaveProperty('deep_link_urls');
  });
});

describe('POST /parlay/odds: missing entries', () => {
  it('lists unknown entries at every book in the identifier form, not in request order', async () => {
    const [nba] = await activeFixtures(app, 'league=nba');
    const entries = [
      { fixture_id: '20251122DEADBEEF', market: 'Player Points + Rebounds + Assists', name: 'Nikola Jokić Over 45.5' },
      { fixture_id: nba?.id ?? '', market: 'Moneyline', name: 'Zzz Unknown Team' },
      { fixture_id: '20251122DEADBEEF', market: 'Player Points', name: "D'Angelo Russell Over 20.5" },
    ];
    const { body } = await postParlay(app, { sportsbooks: SPORTSBOOKS, entries });
    for (const book of SPORTSBOOKS) {
      const result = body.data[book] as BookResultWire;
      expect(result).toEqual({
        error: 'Missing odds for entries.',
        missing_entries: [
          { fixture_id: '20251122DEADBEEF', market: 'player_points', name: 'd_angelo_russell_over_20_5', price: null },
          {
            fixture_id: '20251122DEADBEEF',
            market: 'player_points_+_rebounds_+_assists',
            name: 'nikola_joki_over_45_5',
            price: null,
          },
          { fixture_id: nba?.id, market: 'moneyline', name: 'zzz_unknown_team', price: null },
        ],
        legs: null,
        price: null,
      });
    }
  });

  it('reports a leg a book does not offer as missing at that book only', async () => {
    const fixtures = await activeFixtures(app, 'league=nba');
    const [first, second] = fixtures;
    const odds = await oddsOf(app, first?.id ?? '', ['DraftKings', 'Novig']);
    const offeredAtNovig = new Set(odds.filter((odd) => odd.sportsbook === 'Novig').map((odd) => odd.name));
    const gap = odds.find(
      (odd) => odd.sportsbook === 'DraftKings' && odd.player_id && !offeredAtNovig.has(odd.name),
    ) as OddWire;
    const entries = [
      entryOf(gap, first?.id ?? ''),
      { fixture_id: second?.id ?? '', market: 'Moneyline', name: second?.home_team_display ?? '' },
    ];
    const { body } = await postParlay(app, { sportsbooks: ['DraftKings', 'Novig'], entries });
    expect(body.data.DraftKings?.error).toBeNull();
    expect(body.data.Novig?.error).toBe('Missing odds for entries.');
    expect(body.data.Novig?.missing_entries).toEqual([
      {
        fixture_id: first?.id,
        market: gap.market_id,
        name: gap.name
          .toLowerCase()
          .replace(/[^a-z0-9+-]/g, '_')
          .replace(/_+/g, '_'),
        price: null,
      },
    ]);
  });

  it('prices the rest with allow_missing_entries', async () => {
    const { entries } = await crossGameEntries();
    const withUnknown = [...entries, { fixture_id: '20251122DEADBEEF', market: 'Moneyline', name: 'Nobody' }];
    const { body } = await postParlay(
      app,
      { sportsbooks: ['DraftKings'], entries: withUnknown },
      { query: '?allow_missing_entries=true' },
    );
    const result = body.data.DraftKings as BookResultWire;
    expect(result.error).toBeNull();
    expect(result.legs).toHaveLength(2);
    expect(result.missing_entries).toEqual([
      { fixture_id: '20251122DEADBEEF', market: 'moneyline', name: 'nobody', price: null },
    ]);
    expect(result.price).toBe(roundedProduct((result.legs ?? []).map((leg) => leg.price)));
  });

  it('treats entries of a finished game as missing', async () => {
    const clock = testClock();
    const timedApp = makeApp({ now: clock.now });
    const nba = await activeFixtures(timedApp, 'league=nba');
    const soon = nba[0] as FixtureWire;
    const later = nba.find(
      (fixture) => Date.parse(fixture.start_date) > Date.parse(soon.start_date) + 86_400_000,
    ) as FixtureWire;
    const entries = [soon, later].map((fixture) => ({
      fixture_id: fixture.id,
      market: 'Moneyline',
      name: fixture.home_team_display,
    }));
    clock.set(Date.parse(soon.start_date) + 3 * 3_600_000);
    const { body } = await postParlay(timedApp, { sportsbooks: ['DraftKings'], entries });
    expect(body.data.DraftKings?.missing_entries?.map((entry) => entry.fixture_id)).toEqual([soon.id]);
  });
});

describe('POST /parlay/odds: drift and determinism', () => {
  it('keeps prices within a 30 s bucket and moves them a little over the next hours', async () => {
    const clock = testClock();
    const timedApp = makeApp({ now: clock.now });
    // Games more than eight hours out: nearer ones move every few seconds (sandbox/stream tests).
    const fixtures = (await activeFixtures(timedApp, 'league=nba'))
      .filter((fixture) => fixture.status === 'unplayed' && Date.parse(fixture.start_date) > FIXED_NOW + 8 * 3_600_000)
      .slice(0, 3);
    const entries = fixtures.map((fixture) => ({
      fixture_id: fixture.id,
      market: 'Moneyline',
      name: fixture.home_team_display,
    }));
    const quote = async () =>
      (await postParlay(timedApp, { sportsbooks: ['DraftKings'], entries })).body.data.DraftKings as BookResultWire;
    const start = await quote();
    clock.advance(29_000);
    expect(await quote()).toEqual(start);

    // Main lines re-price every 4 to 40 minutes: look every 10 minutes for two hours.
    const legHistory: number[][] = [];
    for (let step = 0; step < 12; step++) {
      clock.advance(10 * 60_000);
      legHistory.push(((await quote()).legs ?? []).map((leg) => leg.price));
    }
    const moved = legHistory.some((prices) => prices.some((price, index) => price !== start.legs?.[index]?.price));
    expect(moved).toBe(true);
    for (const prices of legHistory) {
      prices.forEach((price, index) => {
        const before = 1 / (americanToDecimal(start.legs?.[index]?.price ?? 0) ?? 1);
        expect(Math.abs(1 / (americanToDecimal(price) ?? 1) - before)).toBeLessThan(0.05);
      });
    }
  });

  it('gives the same answer for the same seed and time, a different catalog for another seed', async () => {
    const { entries } = await crossGameEntries();
    const first = await postParlay(makeApp(), { sportsbooks: SPORTSBOOKS, entries });
    const second = await postParlay(makeApp(), { sportsbooks: SPORTSBOOKS, entries });
    expect(second.body).toEqual(first.body);
    const otherSeed = await activeFixtures(makeApp({ seed: 2 }), 'league=nba');
    const sameSeed = await activeFixtures(makeApp(), 'league=nba');
    expect(otherSeed.map((fixture) => fixture.id)).not.toEqual(sameSeed.map((fixture) => fixture.id));
  });

  it('fails now and then at the less reliable books when random failures are on', async () => {
    const clock = testClock();
    const flakyApp = makeApp({ now: clock.now, randomFailures: true });
    const fixtures = (await activeFixtures(flakyApp, 'league=nba')).filter(
      (fixture) => Date.parse(fixture.start_date) > FIXED_NOW + 4 * 3_600_000,
    );
    const entries = fixtures
      .slice(0, 2)
      .map((fixture) => ({ fixture_id: fixture.id, market: 'Moneyline', name: fixture.away_team_display }));
    const failures = new Map<string, number>();
    for (let bucket = 0; bucket < 300; bucket++) {
      const { body } = await postParlay(flakyApp, { sportsbooks: SPORTSBOOKS, entries });
      for (const book of SPORTSBOOKS) {
        const result = body.data[book];
        if (result?.error === 'Error with response. Try again later.') {
          expect(result).toEqual({
            error: 'Error with response. Try again later.',
            missing_entries: null,
            legs: null,
            price: null,
          });
          failures.set(book, (failures.get(book) ?? 0) + 1);
        }
      }
      clock.advance(30_000);
    }
    expect(failures.get('Bwin') ?? 0).toBeGreaterThan(0);
    expect(failures.get('Bwin') ?? 0).toBeLessThan(30);
    expect(failures.get('DraftKings') ?? 0).toBe(0);
  });
});

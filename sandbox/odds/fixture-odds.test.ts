import { describe, expect, it } from 'vitest';
import { americanToDecimal } from '../../src/domain/odds/odds.ts';
import { SPORTSBOOKS } from '../../src/domain/sportsbooks.ts';
import {
  activeFixtures,
  FIXED_NOW,
  getJson,
  makeApp,
  oddsOf,
  type FixtureWire,
  type FixtureWithOddsWire,
  type OddWire,
} from '../testing/sandbox-client.ts';

const app = makeApp();
const booksQuery = (count: number) =>
  SPORTSBOOKS.slice(0, count)
    .map((book) => `sportsbook=${encodeURIComponent(book)}`)
    .join('&');

async function firstFixture(league: string): Promise<FixtureWire> {
  const [fixture] = await activeFixtures(app, `league=${league}`);
  if (!fixture) throw new Error(`no ${league} fixture`);
  return fixture;
}

function impliedProbability(american: number): number {
  return 1 / (americanToDecimal(american) ?? Number.NaN);
}

describe('GET /fixtures/odds limits', () => {
  it('takes at most 5 sportsbooks', async () => {
    const fixture = await firstFixture('nba');
    const { status, body } = await getJson(app, `/api/v3/fixtures/odds?fixture_id=${fixture.id}&${booksQuery(6)}`);
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'maximum 5 sportsbooks allowed' });
  });

  it('takes at most 5 fixtures', async () => {
    const fixtures = (await activeFixtures(app, 'league=nba')).slice(0, 6);
    const ids = fixtures.map((fixture) => `fixture_id=${fixture.id}`).join('&');
    const { status, body } = await getJson(app, `/api/v3/fixtures/odds?${ids}&sportsbook=DraftKings`);
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'maximum 5 fixtures allowed' });
  });

  it('needs a sportsbook and a fixture, player or team; ignores a sportsbook it does not know', async () => {
    const fixture = await firstFixture('nba');
    expect((await getJson(app, `/api/v3/fixtures/odds?fixture_id=${fixture.id}`)).status).toBe(400);
    const noSelector = await getJson(app, '/api/v3/fixtures/odds?sportsbook=DraftKings');
    expect(noSelector.status).toBe(400);
    expect(noSelector.body).toEqual({ error: 'you must provide at least one of fixture_id, player_id, or team_id' });
    const unknown = await getJson<{ data: FixtureWithOddsWire[] }>(
      app,
      `/api/v3/fixtures/odds?fixture_id=${fixture.id}&sportsbook=Foo,DraftKings`,
    );
    expect(unknown.status).toBe(200);
    expect(new Set(unknown.body.data[0]?.odds.map((odd) => odd.sportsbook))).toEqual(new Set(['DraftKings']));
  });
});

describe('GET /fixtures/odds shape and prices', () => {
  it('returns the fixture with its odds in the vendor shape', async () => {
    const fixture = await firstFixture('mlb');
    const { body } = await getJson<{ data: FixtureWithOddsWire[] }>(
      app,
      `/api/v3/fixtures/odds?fixture_id=${fixture.id}&sportsbook=DraftKings&sportsbook=BetMGM`,
    );
    const [withOdds] = body.data;
    expect(withOdds?.id).toBe(fixture.id);
    expect(withOdds?.home_team_display).toBe(fixture.home_team_display);
    const odd = withOdds?.odds.find((candidate) => candidate.market === 'Run Line') as OddWire;
    expect(Object.keys(odd).sort()).toEqual(
      [
        'deep_link',
        'grouping_key',
        'id',
        'is_main',
        'limits',
        'market',
        'market_id',
        'name',
        'normalized_selection',
        'player_id',
        'points',
        'price',
        'selection',
        'selection_line',
        'source_ids',
        'sportsbook',
        'team_id',
        'timestamp',
      ].sort(),
    );
    expect(odd).toMatchObject({ market_id: 'run_line', selection_line: null, player_id: null, limits: null });
    expect(['home', 'away']).toContain(odd.normalized_selection);
    expect(odd.deep_link).toEqual({
      android: expect.stringMatching(/^https:\/\/sportsbook\.draftkings\.sandbox\.invalid\//),
      desktop: expect.stringMatching(/^https:\/\/sportsbook\.draftkings\.sandbox\.invalid\//),
      ios: expect.stringMatching(/^https:\/\/sportsbook\.draftkings\.sandbox\.invalid\//),
    });
    expect(odd.name).toMatch(/^.+ [+-]\d+\.5$/);
    expect(odd.grouping_key).toMatch(/^default:-?\d+\.5$/);
    expect(Number.isInteger(odd.price)).toBe(true);
    expect(Math.abs(odd.price)).toBeGreaterThanOrEqual(100);
    // When the price was last set: a whole second (a 30 s boundary away from play), not in the future.
    expect(Number.isInteger(odd.timestamp)).toBe(true);
    expect(odd.timestamp).toBeLessThanOrEqual(1763823600);
    const prop = withOdds?.odds.find(
      (candidate) => candidate.market === 'Player Hits' && candidate.selection_line === 'over',
    ) as OddWire;
    expect(prop.name).toMatch(/^.+ Over \d+\.5$/);
    expect(prop.grouping_key).toMatch(/^[a-z_]+:\d+\.5$/);
    expect(prop.player_id).toEqual(expect.any(String));
  });

  it('prices coherently: favourite negative, sides sum to 1 + margin, names without .0', async () => {
    for (const league of ['nba', 'nfl', 'nhl', 'england_-_premier_league']) {
      const fixture = await firstFixture(league);
      const odds = await oddsOf(app, fixture.id, ['DraftKings']);
      const moneyline = odds.filter((odd) => odd.market === 'Moneyline' || odd.market === 'Moneyline 3-Way');
      const market = moneyline.some((odd) => odd.market === 'Moneyline 3-Way') ? 'Moneyline 3-Way' : 'Moneyline';
      const sides = moneyline.filter((odd) => odd.market === market);
      const overround = sides.reduce((sum, odd) => sum + impliedProbability(odd.price), 0);
      expect(overround, league).toBeGreaterThan(1.02);
      expect(overround, league).toBeLessThan(1.1);
      const totals = odds.filter((odd) => odd.market_id.startsWith('total_') && odd.is_main);
      expect(totals.map((odd) => odd.name.replace(/\d+(\.5)?$/, 'N'))).toEqual(['Over N', 'Under N']);
      expect(odds.every((odd) => !/\.0\b/.test(odd.name))).toBe(true);
      const spreads = odds.filter((odd) => odd.market_id.match(/spread|line$/) && odd.is_main);
      const favourite = spreads.find((odd) => (odd.points ?? 0) < 0) as OddWire;
      const favouriteMoneyline = sides.find((odd) => odd.name === favourite.name.replace(/ -[\d.]+$/, '')) as OddWire;
      const otherMoneyline = sides.find((odd) => odd !== favouriteMoneyline && odd.name !== 'Draw') as OddWire;
      expect(favouriteMoneyline.price, league).toBeLessThan(otherMoneyline.price);
    }
  });

  it('soccer has a three-way moneyline with a Draw, plus goal spreads and totals', async () => {
    const fixture = await firstFixture('spain_-_la_liga');
    const odds = await oddsOf(app, fixture.id, ['BetMGM (UK)']);
    expect(odds.filter((odd) => odd.market === 'Moneyline 3-Way').map((odd) => odd.name)).toEqual([
      fixture.home_team_display,
      'Draw',
      fixture.away_team_display,
    ]);
    expect(odds.some((odd) => odd.market === 'Goal Spread')).toBe(true);
    expect(odds.some((odd) => odd.market === 'Anytime Goalscorer')).toBe(true);
  });

  it('prices the same selection differently across books', async () => {
    const fixture = await firstFixture('nba');
    const odds = await oddsOf(app, fixture.id);
    const pricesByName = new Map<string, Set<number>>();
    for (const odd of odds)
      pricesByName.set(
        `${odd.market}|${odd.name}`,
        (pricesByName.get(`${odd.market}|${odd.name}`) ?? new Set()).add(odd.price),
      );
    const moneylinePrices = pricesByName.get(`Moneyline|${fixture.home_team_display}`) ?? new Set();
    expect(moneylinePrices.size).toBeGreaterThan(2);
  });

  it('has coverage gaps: props and alternate lines missing at some books', async () => {
    const fixture = await firstFixture('nba');
    const odds = await oddsOf(app, fixture.id);
    const countAt = (book: string, test: (odd: OddWire) => boolean) =>
      odds.filter((odd) => odd.sportsbook === book && test(odd)).length;
    const isProp = (odd: OddWire) => odd.player_id !== null;
    expect(countAt('Novig', isProp)).toBeLessThan(countAt('DraftKings', isProp));
    expect(countAt('Hard Rock', (odd) => !odd.is_main)).toBe(0);
    expect(countAt('DraftKings', (odd) => !odd.is_main)).toBeGreaterThan(0);
    const college = await activeFixtures(app, 'league=ncaab&league=ncaaf');
    const collegeFixturesAt = async (book: 'Novig' | 'DraftKings') => {
      let listed = 0;
      for (const game of college.slice(0, 20)) if ((await oddsOf(app, game.id, [book])).length > 0) listed++;
      return listed;
    };
    expect(await collegeFixturesAt('Novig')).toBeLessThan(await collegeFixturesAt('DraftKings'));
  });

  it('filters by market (display name or id) and main lines', async () => {
    const fixture = await firstFixture('nba');
    const { body } = await getJson<{ data: FixtureWithOddsWire[] }>(
      app,
      `/api/v3/fixtures/odds?fixture_id=${fixture.id}&sportsbook=DraftKings&market=point%20spread&market=player_points&is_main=true`,
    );
    const markets = new Set(body.data[0]?.odds.map((odd) => odd.market));
    expect(markets).toEqual(new Set(['Point Spread', 'Player Points']));
    expect(body.data[0]?.odds.every((odd) => odd.is_main)).toBe(true);
  });

  it('converts prices with odds_format', async () => {
    const fixture = await firstFixture('nba');
    const base = `/api/v3/fixtures/odds?fixture_id=${fixture.id}&sportsbook=DraftKings&market=Moneyline`;
    const american = await getJson<{ data: FixtureWithOddsWire[] }>(app, base);
    const decimal = await getJson<{ data: FixtureWithOddsWire[] }>(app, `${base}&odds_format=decimal`);
    const americanPrice = american.body.data[0]?.odds[0]?.price ?? 0;
    expect(decimal.body.data[0]?.odds[0]?.price).toBeCloseTo(americanToDecimal(americanPrice) ?? 0, 2);
  });

  it('includes real players with apostrophes, periods and accents', async () => {
    const names = new Set<string>();
    const wanted = [
      "D'Angelo Russell",
      "De'Aaron Fox",
      'Nikola Jokić',
      'Luka Dončić',
      "Ja'Marr Chase",
      'T.J. Watt',
      'A.J. Brown',
      'J.T. Realmuto',
      'Martin Ødegaard',
    ];
    // A player ruled out of this week's games (injuries) has props two weeks on: look there for the rest.
    for (const world of [app, makeApp({ now: () => FIXED_NOW + 14 * 86_400_000 })]) {
      if (wanted.every((name) => names.has(name))) break;
      for (const league of ['nba', 'nfl', 'mlb', 'england_-_premier_league']) {
        for (const fixture of (await activeFixtures(world, `league=${league}`)).slice(0, 40)) {
          const odds = await oddsOf(world, fixture.id, ['DraftKings', 'BetMGM (UK)']);
          for (const odd of odds) if (odd.player_id) names.add(odd.selection);
        }
      }
    }
    expect(wanted.filter((name) => !names.has(name))).toEqual([]);
  }, 20_000);
});

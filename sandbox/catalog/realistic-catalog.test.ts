import { describe, expect, it } from 'vitest';
import {
  activeFixtures,
  FIXED_NOW,
  getJson,
  makeApp,
  oddsOf,
  postParlay,
  testClock,
  type FixtureWire,
  type FixtureWithOddsWire,
} from '../testing/sandbox-client.ts';

/** The realistic catalog, as `npm start`, the e2e suite and the benchmarks get it. */
const app = makeApp({ catalog: 'realistic' });

interface MarketWire {
  id: string;
  name: string;
  numerical_id: number;
}
interface SportWire {
  id: string;
  name: string;
  numerical_id: number;
  main_markets: MarketWire[];
}
interface LeagueWire {
  id: string;
  name: string;
  numerical_id: number;
  sport: SportWire;
  region: string;
  region_code: string;
  gender: string;
}

const COVERED = ['baseball', 'basketball', 'football', 'golf', 'hockey', 'mma', 'soccer', 'tennis'];

describe('realistic catalog: sports and leagues at the live size', () => {
  it('lists 41 sports, non-game ones included, each with main markets; 24 have games', async () => {
    const sports = (await getJson<{ data: SportWire[] }>(app, '/api/v3/sports')).body.data;
    expect(sports).toHaveLength(41);
    expect(sports.map((sport) => sport.id)).toEqual(
      expect.arrayContaining([...COVERED, 'politics', 'esports', 'cricket']),
    );
    expect(sports.every((sport) => sport.main_markets.length > 0)).toBe(true);
    const active = (await getJson<{ data: SportWire[] }>(app, '/api/v3/sports/active')).body.data;
    expect(active).toHaveLength(24);
    expect(active.map((sport) => sport.id)).toEqual(expect.arrayContaining(COVERED));
    expect(active.map((sport) => sport.id)).not.toContain('politics');
  });

  it('answers /leagues in one unpaged body of ~1,550 rows and ~600 KB, in the vendor shape', async () => {
    const response = await app.request('/api/v3/leagues', { headers: { 'X-Api-Key': 'test-key' } });
    const text = await response.text();
    const body = JSON.parse(text) as { data: LeagueWire[] } & Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['data']);
    expect(body.data.length).toBeGreaterThanOrEqual(1_500);
    expect(body.data.length).toBeLessThanOrEqual(1_600);
    expect(text.length).toBeGreaterThan(550_000);
    expect(text.length).toBeLessThan(700_000);
    expect(new Set(body.data.map((league) => league.id)).size).toBe(body.data.length);
    expect(body.data.find((league) => league.id === 'england_-_championship')).toEqual({
      id: 'england_-_championship',
      name: 'England - Championship',
      numerical_id: expect.any(Number),
      sport: {
        id: 'soccer',
        name: 'Soccer',
        numerical_id: 5,
        main_markets: expect.arrayContaining([expect.objectContaining({ id: 'moneyline_3-way' })]),
      },
      region: 'England',
      region_code: 'EN',
      gender: 'men',
    });
  });

  it('has real names for the well-known leagues', async () => {
    const names = new Set(
      (await getJson<{ data: LeagueWire[] }>(app, '/api/v3/leagues')).body.data.map((league) => league.name),
    );
    const wellKnown = [
      'England - Premier League',
      'England - Championship',
      'Spain - La Liga',
      'Spain - Segunda Division',
      'Germany - Bundesliga',
      'Germany - 2. Bundesliga',
      'Italy - Serie A',
      'Italy - Serie B',
      'France - Ligue 1',
      'France - Ligue 2',
      'USA - Major League Soccer',
      'Mexico - Liga MX',
      'Brazil - Brasileirao Serie A',
      'Netherlands - Eredivisie',
      'Portugal - Primeira Liga',
      'UEFA - Champions League',
      'UEFA - Europa League',
      'NBA',
      'WNBA',
      'NCAAB',
      'NFL',
      'NCAAF',
      'CFL',
      'MLB',
      'KBO',
      'NPB',
      'NHL',
      'AHL',
      'KHL',
      'ATP - Wimbledon',
      'WTA - US Open',
      'PGA Tour',
      'LIV Golf',
      'DP World Tour',
      'UFC',
      'PFL',
    ];
    expect(wellKnown.filter((name) => !names.has(name))).toEqual([]);
  });

  it('lists ~350 leagues with games on /leagues/active, most of them soccer', async () => {
    const active = (await getJson<{ data: LeagueWire[] }>(app, '/api/v3/leagues/active')).body.data;
    expect(active.length).toBeGreaterThan(320);
    expect(active.length).toBeLessThan(400);
    const soccer = active.filter((league) => league.sport.id === 'soccer').length;
    expect(soccer).toBeGreaterThan(220);
    expect(soccer).toBeLessThan(270);
    const covered = (await getJson<{ data: LeagueWire[] }>(app, `/api/v3/leagues/active?sport=${COVERED.join(',')}`))
      .body.data;
    expect(new Set(covered.map((league) => league.sport.id))).toEqual(new Set(COVERED));
    expect(covered.find((league) => league.name === 'England - Premier League')).toBeDefined();
  });
});

describe('realistic catalog: fixtures', () => {
  it('pages 100 at a time across every league when no filter is given', async () => {
    type Page = { data: FixtureWire[]; page: number; has_more: boolean; cursor?: string | null; total_pages?: number };
    const first = await getJson<Page>(app, '/api/v3/fixtures/active');
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['cursor', 'data', 'has_more', 'page']);
    expect(first.body.data).toHaveLength(100);
    const tenth = await getJson<Page>(app, '/api/v3/fixtures/active?page=10');
    expect(Object.keys(tenth.body).sort()).toEqual(['data', 'has_more', 'page']);
    expect(tenth.body.has_more).toBe(true);
    expect(new Set(tenth.body.data.map((fixture) => fixture.league.id)).size).toBeGreaterThan(5);
  });

  it('accepts list filters repeated and comma-separated alike', async () => {
    const repeated = await activeFixtures(app, 'league=nba&league=nhl');
    const commas = await activeFixtures(app, 'league=nba,nhl');
    expect(commas.map((fixture) => fixture.id)).toEqual(repeated.map((fixture) => fixture.id));
    expect(new Set(commas.map((fixture) => fixture.league.id))).toEqual(new Set(['nba', 'nhl']));
  });

  it('gives generated leagues plausible teams with the vendor competitor fields', async () => {
    const fixtures = await activeFixtures(app, 'league=germany_-_bundesliga');
    expect(fixtures.length).toBeGreaterThan(3);
    const [fixture] = fixtures;
    expect(fixture?.home_competitors[0]).toEqual({
      id: expect.stringMatching(/^[0-9A-F]{12}$/),
      name: fixture?.home_team_display,
      abbreviation: expect.stringMatching(/^[A-Z]{2,3}$/),
      base_id: expect.any(Number),
      numerical_id: expect.any(Number),
      logo: null,
    });
    expect(fixture?.home_team_display).not.toBe(fixture?.away_team_display);
  });

  it('shows games in every status: delayed, suspended, at half-time, cancelled (with no odds anywhere)', async () => {
    const clock = testClock();
    const timed = makeApp({ catalog: 'realistic', now: clock.now });
    const seen = new Map<string, FixtureWire>();
    // Over a Saturday afternoon and evening every status comes up somewhere.
    for (let hour = 0; hour < 12 && seen.size < 6; hour += 2) {
      clock.set(FIXED_NOW + hour * 3_600_000);
      for (const status of ['unplayed', 'live', 'half', 'delayed', 'suspended', 'cancelled']) {
        const [fixture] = (await getJson<{ data: FixtureWire[] }>(timed, `/api/v3/fixtures/active?status=${status}`))
          .body.data;
        if (fixture && !seen.has(status)) seen.set(status, fixture);
      }
    }
    expect([...seen.keys()].sort()).toEqual(['cancelled', 'delayed', 'half', 'live', 'suspended', 'unplayed']);
    expect(seen.get('half')?.is_live).toBe(true);
    expect(seen.get('delayed')?.is_live).toBe(false);
    clock.set(FIXED_NOW);
    const cancelled = (
      await getJson<{ data: FixtureWire[] }>(timed, '/api/v3/fixtures/active?status=cancelled&sport=basketball,soccer')
    ).body.data[0];
    if (!cancelled) throw new Error('no cancelled game');
    expect(cancelled).toMatchObject({ status: 'cancelled', is_live: false, has_odds: false });
    const withOdds = await getJson<{ data: FixtureWithOddsWire[] }>(
      timed,
      `/api/v3/fixtures/odds?fixture_id=${cancelled.id}&sportsbook=DraftKings,BetMGM`,
    );
    expect(withOdds.body.data[0]).toMatchObject({ id: cancelled.id, status: 'cancelled', odds: [] });
    const entries = [
      {
        fixture_id: cancelled.id,
        market: cancelled.sport.id === 'soccer' ? 'Moneyline 3-Way' : 'Moneyline',
        name: cancelled.home_team_display,
      },
      { fixture_id: cancelled.id, market: 'Moneyline', name: cancelled.away_team_display },
    ];
    const parlay = await postParlay(timed, { sportsbooks: ['DraftKings', 'Fanatics'], entries });
    expect(parlay.body.data.DraftKings?.error).toBe('Missing odds for entries.');
    expect(parlay.body.data.DraftKings?.missing_entries).toHaveLength(2);
  });

  it('serves MLB with colon-prefixed ids that work in every endpoint, even on a server that never listed them', async () => {
    const mlb = (await activeFixtures(app, 'league=mlb')).filter((fixture) => fixture.status === 'unplayed');
    const [game, other] = mlb;
    if (!game || !other) throw new Error('no MLB games');
    expect(game.id).toMatch(/^mlb:[0-9A-F]{12}$/);
    // A fresh instance (a shared link opened after a restart): the id alone must find the game.
    const fresh = makeApp({ catalog: 'realistic' });
    const byId = await getJson<{ data: FixtureWire[] }>(
      fresh,
      `/api/v3/fixtures/active?id=${encodeURIComponent(game.id)}`,
    );
    expect(byId.body.data.map((fixture) => fixture.id)).toEqual([game.id]);
    const entries = [
      { fixture_id: game.id, market: 'Moneyline', name: game.home_team_display },
      { fixture_id: other.id, market: 'Moneyline', name: other.away_team_display },
    ];
    const parlay = await postParlay(makeApp({ catalog: 'realistic' }), { sportsbooks: ['DraftKings'], entries });
    expect(parlay.body.data.DraftKings?.error).toBeNull();
    const odds = await oddsOf(makeApp({ catalog: 'realistic' }), game.id, ['DraftKings']);
    expect(odds.length).toBeGreaterThan(100);
    const moneyline = odds.find((odd) => odd.market === 'Moneyline' && odd.name === game.home_team_display);
    expect(parlay.body.data.DraftKings?.legs?.[0]).toEqual({ ...entries[0], price: moneyline?.price });
  });
});

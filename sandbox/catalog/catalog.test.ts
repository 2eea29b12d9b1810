import { describe, expect, it } from 'vitest';
import { CORE_LEAGUE_IDS, CORE_LEAGUES } from './catalog-sports.ts';
import { DAY_MS } from '../schedule/time.ts';
import { activeFixtures, FIXED_NOW, getJson, makeApp, testClock, type FixtureWire } from '../testing/sandbox-client.ts';

const FIXTURE_ID = /^\d{8}[0-9A-F]{8}$/;

describe('GET /sports', () => {
  it('lists the five sports with their main markets', async () => {
    const { status, body } = await getJson<{
      data: {
        id: string;
        name: string;
        numerical_id: number;
        main_markets: { id: string; name: string; numerical_id: number }[];
      }[];
    }>(makeApp(), '/api/v3/sports');
    expect(status).toBe(200);
    expect(body.data.map((sport) => sport.id)).toEqual(['basketball', 'football', 'baseball', 'hockey', 'soccer']);
    const baseball = body.data.find((sport) => sport.id === 'baseball');
    expect(baseball?.main_markets.map((market) => market.name)).toEqual(['Moneyline', 'Run Line', 'Total Runs']);
    expect(baseball?.main_markets[1]).toEqual({ id: 'run_line', name: 'Run Line', numerical_id: expect.any(Number) });
  });
});

describe('GET /leagues', () => {
  const app = makeApp();

  it('lists every league in the vendor shape', async () => {
    const { body } = await getJson<{ data: Record<string, unknown>[] }>(app, '/api/v3/leagues');
    expect(body.data.map((league) => league.id)).toEqual([...CORE_LEAGUE_IDS]);
    expect(body.data.find((league) => league.id === 'england_-_premier_league')).toEqual({
      id: 'england_-_premier_league',
      name: 'England - Premier League',
      numerical_id: expect.any(Number),
      sport: {
        id: 'soccer',
        name: 'Soccer',
        numerical_id: expect.any(Number),
        main_markets: [
          { id: 'moneyline_3-way', name: 'Moneyline 3-Way', numerical_id: 8 },
          { id: 'goal_spread', name: 'Goal Spread', numerical_id: 9 },
          { id: 'total_goals', name: 'Total Goals', numerical_id: 7 },
        ],
      },
      region: 'England',
      region_code: 'EN',
      gender: 'men',
    });
  });

  it('filters by sport, repeatable; an unknown sport gives an empty list', async () => {
    const basketball = await getJson<{ data: { id: string }[] }>(app, '/api/v3/leagues?sport=basketball');
    expect(basketball.body.data.map((league) => league.id)).toEqual(['nba', 'ncaab']);
    const two = await getJson<{ data: { id: string }[] }>(app, '/api/v3/leagues?sport=hockey&sport=soccer');
    expect(two.body.data.map((league) => league.id)).toEqual(['nhl', 'england_-_premier_league', 'spain_-_la_liga']);
    const none = await getJson<{ data: unknown[] }>(app, '/api/v3/leagues?sport=curling');
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
  });
});

describe('GET /fixtures/active', () => {
  const app = makeApp();

  it('answers recent and upcoming games of every league without a filter', async () => {
    const { status, body } = await getJson<{ data: FixtureWire[] }>(app, '/api/v3/fixtures/active');
    expect(status).toBe(200);
    expect(new Set(body.data.map((fixture) => fixture.league.id)).size).toBeGreaterThan(3);
  });

  it('pages by 100: cursor on page 1 only, page=N or the cursor for the rest, never total_pages', async () => {
    type Page = { data: FixtureWire[]; page?: number; has_more?: boolean; cursor?: string | null };
    const first = await getJson<Page>(app, '/api/v3/fixtures/active?sport=basketball,hockey');
    expect(Object.keys(first.body).sort()).toEqual(['cursor', 'data', 'has_more', 'page']);
    expect(first.body.data).toHaveLength(100);
    expect(first.body.has_more).toBe(true);
    const second = await getJson<Page>(app, '/api/v3/fixtures/active?sport=basketball,hockey&page=2');
    expect(Object.keys(second.body).sort()).toEqual(['data', 'has_more', 'page']);
    expect(second.body.page).toBe(2);
    expect(second.body.data[0]?.id).not.toBe(first.body.data[0]?.id);
    const viaCursor = await getJson<Page>(
      app,
      `/api/v3/fixtures/active?sport=basketball,hockey&cursor=${first.body.cursor ?? ''}`,
    );
    expect(viaCursor.body.data.map((fixture) => fixture.id)).toEqual(second.body.data.map((fixture) => fixture.id));
    expect((await getJson(app, '/api/v3/fixtures/active?league=nba&page=0')).status).toBe(400);
    expect((await getJson(app, '/api/v3/fixtures/active?league=nba&page=2&cursor=abc')).status).toBe(400);
  });

  it('sends fixtures in the vendor shape, sorted by start', async () => {
    const fixtures = await activeFixtures(app, 'league=nba&league=nfl');
    expect(new Set(fixtures.map((fixture) => fixture.league.id))).toEqual(new Set(['nba', 'nfl']));
    const starts = fixtures.map((fixture) => fixture.start_date);
    expect(starts).toEqual([...starts].sort());
    const fixture = fixtures[0] as FixtureWire;
    expect(fixture.id).toMatch(FIXTURE_ID);
    expect(fixture.start_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(['unplayed', 'live']).toContain(fixture.status);
    expect(fixture.is_live).toBe(fixture.status === 'live');
    expect(fixture.home_competitors[0]).toEqual({
      id: expect.any(String),
      name: fixture.home_team_display,
      abbreviation: expect.any(String),
      base_id: expect.any(Number),
      numerical_id: expect.any(Number),
      logo: null,
    });
    expect(fixture.sport).toMatchObject({ id: expect.any(String), name: expect.any(String) });
    expect(fixture.venue_name).toEqual(expect.any(String));
  });

  it('filters by sport, fixture id and team id', async () => {
    const hockey = await activeFixtures(app, 'sport=hockey');
    expect(hockey.every((fixture) => fixture.league.id === 'nhl')).toBe(true);
    const one = hockey[3] as FixtureWire;
    const byId = await getJson<{ data: FixtureWire[] }>(app, `/api/v3/fixtures/active?fixture_id=${one.id}`);
    expect(byId.body.data.map((fixture) => fixture.id)).toEqual([one.id]);
    const teamId = one.home_competitors[0]?.id ?? '';
    const byTeam = await activeFixtures(app, `team_id=${teamId}`);
    expect(byTeam.length).toBeGreaterThan(0);
    expect(
      byTeam.every((fixture) => [fixture.home_competitors[0]?.id, fixture.away_competitors[0]?.id].includes(teamId)),
    ).toBe(true);
  });

  it('uses real team names and ids in the vendor format', async () => {
    const fixtures = await activeFixtures(
      app,
      'sport=basketball&sport=football&sport=baseball&sport=hockey&sport=soccer',
    );
    const teams = new Set(fixtures.flatMap((fixture) => [fixture.home_team_display, fixture.away_team_display]));
    for (const team of [
      'Boston Celtics',
      'Kansas City Chiefs',
      'Arsenal',
      "St. John's Red Storm",
      'Texas A&M Aggies',
    ]) {
      expect(teams.has(team), team).toBe(true);
    }
    expect(fixtures.every((fixture) => FIXTURE_ID.test(fixture.id))).toBe(true);
    expect(new Set(fixtures.map((fixture) => fixture.id)).size).toBe(fixtures.length);
  });

  it('keeps every league busy for seven days, each team at most once a day, nothing finished', async () => {
    const clock = testClock();
    const timedApp = makeApp({ now: clock.now });
    const allLeagues = CORE_LEAGUES.map((league) => `league=${league.id}`).join('&');
    for (let day = 0; day < 7; day++) {
      clock.set(FIXED_NOW + day * DAY_MS + day * 3 * 3_600_000);
      const nowMs = clock.now();
      const fixtures = await activeFixtures(timedApp, allLeagues);
      for (const league of CORE_LEAGUES) {
        expect(
          fixtures.some((fixture) => fixture.league.id === league.id),
          `${league.id} on day ${day}`,
        ).toBe(true);
      }
      const perTeamAndDate = new Set<string>();
      for (const fixture of fixtures) {
        const startMs = Date.parse(fixture.start_date);
        expect(startMs).toBeLessThanOrEqual(nowMs + 7 * DAY_MS);
        expect(fixture.status === 'live').toBe(startMs <= nowMs);
        for (const team of [fixture.home_team_display, fixture.away_team_display]) {
          const key = `${fixture.league.id}|${team}|${fixture.id.slice(0, 8)}`;
          expect(perTeamAndDate.has(key), key).toBe(false);
          perTeamAndDate.add(key);
        }
      }
    }
  });

  it('lists a game as live until its sport duration has passed, then drops it', async () => {
    const clock = testClock();
    const timedApp = makeApp({ now: clock.now });
    const nba = await activeFixtures(timedApp, 'league=nba');
    const next = nba.find((fixture) => fixture.status === 'unplayed') as FixtureWire;
    const startMs = Date.parse(next.start_date);
    clock.set(startMs + 60_000);
    const live = await getJson<{ data: FixtureWire[] }>(timedApp, `/api/v3/fixtures/active?fixture_id=${next.id}`);
    expect(live.body.data[0]).toMatchObject({ status: 'live', is_live: true });
    clock.set(startMs + 150 * 60_000);
    const gone = await getJson<{ data: FixtureWire[] }>(timedApp, `/api/v3/fixtures/active?fixture_id=${next.id}`);
    expect(gone.body.data).toEqual([]);
  });

  it('schedules leagues at local kick-off times', async () => {
    const localHour = (fixture: FixtureWire, timeZone: string) =>
      Number(
        new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(
          new Date(fixture.start_date),
        ),
      );
    const nfl = await activeFixtures(app, 'league=nfl');
    const nflDays = new Set(
      nfl.map((fixture) =>
        new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short' }).format(
          new Date(fixture.start_date),
        ),
      ),
    );
    expect([...nflDays].every((day) => ['Thu', 'Sun', 'Mon'].includes(day))).toBe(true);
    const nba = await activeFixtures(app, 'league=nba');
    expect(nba.every((fixture) => localHour(fixture, 'America/New_York') >= 12)).toBe(true);
    const epl = await activeFixtures(app, 'league=england_-_premier_league');
    expect(
      epl.every((fixture) => localHour(fixture, 'Europe/London') >= 12 && localHour(fixture, 'Europe/London') <= 20),
    ).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { isApiError } from '../errors.ts';
import { parseFixtureOddsBody, parseFixturePageBody, parseLeaguesBody, parseSportsBody } from './schemas.ts';
import { wireFixture, wireOdd } from '../../test/api/wire-examples.ts';

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('catalog schemas', () => {
  it('reads sports, ignoring extra fields and dropping malformed items', () => {
    const body = {
      data: [
        { id: 'basketball', name: 'Basketball', numerical_id: 9, main_markets: [{ id: 'moneyline' }] },
        { id: 42, name: 'Broken' },
        { id: 'baseball', name: 'Baseball' },
      ],
    };
    expect(parseSportsBody(body)).toEqual({
      items: [
        { id: 'basketball', name: 'Basketball' },
        { id: 'baseball', name: 'Baseball' },
      ],
      dropped: 1,
    });
  });

  it('reads leagues into the app shape', () => {
    const body = {
      data: [
        {
          id: 'england_-_premier_league',
          name: 'England - Premier League',
          numerical_id: 1,
          sport: {
            id: 'soccer',
            name: 'Soccer',
            numerical_id: 3,
            main_markets: [
              { id: 'moneyline_3-way', name: 'Moneyline 3-Way', numerical_id: 8 },
              { id: 7 },
              { id: 'total_goals', name: 'Total Goals' },
            ],
          },
          region: 'England',
          region_code: 'GB',
          gender: 'men',
        },
        { id: 'nba', name: 'NBA', sport: { id: 'basketball' } },
        { id: 'nosport', name: 'No sport' },
      ],
    };
    expect(parseLeaguesBody(body)).toEqual({
      items: [
        {
          id: 'england_-_premier_league',
          name: 'England - Premier League',
          sportId: 'soccer',
          sportName: 'Soccer',
          region: 'England',
          // A malformed main market costs only itself.
          mainMarkets: [
            { id: 'moneyline_3-way', name: 'Moneyline 3-Way' },
            { id: 'total_goals', name: 'Total Goals' },
          ],
        },
        // No sport name sent: one made from its id.
        { id: 'nba', name: 'NBA', sportId: 'basketball', sportName: 'Basketball', region: null, mainMarkets: [] },
      ],
      dropped: 1,
    });
  });

  it.each([null, [], 'x', {}, { data: {} }, { data: 'nope' }])('an envelope like %j is invalid_response', (body) => {
    const error = thrown(() => parseSportsBody(body));
    expect(isApiError(error) && error.kind).toBe('invalid_response');
  });
});

describe('fixture schemas', () => {
  it('reads a page of fixtures', () => {
    const page = parseFixturePageBody(
      { data: [wireFixture('20260902FF9AD242'), { id: 'broken' }], page: 2, has_more: true },
      2,
    );
    expect(page.page).toBe(2);
    expect(page.hasMore).toBe(true);
    expect(page.dropped).toBe(1);
    expect(page.items).toEqual([
      {
        id: '20260902FF9AD242',
        startDate: '2026-09-02T23:10:00Z',
        status: 'unplayed',
        isLive: false,
        homeTeam: 'Houston Astros',
        awayTeam: 'Kansas City Royals',
        homeCompetitors: [
          { id: 'HOU1', name: 'Houston Astros', abbreviation: 'HOU', logo: 'https://img.example/hou.png' },
        ],
        awayCompetitors: [{ id: 'KC1', name: 'Kansas City Royals', abbreviation: 'KC', logo: null }],
        sportId: 'baseball',
        leagueId: 'mlb',
        leagueName: 'MLB',
      },
    ]);
  });

  it('defaults what it can: missing paging fields, bad competitors, numeric competitor ids', () => {
    const fixture = wireFixture('F1', {
      status: null,
      is_live: 'yes',
      home_competitors: [{ id: 77, name: 'Home' }, { name: 5 }],
      away_competitors: null,
    });
    const page = parseFixturePageBody({ data: [fixture] }, 3);
    expect(page).toMatchObject({ page: 3, hasMore: false, dropped: 0 });
    expect(page.items[0]).toMatchObject({
      status: 'unknown',
      isLive: false,
      homeCompetitors: [{ id: '77', name: 'Home', abbreviation: null, logo: null }],
      awayCompetitors: [],
    });
  });

  it('keeps a game whose optional fields are left out, with fallbacks a bettor can still read', () => {
    const bare = wireFixture('F2');
    const { start_date: _start, status: _status, is_live: _live, home_team_display: _home, ...rest } = bare;
    const page = parseFixturePageBody(
      {
        data: [
          { ...rest, away_team_display: '', league: { id: 'england_-_premier_league' } },
          wireFixture('F3', { league: { id: 'nba', name: null }, home_competitors: [], away_competitors: [] }),
          // Logos and abbreviations are for show: a game without them is the same game.
          wireFixture('F4', {
            home_competitors: [{ id: 'HOU1', name: 'Houston Astros' }],
            away_competitors: [{ name: 'Kansas City Royals', abbreviation: null, logo: 7 }],
          }),
        ],
      },
      1,
    );
    expect(page.dropped).toBe(0);
    expect(page.items[0]).toMatchObject({
      // No start date: shown under "Time to be confirmed", never dropped or "Invalid Date".
      startDate: '',
      status: 'unknown',
      isLive: false,
      // No team display names: the competitors' names.
      homeTeam: 'Houston Astros',
      awayTeam: 'Kansas City Royals',
      leagueName: 'England - Premier League',
    });
    expect(page.items[1]).toMatchObject({ leagueName: 'NBA', homeTeam: 'Houston Astros' });
    expect(page.items[2]?.homeCompetitors).toEqual([
      { id: 'HOU1', name: 'Houston Astros', abbreviation: null, logo: null },
    ]);
    expect(page.items[2]?.awayCompetitors).toEqual([
      { id: null, name: 'Kansas City Royals', abbreviation: null, logo: null },
    ]);
  });

  it('drops a game with no way to name a side', () => {
    const page = parseFixturePageBody(
      { data: [wireFixture('F5', { home_team_display: null, home_competitors: [] })] },
      1,
    );
    expect(page).toMatchObject({ items: [], dropped: 1 });
  });

  it('a page whose has_more is not a boolean is invalid_response', () => {
    const error = thrown(() => parseFixturePageBody({ data: [], has_more: 'yes' }, 1));
    expect(isApiError(error) && error.kind).toBe('invalid_response');
  });
});

describe('leagues and sports without names', () => {
  it('name them from their ids', () => {
    const leagues = parseLeaguesBody({
      data: [
        { id: 'england_-_premier_league', sport: { id: 'soccer' } },
        { id: 'nba', name: '  ', sport: { id: 'basketball', name: null } },
      ],
    });
    expect(leagues.items.map((league) => [league.name, league.sportName])).toEqual([
      ['England - Premier League', 'Soccer'],
      ['NBA', 'Basketball'],
    ]);
  });
});

describe('fixture odds schema', () => {
  it('reads odds, dropping books outside the set and malformed odds, and counting both', () => {
    const body = {
      data: [
        {
          ...wireFixture('F1'),
          odds: [
            wireOdd('DraftKings', 'F1'),
            wireOdd('FanDuel', 'F1'),
            wireOdd('BetMGM', 'F1', { price: '-150' }),
            wireOdd('Bwin', 'F1', { price: 50 }),
            wireOdd('Hard Rock', 'F1', { deep_link: 'not-an-object', market_id: undefined, player_id: 12 }),
          ],
        },
        { ...wireFixture('F2'), odds: null },
        { odds: [] },
      ],
    };
    const parsed = parseFixtureOddsBody(body);
    expect(parsed.dropped).toBe(4);
    expect(parsed.droppedDetail).toBe('1 unreadable fixtures, 2 unreadable odds, 1 odds from books outside the ten');
    expect(parsed.items.map((item) => [item.fixture.id, item.odds.map((odd) => odd.sportsbook)])).toEqual([
      ['F1', ['DraftKings', 'Hard Rock']],
      ['F2', []],
    ]);
    expect(parsed.items[0]?.odds[0]).toEqual({
      id: 'F1:DraftKings:moneyline:houston_astros',
      fixtureId: 'F1',
      sportsbook: 'DraftKings',
      market: 'Moneyline',
      marketId: 'moneyline',
      name: 'Houston Astros',
      selection: 'Houston Astros',
      selectionLine: null,
      points: null,
      americanPrice: -150,
      decimalPrice: 1 + 100 / 150,
      isMain: true,
      groupingKey: 'default',
      playerId: null,
      teamId: 'HOU1',
      timestamp: 1756854000.25,
      deepLink: { ios: 'dk://x', android: null, desktop: 'https://dk.example/x' },
      maxStake: null,
    });
    expect(parsed.items[0]?.odds[1]).toMatchObject({ deepLink: null, marketId: 'moneyline', playerId: '12' });
  });

  it("reads an exchange's stake limit, and odds under a book's id or label as that book", () => {
    const body = {
      data: [
        {
          ...wireFixture('F1'),
          odds: [
            wireOdd('novig', 'F1', { limits: { max: 250 } }),
            wireOdd('hard_rock', 'F1', { limits: { max: 'lots' } }),
            wireOdd('Blue Book', 'F1', { limits: null }),
          ],
        },
      ],
    };
    const [fixture] = parseFixtureOddsBody(body).items;
    expect(fixture?.odds.map((odd) => [odd.sportsbook, odd.maxStake])).toEqual([
      ['Novig', 250],
      ['Hard Rock', null],
      ['Bwin', null],
    ]);
  });
});

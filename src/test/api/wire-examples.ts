/** Wire-shaped bodies for the API tests, as the service sends them (not shipped). */

export function wireFixture(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    numerical_id: 1234,
    game_id: 'ignored',
    start_date: '2026-09-02T23:10:00Z',
    status: 'unplayed',
    is_live: false,
    home_team_display: 'Houston Astros',
    away_team_display: 'Kansas City Royals',
    home_competitors: [
      { id: 'HOU1', name: 'Houston Astros', abbreviation: 'HOU', logo: 'https://img.example/hou.png' },
    ],
    away_competitors: [{ id: 'KC1', name: 'Kansas City Royals', abbreviation: 'KC', logo: null }],
    sport: { id: 'baseball', name: 'Baseball' },
    league: { id: 'mlb', name: 'MLB', numerical_id: 7 },
    ...extra,
  };
}

export function wireOdd(book: string, fixtureId: string, extra: Record<string, unknown> = {}) {
  return {
    id: `${fixtureId}:${book}:moneyline:houston_astros`,
    sportsbook: book,
    market: 'Moneyline',
    market_id: 'moneyline',
    name: 'Houston Astros',
    selection: 'Houston Astros',
    normalized_selection: 'houston_astros',
    selection_line: null,
    points: null,
    price: -150.0,
    is_main: true,
    grouping_key: 'default',
    player_id: null,
    team_id: 'HOU1',
    timestamp: 1756854000.25,
    deep_link: { ios: 'dk://x', android: null, desktop: 'https://dk.example/x' },
    ...extra,
  };
}

/** Games: the active fixtures, filtered, and their odds at chosen books. */
import type { Hono } from 'hono';
import type { ProxiedRoute } from './proxied-route.ts';
import type { ProxiedAnswering } from '../answering.ts';
import { resourceRoutes } from './resource.ts';

const FIXTURE_FILTERS: ProxiedRoute['query'] = {
  sport: 'slugs',
  league: 'slugs',
  id: 'list',
  numerical_id: 'list',
  team_id: 'list',
  tournament_id: 'single',
  status: 'slugs',
  is_live: 'boolean',
  start_date: 'single',
  start_date_before: 'single',
  start_date_after: 'single',
  season_year: 'single',
  season_week: 'single',
  season_type: 'single',
  division: 'list',
  conference: 'list',
  page: 'whole',
  limit: 'whole',
  cursor: 'single',
  include_statsperform_id: 'boolean',
  include_starting_lineups: 'boolean',
  sportsbook: 'single',
  updated_since: 'single',
};

const ACTIVE_FIXTURES: ProxiedRoute = {
  method: 'GET',
  path: '/fixtures/active',
  query: FIXTURE_FILTERS,
  freshness: { freshMs: 60_000, staleMs: 120_000 },
};

/** Prices: fresh for seconds (the live stream, where open, tells sooner). */
const FIXTURE_ODDS: ProxiedRoute = {
  method: 'GET',
  path: '/fixtures/odds',
  query: {
    fixture_id: 'list',
    sportsbook: 'list',
    market: 'list',
    name: 'list',
    player_id: 'list',
    team_id: 'list',
    is_main: 'boolean',
    odds_format: 'single',
  },
  freshness: { freshMs: 5_000, staleMs: 20_000 },
};

export const FIXTURE_ROUTES: readonly ProxiedRoute[] = [ACTIVE_FIXTURES, FIXTURE_ODDS];

export function fixtureRoutes(answering: ProxiedAnswering): Hono {
  return resourceRoutes(
    '/fixtures',
    FIXTURE_ROUTES.map((route) => ({ route, handlers: [answering.answerGet(route)] })),
  );
}

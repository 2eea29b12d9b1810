/** Games: the active fixtures, filtered, their odds at chosen books, those odds' history, and results. */
import type { Hono } from 'hono';
import type { ProxiedRoute } from './proxied-route.ts';
import type { ProxiedAnswering } from '../answering.ts';
import { everyGameOver, historyOfFinishedGame, SETTLED_FRESH_MS } from '../settled-answers.ts';
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

/**
 * One game's line history: an open game's grows with every move, so kept a minute (the service
 * allows only ~10 of these a key per 15 s: a chart's readers share one answer); a finished game's
 * is final.
 */
const HISTORICAL_ODDS: ProxiedRoute = {
  method: 'GET',
  path: '/fixtures/odds/historical',
  query: {
    fixture_id: 'single',
    sportsbook: 'list',
    market: 'list',
    is_main: 'boolean',
    odds_format: 'single',
    include_timeseries: 'boolean',
    include_locked: 'boolean',
  },
  freshness: {
    freshMs: 60_000,
    staleMs: 5 * 60_000,
    settled: { freshMs: SETTLED_FRESH_MS, test: historyOfFinishedGame },
  },
};

/** Scores: in play they move by the minute; once every game asked about is over they are final. */
const FIXTURE_RESULTS: ProxiedRoute = {
  method: 'GET',
  path: '/fixtures/results',
  query: { fixture_id: 'list', team_id: 'list', lookback_num: 'whole', include_cancelled: 'boolean' },
  freshness: { freshMs: 30_000, staleMs: 60_000, settled: { freshMs: SETTLED_FRESH_MS, test: everyGameOver } },
};

export const FIXTURE_ROUTES: readonly ProxiedRoute[] = [
  ACTIVE_FIXTURES,
  FIXTURE_ODDS,
  HISTORICAL_ODDS,
  FIXTURE_RESULTS,
];

export function fixtureRoutes(answering: ProxiedAnswering): Hono {
  return resourceRoutes(
    '/fixtures',
    FIXTURE_ROUTES.map((route) => ({ route, handlers: [answering.answerGet(route)] })),
  );
}

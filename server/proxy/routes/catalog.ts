/**
 * The catalog: sports, leagues, markets and players. The same for every reader and slow to change,
 * so kept long in our cache and (but for markets, which follow the games) by browsers and CDNs.
 */
import type { Hono } from 'hono';
import type { FreshnessPolicy } from '../answer-cache.ts';
import type { ProxiedRoute } from './proxied-route.ts';
import type { ProxiedAnswering } from '../answering.ts';
import { resourceRoutes } from './resource.ts';

const CATALOG_FRESHNESS: FreshnessPolicy = { freshMs: 5 * 60_000, staleMs: 55 * 60_000 };
const SPORT_AND_LEAGUE = { sport: 'slugs', league: 'slugs' } as const;

const catalogRoute = (path: string, query: ProxiedRoute['query']): ProxiedRoute => ({
  method: 'GET',
  path,
  query,
  freshness: CATALOG_FRESHNESS,
  publiclyCacheable: true,
});

export const SPORTS = catalogRoute('/sports', {});
const ACTIVE_SPORTS = catalogRoute('/sports/active', {});
const LEAGUES = catalogRoute('/leagues', SPORT_AND_LEAGUE);
const ACTIVE_LEAGUES = catalogRoute('/leagues/active', SPORT_AND_LEAGUE);
const PLAYERS = catalogRoute('/players', {
  ...SPORT_AND_LEAGUE,
  id: 'list',
  numerical_id: 'list',
  base_id: 'list',
  team_id: 'list',
  team_base_id: 'list',
  page: 'whole',
  include_statsperform_id: 'boolean',
});
/** The markets a game (or league) offers: they come and go with the games, so kept a minute. */
const ACTIVE_MARKETS: ProxiedRoute = {
  method: 'GET',
  path: '/markets/active',
  query: { ...SPORT_AND_LEAGUE, fixture_id: 'list', sportsbook: 'list' },
  freshness: { freshMs: 60_000, staleMs: 120_000 },
};

export const CATALOG_ROUTES: readonly ProxiedRoute[] = [
  SPORTS,
  ACTIVE_SPORTS,
  LEAGUES,
  ACTIVE_LEAGUES,
  ACTIVE_MARKETS,
  PLAYERS,
];

export function catalogRoutes(answering: ProxiedAnswering): Hono {
  return resourceRoutes(
    '',
    CATALOG_ROUTES.map((route) => ({ route, handlers: [answering.answerGet(route)] })),
  );
}

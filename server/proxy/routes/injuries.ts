/** The injury report: the same for every reader and slow to change (a status moves a few times a week). */
import type { Hono } from 'hono';
import type { ProxiedAnswering } from '../answering.ts';
import type { ProxiedRoute } from './proxied-route.ts';
import { resourceRoutes } from './resource.ts';

export const INJURIES: ProxiedRoute = {
  method: 'GET',
  path: '/injuries',
  query: { sport: 'slugs', league: 'slugs', team_id: 'list', page: 'whole' },
  freshness: { freshMs: 5 * 60_000, staleMs: 15 * 60_000 },
};

export function injuryRoutes(answering: ProxiedAnswering): Hono {
  return resourceRoutes('', [{ route: INJURIES, handlers: [answering.answerGet(INJURIES)] }]);
}

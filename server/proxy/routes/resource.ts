/**
 * One resource's proxied endpoints as Hono routes: each endpoint answers its one method, and any
 * other method on its path is a JSON 405 with Allow, before anything is asked of the service.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { jsonError } from '../answer-response.ts';
import type { ProxiedRoute } from './proxied-route.ts';

export interface Endpoint {
  route: ProxiedRoute;
  /** The route's middleware (a body limit, say) and handler, in order. */
  handlers: [...MiddlewareHandler[], MiddlewareHandler];
}

function methodNotAllowed(allowed: string): MiddlewareHandler {
  return async (c) => jsonError(c, 405, 'Method not allowed', { Allow: allowed });
}

/**
 * Hono answers HEAD with a path's GET route; HEAD is not one of the service's methods (and would
 * spend an upstream call on an answer nobody reads), so it is refused like any other.
 */
function onlyMethod(method: ProxiedRoute['method'], allowed: string): MiddlewareHandler {
  const refuse = methodNotAllowed(allowed);
  return (c, next) => (c.req.method === method ? next() : refuse(c, next));
}

/**
 * The endpoints, each at its path below `prefix` (the app mounts the result at the prefix). A path
 * may have one endpoint per method (GET and POST /grader/odds); any other method is refused once.
 */
export function resourceRoutes(prefix: string, endpoints: readonly Endpoint[]): Hono {
  const routes = new Hono();
  const allowedAt = (path: string) =>
    endpoints
      .filter(({ route }) => route.path === path)
      .map(({ route }) => route.method)
      .join(', ');
  for (const { route, handlers } of endpoints) {
    if (!route.path.startsWith(`${prefix}/`)) throw new Error(`${route.path} is not under ${prefix}/`);
    const path = route.path.slice(prefix.length);
    routes.on(route.method, path, onlyMethod(route.method, allowedAt(route.path)), ...handlers);
  }
  for (const path of new Set(endpoints.map(({ route }) => route.path)))
    routes.all(path.slice(prefix.length), methodNotAllowed(allowedAt(path)));
  return routes;
}

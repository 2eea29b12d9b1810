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

function methodNotAllowed(allowed: ProxiedRoute['method']): MiddlewareHandler {
  return async (c) => jsonError(c, 405, 'Method not allowed', { Allow: allowed });
}

/**
 * Hono answers HEAD with a path's GET route; HEAD is not one of the service's methods (and would
 * spend an upstream call on an answer nobody reads), so it is refused like any other.
 */
function onlyMethod(allowed: ProxiedRoute['method']): MiddlewareHandler {
  const refuse = methodNotAllowed(allowed);
  return (c, next) => (c.req.method === allowed ? next() : refuse(c, next));
}

/** The endpoints, each at its path below `prefix` (the app mounts the result at the prefix). */
export function resourceRoutes(prefix: string, endpoints: readonly Endpoint[]): Hono {
  const routes = new Hono();
  for (const { route, handlers } of endpoints) {
    if (!route.path.startsWith(`${prefix}/`)) throw new Error(`${route.path} is not under ${prefix}/`);
    const path = route.path.slice(prefix.length);
    routes.on(route.method, path, onlyMethod(route.method), ...handlers);
    routes.all(path, methodNotAllowed(route.method));
  }
  return routes;
}

/**
 * What other sites may do with us, all from one list (ALLOWED_ORIGINS):
 * - call /api/v3 from their pages (CORS, no credentials: the browser sends no cookies and we use none),
 * - frame /embed (CSP frame-ancestors; every other page keeps frame-ancestors 'none').
 * The widget script itself (/widget/*) is public, so every page may load it.
 */
import type { MiddlewareHandler } from 'hono';
import { hasFinalHeaders } from '../proxy/final-headers.ts';

/** Request headers a widget's call may carry; the sandbox's test headers only when it is the sandbox. */
const ALLOWED_REQUEST_HEADERS = ['content-type'];
const SANDBOX_REQUEST_HEADERS = ['x-sandbox-scenario', 'x-sandbox-latency', 'x-sandbox-fault'];
const EXPOSED_RESPONSE_HEADERS =
  'Retry-After, X-Latency-Time, X-RateLimit-Reset, X-RateLimit-Remaining, X-RateLimit-Limit';
const PREFLIGHT_MAX_AGE_SECONDS = 600;

export function apiCors(allowedOrigins: readonly string[], options: { isSandbox: boolean }): MiddlewareHandler {
  const allowed = new Set(allowedOrigins);
  const allowedHeaders = [...ALLOWED_REQUEST_HEADERS, ...(options.isSandbox ? SANDBOX_REQUEST_HEADERS : [])].join(', ');
  return async (c, next) => {
    const origin = c.req.header('origin');
    const allowedOrigin = origin !== undefined && allowed.has(origin) ? origin : null;
    const isPreflight = c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined;
    if (isPreflight) {
      if (allowedOrigin === null) {
        return c.json(
          { error: 'This origin may not call the odds API. Ask the site owner to add it to ALLOWED_ORIGINS.' },
          403,
          { Vary: 'Origin' },
        );
      }
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': allowedOrigin,
        'Access-Control-Allow-Methods': 'GET, POST',
        'Access-Control-Allow-Headers': allowedHeaders,
        'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_SECONDS),
        Vary: 'Origin',
      });
    }
    await next();
    // The proxy's complete answers already say Vary: Origin (and are never made for a listed origin).
    if (hasFinalHeaders(c.res)) return;
    c.res.headers.append('Vary', 'Origin');
    // Other origins get no CORS headers, so their pages cannot read the answer.
    if (allowedOrigin !== null) {
      c.res.headers.set('Access-Control-Allow-Origin', allowedOrigin);
      // What the app reads besides the body: how long to wait, and how long a book took to quote.
      c.res.headers.set('Access-Control-Expose-Headers', EXPOSED_RESPONSE_HEADERS);
    }
  };
}

/** The frame-ancestors sources for /embed: our own pages and the listed origins. */
export function embedFrameAncestors(allowedOrigins: readonly string[]): string[] {
  return ["'self'", ...allowedOrigins];
}

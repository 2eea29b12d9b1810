/**
 * What other sites may do with us, all from one list (ALLOWED_ORIGINS):
 * - call /api/v3 from their pages (CORS, no credentials: the browser sends no cookies and we use none),
 * - frame /embed (CSP frame-ancestors; every other page keeps frame-ancestors 'none').
 * The widget script itself (/widget/*) is public, so every page may load it.
 */
import type { MiddlewareHandler } from 'hono';
import { hasFinalHeaders } from '../proxy/final-headers.ts';

/** Request headers a widget's call may carry, besides those the odds service is passed (the sandbox's forcing headers). */
const ALLOWED_REQUEST_HEADERS = ['content-type'];
const EXPOSED_RESPONSE_HEADERS =
  'Retry-After, X-Latency-Time, X-RateLimit-Reset, X-RateLimit-Remaining, X-RateLimit-Limit';
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * The CORS headers of an answer that is the same for every reader (the public catalog) when other
 * origins' pages may call us: readable from any origin, so it is the same for every origin too,
 * and a CDN that keeps one copy for all (ignoring Vary: Origin) hands each page what it needs. Only
 * public data gets them; other sites' requests to us are still refused (request-guard.ts).
 */
export const CORS_FOR_EVERY_ORIGIN: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSED_RESPONSE_HEADERS,
};

export interface ApiCors {
  /** Answers preflights; gives answers to a listed origin's pages their CORS headers. */
  middleware: MiddlewareHandler;
  /** The CORS headers of an answer to a request from `origin` (an odds stream writes its own head). */
  headersFor(origin: string | undefined): Record<string, string>;
}

/** `passedOnHeaders`: request headers the odds service is passed, which a listed origin's page may send too. */
export function apiCors(allowedOrigins: readonly string[], passedOnHeaders: readonly string[]): ApiCors {
  const allowed = new Set(allowedOrigins);
  const allowedHeaders = [...ALLOWED_REQUEST_HEADERS, ...passedOnHeaders].join(', ');
  const listed = (origin: string | undefined) => (origin !== undefined && allowed.has(origin) ? origin : null);
  const headersFor = (origin: string | undefined): Record<string, string> => {
    const allowedOrigin = listed(origin);
    // Other origins get no CORS headers, so their pages cannot read the answer.
    if (allowedOrigin === null) return { vary: 'Origin' };
    return {
      vary: 'Origin',
      'access-control-allow-origin': allowedOrigin,
      // What the app reads besides the body: how long to wait, and how long a book took to quote.
      'access-control-expose-headers': EXPOSED_RESPONSE_HEADERS,
    };
  };
  const middleware: MiddlewareHandler = async (c, next) => {
    const origin = c.req.header('origin');
    const isPreflight = c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined;
    if (isPreflight) {
      const allowedOrigin = listed(origin);
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
    for (const [name, value] of Object.entries(headersFor(origin))) {
      if (name === 'vary') c.res.headers.append(name, value);
      else c.res.headers.set(name, value);
    }
  };
  return { middleware, headersFor };
}

/** The frame-ancestors sources for /embed: our own pages and the listed origins. */
export function embedFrameAncestors(allowedOrigins: readonly string[]): string[] {
  return ["'self'", ...allowedOrigins];
}

/**
 * Auth, rate limit and method checks, in the vendor's words: 401 `API key is required` /
 * `Invalid or inactive API key`, 429 `Rate limit exceeded` with Retry-After (2,500 requests per
 * fixed 15 s window per key), 405 `Method not allowed` with Allow.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { jsonAnswer } from './json-answer.ts';

export const RATE_LIMIT_REQUESTS = 2_500;
/** New stream connections have their own budget per key and window, beside the requests'. */
export const RATE_LIMIT_STREAMS = 250;
const RATE_LIMIT_WINDOW_MS = 15_000;

export function errorResponse(
  context: Context,
  status: ContentfulStatusCode,
  message: string,
  headers?: Record<string, string>,
): Response {
  return jsonAnswer(context, { error: message }, status, headers);
}

/** The key from `X-Api-Key`, else from `?key=` (the header wins when both are sent). */
function apiKeyOf(context: Context): string | undefined {
  const fromHeader = context.req.header('x-api-key');
  if (fromHeader !== undefined && fromHeader !== '') return fromHeader;
  const fromQuery = context.req.query('key');
  return fromQuery === '' ? undefined : fromQuery;
}

export function requireApiKey(acceptedKey: string): MiddlewareHandler {
  return async (context, next) => {
    const key = apiKeyOf(context);
    if (key === undefined) return errorResponse(context, 401, 'API key is required');
    if (key !== acceptedKey) return errorResponse(context, 401, 'Invalid or inactive API key');
    await next();
  };
}

interface Window {
  startedAtMs: number;
  count: number;
}

/**
 * Fixed 15 s windows per key (aligned to the clock, like the live service), on the sandbox's clock
 * so tests with a fixed clock can reach the limit. With `headers`, answers carry the live service's
 * `x-ratelimit-limit`, `x-ratelimit-remaining` and `x-ratelimit-reset` (Unix seconds of the
 * window's end); /parlay/odds sends none.
 */
export function createRateLimit(
  now: () => number,
  limit = RATE_LIMIT_REQUESTS,
): (options: { headers: boolean }) => MiddlewareHandler {
  // One budget per key across every endpoint, whether or not its answers show the headers.
  const windows = new Map<string, Window>();
  return (options) => async (context, next) => {
    const key = apiKeyOf(context) ?? '';
    const nowMs = now();
    const startedAtMs = Math.floor(nowMs / RATE_LIMIT_WINDOW_MS) * RATE_LIMIT_WINDOW_MS;
    let window = windows.get(key);
    if (!window || window.startedAtMs !== startedAtMs) {
      window = { startedAtMs, count: 0 };
      windows.set(key, window);
    }
    window.count += 1;
    const endMs = startedAtMs + RATE_LIMIT_WINDOW_MS;
    const limitHeaders: Record<string, string> = options.headers
      ? {
          'x-ratelimit-limit': String(limit),
          'x-ratelimit-remaining': String(Math.max(0, limit - window.count)),
          'x-ratelimit-reset': String(endMs / 1000),
        }
      : {};
    if (window.count > limit) {
      const retryAfterSeconds = Math.max(1, Math.ceil((endMs - nowMs) / 1000));
      return errorResponse(context, 429, 'Rate limit exceeded', {
        'Retry-After': String(retryAfterSeconds),
        ...limitHeaders,
      });
    }
    await next();
    for (const [name, value] of Object.entries(limitHeaders)) context.res.headers.set(name, value);
  };
}

export function methodNotAllowed(allowed: string): MiddlewareHandler {
  return async (context) => errorResponse(context, 405, 'Method not allowed', { Allow: allowed });
}

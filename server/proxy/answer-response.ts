/**
 * What the browser gets from the proxy: an answer as it takes it (compressed as it accepts, with
 * an ETag, a 304 when it has it already), or a JSON error saying what went wrong upstream.
 */
import type { Context } from 'hono';
import { CORS_FOR_EVERY_ORIGIN } from '../guards/cross-origin.ts';
import type { Served } from './answer-cache.ts';
import { API_SECURITY_HEADERS, withFinalHeaders } from './final-headers.ts';
import { matchesIfNoneMatch, type PreparedAnswer } from './prepared-answer.ts';

/** Every /api/v3 answer, ours or the service's: never anything a browser would render or run. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Upstream response headers worth passing on; the rest (cookies, server banners) stay behind. */
const FORWARDED_RESPONSE_HEADERS = new Set(['retry-after']);
/** The service's timings (`x-latency-time`, and per book where sent): harmless, read by the app and the benchmark. */
const FORWARDED_RESPONSE_HEADER_PREFIX = 'x-latency-';
/**
 * The service's rate-limit figures (`x-ratelimit-remaining`, `-reset`): passed on with a refusal,
 * where they tell the browser how long to wait. On answers they would describe the whole key's
 * budget at some earlier moment (answers are shared and cached), so they stay behind there.
 */
const RATE_LIMIT_HEADER_PREFIX = 'x-ratelimit-';

/** Whether an upstream answer's header is kept with it and passed on. */
export function isForwardedHeader(name: string): boolean {
  return (
    FORWARDED_RESPONSE_HEADERS.has(name) ||
    name.startsWith(FORWARDED_RESPONSE_HEADER_PREFIX) ||
    name.startsWith(RATE_LIMIT_HEADER_PREFIX)
  );
}

/**
 * The longest wait a browser is told: the service's budget windows are 15 s, and a client told to
 * wait longer (99,999,999 s has been seen) would never ask again.
 */
const MAX_RETRY_AFTER_SECONDS = 60;

/** A wait in whole seconds as a browser is told it: at least 1, at most MAX_RETRY_AFTER_SECONDS. */
function retryAfterSeconds(ms: number): number {
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(ms / 1000)));
}

/**
 * How long the service's refusal asks to wait, in ms, from `Retry-After` (seconds or an HTTP date)
 * or else `x-ratelimit-reset` (Unix seconds; a small number is seconds from now), as the app reads
 * them (src/api/http.ts); null when neither is readable.
 */
function upstreamWaitMs(headers: Readonly<Record<string, string>>, now: number): number | null {
  const retryAfter = headers['retry-after']?.trim();
  if (retryAfter !== undefined && /^\d+$/.test(retryAfter)) return Number(retryAfter) * 1000;
  const date = retryAfter === undefined ? Number.NaN : Date.parse(retryAfter);
  if (!Number.isNaN(date)) return date - now;
  const reset = headers['x-ratelimit-reset']?.trim();
  if (reset === undefined || !/^\d+(?:\.\d+)?$/.test(reset)) return null;
  const seconds = Number(reset);
  // Anything before 2001 cannot be a Unix time: it is a delta.
  return seconds > 1_000_000_000 ? seconds * 1000 - now : seconds * 1000;
}

export function jsonError(
  c: Context,
  status: 400 | 404 | 405 | 413 | 429 | 502 | 503 | 504,
  message: string,
  headers?: Record<string, string>,
) {
  return c.json({ error: message }, status, { 'Cache-Control': 'no-store', ...headers });
}

/** How a route's answers are sent, the same for every request to it. */
export interface AnswerRules {
  /** Cache-Control of a 2xx answer; any other is `no-store`. */
  okCacheControl: string;
  /**
   * The same headers for every origin (CORS_FOR_EVERY_ORIGIN, no Vary: Origin): answers a CDN may
   * keep for everyone (the public catalog) when other origins' pages call us.
   */
  sameForEveryOrigin: boolean;
}

/**
 * The answer as the client takes it: compressed as it accepts (each form made once per answer and
 * kept), with a strong ETag per form on a 2xx; a 304 when If-None-Match names the one it would get.
 * Its headers are complete (the API's security headers, and Vary: Origin or CORS for every origin)
 * unless the request comes from a listed origin, whose CORS headers the app's middleware adds.
 */
export async function answerResponse(
  answer: PreparedAnswer,
  rules: AnswerRules,
  requestHeaders: Headers,
  allowedOrigins: ReadonlySet<string>,
  now: number,
): Promise<Response> {
  const ok = answer.status >= 200 && answer.status < 300;
  const cacheControl = ok ? rules.okCacheControl : 'no-store';
  const coding = answer.codingFor(requestHeaders.get('accept-encoding') ?? undefined);
  const origin = requestHeaders.get('origin');
  const complete = rules.sameForEveryOrigin || origin === null || !allowedOrigins.has(origin);
  const finished = (response: Response) => (complete ? withFinalHeaders(response) : response);
  const vary = complete && !rules.sameForEveryOrigin ? 'Accept-Encoding, Origin' : 'Accept-Encoding';
  const fixedHeaders = {
    ...(complete ? API_SECURITY_HEADERS : {}),
    ...(rules.sameForEveryOrigin ? CORS_FOR_EVERY_ORIGIN : {}),
  };
  const headers: Record<string, string> = {
    ...fixedHeaders,
    'content-type': JSON_CONTENT_TYPE,
    'cache-control': cacheControl,
    vary,
  };
  if (ok) {
    const etag = answer.etag(coding);
    if (matchesIfNoneMatch(requestHeaders.get('if-none-match') ?? undefined, etag)) {
      return finished(
        new Response(null, {
          status: 304,
          headers: { ...fixedHeaders, etag, 'cache-control': cacheControl, vary },
        }),
      );
    }
    headers.etag = etag;
  }
  for (const [name, value] of Object.entries(answer.headers)) {
    if (ok && name.startsWith(RATE_LIMIT_HEADER_PREFIX)) continue;
    headers[name] = value;
  }
  const waitMs = ok ? null : upstreamWaitMs(answer.headers, now);
  // The service's wait, bounded, and said in the form the browser reads first.
  if (waitMs !== null) headers['retry-after'] = String(retryAfterSeconds(waitMs));
  if (coding !== 'identity') headers['content-encoding'] = coding;
  const body = await answer.bytes(coding);
  // Node's Buffers here are never backed by a SharedArrayBuffer, which is all the DOM type rules out.
  return finished(new Response(body as Uint8Array<ArrayBuffer>, { status: answer.status, headers }));
}

/** What the browser is told when no answer came: the budget is spent, or the service failed. */
export function failureResponse(c: Context, served: Exclude<Served, { kind: 'answer' }>, timeoutMs: number) {
  if (served.kind === 'busy') {
    const seconds = retryAfterSeconds(served.retryInMs);
    const retryAfter = { 'Retry-After': String(seconds) };
    if (served.spentBy !== undefined)
      return jsonError(
        c,
        429,
        `This browser has asked the odds service too many new questions; try again in ${seconds} s.`,
        retryAfter,
      );
    return jsonError(
      c,
      503,
      `The odds service's request budget is spent for a few seconds; try again in ${seconds} s.`,
      retryAfter,
    );
  }
  const outcome = served.outcome;
  const seconds = Math.round(timeoutMs / 1000);
  switch (outcome.kind) {
    case 'timeout':
      return jsonError(
        c,
        504,
        outcome.duringBody
          ? `The odds service did not finish answering within ${seconds} s.`
          : `The odds service did not answer within ${seconds} s.`,
      );
    case 'unreachable':
      return jsonError(c, 502, 'Could not reach the odds service.');
    case 'broken':
      return jsonError(c, 502, 'The connection to the odds service broke while it was answering.');
    case 'redirect':
      return jsonError(c, 502, 'The odds service answered with a redirect, which is not followed.');
    case 'too-large':
      return jsonError(
        c,
        502,
        `The odds service's answer was larger than ${Math.round(outcome.maxBytes / 1024 / 1024)} MB, which is not taken.`,
      );
    case 'not-json':
      return jsonError(c, 502, `The odds service answered HTTP ${outcome.status} with something that is not JSON.`);
  }
}

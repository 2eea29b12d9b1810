/**
 * The /api/v3 proxy: an allow-list of routes forwarded to the odds service with our key added,
 * answered from the shared answer cache when it can be. The upstream path always comes from the
 * allow-list, never from the request, so nothing a browser sends (encoded dots, absolute URLs,
 * extra slashes) can reach another path or host.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AnswerCache, type FreshnessPolicy, type Served } from './answer-cache.ts';
import { ClientOrderAnswers } from './client-order.ts';
import { CheckedParlayBodies } from './parlay-body.ts';
import { canonicalParlayBody } from './parlay-order.ts';
import { PrimedAnswers, SHARE_LINK_PARLAY_QUERY, shareLinkParlayBodies } from './share-link-primer.ts';
import { API_SECURITY_HEADERS, hasFinalHeaders, withFinalHeaders } from './final-headers.ts';
import type { ParlayRequestBody } from '../../src/domain/odds/parlay-request-schema.ts';
import { matchesIfNoneMatch, type PreparedAnswer } from './prepared-answer.ts';
import { clientOf, clientRateLimit, type ClientRateLimitOptions } from '../guards/client-rate-limit.ts';
import type { TrustProxy } from '../guards/client-address.ts';
import { requestGuard } from '../guards/request-guard.ts';
import { MemoryStore } from '../shared-store/memory-store.ts';
import type { SharedStore } from '../shared-store/store.ts';
import { UpstreamBudget } from './upstream-budget.ts';
import { createUpstreamCaller, type UpstreamTarget } from './upstream-call.ts';
import { upstreamQuestion, type UpstreamQuestion } from './upstream-request.ts';
import { API_PREFIX } from '../../src/domain/odds/api-prefix.ts';

const MAX_REQUEST_BODY_BYTES = 64 * 1024;

type ProxiedMethod = 'GET' | 'POST';

/** The routes the browser may reach, and how. Everything else is 404 or 405. */
export const PROXIED_ROUTES: Readonly<Record<string, ProxiedMethod>> = {
  '/sports': 'GET',
  '/sports/active': 'GET',
  '/leagues': 'GET',
  '/leagues/active': 'GET',
  '/fixtures/active': 'GET',
  '/fixtures/odds': 'GET',
  '/markets/active': 'GET',
  '/players': 'GET',
  '/parlay/odds': 'POST',
};

const CATALOG: FreshnessPolicy = { freshMs: 5 * 60_000, staleMs: 55 * 60_000 };
/** How long an answer stays fresh, then stale-but-served (refreshed in the background), per route. */
const ROUTE_FRESHNESS: Readonly<Record<string, FreshnessPolicy>> = {
  '/sports': CATALOG,
  '/sports/active': CATALOG,
  '/leagues': CATALOG,
  '/leagues/active': CATALOG,
  '/fixtures/active': { freshMs: 60_000, staleMs: 120_000 },
  '/fixtures/odds': { freshMs: 5_000, staleMs: 20_000 },
  '/markets/active': { freshMs: 60_000, staleMs: 120_000 },
  '/players': CATALOG,
  '/parlay/odds': { freshMs: 5_000, staleMs: 20_000 },
};
/** For a route without a policy above (none is proxied): never served from the cache. */
const NOT_KEPT: FreshnessPolicy = { freshMs: 0, staleMs: 0 };

/**
 * The catalog (the routes kept as CATALOG above) is the same for everyone and changes slowly:
 * browsers and CDNs may keep it.
 */
const CATALOG_CACHE_CONTROL = `public, max-age=${CATALOG.freshMs / 1000}, s-maxage=${CATALOG.freshMs / 1000}, stale-while-revalidate=${CATALOG.staleMs / 1000}`;

/** Every /api/v3 answer, ours or the service's: never anything a browser would render or run. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
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

function isForwardedHeader(name: string): boolean {
  return (
    FORWARDED_RESPONSE_HEADERS.has(name) ||
    name.startsWith(FORWARDED_RESPONSE_HEADER_PREFIX) ||
    name.startsWith(RATE_LIMIT_HEADER_PREFIX)
  );
}

export type { UpstreamTarget } from './upstream-call.ts';

function jsonError(
  c: Context,
  status: 400 | 404 | 405 | 413 | 429 | 502 | 503 | 504,
  message: string,
  headers?: Record<string, string>,
) {
  return c.json({ error: message }, status, { 'Cache-Control': 'no-store', ...headers });
}

export interface ProxyOptions {
  /** Per-client request limit; null turns it off (benchmarks). */
  clientLimit: Omit<ClientRateLimitOptions, 'now' | 'store'> | null;
  /** Origins whose pages may call us (besides our own). */
  allowedOrigins?: readonly string[];
  /** Where answers, locks and counts live; default: this process's memory. */
  store?: SharedStore;
  /** Answers shared between requests; off: every request asks upstream (identical ones in flight still share). */
  cacheAnswers?: boolean;
  /** The key's calls per window when the service does not say (x-ratelimit-limit). */
  upstreamLimit?: { calls: number; windowMs: number };
  /** The part of each window's upstream calls one client (address, or /64) may spend; default 0.1. */
  upstreamClientShare?: number;
  /** Whose forwarded address names the client (the per-client limit and budget share); default none. */
  trustProxy?: TrustProxy;
  /** Longest a request waits for the upstream budget before being told to come back. */
  maxBudgetWaitMs?: number;
  /** Bytes of answers this process keeps ready to send (with their compressed forms and client orders). */
  preparedBytes?: number;
  /** Where the proxy reports what an operator should know (an unusable shared-store entry). */
  log?: (line: string) => void;
  /** The clock (tests). */
  now?: () => number;
  /**
   * When these games' prices last changed on a live stream this instance relays (0: none did). A
   * parlay answer cached before that is not served: a browser asks again because a leg moved.
   */
  lastStreamedChangeAt?: (fixtureIds: readonly string[]) => number;
}

const DEFAULT_PROXY_OPTIONS: ProxyOptions = { clientLimit: { limit: 600, windowMs: 60_000 } };

const DEFAULT_MEMORY_BYTES = 64 * 1024 * 1024;
/** A tenth of the key's budget per client: ten clients asking nothing but new questions to empty it. */
const DEFAULT_UPSTREAM_CLIENT_SHARE = 0.1;

/** Mount on `/api/*`: every path under it gets a JSON answer, whatever its shape. */
export function createProxy(target: UpstreamTarget, options: ProxyOptions = DEFAULT_PROXY_OPTIONS): Hono {
  return createProxyWithPrimer(target, options).proxy;
}

export interface ProxyWithPrimer {
  proxy: Hono;
  /**
   * Asks the service for the prices a share link's page will ask for (share-link-primer.ts), as
   * the page is served: `c` is the page's request. Does nothing for any other page.
   */
  primeShareLink: (c: Context) => void;
}

export function createProxyWithPrimer(
  target: UpstreamTarget,
  options: ProxyOptions = DEFAULT_PROXY_OPTIONS,
): ProxyWithPrimer {
  const proxy = new Hono();
  const callUpstream = createUpstreamCaller(target);
  const store = options.store ?? new MemoryStore({ maxBytes: DEFAULT_MEMORY_BYTES, maxMembersPerWindow: 100_000 });
  const now = options.now ?? Date.now;
  const budget = new UpstreamBudget({
    store,
    limit: options.upstreamLimit?.calls ?? 2_500,
    windowMs: options.upstreamLimit?.windowMs ?? 15_000,
    clientShare: options.upstreamClientShare ?? DEFAULT_UPSTREAM_CLIENT_SHARE,
    now,
  });
  const trustProxy = options.trustProxy ?? options.clientLimit?.trustProxy ?? { kind: 'none' };
  const answers = new AnswerCache({
    store,
    budget,
    keptHeaders: isForwardedHeader,
    callTimeoutMs: target.timeoutMs,
    maxBudgetWaitMs: options.maxBudgetWaitMs ?? 10_000,
    preparedBytes: options.preparedBytes,
    log: options.log,
    now,
  });
  // A sixteenth of the budget: client orders other than the canonical one are the rarer case.
  const inClientOrder = new ClientOrderAnswers(Math.ceil((options.preparedBytes ?? DEFAULT_MEMORY_BYTES) / 16));
  const cacheAnswers = options.cacheAnswers ?? true;
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  const checkedBodies = new CheckedParlayBodies();
  const primed = new PrimedAnswers(now);
  /** A parlay's answer made before one of its games' prices last moved on a stream is not served. */
  const changedSince = (body: ParlayRequestBody | null) =>
    body === null ? 0 : (options.lastStreamedChangeAt?.(body.entries.map((entry) => entry.fixture_id)) ?? 0);
  /** The answer to `question`, asked for `client`: from the cache (none made before `notBefore`), or asked. */
  const answerTo = (question: UpstreamQuestion, routePath: string, client: string | null, notBefore: number) => {
    const asked = { call: () => callUpstream(question.request()), informsBudget: question.informsBudget, client };
    return cacheAnswers
      ? answers.serve(question.key, ROUTE_FRESHNESS[routePath] ?? NOT_KEPT, asked, notBefore)
      : answers.bypass(question.key, asked);
  };

  proxy.use('*', async (c, next) => {
    await next();
    if (hasFinalHeaders(c.res)) return;
    // By status, not by reading `c.res.body`, which would build a second Response for nothing.
    if (c.res.status !== 304 && c.res.status !== 204) c.res.headers.set('content-type', JSON_CONTENT_TYPE);
  });
  proxy.use('*', requestGuard(options.allowedOrigins ?? []));
  if (options.clientLimit) proxy.use('*', clientRateLimit({ ...options.clientLimit, trustProxy, store }));

  const tooLarge = (c: Context) =>
    jsonError(c, 413, `Request body is larger than ${MAX_REQUEST_BODY_BYTES / 1024} KB.`);
  const limitStreamedBody = bodyLimit({ maxSize: MAX_REQUEST_BODY_BYTES, onError: tooLarge });
  proxy.use('*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    // A declared length is checked from the header alone (Node's parser holds the body to it).
    // Hono's bodyLimit reads `c.req.raw.body`, which turns the request into a full WHATWG Request
    // with a stream: on a POST that was the costliest step of the whole proxy. Chunked bodies,
    // with no length to check, still go through it.
    const declaredLength = c.req.header('content-length');
    if (declaredLength !== undefined && c.req.header('transfer-encoding') === undefined)
      return /^\d+$/.test(declaredLength) && Number(declaredLength) <= MAX_REQUEST_BODY_BYTES ? next() : tooLarge(c);
    return limitStreamedBody(c, next);
  });

  proxy.all('*', async (c) => {
    const requestUrl = new URL(c.req.url);
    const routePath = requestUrl.pathname.startsWith(`${API_PREFIX}/`)
      ? requestUrl.pathname.slice(API_PREFIX.length)
      : '';
    const allowedMethod = Object.hasOwn(PROXIED_ROUTES, routePath) ? PROXIED_ROUTES[routePath] : undefined;
    if (allowedMethod === undefined) return jsonError(c, 404, 'Not found');
    if (c.req.method !== allowedMethod) {
      return jsonError(c, 405, 'Method not allowed', { Allow: allowedMethod });
    }

    let clientBody: ParlayRequestBody | null = null;
    let canonicalBody: ParlayRequestBody | null = null;
    if (allowedMethod === 'POST') {
      let text: string;
      try {
        text = await c.req.text();
      } catch {
        // The client went away (or was cut off) mid-body: nobody is left to answer.
        return jsonError(c, 400, 'The request body did not arrive whole.');
      }
      // Checked here so a malformed or oversized request never spends an upstream call.
      const checked = checkedBodies.check(text);
      if (!checked.ok) return jsonError(c, 400, checked.message);
      clientBody = checked.body;
      // A forced sandbox scenario names entries by their position (`missing:1`): that request goes as sent.
      const forcesByPosition = target.isSandbox && c.req.header('x-sandbox-scenario') !== undefined;
      canonicalBody = forcesByPosition ? checked.body : checked.canonical;
    }
    const question = upstreamQuestion(target, routePath, requestUrl, c.req.raw.headers, canonicalBody);
    const notBefore = changedSince(clientBody);
    const primedAnswer = canonicalBody === null ? undefined : primed.take(question.key, notBefore);
    const served = await (primedAnswer ?? answerTo(question, routePath, clientOf(c, trustProxy), notBefore));
    if (served.kind !== 'answer') return failureAnswer(c, served, target.timeoutMs);
    const ok = served.answer.status >= 200 && served.answer.status < 300;
    const answer =
      ok && clientBody !== null && canonicalBody !== null
        ? inClientOrder.inClientOrder(served.answer, clientBody, canonicalBody)
        : served.answer;
    return send(answer, ROUTE_FRESHNESS[routePath] === CATALOG, c.req.raw.headers, allowedOrigins);
  });

  const shareLinkUrl = new URL(`http://share-link${API_PREFIX}/parlay/odds?${SHARE_LINK_PARLAY_QUERY}`);
  const primeShareLink = (c: Context) => {
    const bodies = shareLinkParlayBodies(new URL(c.req.url).searchParams);
    if (bodies.length === 0) return;
    const client = clientOf(c, trustProxy);
    for (const body of bodies) {
      const question = upstreamQuestion(target, '/parlay/odds', shareLinkUrl, new Headers(), canonicalParlayBody(body));
      primed.prime(question.key, () => answerTo(question, '/parlay/odds', client, changedSince(body)));
    }
  };

  return { proxy, primeShareLink };
}

/**
 * The answer as the client takes it: compressed as it accepts (each form made once per answer and
 * kept), with a strong ETag per form on a 2xx; a 304 when If-None-Match names the one it would get.
 * Its headers are complete (the API's security headers, Vary: Origin) unless the request comes
 * from a listed origin, whose CORS headers the app's middleware adds.
 */
async function send(
  answer: PreparedAnswer,
  isCatalog: boolean,
  requestHeaders: Headers,
  allowedOrigins: ReadonlySet<string>,
): Promise<Response> {
  const ok = answer.status >= 200 && answer.status < 300;
  const cacheControl = ok && isCatalog ? CATALOG_CACHE_CONTROL : 'no-store';
  const coding = answer.codingFor(requestHeaders.get('accept-encoding') ?? undefined);
  const origin = requestHeaders.get('origin');
  const complete = origin === null || !allowedOrigins.has(origin);
  const finished = (response: Response) => (complete ? withFinalHeaders(response) : response);
  const vary = complete ? 'Accept-Encoding, Origin' : 'Accept-Encoding';
  const headers: Record<string, string> = {
    ...(complete ? API_SECURITY_HEADERS : {}),
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
          headers: { ...(complete ? API_SECURITY_HEADERS : {}), etag, 'cache-control': cacheControl, vary },
        }),
      );
    }
    headers.etag = etag;
  }
  for (const [name, value] of Object.entries(answer.headers)) {
    if (ok && name.startsWith(RATE_LIMIT_HEADER_PREFIX)) continue;
    headers[name] = value;
  }
  if (coding !== 'identity') headers['content-encoding'] = coding;
  const body = await answer.bytes(coding);
  // Node's Buffers here are never backed by a SharedArrayBuffer, which is all the DOM type rules out.
  return finished(new Response(body as Uint8Array<ArrayBuffer>, { status: answer.status, headers }));
}

function failureAnswer(c: Context, served: Exclude<Served, { kind: 'answer' }>, timeoutMs: number) {
  if (served.kind === 'busy') {
    const seconds = Math.max(1, Math.ceil(served.retryInMs / 1000));
    if (served.spentBy !== undefined)
      return jsonError(
        c,
        429,
        `This browser has asked the odds service too many new questions; try again in ${seconds} s.`,
        { 'Retry-After': String(seconds) },
      );
    return jsonError(
      c,
      503,
      `The odds service's request budget is spent for a few seconds; try again in ${seconds} s.`,
      { 'Retry-After': String(seconds) },
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

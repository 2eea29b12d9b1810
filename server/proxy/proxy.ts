/**
 * The /api/v3 proxy: the service's endpoints our pages use, as Hono routes (one per endpoint, a
 * sub-app per resource: routes/*.ts), forwarded with our key and answered from the shared answer
 * cache when they can be. The upstream path always comes from the route, never from the request,
 * so nothing a browser sends (encoded dots, absolute URLs, extra slashes) can reach another path
 * or host; any other path under /api is a JSON 404.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { API_PREFIX } from '../../src/domain/odds/api-prefix.ts';
import type { TrustProxy } from '../guards/client-address.ts';
import { clientRateLimit, type ClientRateLimitOptions } from '../guards/client-rate-limit.ts';
import { requestGuard } from '../guards/request-guard.ts';
import { MemoryStore } from '../shared-store/memory-store.ts';
import type { SharedStore } from '../shared-store/store.ts';
import { createAnswering } from './answering.ts';
import { JSON_CONTENT_TYPE, jsonError } from './answer-response.ts';
import { hasFinalHeaders } from './final-headers.ts';
import { CATALOG_ROUTES, catalogRoutes } from './routes/catalog.ts';
import { FIXTURE_ROUTES, fixtureRoutes } from './routes/fixtures.ts';
import { GRADER_ROUTES, graderRoutes } from './routes/grader.ts';
import { INJURIES, injuryRoutes } from './routes/injuries.ts';
import { PARLAY_ODDS, parlayRoutes, SHARED_PARLAY_ODDS } from './routes/parlay.ts';
import type { UpstreamTarget } from './upstream-call.ts';
import { UPSTREAM_WINDOW_MS } from './upstream-budget.ts';

export type { UpstreamTarget } from './upstream-call.ts';

const ALL_ROUTES = [...CATALOG_ROUTES, ...FIXTURE_ROUTES, SHARED_PARLAY_ODDS, PARLAY_ODDS, ...GRADER_ROUTES, INJURIES];

/** Every proxied path below /api/v3 and its methods (the security tests walk them all). */
export const PROXIED_ROUTES: Readonly<Record<string, readonly ('GET' | 'POST')[]>> = Object.fromEntries(
  [...new Set(ALL_ROUTES.map((route) => route.path))].map((path) => [
    path,
    ALL_ROUTES.filter((route) => route.path === path).map((route) => route.method),
  ]),
);

export interface ProxyOptions {
  /** Per-client request limit; null turns it off (benchmarks). */
  clientLimit: Omit<ClientRateLimitOptions, 'now' | 'store'> | null;
  /** Origins whose pages may call us (besides our own). */
  allowedOrigins?: readonly string[];
  /** Where answers, locks and counts live; default: this process's memory. */
  store?: SharedStore;
  /** Answers shared between requests; off: every request asks upstream (identical ones in flight still share). */
  cacheAnswers?: boolean;
  /**
   * The secret sealing what the answer cache stores (CACHE_SIGNING_KEY), the same on every
   * instance; default none: each process trusts only the entries it stored itself.
   */
  cacheSigningKey?: string | null;
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

/** Every answer under /api says it is JSON, ours (errors) and the service's alike. */
const jsonAnswers: MiddlewareHandler = async (c, next) => {
  await next();
  if (hasFinalHeaders(c.res)) return;
  // By status, not by reading `c.res.body`, which would build a second Response for nothing.
  if (c.res.status !== 304 && c.res.status !== 204) c.res.headers.set('content-type', JSON_CONTENT_TYPE);
};

export interface ProxyWithPrimer {
  /** Routes under /api: mount at the app's root. */
  proxy: Hono;
  /**
   * Asks the service for the prices a share link's page will ask for (share-link-primer.ts), as
   * the page is served: `c` is the page's request. Does nothing for any other page.
   */
  primeShareLink: (c: Context) => void;
}

/** The proxy alone (tests): its routes under /api. */
export function createProxy(target: UpstreamTarget, options: ProxyOptions = DEFAULT_PROXY_OPTIONS): Hono {
  return createProxyWithPrimer(target, options).proxy;
}

export function createProxyWithPrimer(
  target: UpstreamTarget,
  options: ProxyOptions = DEFAULT_PROXY_OPTIONS,
): ProxyWithPrimer {
  const store = options.store ?? new MemoryStore({ maxBytes: DEFAULT_MEMORY_BYTES, maxMembersPerWindow: 100_000 });
  const now = options.now ?? Date.now;
  const trustProxy = options.trustProxy ?? options.clientLimit?.trustProxy ?? { kind: 'none' };
  const preparedBytes = options.preparedBytes ?? DEFAULT_MEMORY_BYTES;
  const answering = createAnswering(target, {
    store,
    cacheAnswers: options.cacheAnswers ?? true,
    cacheSigningKey: options.cacheSigningKey ?? null,
    upstreamLimit: options.upstreamLimit ?? { calls: 2_500, windowMs: UPSTREAM_WINDOW_MS },
    upstreamClientShare: options.upstreamClientShare ?? DEFAULT_UPSTREAM_CLIENT_SHARE,
    trustProxy,
    maxBudgetWaitMs: options.maxBudgetWaitMs ?? 10_000,
    preparedBytes,
    allowedOrigins: options.allowedOrigins ?? [],
    log: options.log,
    now,
  });
  const clientLimit = options.clientLimit ? clientRateLimit({ ...options.clientLimit, trustProxy, store }) : null;
  const parlay = parlayRoutes(answering, {
    // A sixteenth of the budget: client orders other than the canonical one are the rarer case.
    preparedBytes: Math.ceil(preparedBytes / 16),
    now,
    lastStreamedChangeAt: options.lastStreamedChangeAt,
    admit: clientLimit?.admit,
  });

  const proxy = new Hono();
  proxy.use('/api/*', jsonAnswers, requestGuard(options.allowedOrigins ?? []));
  if (clientLimit) proxy.use('/api/*', clientLimit.middleware);
  proxy.route(API_PREFIX, catalogRoutes(answering));
  proxy.route(`${API_PREFIX}/fixtures`, fixtureRoutes(answering));
  proxy.route(`${API_PREFIX}/parlay`, parlay.routes);
  proxy.route(`${API_PREFIX}/grader`, graderRoutes(answering));
  proxy.route(API_PREFIX, injuryRoutes(answering));
  proxy.all('/api/*', (c) => jsonError(c, 404, 'Not found'));
  return { proxy, primeShareLink: parlay.primeShareLink };
}

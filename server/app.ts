/**
 * Our server: the built app with security headers, the /api/v3 proxy and odds streams in front of
 * the odds service (the real one, or with no key the built-in sandbox: odds-service.ts), and a
 * health endpoint.
 */
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { API_PREFIX, REACHABLE_PATH } from '../src/domain/odds/api-prefix.ts';
import type { ServerConfig } from './config.ts';
import { apiCors } from './guards/cross-origin.ts';
import { openOddsService, type ServerMode } from './odds-service.ts';
import { API_SECURITY_HEADERS, withFinalHeaders } from './proxy/final-headers.ts';
import { createProxyWithPrimer, type ProxyOptions } from './proxy/proxy.ts';
import { UPSTREAM_WINDOW_MS } from './proxy/upstream-budget.ts';
import { openSharedStore, type OpenedStore, type SharedStore } from './shared-store/index.ts';
import { discoveryLinkFor, oembedRoutes } from './site/oembed.ts';
import { appPages, demoPages, widgetScript } from './site/pages.ts';
import { securityHeaders, strictTransportSecurity, strictTransportSecurityFor } from './site/security-headers.ts';
import { missingBuildOf } from './site/static-files.ts';
import { openOddsStreams, type OddsStreams } from './streams/odds-streams.ts';

export interface ServerApp {
  app: Hono;
  mode: ServerMode;
  store: SharedStore;
  /** The odds streams fanned out to browsers. */
  streams: OddsStreams;
  /** Which store holds the shared state, for the start-up log. */
  storeDescription: string;
  /** What of the build is missing, for the start-up log; null when the app and the widget are built. */
  missingBuild: string | null;
  /** Lets go of what the app holds open (the sandbox, the Redis connections, the upstream streams). */
  close: () => Promise<void>;
}

export interface ServerAppOptions {
  /** Where the store reports Redis going away and coming back (stdout by default). */
  log?: (line: string) => void;
}

/** The key's calls per window of the service, counted by the proxy and the streams alike. */
function upstreamLimitOf(config: ServerConfig): { calls: number; windowMs: number } {
  return { calls: config.shared.upstreamCallsPerWindow, windowMs: UPSTREAM_WINDOW_MS };
}

function proxyOptions(
  config: ServerConfig,
  shared: OpenedStore,
  streams: OddsStreams,
  log: (line: string) => void,
): ProxyOptions {
  const { clientRequestsPerMinute, clientBurst } = config;
  return {
    clientLimit:
      clientRequestsPerMinute === null
        ? null
        : {
            limit: clientRequestsPerMinute,
            windowMs: 60_000,
            burst: clientBurst ?? undefined,
            trustProxy: config.shared.trustProxy,
          },
    trustProxy: config.shared.trustProxy,
    upstreamClientShare: config.shared.upstreamClientShare,
    allowedOrigins: config.allowedOrigins,
    store: shared.store,
    cacheAnswers: config.shared.cacheAnswers,
    cacheSigningKey: config.shared.cacheSigningKey,
    upstreamLimit: upstreamLimitOf(config),
    maxBudgetWaitMs: config.shared.maxBudgetWaitMs,
    preparedBytes: config.shared.memoryCacheBytes,
    log,
    lastStreamedChangeAt: (fixtureIds) => streams.hub.lastChangeAt(fixtureIds),
  };
}

export async function createServerApp(config: ServerConfig, options: ServerAppOptions = {}): Promise<ServerApp> {
  const log = options.log ?? ((line: string) => console.log(line));
  const service = await openOddsService(config);
  const shared = openSharedStore(config.shared, log);
  const streams = openOddsStreams(config, service.target, {
    store: shared.store,
    upstreamLimit: upstreamLimitOf(config),
    log,
  });
  const { proxy, primeShareLink } = createProxyWithPrimer(service.target, proxyOptions(config, shared, streams, log));
  const trustProxy = config.shared.trustProxy;
  const cors = apiCors(config.allowedOrigins, service.target.passedOn?.headers ?? []);
  /** What the middleware below give an API answer. */
  const apiHeadersFor = (c: Context) => ({
    ...API_SECURITY_HEADERS,
    ...cors.headersFor(c.req.header('origin')),
    ...strictTransportSecurityFor(c, trustProxy),
  });
  const app = new Hono();

  // First: a stream writes its own head, and its route gives its refusals the same headers.
  app.route(`${API_PREFIX}/stream`, streams.routes(apiHeadersFor));
  app.use('*', securityHeaders(config.allowedOrigins));
  app.use('*', strictTransportSecurity(trustProxy));
  // The proxy sends its answers already compressed (stored that way) and event streams must never
  // be buffered by compression; everything else here on the fly.
  const compressOnTheFly = compress();
  app.use('*', (c, next) => (c.req.path.startsWith('/api/') ? next() : compressOnTheFly(c, next)));

  // Says only whether it is up, which mode, and whether it is degraded (Redis configured but
  // unreachable or slow, so this instance answers from its own memory): nothing about where the
  // upstream or Redis lives. Always 200, so a load balancer keeps a degraded instance in service.
  app.get('/health', (c) =>
    c.json({ status: shared.health(), mode: service.mode }, 200, { 'Cache-Control': 'no-store' }),
  );

  // Before CORS: a page on any origin may learn that we are up (src/api/blocked-requests.ts), and
  // nothing else; no body, readable only opaquely (no CORS header), never cached.
  app.get(REACHABLE_PATH, () =>
    withFinalHeaders(
      new Response(null, {
        status: 204,
        headers: {
          ...API_SECURITY_HEADERS,
          'cross-origin-resource-policy': 'cross-origin',
          'cache-control': 'no-store',
        },
      }),
    ),
  );
  app.use('/api/*', cors.middleware);
  app.route('/', proxy);
  app.route('/widget', widgetScript(config.widgetRoot));
  if (config.demoRoot !== null) app.route('/demo', demoPages(config.demoRoot));
  app.route('/', oembedRoutes(trustProxy));
  app.route(
    '/',
    appPages({
      staticRoot: config.staticRoot,
      embedAffiliateHosts: config.embedAffiliateHosts,
      primeShareLink,
      discoveryLinkFor: (c) => discoveryLinkFor(c, trustProxy),
      log,
    }),
  );

  return {
    app,
    mode: service.mode,
    store: shared.store,
    streams,
    storeDescription: `${shared.description}\n${streams.description}`,
    missingBuild: missingBuildOf(config),
    close: async () => {
      await Promise.all([streams.close(), shared.close()]);
      await service.close();
    },
  };
}

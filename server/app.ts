/**
 * Our server: the built app with security headers, the /api/v3 proxy, and a health endpoint.
 * With no upstream key it answers from the built-in sandbox, in-process, through the same proxy.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import { serveStatic, type ServeStaticOptions } from '@hono/node-server/serve-static';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_SECURITY_HEADERS, hasFinalHeaders } from './proxy/final-headers.ts';
import { createProxyWithPrimer, type UpstreamTarget } from './proxy/proxy.ts';
import { answerTextOf, createSandboxApp } from '../sandbox/app.ts';
import type { ServerConfig } from './config.ts';
import { sandboxOptionsFrom } from '../sandbox/settings.ts';
import { apiCors, embedFrameAncestors } from './guards/cross-origin.ts';
import { arrivedOverHttps } from './guards/client-address.ts';
import { socketAddress } from './guards/client-rate-limit.ts';
import { openSharedStore, type SharedStore } from './shared-store/index.ts';
import { API_PREFIX } from '../src/domain/odds/api-prefix.ts';
import { requestGuard } from './guards/request-guard.ts';
import { openOddsStreams, type OddsStreams } from './streams/odds-streams.ts';
import { STREAM_ROUTE_PREFIX, streamOddsDirectly } from './streams/stream-route.ts';

type ServerMode = 'sandbox' | 'live';

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
  /** Lets go of what the app holds open (the Redis connections, the upstream streams). */
  close: () => Promise<void>;
}

export interface ServerAppOptions {
  /** Where the store reports Redis going away and coming back (stdout by default). */
  log?: (line: string) => void;
}

/** Where the sandbox "lives" when mounted in-process; never resolved over a network. */
const IN_PROCESS_SANDBOX_BASE = `http://sandbox.internal${API_PREFIX}`;

function createUpstreamTarget(config: ServerConfig): UpstreamTarget {
  if (config.upstreamApiKey !== null) {
    return {
      baseUrl: config.upstreamBaseUrl,
      apiKey: config.upstreamApiKey,
      isSandbox: false,
      timeoutMs: config.upstreamTimeoutMs,
      maxAnswerBytes: config.upstreamMaxAnswerBytes,
      fetch: (request) => fetch(request),
    };
  }
  const sandbox = createSandboxApp(sandboxOptionsFrom(config.sandbox));
  return {
    baseUrl: IN_PROCESS_SANDBOX_BASE,
    apiKey: config.sandbox.apiKey,
    isSandbox: true,
    inProcess: true,
    answerTextOf,
    timeoutMs: config.upstreamTimeoutMs,
    maxAnswerBytes: config.upstreamMaxAnswerBytes,
    fetch: async (request) => sandbox.fetch(request),
  };
}

const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // React sets style attributes (e.g. widths); no inline <style> or scripts are used.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

const commonSecureHeaders: SecureHeadersOptions = {
  // Set below, and only on answers that came over HTTPS: over plain HTTP the header means nothing
  // to a browser and tells a tester's proxy the wrong thing.
  strictTransportSecurity: false,
  referrerPolicy: 'strict-origin-when-cross-origin',
  crossOriginEmbedderPolicy: false,
  permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
};

/**
 * The operator's list of hosts /embed's affiliate links may point to, handed to the page in a
 * <meta> (read synchronously at start, no extra request; the CSP forbids inline script). Hosts are
 * validated to [a-z0-9.-] at start-up, so they need no escaping.
 */
const EMBED_AFFILIATE_HOSTS_META = 'parlay-embed-affiliate-hosts';

function embedAffiliateHostsMeta(hosts: readonly string[]): string {
  return `<meta name="${EMBED_AFFILIATE_HOSTS_META}" content="${hosts.join(',')}" />`;
}

/**
 * Files under `root`, once it exists. serveStatic would complain of a missing root each time an app
 * is made (every test's, `npm run dev`'s before a build); the start-up log says it once instead
 * (`missingBuild`), and a build made while the server runs is served from then on.
 */
function staticFilesFrom(root: string, options: Omit<ServeStaticOptions, 'root'> = {}): MiddlewareHandler {
  let serve: MiddlewareHandler | null = null;
  return (c, next) => {
    serve ??= existsSync(root) ? serveStatic({ ...options, root }) : null;
    return serve === null ? next() : serve(c, next);
  };
}

function missingBuildOf(config: ServerConfig): string | null {
  const missing = [config.staticRoot, config.widgetRoot].filter((root) => !existsSync(root));
  if (missing.length === 0) return null;
  return (
    `Not built: ${missing.join(' and ')} missing, so pages answer 503 and the widget script 404 until ` +
    '`npm run build` (under `npm run dev`, Vite serves the app).'
  );
}

/** Paths of the /embed page (for iframes on the allowed origins). */
const EMBED_PATHS = new Set(['/embed', '/embed/']);

/** Paths of the odds streams: never compressed (a compressor holds frames back until its buffer fills). */
const STREAM_PATH_PREFIX = `${API_PREFIX}${STREAM_ROUTE_PREFIX}`;

export function createServerApp(config: ServerConfig, options: ServerAppOptions = {}): ServerApp {
  const target = createUpstreamTarget(config);
  const log = options.log ?? ((line: string) => console.log(line));
  const shared = openSharedStore(config.shared, log);
  const streams = openOddsStreams(config, target, { log });
  const mode: ServerMode = target.isSandbox ? 'sandbox' : 'live';
  const app = new Hono();

  // Every page may not be framed, except /embed by the allowed origins (then no X-Frame-Options,
  // which cannot express a list); the widget script may be loaded by any page.
  const pageHeaders = secureHeaders({ ...commonSecureHeaders, contentSecurityPolicy, xFrameOptions: 'DENY' });
  const embedHeaders = secureHeaders({
    ...commonSecureHeaders,
    contentSecurityPolicy: { ...contentSecurityPolicy, frameAncestors: embedFrameAncestors(config.allowedOrigins) },
    xFrameOptions: false,
  });
  const widgetScriptHeaders = secureHeaders({
    ...commonSecureHeaders,
    contentSecurityPolicy,
    xFrameOptions: 'DENY',
    crossOriginResourcePolicy: 'cross-origin',
  });
  // Answers of the API are data: even opened as a page they may load nothing and run nothing.
  // Set by hand, not by secureHeaders, so that an answer the proxy sent complete is left alone.
  const apiHeaders: MiddlewareHandler = async (c, next) => {
    await next();
    if (hasFinalHeaders(c.res)) return;
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) c.res.headers.set(name, value);
  };
  // Outermost, so the stream's head carries every header the middleware below add.
  app.use(`${STREAM_PATH_PREFIX}*`, streamOddsDirectly);
  app.use('*', (c, next) => {
    if (EMBED_PATHS.has(c.req.path)) return embedHeaders(c, next);
    if (c.req.path.startsWith('/widget/')) return widgetScriptHeaders(c, next);
    if (c.req.path.startsWith('/api/')) return apiHeaders(c, next);
    return pageHeaders(c, next);
  });
  app.use('*', async (c, next) => {
    await next();
    if (arrivedOverHttps(c.req.url, socketAddress(c), c.req.header('x-forwarded-proto'), config.shared.trustProxy)) {
      c.res.headers.set('Strict-Transport-Security', 'max-age=15552000; includeSubDomains');
    }
  });
  // The proxy sends its answers already compressed (stored that way) and event streams must never
  // be buffered by compression; everything else here on the fly.
  const compressOnTheFly = compress();
  app.use('*', (c, next) => (c.req.path.startsWith('/api/') ? next() : compressOnTheFly(c, next)));

  // Says only whether it is up, which mode, and whether it is degraded (Redis configured but
  // unreachable or slow, so this instance answers from its own memory): nothing about where the
  // upstream or Redis lives. Always 200, so a load balancer keeps a degraded instance in service.
  app.get('/health', (c) => c.json({ status: shared.health(), mode }, 200, { 'Cache-Control': 'no-store' }));

  app.use(`${API_PREFIX}/*`, apiCors(config.allowedOrigins, { isSandbox: target.isSandbox }));
  // Before the proxy, whose routes answer JSON only.
  app.get(`${STREAM_PATH_PREFIX}odds/:sport`, requestGuard(config.allowedOrigins), streams.handler);
  const { proxy, primeShareLink } = createProxyWithPrimer(target, {
    clientLimit:
      config.clientRequestsPerMinute === null
        ? null
        : {
            limit: config.clientRequestsPerMinute,
            windowMs: 60_000,
            burst: config.clientBurst ?? undefined,
            trustProxy: config.shared.trustProxy,
          },
    trustProxy: config.shared.trustProxy,
    upstreamClientShare: config.shared.upstreamClientShare,
    allowedOrigins: config.allowedOrigins,
    store: shared.store,
    cacheAnswers: config.shared.cacheAnswers,
    upstreamLimit: { calls: config.shared.upstreamCallsPerWindow, windowMs: 15_000 },
    maxBudgetWaitMs: config.shared.maxBudgetWaitMs,
    preparedBytes: config.shared.memoryCacheBytes,
    log,
    lastStreamedChangeAt: (fixtureIds) => streams.hub.lastChangeAt(fixtureIds),
  });
  app.route('/api', proxy);

  // The widget script has a fixed name (host pages link to it), so it is cached briefly; a module
  // script from another origin is fetched with CORS, hence the header (it is public, no credentials).
  app.use('/widget/*', async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    c.res.headers.set('Cache-Control', 'public, max-age=300');
    c.res.headers.set('Access-Control-Allow-Origin', '*');
  });
  app.use(
    '/widget/*',
    staticFilesFrom(config.widgetRoot, { rewriteRequestPath: (path) => path.replace(/^\/widget/, '') }),
  );
  app.get('/widget/*', (c) => c.json({ error: 'Not found. Build the widget with `npm run build`.' }, 404));

  if (config.demoRoot !== null) {
    const demoRoot = config.demoRoot;
    app.get('/demo', (c) => c.redirect('/demo/'));
    app.use('/demo/*', async (c, next) => {
      await next();
      c.res.headers.set('Cache-Control', 'no-cache');
    });
    app.use('/demo/*', staticFilesFrom(demoRoot, { rewriteRequestPath: (path) => path.replace(/^\/demo/, '') }));
  }

  const embedPath = join(config.staticRoot, 'embed.html');
  const affiliateHostsMeta = embedAffiliateHostsMeta(config.embedAffiliateHosts);
  for (const path of EMBED_PATHS) {
    app.get(path, (c) => {
      if (!existsSync(embedPath)) return c.text('The app has not been built yet. Run `npm run build`.', 503);
      c.header('Cache-Control', 'no-cache');
      return c.html(readFileSync(embedPath, 'utf8').replace('</head>', `${affiliateHostsMeta}</head>`));
    });
  }

  const indexPath = join(config.staticRoot, 'index.html');
  // Built assets carry a content hash in their names, so they never change under one URL.
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('/assets/*', staticFilesFrom(config.staticRoot));
  // A hashed file that is not here (an old page asking after a deploy) is a plain 404 nobody keeps:
  // answered with the app page, a CDN would cache HTML under a script's name for a year.
  app.all('/assets/*', (c) => {
    c.header('Cache-Control', 'no-store');
    if (!existsSync(indexPath)) return c.text('The app has not been built yet. Run `npm run build`.', 503);
    return c.text('Not found', 404);
  });
  // A share link's prices are asked for as its page is served, not once its script has run
  // (proxy/share-link-primer.ts). Only for a page load: a script's or an image's fetch of a URL
  // with the same query is not one.
  app.use('*', async (c, next) => {
    const destination = c.req.header('sec-fetch-dest');
    if (c.req.method === 'GET' && (destination === undefined || destination === 'document')) {
      try {
        primeShareLink(c);
      } catch (error) {
        // Only a head start: the page asks for its prices itself anyway.
        log(`Could not ask for a share link's prices ahead of its page: ${String(error)}`);
      }
    }
    return next();
  });
  app.use('*', staticFilesFrom(config.staticRoot));
  // Every other GET is a page of the single-page app.
  app.get('*', (c) => {
    if (!existsSync(indexPath)) {
      return c.text('The app has not been built yet. Run `npm run build` (npm start does this for you).', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexPath, 'utf8'));
  });

  return {
    app,
    mode,
    store: shared.store,
    streams,
    storeDescription: `${shared.description}\n${streams.description}`,
    missingBuild: missingBuildOf(config),
    close: async () => {
      await Promise.all([streams.close(), shared.close()]);
    },
  };
}

/**
 * Our server: the built app with security headers, the /api/v3 proxy, and a health endpoint.
 * With no upstream key it answers from the built-in sandbox, in-process, through the same proxy.
 */
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createProxy, type UpstreamTarget } from './proxy.ts';
import { createSandboxApp } from './sandbox/app.ts';
import { DEFAULT_SANDBOX_API_KEY, type ServerConfig } from './config.ts';

export type ServerMode = 'sandbox' | 'live';

export interface ServerApp {
  app: Hono;
  mode: ServerMode;
}

/** Where the sandbox "lives" when mounted in-process; never resolved over a network. */
const IN_PROCESS_SANDBOX_BASE = 'http://sandbox.internal/api/v3';

function createUpstreamTarget(config: ServerConfig): UpstreamTarget {
  if (config.upstreamApiKey !== null) {
    return {
      baseUrl: config.upstreamBaseUrl,
      apiKey: config.upstreamApiKey,
      isSandbox: false,
      timeoutMs: config.upstreamTimeoutMs,
      fetch: (request) => fetch(request),
    };
  }
  const sandbox = createSandboxApp({
    apiKey: DEFAULT_SANDBOX_API_KEY,
    latency: config.sandboxLatency,
    randomFailures: config.sandboxRandomFailures,
  });
  return {
    baseUrl: IN_PROCESS_SANDBOX_BASE,
    apiKey: DEFAULT_SANDBOX_API_KEY,
    isSandbox: true,
    timeoutMs: config.upstreamTimeoutMs,
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

export function createServerApp(config: ServerConfig): ServerApp {
  const target = createUpstreamTarget(config);
  const mode: ServerMode = target.isSandbox ? 'sandbox' : 'live';
  const app = new Hono();

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy,
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      crossOriginEmbedderPolicy: false,
      permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
    }),
  );
  app.use('*', compress());

  app.get('/health', (c) =>
    c.json(
      {
        status: 'ok',
        mode,
        upstream: mode === 'sandbox' ? 'built-in sandbox (no ODDS_API_KEY set)' : new URL(config.upstreamBaseUrl).host,
      },
      200,
      { 'Cache-Control': 'no-store' },
    ),
  );

  app.route('/api', createProxy(target));

  const indexPath = join(config.staticRoot, 'index.html');
  // Built assets carry a content hash in their names, so they never change under one URL.
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('/assets/*', serveStatic({ root: config.staticRoot }));
  app.use('*', serveStatic({ root: config.staticRoot }));
  // Every other GET is a page of the single-page app.
  app.get('*', (c) => {
    if (!existsSync(indexPath)) {
      return c.text('The app has not been built yet. Run `npm run build` (npm start does this for you).', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexPath, 'utf8'));
  });

  return { app, mode };
}

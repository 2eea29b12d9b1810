/**
 * The built-in sandbox of the odds service: same paths (under /api/v3), auth, shapes, error strings,
 * limits and latency as the real service, over a generated, deterministic catalog.
 */
import { Hono, type Handler } from 'hono';
import { methodNotAllowed, rateLimit, requireApiKey } from './guards.ts';
import { requestFaults } from './request-fault.ts';
import type { LatencyMode } from './latency.ts';
import { activeFixturesHandler, fixtureOddsHandler, leaguesHandler, sportsHandler } from './routes-catalog.ts';
import { parlayOddsHandler } from './routes-parlay.ts';
import { createSandboxState } from './sandbox-state.ts';

export interface SandboxOptions {
  /** The one key accepted. */
  apiKey: string;
  /** Default 1. */
  seed?: number;
  /** Epoch ms clock, default Date.now. */
  now?: () => number;
  /** Default 'realistic'. */
  latency?: LatencyMode;
  /** Default true: occasional upstream failures for some books. */
  randomFailures?: boolean;
}

export const API_PREFIX = '/api/v3';

export function createSandboxApp(options: SandboxOptions): Hono {
  const state = createSandboxState(options);
  const app = new Hono();
  const guards = [requireApiKey(state.apiKey), rateLimit(state.now), requestFaults()] as const;

  const routes: readonly { method: 'GET' | 'POST'; path: string; handler: Handler }[] = [
    { method: 'GET', path: '/sports', handler: sportsHandler(state) },
    { method: 'GET', path: '/leagues', handler: leaguesHandler(state) },
    { method: 'GET', path: '/fixtures/active', handler: activeFixturesHandler(state) },
    { method: 'GET', path: '/fixtures/odds', handler: fixtureOddsHandler(state) },
    { method: 'POST', path: '/parlay/odds', handler: parlayOddsHandler(state) },
  ];
  for (const route of routes) {
    const path = `${API_PREFIX}${route.path}`;
    app.on(route.method, path, ...guards, route.handler);
    // Any other method on a known path: authenticated like the rest, then 405 with Allow.
    app.all(path, ...guards, methodNotAllowed(route.method));
  }

  app.notFound((context) => context.json({ error: 'Not found' }, 404));
  app.onError((error, context) => {
    console.error('[sandbox]', error);
    return context.json({ error: 'Internal server error' }, 500);
  });
  return app;
}

export { parseScenario, type SandboxScenario, type ScenarioOutcome, type BookDirectives } from './scenario.ts';
export { plannedBookLatencyMs } from './latency.ts';

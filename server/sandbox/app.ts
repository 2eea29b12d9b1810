/**
 * The built-in sandbox of the odds service: same paths (under /api/v3), auth, shapes, error strings,
 * limits, headers and latency as the real service, over a generated, deterministic catalog at the
 * live service's size (or a small one for fast tests).
 */
import { Hono, type Handler } from 'hono';
import { createRateLimit, methodNotAllowed, requireApiKey } from './guards.ts';
import { requestFaults } from './request-fault.ts';
import type { CatalogKind } from './catalog.ts';
import type { LatencyMode } from './latency.ts';
import { activeFixturesHandler, fixtureOddsHandler } from './routes-fixtures.ts';
import { activeLeaguesHandler, activeSportsHandler, leaguesHandler, sportsHandler } from './routes-catalog.ts';
import { activeMarketsHandler } from './routes-markets.ts';
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
  /** Default 'realistic' (the live service's size and habits); 'small' for fast unit and component tests. */
  catalog?: CatalogKind;
}

export const API_PREFIX = '/api/v3';

export function createSandboxApp(options: SandboxOptions): Hono {
  const state = createSandboxState(options);
  const app = new Hono();
  const rateLimit = createRateLimit(state.now);
  const coreGuards = [requireApiKey(state.apiKey), rateLimit({ headers: true }), requestFaults()] as const;
  // The live pricer sends latency headers instead of rate-limit ones.
  const parlayGuards = [requireApiKey(state.apiKey), rateLimit({ headers: false }), requestFaults()] as const;

  const routes: readonly { method: 'GET' | 'POST'; path: string; handler: Handler }[] = [
    { method: 'GET', path: '/sports', handler: sportsHandler(state) },
    { method: 'GET', path: '/sports/active', handler: activeSportsHandler(state) },
    { method: 'GET', path: '/leagues', handler: leaguesHandler(state) },
    { method: 'GET', path: '/leagues/active', handler: activeLeaguesHandler(state) },
    { method: 'GET', path: '/fixtures/active', handler: activeFixturesHandler(state) },
    { method: 'GET', path: '/fixtures/odds', handler: fixtureOddsHandler(state) },
    { method: 'GET', path: '/markets/active', handler: activeMarketsHandler(state) },
    { method: 'POST', path: '/parlay/odds', handler: parlayOddsHandler(state) },
  ];
  for (const route of routes) {
    const path = `${API_PREFIX}${route.path}`;
    const guards = route.method === 'POST' ? parlayGuards : coreGuards;
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
export type { CatalogKind } from './catalog.ts';

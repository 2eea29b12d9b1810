/**
 * The built-in sandbox of the odds service: same paths (under /api/v3), auth, shapes, error strings,
 * limits, headers and latency as the real service, over a generated, deterministic catalog at the
 * live service's size (or a small one for fast tests).
 */
import { Hono, type Handler } from 'hono';
import { every } from 'hono/combine';
import { createRateLimit, methodNotAllowed, RATE_LIMIT_STREAMS, requireApiKey } from './routes/guards.ts';
import { requestFaults } from './faults/request-fault.ts';
import { activeFixturesHandler, fixtureOddsHandler } from './routes/fixture-routes.ts';
import { activeLeaguesHandler, activeSportsHandler, leaguesHandler, sportsHandler } from './routes/catalog-routes.ts';
import { activeMarketsHandler } from './routes/market-routes.ts';
import { playersHandler } from './routes/player-routes.ts';
import { parlayOddsHandler } from './routes/parlay-routes.ts';
import { createSandboxState, type SandboxOptions } from './state.ts';
import { oddsStreamHandler } from './stream/odds-stream-route.ts';
import { lineLockHandler, lineLockHeader } from './stream/line-lock.ts';
import { priceChangeHandler, priceChangeHeader } from './stream/price-change.ts';
import { createStreamHub, type StreamHub } from './stream/stream-hub.ts';
import { API_PREFIX } from '../src/domain/odds/api-prefix.ts';
import { jsonAnswer } from './routes/json-answer.ts';
import { HISTORY_RATE_LIMIT, historicalOddsHandler } from './history/history-route.ts';
import { fixtureResultsHandler } from './results/results-route.ts';
import { gradeManyHandler, gradeOneHandler } from './results/grader-route.ts';
import { injuriesHandler } from './injuries/injuries-route.ts';

export type { SandboxOptions } from './state.ts';

export function createSandboxApp(options: SandboxOptions): Hono {
  return createSandbox(options).app;
}

/** The app and its streams (tests look at `streams.openStreams` and wake readers after moving the clock). */
export function createSandbox(options: SandboxOptions): { app: Hono; streams: StreamHub } {
  const state = createSandboxState(options);
  const streams = createStreamHub(state);
  const app = new Hono();
  const rateLimit = createRateLimit(state.now);
  const forcedChange = priceChangeHeader(state, streams);
  const forcedLock = lineLockHeader(state, streams);
  const streamRateLimit = createRateLimit(state.now, RATE_LIMIT_STREAMS);
  const coreGuards = [
    requireApiKey(state.apiKey),
    rateLimit({ headers: true }),
    requestFaults(),
    forcedChange,
    forcedLock,
  ] as const;
  // The live pricer sends latency headers instead of rate-limit ones.
  const parlayGuards = [
    requireApiKey(state.apiKey),
    rateLimit({ headers: false }),
    requestFaults(),
    forcedChange,
    forcedLock,
  ] as const;
  // A new stream connection counts against its own budget (250 per 15 s), not the requests'.
  const streamGuards = [
    requireApiKey(state.apiKey),
    streamRateLimit({ headers: false }),
    requestFaults(),
    forcedChange,
    forcedLock,
  ] as const;
  // Historical odds have the service's own small limit (10 per 15 s) besides the key's general one.
  const historyRateLimit = createRateLimit(state.now, HISTORY_RATE_LIMIT);
  const historyGuards = [
    requireApiKey(state.apiKey),
    every(rateLimit({ headers: true }), historyRateLimit({ headers: false })),
    requestFaults(),
    forcedChange,
    forcedLock,
  ] as const;
  const guardsOf = { core: coreGuards, parlay: parlayGuards, stream: streamGuards, history: historyGuards } as const;

  const routes: readonly {
    method: 'GET' | 'POST';
    path: string;
    handler: Handler;
    guards?: keyof typeof guardsOf;
  }[] = [
    { method: 'GET', path: '/sports', handler: sportsHandler(state) },
    { method: 'GET', path: '/sports/active', handler: activeSportsHandler(state) },
    { method: 'GET', path: '/leagues', handler: leaguesHandler(state) },
    { method: 'GET', path: '/leagues/active', handler: activeLeaguesHandler(state) },
    { method: 'GET', path: '/fixtures/active', handler: activeFixturesHandler(state) },
    { method: 'GET', path: '/fixtures/odds', handler: fixtureOddsHandler(state) },
    { method: 'GET', path: '/fixtures/odds/historical', handler: historicalOddsHandler(state), guards: 'history' },
    { method: 'GET', path: '/fixtures/results', handler: fixtureResultsHandler(state) },
    { method: 'GET', path: '/grader/odds', handler: gradeOneHandler(state) },
    { method: 'POST', path: '/grader/odds', handler: gradeManyHandler(state) },
    { method: 'GET', path: '/injuries', handler: injuriesHandler(state) },
    { method: 'GET', path: '/markets/active', handler: activeMarketsHandler(state) },
    { method: 'GET', path: '/players', handler: playersHandler(state) },
    { method: 'POST', path: '/parlay/odds', handler: parlayOddsHandler(state), guards: 'parlay' },
    { method: 'GET', path: '/stream/odds/:sport', handler: oddsStreamHandler(state, streams), guards: 'stream' },
    // The older path, still answered (the service asks clients to move).
    { method: 'GET', path: '/stream/:sport/odds', handler: oddsStreamHandler(state, streams), guards: 'stream' },
    { method: 'POST', path: '/__sandbox/price-change', handler: priceChangeHandler(state, streams) },
    { method: 'POST', path: '/__sandbox/line-lock', handler: lineLockHandler(state, streams) },
  ];
  for (const route of routes) {
    const path = `${API_PREFIX}${route.path}`;
    app.on(route.method, path, ...guardsOf[route.guards ?? 'core'], route.handler);
  }
  // Any other method on a known path: authenticated like the rest, then 405 with Allow.
  for (const path of new Set(routes.map((route) => route.path))) {
    const methods = routes.filter((route) => route.path === path);
    const allowed = methods.map((route) => route.method).join(', ');
    app.all(`${API_PREFIX}${path}`, ...guardsOf[methods[0]?.guards ?? 'core'], methodNotAllowed(allowed));
  }

  app.notFound((context) => jsonAnswer(context, { error: 'Not found' }, 404));
  app.onError((error, context) => {
    console.error('[sandbox]', error);
    return jsonAnswer(context, { error: 'Internal server error' }, 500);
  });
  return { app, streams };
}

export { FORCING_HEADERS, FORCING_QUERY_PREFIX } from './faults/forcing-controls.ts';
export { parseScenario } from './faults/scenario.ts';
export { plannedBookLatencyMs } from './faults/latency.ts';

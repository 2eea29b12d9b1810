/**
 * Renders components inside a full app instance whose network is the real sandbox, in-process,
 * with zero latency: component tests see the same answers the product does.
 */
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ParlayApp } from '../app/parlay-app.tsx';
import { lazyBetTrackingClient } from '../api/bet-tracking/lazy-client.ts';
import { BetTrackingClientProvider } from '../api/bet-tracking-context.tsx';
import type { OpenEventSource } from '../api/stream/odds-stream.ts';
import type { PersistedState } from '../state/persisted-state.ts';
import { DEFAULT_APP_CONFIG, type AppConfig } from '../state/app-config-context.tsx';
import { createSandboxApp } from '../../sandbox/app.ts';
import { decodeSlip, toParlayEntries } from '../domain/slip.ts';

export const TEST_NOW = Date.parse('2026-11-22T15:00:00Z');
const SANDBOX_KEY = 'test-key';
const SANDBOX_ORIGIN = 'http://sandbox.test';

export interface SandboxFetchOptions {
  /** X-Sandbox-Scenario for every request, e.g. `DraftKings=failed`. */
  scenario?: string | ((request: Request) => string | undefined);
  /** Sees every request made, for asserting what was (not) asked. */
  onRequest?: (request: Request) => void;
}

/**
 * The sandbox is the odds service; a widget, given no fetch of its own, talks to it as to our server,
 * whose GET form of /parlay/odds (server/proxy/routes/parlay.ts) is the POST of the slip its URL
 * names, at its one book, answered in the URL's order.
 */
function asOddsServiceRequest(request: Request): Request {
  const url = new URL(request.url);
  const book = url.searchParams.get('book');
  const legs = url.searchParams.get('legs');
  if (request.method !== 'GET' || url.pathname !== '/api/v3/parlay/odds' || book === null || legs === null)
    return request;
  const headers = new Headers(request.headers);
  headers.set('content-type', 'application/json');
  return new Request(`${url.origin}${url.pathname}?always_include_deep_link=true`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ sportsbooks: [book], entries: toParlayEntries(decodeSlip(legs).legs) }),
    signal: request.signal,
  });
}

export function createSandboxFetch(options: SandboxFetchOptions = {}): typeof fetch {
  // The small catalog: component tests stay fast; the realistic one is for e2e and benchmarks.
  const sandbox = createSandboxApp({
    apiKey: SANDBOX_KEY,
    latency: 'zero',
    randomFailures: false,
    now: () => TEST_NOW,
    catalog: 'small',
  });
  return async (input, init) => {
    const request = new Request(new URL(input instanceof Request ? input.url : String(input), SANDBOX_ORIGIN), init);
    options.onRequest?.(request.clone());
    const headers = new Headers(request.headers);
    headers.set('x-api-key', SANDBOX_KEY);
    const scenario = typeof options.scenario === 'function' ? options.scenario(request) : options.scenario;
    if (scenario) headers.set('x-sandbox-scenario', scenario);
    return sandbox.fetch(asOddsServiceRequest(new Request(request, { headers })));
  };
}

export interface RenderWithAppOptions extends SandboxFetchOptions {
  initialState?: Partial<PersistedState>;
  /** What the app finds saved (none by default); `initialState` is then what a share link brings over it. */
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  config?: AppConfig;
  fetch?: typeof fetch;
  /** How long the slip must be still before its odds and prices are asked for (state/slip-quiet.ts). */
  slipQuietMs?: number;
  /** Live odds streams (a fake: test/api/fake-event-source.ts); none by default, as jsdom has no EventSource. */
  openEventSource?: OpenEventSource;
  /** The screens after the bet (line history, injuries), as the app page has them; the widget has none. */
  betTracking?: boolean;
}

export function renderWithApp(ui: ReactNode, options: RenderWithAppOptions = {}): RenderResult {
  const fetchImpl = options.fetch ?? createSandboxFetch(options);
  const betTrackingClient =
    options.betTracking === true ? lazyBetTrackingClient({ baseUrl: SANDBOX_ORIGIN, fetch: fetchImpl }) : null;
  return render(
    <ParlayApp
      apiBase={SANDBOX_ORIGIN}
      fetch={fetchImpl}
      stores={{
        storage: options.storage ?? null,
        storageKey: 'test',
        overrides: options.initialState,
        slipQuietMs: options.slipQuietMs,
      }}
      config={options.config ?? DEFAULT_APP_CONFIG}
      openEventSource={options.openEventSource ?? null}
    >
      <BetTrackingClientProvider client={betTrackingClient}>{ui}</BetTrackingClientProvider>
    </ParlayApp>,
  );
}

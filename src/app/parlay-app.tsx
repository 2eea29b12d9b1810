/**
 * One complete instance of the builder: its own stores, query cache and odds client, and one error
 * boundary inside them (so a failure never loses the slip). The page and every widget on a host page
 * each render one of these.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createOddsClient } from '../api/client.ts';
import { OddsClientProvider } from '../api/odds-client-context.tsx';
import type { OpenEventSource } from '../api/stream/odds-stream.ts';
import { createAppStores, type AppStoresOptions } from '../state/app-stores.ts';
import { AppStoresProvider } from '../state/app-stores-context.tsx';
import { AppConfigProvider, DEFAULT_APP_CONFIG, type AppConfig } from '../state/app-config-context.tsx';
import { AppErrorBoundary } from './app-error-boundary.tsx';
import { createAppQueryClient } from './query-client.ts';

export interface ParlayAppProps {
  /** Prefix under which /api/v3 is served: '' for the same origin. */
  apiBase: string;
  /**
   * A fetch to use instead of the global one (tests route it to the in-process sandbox, the odds
   * service itself: it has none of our server's own forms, so none is asked of it).
   */
  fetch?: typeof globalThis.fetch;
  stores: AppStoresOptions;
  config?: AppConfig;
  /** Opens the live odds streams; null: prices are polled only. Default: the browser's EventSource, where it has one. */
  openEventSource?: OpenEventSource | null;
  /** Runs once the stores exist (e.g. to keep the URL in step); returns its cleanup. */
  onStoresReady?: (stores: ReturnType<typeof createAppStores>) => () => void;
  children: ReactNode;
}

const browserEventSource: OpenEventSource | null =
  typeof EventSource === 'function' ? (url) => new EventSource(url) : null;

export function ParlayApp({
  apiBase,
  fetch: fetchImpl,
  openEventSource = browserEventSource,
  stores: storesOptions,
  config = DEFAULT_APP_CONFIG,
  onStoresReady,
  children,
}: ParlayAppProps) {
  const [runtime] = useState(() => ({
    stores: createAppStores(storesOptions),
    queryClient: createAppQueryClient(),
    oddsClient: createOddsClient({ baseUrl: apiBase, fetch: fetchImpl, sharedParlayForm: !fetchImpl }),
  }));

  useEffect(() => {
    const stopSaving = runtime.stores.startSaving();
    const stopSync = onStoresReady?.(runtime.stores);
    return () => {
      stopSync?.();
      stopSaving();
    };
  }, [runtime, onStoresReady]);

  useEffect(() => {
    // Needed only once a request has failed: loaded after the first paint, as live odds are.
    let stop: (() => void) | undefined;
    let stopped = false;
    import('../state/connection-recovery.ts').then(
      ({ startConnectionRecovery }) => {
        if (stopped) return;
        const { queryClient, oddsClient } = runtime;
        // The lightest question there is (a catalog our server and any CDN keep), to learn we are heard.
        stop = startConnectionRecovery(queryClient, { probe: () => oddsClient.listSports() });
      },
      () => undefined,
    );
    return () => {
      stopped = true;
      stop?.();
    };
  }, [runtime]);

  useEffect(() => {
    if (openEventSource === null) return;
    // Live odds are not needed to paint: their code loads after, and if it cannot, prices are polled.
    let stop: (() => void) | undefined;
    let stopped = false;
    import('../state/live-odds/live-odds.ts').then(
      ({ startLiveOdds }) => {
        if (stopped) return;
        const { stores, queryClient, oddsClient: client } = runtime;
        stop = startLiveOdds({ client, queryClient, stores, baseUrl: apiBase, openEventSource });
      },
      () => undefined,
    );
    return () => {
      stopped = true;
      stop?.();
    };
  }, [runtime, apiBase, openEventSource]);

  return (
    <QueryClientProvider client={runtime.queryClient}>
      <OddsClientProvider client={runtime.oddsClient}>
        <AppStoresProvider stores={runtime.stores}>
          <AppConfigProvider config={config}>
            <AppErrorBoundary>{children}</AppErrorBoundary>
          </AppConfigProvider>
        </AppStoresProvider>
      </OddsClientProvider>
    </QueryClientProvider>
  );
}

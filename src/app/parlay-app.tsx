/**
 * One complete instance of the builder: its own stores, query cache and odds client, and one error
 * boundary inside them (so a failure never loses the slip). The page and every widget on a host page
 * each render one of these.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createOddsClient } from '../api/client.ts';
import { OddsClientProvider } from '../api/odds-client-context.tsx';
import { createAppStores, type AppStoresOptions } from '../state/app-stores.ts';
import { AppStoresProvider } from '../state/app-stores-context.tsx';
import { AppConfigProvider, DEFAULT_APP_CONFIG, type AppConfig } from '../state/app-config-context.tsx';
import { AppErrorBoundary } from './app-error-boundary.tsx';
import { createAppQueryClient } from './query-client.ts';

export interface ParlayAppProps {
  /** Prefix under which /api/v3 is served: '' for the same origin. */
  apiBase: string;
  /** A fetch to use instead of the global one (tests route it to the in-process sandbox). */
  fetch?: typeof globalThis.fetch;
  stores: AppStoresOptions;
  config?: AppConfig;
  /** Runs once the stores exist (e.g. to keep the URL in step); returns its cleanup. */
  onStoresReady?: (stores: ReturnType<typeof createAppStores>) => () => void;
  children: ReactNode;
}

export function ParlayApp({
  apiBase,
  fetch: fetchImpl,
  stores: storesOptions,
  config = DEFAULT_APP_CONFIG,
  onStoresReady,
  children,
}: ParlayAppProps) {
  const [runtime] = useState(() => ({
    stores: createAppStores(storesOptions),
    queryClient: createAppQueryClient(),
    oddsClient: createOddsClient({ baseUrl: apiBase, fetch: fetchImpl }),
  }));

  useEffect(() => {
    const stopSaving = runtime.stores.startSaving();
    const stopSync = onStoresReady?.(runtime.stores);
    return () => {
      stopSync?.();
      stopSaving();
    };
  }, [runtime, onStoresReady]);

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

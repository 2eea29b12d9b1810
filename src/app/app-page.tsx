/**
 * The app page's whole tree, in one place for the two renders that must produce the same DOM: the
 * first screen prerendered at build time (src/prerender-shell.tsx) and the browser's hydration of
 * it (src/app-start.tsx). StrictMode as the page runs it (its checks in development).
 */
import { StrictMode, useState } from 'react';
import { BetTrackingClientProvider } from '../api/bet-tracking-context.tsx';
import { lazyBetTrackingClient } from '../api/bet-tracking/lazy-client.ts';
import type { OpenEventSource } from '../api/stream/odds-stream.ts';
import type { AppStores, AppStoresOptions } from '../state/app-stores.ts';
import { AppLayout } from './app-layout.tsx';
import { useBetLogShown } from './bet-log-view.tsx';
import { ParlayApp } from './parlay-app.tsx';

interface AppPageProps {
  stores: AppStoresOptions;
  onStoresReady?: (stores: AppStores) => () => void;
  /** null at build time, where no stream is opened; the browser's EventSource otherwise. */
  openEventSource?: OpenEventSource | null;
}

export function AppPage({ stores, onStoresReady, openEventSource }: AppPageProps) {
  // The screens after the bet (line history, injuries) are the page's: the widget has none.
  const [betTrackingClient] = useState(() => lazyBetTrackingClient({ baseUrl: '' }));
  // A visit that opens at the log does none of the builder's work (its games, prices, live streams)
  // until the builder is asked for; once shown it stays mounted, hidden, so going back keeps its place.
  const betLogShown = useBetLogShown();
  const [builderWanted, setBuilderWanted] = useState(!betLogShown);
  if (!betLogShown && !builderWanted) setBuilderWanted(true);
  return (
    <StrictMode>
      <ParlayApp
        apiBase=""
        stores={stores}
        onStoresReady={onStoresReady}
        openEventSource={builderWanted ? openEventSource : null}
      >
        <BetTrackingClientProvider client={betTrackingClient}>
          <AppLayout builderWanted={builderWanted} />
        </BetTrackingClientProvider>
      </ParlayApp>
    </StrictMode>
  );
}

/**
 * The page's bet log: the store for this app instance, "I placed this" beside each book's price,
 * and the `#bet-log` view from the header. Their code loads when first shown.
 */
import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { BetLogProvider, type BookPriceOffer } from '../state/bet-log/bet-log-context.tsx';
import { createBetLogStore } from '../state/bet-log/bet-log-store.ts';
import { betLogPageIfLoaded, loadBetLogPage, openPageBetLogDb } from './bet-log-early.ts';
import { BET_LOG_HASH } from './bet-log-hash.ts';

const PlaceBetButton = lazy(() => import('../features/bet-log/place-bet-button.tsx'));
const BetLogPage = lazy(loadBetLogPage);

function subscribeToHash(onChange: () => void) {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** Whether the page shows the bet log; false in the prerendered first screen, which is the builder. */
export function useBetLogShown(): boolean {
  return useSyncExternalStore(
    subscribeToHash,
    () => window.location.hash === BET_LOG_HASH,
    () => false,
  );
}

export function BetLogRoot({ children }: { children: ReactNode }) {
  const [value] = useState(() => ({
    store: createBetLogStore({ openDb: openPageBetLogDb }),
    renderBookAction: (offer: BookPriceOffer) => <PlaceBetButton offer={offer} />,
    clientOptions: { baseUrl: '' },
  }));
  return <BetLogProvider value={value}>{children}</BetLogProvider>;
}

export function BetLogView() {
  // Chosen once per showing: a view that started lazily stays so when its code lands.
  const [LoadedPage] = useState(betLogPageIfLoaded);
  if (LoadedPage !== null) return <LoadedPage />;
  return (
    <Suspense fallback={<p className="text-sm text-muted">Opening your bet log…</p>}>
      <BetLogPage />
    </Suspense>
  );
}

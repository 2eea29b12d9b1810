/** Provides one app instance's stores to its components; hooks with atomic selectors. */
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { SlipToPrice } from '../domain/parlay-questions.ts';
import { slipKeyOf } from '../domain/slip.ts';
import type { AppStores } from './app-stores.ts';
import type { NoticesState, SettingsState } from './settings-store.ts';
import type { SlipState } from './slip-store.ts';

const AppStoresContext = createContext<AppStores | null>(null);

export function AppStoresProvider({ stores, children }: { stores: AppStores; children: ReactNode }) {
  return <AppStoresContext.Provider value={stores}>{children}</AppStoresContext.Provider>;
}

function useAppStores(): AppStores {
  const stores = useContext(AppStoresContext);
  if (!stores) throw new Error('AppStoresProvider is missing above this component.');
  return stores;
}

export function useSlip<T>(selector: (state: SlipState) => T): T {
  return useStore(useAppStores().slip, selector);
}

export function useSettings<T>(selector: (state: SettingsState) => T): T {
  return useStore(useAppStores().settings, selector);
}

export function useNotices<T>(selector: (state: NoticesState) => T): T {
  return useStore(useAppStores().notices, selector);
}

/** What the slip's prices depend on: read now, or watched. */
export interface SlipToPriceSource {
  read: () => SlipToPrice;
  /** Calls `listener` with the slip now, and again on every change of its legs or books; returns the stop. */
  watch: (listener: (slip: SlipToPrice) => void) => () => void;
}

/**
 * The slip to price, watched synchronously as the stores change: before React renders the change,
 * for work that should start at once (asking the books about a new slip). A change of legs counts by
 * their keys: a share link's legs learning their games (gameLearned) is the same slip, and asking
 * again would re-send every refused book's request. The slip's quiet tracker subscribed first (with
 * the stores), so `held` is already this change's.
 */
export function useSlipToPrice(): SlipToPriceSource {
  const { slip, settings, slipQuiet } = useAppStores();
  return useMemo(() => {
    const read = (): SlipToPrice => ({
      legs: slip.getState().legs,
      books: settings.getState().books,
      held: slipQuiet.isHeld(),
    });
    const watch: SlipToPriceSource['watch'] = (listener) => {
      const tell = () => listener(read());
      const stops = [
        slip.subscribe((state, previous) => {
          if (state.legs !== previous.legs && slipKeyOf(state.legs) !== slipKeyOf(previous.legs)) tell();
        }),
        settings.subscribe((state, previous) => {
          if (state.books !== previous.books) tell();
        }),
      ];
      tell();
      return () => stops.forEach((stop) => stop());
    };
    return { read, watch };
  }, [slip, settings, slipQuiet]);
}

/**
 * False from a change of the slip's legs until they have been still for a moment (state/slip-quiet.ts).
 * `waitsForQuiet`: whether the reader has anything waiting for that moment now; while it has not, this
 * stays true, so the slip going quiet does not render it again for nothing (~700 ms after every leg
 * added, one more commit of the grid in the render bench).
 */
export function useSlipQuiet(waitsForQuiet: () => boolean = () => true): boolean {
  const { slipQuiet } = useAppStores();
  const quiet = () => slipQuiet.isQuiet() || !waitsForQuiet();
  // The same when rendered ahead of the browser (the page's first screen, at build time): one store.
  return useSyncExternalStore(slipQuiet.subscribe, quiet, quiet);
}

/** True while the slip is changing in quick succession: no book is asked about it yet (state/slip-quiet.ts). */
export function useSlipHeld(): boolean {
  const { slipQuiet } = useAppStores();
  return useSyncExternalStore(slipQuiet.subscribe, slipQuiet.isHeld, slipQuiet.isHeld);
}

/** Provides one app instance's stores to its components; hooks with atomic selectors. */
import { createContext, useCallback, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { slipKeyOf } from '../domain/slip.ts';
import type { AppStores, NoticesState, SettingsState, SlipState } from './app-stores.ts';

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

/** The slip and settings as they are at one moment, and whether the slip is held (slip-quiet.ts). */
export interface SlipMoment {
  slip: SlipState;
  settings: SettingsState;
  held: boolean;
}

/**
 * Calls `listener` on every change of the slip's legs (which legs, not their details), synchronously as the store changes: before
 * React renders the change, for work that should start at once (asking the books about a new slip).
 * The slip's quiet tracker subscribed first (with the stores), so `held` is already this change's.
 * Keep `listener` stable (useCallback): a new one subscribes again.
 */
export function useSlipLegsChanged(listener: (moment: SlipMoment) => void): void {
  const { slip, settings, slipQuiet } = useAppStores();
  useEffect(
    () =>
      slip.subscribe((state, previous) => {
        // By the legs' keys: a share link's legs learning their games (gameLearned) is the same slip,
        // and re-asking it re-sent every refused book's request and took its message down meanwhile.
        if (state.legs !== previous.legs && slipKeyOf(state.legs) !== slipKeyOf(previous.legs))
          listener({ slip: state, settings: settings.getState(), held: slipQuiet.isHeld() });
      }),
    [slip, settings, slipQuiet, listener],
  );
}

/** Reads the slip and settings as they are when called: no subscription, so no re-render. */
export function useReadSlipAndSettings(): () => SlipMoment {
  const { slip, settings, slipQuiet } = useAppStores();
  return useCallback(
    () => ({ slip: slip.getState(), settings: settings.getState(), held: slipQuiet.isHeld() }),
    [slip, settings, slipQuiet],
  );
}

/**
 * False from a change of the slip's legs until they have been still for a moment (state/slip-quiet.ts).
 * `waitsForQuiet`: whether the reader has anything waiting for that moment now; while it has not, this
 * stays true, so the slip going quiet does not render it again for nothing (it did, ~700 ms after
 * every leg added: one commit of the grid in the render bench's few).
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

/** Provides one app instance's stores to its components; hooks with atomic selectors. */
import { createContext, useCallback, useContext, useEffect, type ReactNode } from 'react';
import { useStore } from 'zustand';
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

/**
 * Calls `listener` on every change of the slip's legs, synchronously as the store changes: before
 * React renders the change, for work that should start at once (asking the books about a new slip).
 * Keep `listener` stable (useCallback): a new one subscribes again.
 */
export function useSlipLegsChanged(listener: (slip: SlipState, settings: SettingsState) => void): void {
  const { slip, settings } = useAppStores();
  useEffect(
    () =>
      slip.subscribe((state, previous) => {
        if (state.legs !== previous.legs) listener(state, settings.getState());
      }),
    [slip, settings, listener],
  );
}

/** Reads the slip and settings as they are when called: no subscription, so no re-render. */
export function useReadSlipAndSettings(): () => { slip: SlipState; settings: SettingsState } {
  const { slip, settings } = useAppStores();
  return useCallback(() => ({ slip: slip.getState(), settings: settings.getState() }), [slip, settings]);
}

/** Provides one app instance's stores to its components; hooks with atomic selectors. */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
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

/** False from a change of the slip's legs until they have been still for a moment (state/slip-quiet.ts). */
export function useSlipQuiet(): boolean {
  const { slipQuiet } = useAppStores();
  return useSyncExternalStore(slipQuiet.subscribe, slipQuiet.isQuiet);
}

/** True while the slip is changing in quick succession: no book is asked about it yet (state/slip-quiet.ts). */
export function useSlipHeld(): boolean {
  const { slipQuiet } = useAppStores();
  return useSyncExternalStore(slipQuiet.subscribe, slipQuiet.isHeld);
}

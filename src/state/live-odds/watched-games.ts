/**
 * The games on screen whose prices the live stream should carry besides the slip's: opened games
 * and game rows in view, per app instance. Features say what they show; the live odds runtime
 * reads the whole set.
 */
import { useEffect } from 'react';
import type { OddsClient } from '../../api/client.ts';
import { useOddsClient } from '../../api/odds-client-context.tsx';

/** Fixture id -> its sport (streams are per sport). */
export type WatchedGames = ReadonlyMap<string, string>;

interface WatchedGamesStore {
  watchers: Map<string, { sportId: string; count: number }>;
  snapshot: WatchedGames;
  listeners: Set<() => void>;
}

const storesByClient = new WeakMap<OddsClient, WatchedGamesStore>();

function storeOf(client: OddsClient): WatchedGamesStore {
  let store = storesByClient.get(client);
  if (!store) {
    store = { watchers: new Map(), snapshot: new Map(), listeners: new Set() };
    storesByClient.set(client, store);
  }
  return store;
}

function changed(store: WatchedGamesStore): void {
  store.snapshot = new Map([...store.watchers].map(([fixtureId, { sportId }]) => [fixtureId, sportId]));
  for (const listener of store.listeners) listener();
}

/** Asks for this game's prices to be streamed while `watching` (and mounted). */
export function useWatchedGame(fixtureId: string, sportId: string, watching: boolean): void {
  const client = useOddsClient();
  useEffect(() => {
    if (!watching) return;
    const store = storeOf(client);
    const known = store.watchers.get(fixtureId);
    store.watchers.set(fixtureId, { sportId, count: (known?.count ?? 0) + 1 });
    if (!known) changed(store);
    return () => {
      const watcher = store.watchers.get(fixtureId);
      if (watcher && watcher.count > 1) {
        watcher.count -= 1;
        return;
      }
      store.watchers.delete(fixtureId);
      changed(store);
    };
  }, [client, fixtureId, sportId, watching]);
}

/** The games watched now, and a way to hear of changes (the live odds runtime, outside React). */
export function watchedGamesOf(client: OddsClient): {
  current: () => WatchedGames;
  subscribe: (listener: () => void) => () => void;
} {
  const store = storeOf(client);
  return {
    current: () => store.snapshot,
    subscribe: (listener) => {
      store.listeners.add(listener);
      return () => {
        store.listeners.delete(listener);
      };
    },
  };
}

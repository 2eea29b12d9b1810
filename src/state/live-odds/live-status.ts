/**
 * How the live stream is doing for each game it is meant to carry, per app instance: what the
 * freshness line says ("Live", or that prices are polled again) and what the grid reads to know its
 * legs are streamed. Written by the live odds runtime (live-odds-manager.ts), read by hooks.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { OddsClient } from '../../api/client.ts';
import { useOddsClient } from '../../api/odds-client-context.tsx';
import type { OddsStreamPhase } from '../../api/stream/odds-stream.ts';

/** Fixture id -> the phase of the stream meant to carry it. */
export type FixturePhases = ReadonlyMap<string, OddsStreamPhase>;

interface LiveStatusStore {
  phases: FixturePhases;
  listeners: Set<() => void>;
}

const storesByClient = new WeakMap<OddsClient, LiveStatusStore>();

function storeOf(client: OddsClient): LiveStatusStore {
  let store = storesByClient.get(client);
  if (!store) {
    store = { phases: new Map(), listeners: new Set() };
    storesByClient.set(client, store);
  }
  return store;
}

export function livePhasesChanged(client: OddsClient, phases: FixturePhases): void {
  const store = storeOf(client);
  store.phases = phases;
  for (const listener of store.listeners) listener();
}

/**
 * These games' live state as one word: `live` (all streamed), `reconnecting` (all streamed, one
 * stream resuming), `down` (a stream meant to carry one failed: polled again), `off` (no stream for
 * some of them, or not yet up: polled as always).
 */
export type LiveSummary = 'live' | 'reconnecting' | 'down' | 'off';

function summarisePhases(phases: FixturePhases, fixtureIds: readonly string[]): LiveSummary {
  if (fixtureIds.length === 0) return 'off';
  const each = fixtureIds.map((id) => phases.get(id));
  if (each.includes('down')) return 'down';
  if (each.every((phase) => phase === 'live')) return 'live';
  if (each.every((phase) => phase === 'live' || phase === 'reconnecting')) return 'reconnecting';
  return 'off';
}

/** These games' live state now, as the freshness line reads it. */
export function liveSummaryOf(client: OddsClient, fixtureIds: readonly string[]): LiveSummary {
  return summarisePhases(storeOf(client).phases, fixtureIds);
}

/** `fixtureKey`: the games' ids joined by `,` (a primitive, so callers need not memoise a list). */
export function useLiveSummary(fixtureKey: string): LiveSummary {
  const client = useOddsClient();
  const store = storeOf(client);
  const subscribe = useCallback(
    (listener: () => void) => {
      store.listeners.add(listener);
      return () => {
        store.listeners.delete(listener);
      };
    },
    [store],
  );
  return useSyncExternalStore(subscribe, () => liveSummaryOf(client, fixtureKey === '' ? [] : fixtureKey.split(',')));
}

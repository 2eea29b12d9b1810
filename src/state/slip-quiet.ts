/**
 * Whether the slip's legs have been still for a moment. The slip's odds (each leg's market, for its
 * game, status and single-bet prices) are asked for only then, so six legs tapped in quick
 * succession cost one batched ask for the final slip (bench/requests.mjs: 14 odds calls -> 4), not
 * one per tap; the game rows' main lines, already on screen, stand in meanwhile (api/queries.ts).
 * The slip an instance starts with (a share link, a saved slip) is still from the start.
 */
import type { StoreApi } from 'zustand/vanilla';
import { slipKeyOf } from '../domain/slip.ts';
import type { SlipState } from './app-stores.ts';

/** Longer than opening the next game and tapping in it takes when done briskly (~500 ms measured). */
export const QUICK_CHANGE_MS = 700;

export interface SlipQuiet {
  subscribe: (listener: () => void) => () => void;
  /** False from a change of legs until they have been still for the quiet time. */
  isQuiet: () => boolean;
}

export function createSlipQuiet(slip: StoreApi<SlipState>, quietMs = QUICK_CHANGE_MS): SlipQuiet {
  const listeners = new Set<() => void>();
  let quiet = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tell = () => {
    for (const listener of listeners) listener();
  };
  // By the legs' keys: a leg's game filled in later (gameLearned) is no change of the slip.
  let slipKey = slipKeyOf(slip.getState().legs);
  slip.subscribe((state) => {
    const key = slipKeyOf(state.legs);
    if (key === slipKey) return;
    slipKey = key;
    clearTimeout(timer);
    timer = setTimeout(() => {
      quiet = true;
      tell();
    }, quietMs);
    if (quiet) {
      quiet = false;
      tell();
    }
  });
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    isQuiet: () => quiet,
  };
}

/**
 * How still the slip is, one tracker per app instance. Two rules, one clock (QUICK_CHANGE_MS):
 * - held: a change that comes within the quiet time of the change before is held (no book is asked
 *   about it) until the slip has been still for the quiet time; a change after a pause is not. Six
 *   legs tapped in a row then ask the books about the final slip only (bench/: 48 requests -> 16),
 *   while a single change is priced at once.
 * - quiet: no change of legs for the quiet time. The slip's odds (each leg's market, for its game,
 *   status and single-bet prices) wait for it where a game row's main lines stand in, so legs tapped
 *   in quick succession are asked for in one batch (bench/requests.mjs: 14 odds calls -> 4).
 * The slip an instance starts with (a share link, a saved slip) is no change.
 */
import { QUICK_CHANGE_MS, slipKeyOf, type SlipLeg } from '../domain/slip.ts';

/** What it reads of the slip store: its legs, and their changes. */
interface SlipLegsStore {
  getState: () => { legs: readonly SlipLeg[] };
  subscribe: (listener: (state: { legs: readonly SlipLeg[] }) => void) => unknown;
}

export interface SlipQuiet {
  subscribe: (listener: () => void) => () => void;
  /** False from a change of legs until they have been still for the quiet time. */
  isQuiet: () => boolean;
  /** True from a quick second change until the legs have been still for the quiet time. */
  isHeld: () => boolean;
}

export function createSlipQuiet(slip: SlipLegsStore, quietMs = QUICK_CHANGE_MS): SlipQuiet {
  const listeners = new Set<() => void>();
  let quiet = true;
  let held = false;
  let changedAt = Number.NEGATIVE_INFINITY;
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
    const now = Date.now();
    const wasHeld = held;
    held = held || now - changedAt < quietMs;
    changedAt = now;
    clearTimeout(timer);
    timer = setTimeout(() => {
      quiet = true;
      held = false;
      tell();
    }, quietMs);
    if (quiet || held !== wasHeld) {
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
    isHeld: () => held,
  };
}

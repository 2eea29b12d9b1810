/**
 * The slip: its legs, the last change that took legs away (to undo it), and its price alert. Actions
 * are named as events.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { legKey, MAX_SLIP_LEGS, type GameContext, type SlipLeg } from '../domain/slip.ts';
import type { FiredAlert, PriceAlert } from '../domain/price-alert.ts';

/**
 * The last change that took legs off the slip, and the legs before it: every removal can be taken
 * back until a leg is added. `link`: a share link's slip took the place of the one saved here.
 */
export type SlipUndo =
  | { kind: 'cleared'; legsBefore: SlipLeg[] }
  | { kind: 'removed'; legsBefore: SlipLeg[]; removed: SlipLeg[] }
  | { kind: 'link'; legsBefore: SlipLeg[] };

export interface SlipState {
  legs: SlipLeg[];
  undo: SlipUndo | null;
  legToggled: (leg: SlipLeg) => 'added' | 'removed' | 'full';
  legsRemoved: (keys: readonly string[]) => void;
  slipCleared: () => void;
  /** Puts back the legs as they were before the last removal, clear or link. */
  slipChangeUndone: () => void;
  slipReplaced: (legs: readonly SlipLeg[]) => void;
  /** Fills in game details for legs that arrived without them (e.g. from a share link). */
  gameLearned: (fixtureId: string, game: GameContext) => void;
  /** "Tell me when the best price reaches X" on the slip; one at a time, kept with the slip. */
  priceAlert: PriceAlert | null;
  priceAlertSet: (alert: PriceAlert) => void;
  priceAlertRemoved: () => void;
  /** Marks the alert reached; false when it had already fired (an alert fires once). */
  priceAlertFired: (fired: FiredAlert) => boolean;
}

/** The slip without the legs of these keys, and the undo for it; null when none of them is on it. */
function withoutLegs(legs: SlipLeg[], keys: ReadonlySet<string>): Pick<SlipState, 'legs' | 'undo'> | null {
  const removed = legs.filter((leg) => keys.has(legKey(leg)));
  if (removed.length === 0) return null;
  return {
    legs: legs.filter((leg) => !keys.has(legKey(leg))),
    undo: { kind: 'removed', legsBefore: legs, removed },
  };
}

export function createSlipStore(initial: {
  legs: SlipLeg[];
  priceAlert: PriceAlert | null;
  /** The legs saved here that a share link's slip replaced, to give back on undo. */
  replacedByLink?: SlipLeg[];
}): StoreApi<SlipState> {
  return createStore<SlipState>()((set, get) => ({
    legs: initial.legs,
    undo: initial.replacedByLink ? { kind: 'link', legsBefore: initial.replacedByLink } : null,
    legToggled: (leg) => {
      const { legs } = get();
      const removal = withoutLegs(legs, new Set([legKey(leg)]));
      if (removal) {
        set(removal);
        return 'removed';
      }
      if (legs.length >= MAX_SLIP_LEGS) return 'full';
      set({ legs: [...legs, leg], undo: null });
      return 'added';
    },
    legsRemoved: (keys) => set((state) => withoutLegs(state.legs, new Set(keys)) ?? state),
    slipCleared: () =>
      set((state) =>
        state.legs.length === 0 ? state : { legs: [], undo: { kind: 'cleared', legsBefore: state.legs } },
      ),
    slipChangeUndone: () => set((state) => (state.undo ? { legs: state.undo.legsBefore, undo: null } : state)),
    slipReplaced: (legs) => set({ legs: [...legs], undo: null }),
    gameLearned: (fixtureId, game) =>
      set((state) =>
        state.legs.some((leg) => leg.fixtureId === fixtureId && leg.game === null)
          ? {
              legs: state.legs.map((leg) =>
                leg.fixtureId === fixtureId && leg.game === null ? { ...leg, game } : leg,
              ),
            }
          : state,
      ),
    priceAlert: initial.priceAlert,
    priceAlertSet: (priceAlert) => set({ priceAlert }),
    priceAlertRemoved: () => set({ priceAlert: null }),
    priceAlertFired: (fired) => {
      const { priceAlert } = get();
      if (priceAlert === null || priceAlert.fired !== null) return false;
      set({ priceAlert: { ...priceAlert, fired } });
      return true;
    },
  }));
}

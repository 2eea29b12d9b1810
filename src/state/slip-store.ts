/** The slip: its legs, the last "clear all" (to undo it), and its price alert. Actions are named as events. */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { legKey, MAX_SLIP_LEGS, type GameContext, type SlipLeg } from '../domain/slip.ts';
import type { FiredAlert, PriceAlert } from '../domain/price-alert.ts';

export interface SlipState {
  legs: SlipLeg[];
  /** The legs of the last "clear all", kept so it can be undone. */
  clearedLegs: SlipLeg[] | null;
  legToggled: (leg: SlipLeg) => 'added' | 'removed' | 'full';
  legsRemoved: (keys: readonly string[]) => void;
  slipCleared: () => void;
  slipClearUndone: () => void;
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

export function createSlipStore(initial: { legs: SlipLeg[]; priceAlert: PriceAlert | null }): StoreApi<SlipState> {
  return createStore<SlipState>()((set, get) => ({
    legs: initial.legs,
    clearedLegs: null,
    legToggled: (leg) => {
      const key = legKey(leg);
      const { legs } = get();
      if (legs.some((existing) => legKey(existing) === key)) {
        set({ legs: legs.filter((existing) => legKey(existing) !== key) });
        return 'removed';
      }
      if (legs.length >= MAX_SLIP_LEGS) return 'full';
      set({ legs: [...legs, leg], clearedLegs: null });
      return 'added';
    },
    legsRemoved: (keys) => {
      const removing = new Set(keys);
      set((state) => ({ legs: state.legs.filter((leg) => !removing.has(legKey(leg))) }));
    },
    slipCleared: () => set((state) => (state.legs.length === 0 ? state : { legs: [], clearedLegs: state.legs })),
    slipClearUndone: () => set((state) => (state.clearedLegs ? { legs: state.clearedLegs, clearedLegs: null } : state)),
    slipReplaced: (legs) => set({ legs: [...legs], clearedLegs: null }),
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

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SlipLeg } from '../domain/slip.ts';
import { createAppStores } from './app-stores.ts';

function leg(name: string): SlipLeg {
  return { fixtureId: 'game-1', market: 'Moneyline', name, game: null };
}

describe("the slip's quiet moment (when its odds are asked for)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is quiet from the start, with the slip it opened with', () => {
    const { slipQuiet } = createAppStores({ storage: null, storageKey: 'test', overrides: { legs: [leg('A')] } });
    expect(slipQuiet.isQuiet()).toBe(true);
  });

  it('waits from each change of legs until they have been still for the quiet time, then tells its listeners once', () => {
    const { slip, slipQuiet } = createAppStores({ storage: null, storageKey: 'test' });
    const listener = vi.fn();
    slipQuiet.subscribe(listener);
    for (const name of ['A', 'B', 'C']) {
      slip.getState().legToggled(leg(name));
      expect(slipQuiet.isQuiet()).toBe(false);
      vi.advanceTimersByTime(400);
    }
    expect(listener).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(299);
    expect(slipQuiet.isQuiet()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(slipQuiet.isQuiet()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('takes a leg’s game filled in, or the best price found, as no change', () => {
    const { slip, slipQuiet } = createAppStores({ storage: null, storageKey: 'test', overrides: { legs: [leg('A')] } });
    slip
      .getState()
      .gameLearned('game-1', { homeTeam: 'H', awayTeam: 'A', startDate: '2026-11-25T00:00:00Z', leagueId: 'nba' });
    slip.getState().bestPriceFound({ decimal: 2, book: 'DraftKings', slipKey: 'x' });
    expect(slipQuiet.isQuiet()).toBe(true);
  });
});

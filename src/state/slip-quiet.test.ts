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
    // Told when the slip stopped being quiet and when the second quick change held it.
    expect(listener).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(299);
    expect(slipQuiet.isQuiet()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(slipQuiet.isQuiet()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('takes a leg’s game filled in as no change', () => {
    const { slip, slipQuiet } = createAppStores({ storage: null, storageKey: 'test', overrides: { legs: [leg('A')] } });
    slip
      .getState()
      .gameLearned('game-1', { homeTeam: 'H', awayTeam: 'A', startDate: '2026-11-25T00:00:00Z', leagueId: 'nba' });
    expect(slipQuiet.isQuiet()).toBe(true);
  });

  it('prices the first change and a change after a pause at once, and holds quick changes until the slip is still', () => {
    const { slip, slipQuiet } = createAppStores({ storage: null, storageKey: 'test', overrides: { legs: [leg('A')] } });
    const listener = vi.fn();
    slipQuiet.subscribe(listener);
    slip.getState().legToggled(leg('B'));
    expect(slipQuiet.isHeld()).toBe(false);
    vi.advanceTimersByTime(5_000);
    slip.getState().legToggled(leg('C'));
    expect(slipQuiet.isHeld()).toBe(false);
    for (const name of ['D', 'E', 'F']) {
      vi.advanceTimersByTime(300);
      slip.getState().legToggled(leg(name));
      expect(slipQuiet.isHeld()).toBe(true);
    }
    listener.mockClear();
    vi.advanceTimersByTime(699);
    expect(listener).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(slipQuiet.isHeld()).toBe(false);
    expect(slipQuiet.isQuiet()).toBe(true);
  });
});

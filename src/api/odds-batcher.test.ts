import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OddsClient } from './client.ts';
import { createOddsBatcher } from './odds-batcher.ts';
import { onTheBeat } from './queries.ts';
import type { Fixture, FixtureWithOdds } from './types.ts';

type OddsParams = Parameters<OddsClient['getFixtureOdds']>[0];

/** A client whose /fixtures/odds answers every game asked with no odds, and remembers each call. */
function recordingClient(): { client: OddsClient; calls: OddsParams[] } {
  const calls: OddsParams[] = [];
  const getFixtureOdds = async (params: OddsParams): Promise<FixtureWithOdds[]> => {
    calls.push(params);
    return params.fixtureIds.map((id) => ({ fixture: { id } as Fixture, odds: [] }));
  };
  return { client: { getFixtureOdds } as unknown as OddsClient, calls };
}

const moneyline = { markets: ['moneyline'], mainLinesOnly: false };

describe('odds batcher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends loads made a few milliseconds apart (refreshes firing from their own timers) in one call', async () => {
    const { client, calls } = recordingClient();
    const batcher = createOddsBatcher(client);
    const first = batcher.load('game-1', moneyline);
    await vi.advanceTimersByTimeAsync(3);
    const second = batcher.load('game-2', moneyline);
    await vi.advanceTimersByTimeAsync(20);
    await expect(Promise.all([first, second])).resolves.toEqual([
      expect.objectContaining({ fixture: { id: 'game-1' } }),
      expect.objectContaining({ fixture: { id: 'game-2' } }),
    ]);
    expect(calls.map((call) => call.fixtureIds)).toEqual([['game-1', 'game-2']]);
  });

  it('sends what waits at once when flushed, each batch once (its timer then sends nothing more)', async () => {
    const { client, calls } = recordingClient();
    const batcher = createOddsBatcher(client);
    const first = batcher.load('game-1', moneyline);
    const second = batcher.load('game-2', { markets: ['total_points'], mainLinesOnly: false });
    batcher.flush();
    expect(calls.map((call) => call.fixtureIds)).toEqual([['game-1'], ['game-2']]);
    await vi.advanceTimersByTimeAsync(50);
    expect(calls).toHaveLength(2);
    await expect(Promise.all([first, second])).resolves.toHaveLength(2);
  });

  it('keeps different markets apart, and a load after the window in a call of its own', async () => {
    const { client, calls } = recordingClient();
    const batcher = createOddsBatcher(client);
    void batcher.load('game-1', moneyline);
    void batcher.load('game-2', { markets: ['total_points'], mainLinesOnly: false });
    await vi.advanceTimersByTimeAsync(50);
    void batcher.load('game-3', moneyline);
    await vi.advanceTimersByTimeAsync(50);
    expect(calls.map((call) => [call.fixtureIds, call.markets])).toEqual([
      [['game-1'], ['moneyline']],
      [['game-2'], ['total_points']],
      [['game-3'], ['moneyline']],
    ]);
  });
});

describe('refreshing on the beat', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits until the next whole period of the clock, so queries started apart refresh together', () => {
    vi.useFakeTimers({ now: 90_000 + 12_345 });
    const nextIn = onTheBeat(30_000);
    expect(nextIn()).toBe(30_000 - 12_345);
    vi.setSystemTime(90_000 + 29_500);
    // Half a second before a beat: the next beat, not a refresh right after the last one.
    expect(nextIn()).toBe(500 + 30_000);
  });
});

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

describe('odds batcher: games riding along in a call with room', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A ride-along that takes every candidate but `held`, and keeps the answers it was given. */
  function rideAlong(candidates: string[], held: string[] = []) {
    const answers = new Map<string, Promise<FixtureWithOdds | null>>();
    return {
      answers,
      candidates,
      claim: (fixtureId: string, answer: Promise<FixtureWithOdds | null>) => {
        if (held.includes(fixtureId)) return false;
        answers.set(fixtureId, answer);
        return true;
      },
    };
  }

  it('fills the last call up to five games with claimed candidates, nearest first, and hands them their answers', async () => {
    const { client, calls } = recordingClient();
    const batcher = createOddsBatcher(client);
    const next = rideAlong(['game-2', 'game-3', 'game-4', 'game-5', 'game-6', 'game-7'], ['game-4']);
    void batcher.load('game-1', moneyline);
    void batcher.load('game-2', moneyline, next);
    await vi.advanceTimersByTimeAsync(20);
    // game-2 is asked anyway and game-4 is held: game-3, 5 and 6 fill the three places left.
    expect(calls.map((call) => call.fixtureIds)).toEqual([['game-1', 'game-2', 'game-3', 'game-5', 'game-6']]);
    expect([...next.answers.keys()]).toEqual(['game-3', 'game-5', 'game-6']);
    await expect(next.answers.get('game-5')).resolves.toEqual(expect.objectContaining({ fixture: { id: 'game-5' } }));
  });

  it('adds nothing to a full call, and nothing is asked for a ride-along alone', async () => {
    const { client, calls } = recordingClient();
    const batcher = createOddsBatcher(client);
    const next = rideAlong(['game-6', 'game-7']);
    for (const id of ['game-1', 'game-2', 'game-3', 'game-4', 'game-5']) void batcher.load(id, moneyline, next);
    await vi.advanceTimersByTimeAsync(20);
    expect(calls.map((call) => call.fixtureIds)).toEqual([['game-1', 'game-2', 'game-3', 'game-4', 'game-5']]);
    expect(next.answers.size).toBe(0);
  });

  it('fails a ride-along with its call', async () => {
    const failing = { getFixtureOdds: () => Promise.reject(new Error('503')) } as unknown as OddsClient;
    const batcher = createOddsBatcher(failing);
    const next = rideAlong(['game-2']);
    const own = batcher.load('game-1', moneyline, next);
    const ownSettled = expect(own).rejects.toThrow('503');
    await vi.advanceTimersByTimeAsync(20);
    await ownSettled;
    await expect(next.answers.get('game-2')).rejects.toThrow('503');
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

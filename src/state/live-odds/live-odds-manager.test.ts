import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OddsClient } from '../../api/client.ts';
import { isStreamed } from '../../api/live-coverage.ts';
import { oddsKeys } from '../../api/queries.ts';
import { fakeEventSources } from '../../test/api/fake-event-source.ts';
import { createLiveOddsManager } from './live-odds-manager.ts';
import { liveSummaryOf } from './live-status.ts';
import { planStreams } from './stream-plan.ts';

const books = ['DraftKings', 'Fanatics'] as const;

function setUp() {
  const client = {} as OddsClient;
  const queryClient = new QueryClient();
  const sources = fakeEventSources();
  const manager = createLiveOddsManager({ client, queryClient, baseUrl: '', openEventSource: sources.open });
  return { client, queryClient, sources, manager };
}

describe('stream plan', () => {
  it('streams the slip’s games and the games shown, one stream per sport, at the chosen books', () => {
    expect(
      planStreams({
        slipGames: new Map([
          ['NBA-2', 'basketball'],
          ['NHL-1', 'hockey'],
        ]),
        watchedGames: new Map([
          ['NBA-1', 'basketball'],
          ['NBA-2', 'basketball'],
        ]),
        chosenBooks: books,
        everyBook: false,
      }),
    ).toEqual([
      { sport: 'basketball', fixtureIds: ['NBA-1', 'NBA-2'], sportsbooks: ['DraftKings', 'Fanatics'] },
      { sport: 'hockey', fixtureIds: ['NHL-1'], sportsbooks: ['DraftKings', 'Fanatics'] },
    ]);
  });

  it('opens at most two streams, the slip’s sports first; every book when fair value needs them; none without books', () => {
    const plan = planStreams({
      slipGames: new Map([['MLB-1', 'baseball']]),
      watchedGames: new Map([
        ['NBA-1', 'basketball'],
        ['NHL-1', 'hockey'],
      ]),
      chosenBooks: books,
      everyBook: true,
    });
    expect(plan.map((request) => request.sport)).toEqual(['baseball', 'basketball']);
    expect(plan[0]?.sportsbooks).toHaveLength(10);
    expect(
      planStreams({
        slipGames: new Map([['MLB-1', 'baseball']]),
        watchedGames: new Map(),
        chosenBooks: [],
        everyBook: true,
      }),
    ).toEqual([]);
  });
});

describe('live odds manager', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts a game as streamed (no polling) only once its stream is live', () => {
    const { client, sources, manager } = setUp();
    manager.reshape([{ sport: 'basketball', fixtureIds: ['NBA-1'], sportsbooks: [...books] }]);
    expect(isStreamed(client, ['NBA-1'])).toBe(false);
    sources.latest().connect();
    expect(isStreamed(client, ['NBA-1'])).toBe(true);
    expect(isStreamed(client, ['NBA-1'], 'DraftKings')).toBe(true);
    expect(isStreamed(client, ['NBA-1'], 'Unibet')).toBe(false);
    expect(isStreamed(client, ['NBA-1', 'NBA-2'])).toBe(false);
  });

  it('reshaped, keeps the old stream until the new one is live, then closes it', () => {
    const { client, sources, manager } = setUp();
    manager.reshape([{ sport: 'basketball', fixtureIds: ['NBA-1'], sportsbooks: [...books] }]);
    const first = sources.latest();
    first.connect();
    manager.reshape([{ sport: 'basketball', fixtureIds: ['NBA-1', 'NBA-2'], sportsbooks: [...books] }]);
    const second = sources.latest();
    expect(second).not.toBe(first);
    expect(second.param('fixture_id')).toEqual(['NBA-1', 'NBA-2']);
    expect(first.closed).toBe(false);
    expect(isStreamed(client, ['NBA-1'])).toBe(true);
    second.connect();
    expect(first.closed).toBe(true);
    expect(isStreamed(client, ['NBA-1', 'NBA-2'])).toBe(true);
  });

  it('counts a game being added as live while a live stream carries the slip, and polls it until its stream is up', () => {
    const { client, sources, manager } = setUp();
    manager.reshape([{ sport: 'basketball', fixtureIds: ['NBA-1'], sportsbooks: [...books] }]);
    sources.latest().connect();
    // A leg of NBA-2 added: the stream is about to be asked for it.
    manager.joining(['NBA-1', 'NBA-2']);
    expect(liveSummaryOf(client, ['NBA-1', 'NBA-2'])).toBe('live');
    expect(isStreamed(client, ['NBA-2'])).toBe(false);
    manager.reshape([{ sport: 'basketball', fixtureIds: ['NBA-1', 'NBA-2'], sportsbooks: [...books] }]);
    manager.joining([]);
    expect(liveSummaryOf(client, ['NBA-1', 'NBA-2'])).toBe('live');
    expect(isStreamed(client, ['NBA-2'])).toBe(false);
    sources.latest().connect();
    expect(isStreamed(client, ['NBA-2'])).toBe(true);
  });

  it('stops counting a game being added as live when its stream fails, or when no stream is asked for it in 5 s', () => {
    const { client, sources, manager } = setUp();
    manager.reshape([{ sport: 'basketball', fixtureIds: ['NBA-1'], sportsbooks: [...books] }]);
    sources.latest().connect();
    manager.reshape([{ sport: 'basketball', fixtureIds: ['NBA-1', 'NBA-2'], sportsbooks: [...books] }]);
    expect(liveSummaryOf(client, ['NBA-2'])).toBe('live');
    sources.latest().refuse();
    expect(liveSummaryOf(client, ['NBA-2'])).toBe('off');
    expect(liveSummaryOf(client, ['NBA-1'])).toBe('live');

    manager.joining(['NBA-3']);
    expect(liveSummaryOf(client, ['NBA-3'])).toBe('live');
    vi.advanceTimersByTime(5_000);
    expect(liveSummaryOf(client, ['NBA-3'])).toBe('off');
  });

  it('down, polls the games again and asks for their odds at once; back, asks once more to fill the gap', () => {
    const { client, queryClient, sources, manager } = setUp();
    const key = oddsKeys.market('NBA-1', 'moneyline');
    queryClient.setQueryData(key, { fixture: { id: 'NBA-1' }, odds: [] });
    const invalidated = () => queryClient.getQueryState(key)?.isInvalidated;
    manager.reshape([{ sport: 'basketball', fixtureIds: ['NBA-1'], sportsbooks: [...books] }]);
    sources.latest().connect();
    expect(invalidated()).toBe(false);
    sources.latest().refuse();
    expect(isStreamed(client, ['NBA-1'])).toBe(false);
    expect(invalidated()).toBe(true);
    queryClient.setQueryData(key, { fixture: { id: 'NBA-1' }, odds: [] });
    vi.advanceTimersByTime(5_000);
    sources.latest().connect();
    expect(isStreamed(client, ['NBA-1'])).toBe(true);
    expect(invalidated()).toBe(true);
  });

  it('closed, closes every stream and polls everything again', () => {
    const { client, sources, manager } = setUp();
    manager.reshape([
      { sport: 'basketball', fixtureIds: ['NBA-1'], sportsbooks: [...books] },
      { sport: 'hockey', fixtureIds: ['NHL-1'], sportsbooks: [...books] },
    ]);
    for (const source of sources.opened) source.connect();
    manager.close();
    expect(sources.opened.every((source) => source.closed)).toBe(true);
    expect(isStreamed(client, ['NBA-1'])).toBe(false);
  });
});

import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { oddsKeys } from '../queries.ts';
import type { BookOdd, Fixture, FixtureWithOdds } from '../types.ts';
import { applyStreamEvent } from './apply-stream-event.ts';

const fixture = { id: 'GAME-1', status: 'unplayed', isLive: false } as Fixture;

function odd(id: string, extra: Partial<BookOdd> = {}): BookOdd {
  return {
    id,
    fixtureId: 'GAME-1',
    sportsbook: 'DraftKings',
    market: 'Moneyline',
    marketId: 'moneyline',
    name: 'Houston Astros',
    selection: 'Houston Astros',
    selectionLine: null,
    points: null,
    americanPrice: -150,
    decimalPrice: 1 + 100 / 150,
    isMain: true,
    groupingKey: null,
    playerId: null,
    teamId: null,
    timestamp: 100,
    deepLink: null,
    maxStake: null,
    ...extra,
  };
}

function seeded(odds: BookOdd[]) {
  const queryClient = new QueryClient();
  const marketKey = oddsKeys.market('GAME-1', 'moneyline');
  const linesKey = oddsKeys.gameLines('GAME-1', ['moneyline', 'point_spread']);
  queryClient.setQueryData<FixtureWithOdds>(marketKey, { fixture, odds });
  queryClient.setQueryData<FixtureWithOdds>(linesKey, { fixture, odds });
  const read = (key: readonly unknown[]) => queryClient.getQueryData<FixtureWithOdds>(key);
  return { queryClient, market: () => read(marketKey), lines: () => read(linesKey) };
}

describe('applying a stream event to the odds queries', () => {
  it('replaces a streamed odd’s price in every query of its game that holds it', () => {
    const { queryClient, market, lines } = seeded([odd('a'), odd('b', { sportsbook: 'Fanatics' })]);
    applyStreamEvent(queryClient, {
      type: 'odds',
      entryId: '1',
      odds: [odd('a', { americanPrice: 120, decimalPrice: 2.2, timestamp: 200 })],
    });
    expect(market()?.odds.map((each) => each.americanPrice)).toEqual([120, -150]);
    expect(lines()?.odds.map((each) => each.americanPrice)).toEqual([120, -150]);
  });

  it('keeps out a price older than the one held', () => {
    const { queryClient, market } = seeded([odd('a', { timestamp: 300 })]);
    applyStreamEvent(queryClient, {
      type: 'odds',
      entryId: '1',
      odds: [odd('a', { americanPrice: 300, timestamp: 200 })],
    });
    expect(market()?.odds[0]?.americanPrice).toBe(-150);
  });

  it('adds a new line to its market, and a new main line in place of the old one on the game’s lines', () => {
    const { queryClient, market, lines } = seeded([odd('old-main')]);
    applyStreamEvent(queryClient, { type: 'odds', entryId: '1', odds: [odd('new-main', { americanPrice: -140 })] });
    expect(market()?.odds.map((each) => each.id)).toEqual(['old-main', 'new-main']);
    expect(lines()?.odds.map((each) => each.id)).toEqual(['new-main']);
  });

  it('leaves other games and markets alone', () => {
    const { queryClient, market } = seeded([odd('a')]);
    const before = market();
    applyStreamEvent(queryClient, {
      type: 'odds',
      entryId: '1',
      odds: [
        odd('x', { fixtureId: 'GAME-2' }),
        odd('y', { market: 'Total Runs', marketId: 'total_runs', isMain: false }),
      ],
    });
    expect(market()).toBe(before);
  });

  it('marks a locked line, and a later price reopens it', () => {
    const { queryClient, market } = seeded([odd('a')]);
    const lock = {
      id: 'a',
      fixtureId: 'GAME-1',
      sportsbook: 'DraftKings',
      market: 'Moneyline',
      marketId: 'moneyline',
      name: 'Houston Astros',
    } as const;
    applyStreamEvent(queryClient, { type: 'locked-odds', entryId: '1', locks: [lock] });
    expect(market()?.odds[0]?.locked).toBe(true);
    applyStreamEvent(queryClient, { type: 'odds', entryId: '2', odds: [odd('a', { timestamp: 200 })] });
    expect(market()?.odds[0]?.locked).toBeUndefined();
  });

  it('changes the game’s status wherever its odds are held', () => {
    const { queryClient, market, lines } = seeded([odd('a')]);
    applyStreamEvent(queryClient, {
      type: 'fixture-status',
      entryId: '1',
      statuses: [{ fixtureId: 'GAME-1', status: 'cancelled', isLive: false }],
    });
    expect(market()?.fixture.status).toBe('cancelled');
    expect(lines()?.fixture.status).toBe('cancelled');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeEventSources } from '../../test/api/fake-event-source.ts';
import { wireOdd } from '../../test/api/wire-examples.ts';
import { openOddsStream, oddsStreamUrl, type OddsStreamPhase } from './odds-stream.ts';
import type { OddsStreamEvent } from './parse-stream-event.ts';

const request = {
  sport: 'baseball',
  fixtureIds: ['GAME-1', 'GAME-2'],
  sportsbooks: ['DraftKings', 'Hard Rock'] as const,
};

function start() {
  const sources = fakeEventSources();
  const phases: OddsStreamPhase[] = [];
  const events: OddsStreamEvent[] = [];
  const dropped: number[] = [];
  const stream = openOddsStream({
    baseUrl: '',
    request,
    openEventSource: sources.open,
    onEvent: (event) => events.push(event),
    onPhase: (phase) => phases.push(phase),
    onDropped: (count) => dropped.push(count),
  });
  return { stream, sources, phases, events, dropped };
}

describe('odds stream', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks our server for the sport, narrowed to the games and books, with game status changes', () => {
    expect(oddsStreamUrl('http://app.test/', request)).toBe(
      'http://app.test/api/v3/stream/odds/baseball?sportsbook=DraftKings&sportsbook=Hard%20Rock&fixture_id=GAME-1&fixture_id=GAME-2&include_fixture_updates=true',
    );
  });

  it('is connecting until the server says `connected`, then live, and hands on each parsed event', () => {
    const { stream, sources, phases, events } = start();
    expect(stream.phase).toBe('connecting');
    sources.latest().connect();
    sources.latest().send('odds', [{ ...wireOdd('DraftKings', 'GAME-1', { price: 110 }), fixture_id: 'GAME-1' }]);
    expect(phases).toEqual(['live']);
    expect(events).toEqual([
      expect.objectContaining({ type: 'odds', odds: [expect.objectContaining({ americanPrice: 110 })] }),
    ]);
  });

  it('counts unreadable frames and goes on reading the next ones', () => {
    const { stream, sources, events, dropped } = start();
    const source = sources.latest();
    source.connect();
    source.emit('odds', '{"data": [');
    source.emit('locked-odds', 'null');
    source.send('fixture-status', [{ fixture_id: 'GAME-1', status: 'live', is_live: true }]);
    expect(dropped).toEqual([1, 1]);
    expect(stream.dropped).toBe(2);
    expect(events.map((event) => event.type)).toEqual(['fixture-status']);
  });

  it('while the browser resumes a dropped connection it is reconnecting; resumed in time, live again', () => {
    const { sources, phases } = start();
    const source = sources.latest();
    source.connect();
    source.drop();
    vi.advanceTimersByTime(5_000);
    source.connect();
    expect(phases).toEqual(['live', 'reconnecting', 'live']);
    expect(sources.opened).toHaveLength(1);
  });

  it('is down when the resume takes too long, and live once it comes back', () => {
    const { sources, phases } = start();
    const source = sources.latest();
    source.connect();
    source.drop();
    vi.advanceTimersByTime(8_000);
    expect(phases).toEqual(['live', 'reconnecting', 'down']);
    source.connect();
    expect(phases.at(-1)).toBe('live');
  });

  it('refused outright, is down at once and tries a new connection later, backing off', () => {
    const { sources, phases } = start();
    sources.latest().refuse();
    expect(phases).toEqual(['down']);
    vi.advanceTimersByTime(5_000);
    expect(sources.opened).toHaveLength(2);
    sources.latest().refuse();
    vi.advanceTimersByTime(5_000);
    expect(sources.opened).toHaveLength(2);
    vi.advanceTimersByTime(5_000);
    expect(sources.opened).toHaveLength(3);
    sources.latest().connect();
    expect(phases).toEqual(['down', 'live']);
  });

  it('tried again after a refusal, resumes from the last event it saw', () => {
    const { sources } = start();
    const first = sources.latest();
    first.connect();
    first.send('odds', [], '1700000000000-4');
    first.refuse();
    vi.advanceTimersByTime(5_000);
    expect(sources.latest().param('last_event_id')).toEqual(['1700000000000-4']);
  });

  it('closed, it closes its connection, tries no other and reports nothing more', () => {
    const { stream, sources, phases, events } = start();
    const source = sources.latest();
    source.connect();
    stream.close();
    expect(source.closed).toBe(true);
    source.refuse();
    vi.advanceTimersByTime(120_000);
    expect(sources.opened).toHaveLength(1);
    expect(phases).toEqual(['live']);
    expect(events).toEqual([]);
  });
});

/**
 * One reader's stream on a sink the test controls (a write finishes when the test says, as a
 * browser that stops reading would never let it): what our server holds for a stalled reader,
 * what it sends when the reader comes back, and when it cuts it.
 */
import { describe, expect, it } from 'vitest';
import { manualClock } from '../testing/manual-clock.ts';
import { parseClientFilter, type ClientFilter } from './client-request.ts';
import { ClientStream, type FrameSink } from './client-stream.ts';
import type { FeedEvent } from './sport-feed.ts';
import { rowFromRecord, type StreamRow } from './stream-rows.ts';

interface StalledSink extends FrameSink {
  written: string[];
  cuts: number;
  /** Lets the oldest waiting write finish. */
  finishWrite(): Promise<void>;
}

function stalledSink(): StalledSink {
  const waiting: (() => void)[] = [];
  const sink: StalledSink = {
    written: [],
    cuts: 0,
    write(text) {
      sink.written.push(text);
      return new Promise((resolve) => waiting.push(resolve));
    },
    cut() {
      sink.cuts++;
    },
    async finishWrite() {
      waiting.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
  return sink;
}

function filter(): ClientFilter {
  const parsed = parseClientFilter('hockey', new URLSearchParams('sportsbook=BetMGM'), undefined);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed;
}

function oddRow(name: string, price: number, padding = 0): StreamRow {
  const row = rowFromRecord(
    {
      id: `F1:BetMGM:${name}`,
      fixture_id: 'F1',
      sportsbook: 'BetMGM',
      market: 'Moneyline',
      name,
      price,
      note: 'x'.repeat(padding),
    },
    'odds',
  );
  if (row === null) throw new Error('not a row');
  return row;
}

let seq = 0;
function event(rows: StreamRow[]): FeedEvent {
  seq++;
  return { id: `1-${seq}`, seq, type: 'odds', rows };
}

const LIMITS = { heartbeatMs: 15_000, slowClientBytes: 64 * 1024, slowClientMs: 30_000 };

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('a reader that stops reading', () => {
  it('is held only the latest row of each odd, and gets those when it reads again', async () => {
    const sink = stalledSink();
    const reader = new ClientStream(filter(), sink, manualClock(), LIMITS);
    reader.start();
    await settle();
    expect(sink.written).toEqual(['event: connected\ndata: ok go\nretry: 5000\n\n']);
    // Three odds move a thousand times each while the first write waits.
    for (let move = 1; move <= 1_000; move++)
      for (const name of ['Home', 'Away', 'Draw']) reader.offer(event([oddRow(name, 100 + move)]));
    expect(reader.heldBytes).toBeLessThan(1_000);
    await sink.finishWrite();
    expect(sink.written).toHaveLength(2);
    const rows = [...(sink.written[1] ?? '').matchAll(/"name":"(\w+)","price":(\d+)/g)].map(
      (match) => `${match[1]}=${match[2]}`,
    );
    expect(rows).toEqual(['Home=1100', 'Away=1100', 'Draw=1100']);
    // One frame, whose id is the newest event's: resuming from it misses nothing.
    expect(sink.written[1]).toMatch(new RegExp(`^event: odds\\ndata: .*\\nid: 1-${seq}\\nretry: 5000\\n\\n$`));
  });

  it('gets every change in order while it keeps up', async () => {
    const sink = stalledSink();
    const reader = new ClientStream(filter(), sink, manualClock(), LIMITS);
    reader.start();
    await settle();
    reader.offer(event([oddRow('Home', 101)]));
    reader.offer(event([oddRow('Home', 102)]));
    await sink.finishWrite();
    reader.offer(event([oddRow('Home', 103)]));
    await sink.finishWrite();
    const prices = sink.written
      .slice(1)
      .flatMap((text) => [...text.matchAll(/"price":(\d+)/g)].map((match) => match[1]));
    expect(prices).toEqual(['101', '102', '103']);
    // One frame per event.
    expect(sink.written[1]?.match(/^event: odds$/gm)).toHaveLength(2);
  });

  it('is cut once what waits passes STREAM_SLOW_CLIENT_BYTES, while a big burst to a reader that keeps up is written whole', async () => {
    const stalled = stalledSink();
    const reader = new ClientStream(filter(), stalled, manualClock(), LIMITS);
    reader.start();
    await settle();
    for (let index = 0; index < 100 && stalled.cuts === 0; index++)
      reader.offer(event([oddRow(`Line${index}`, 100, 1_000)]));
    expect(stalled.cuts).toBe(1);
    expect(await reader.ended).toBe('slow-bytes');
    // Nothing kept but the write it never took.
    expect(reader.heldBytes).toBeLessThan(100);

    const keepingUp = stalledSink();
    const other = new ClientStream(filter(), keepingUp, manualClock(), LIMITS);
    other.start();
    await settle();
    await keepingUp.finishWrite();
    other.offer(event(Array.from({ length: 100 }, (_, index) => oddRow(`Line${index}`, 100, 1_000))));
    await settle();
    expect(keepingUp.cuts).toBe(0);
    expect(keepingUp.written[1]?.length).toBeGreaterThan(100_000);
  });
});

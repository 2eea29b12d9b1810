/**
 * A reader's and an upstream stream's life on a clock the test moves (server/testing/
 * manual-clock.ts), in front of the fake odds service, each reader on a connection through memory
 * (server/testing/memory-connection.ts) whose buffers fill after a few kilobytes: a reader that stops reading
 * keeps only the latest price per odd and is cut at the byte bound or the time bound; heartbeats;
 * the upstream stream closed a minute (STREAM_IDLE_CLOSE_MS) after its last reader left. And one
 * reader's stream on a sink the test controls (a write finishes when the test says, as a browser
 * that stops reading would never let it): what our server holds for it, and when it cuts it.
 */
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import type { Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readServerConfig } from '../config.ts';
import type { UpstreamTarget } from '../proxy/upstream-call.ts';
import { startFakeStreamUpstream, type FakeRow, type FakeStreamUpstream } from '../testing/fake-stream-upstream.ts';
import { manualClock, type ManualClock } from '../testing/manual-clock.ts';
import { getThroughMemory } from '../testing/memory-connection.ts';
import { MemoryStore } from '../shared-store/memory-store.ts';
import { createUpstreamAgent } from '../proxy/upstream-transport.ts';
import { openOddsStreams, type OddsStreams } from './odds-streams.ts';
import { parseClientFilter, type ClientFilter } from './client-request.ts';
import { ClientStream, type FrameSink } from './client-stream.ts';
import type { FeedEvent } from './sport-feed.ts';
import { SseParser } from './sse-parser.ts';
import { rowFromRecord, type StreamRow } from './stream-rows.ts';

const KEY = 'canary-stream-lifecycle-key-0123456789';
const SPORT = 'hockey';
const FIXTURE = '20261122CCCCCCCC';

let upstream: FakeStreamUpstream;
let streams: OddsStreams | null = null;

beforeEach(async () => {
  upstream = await startFakeStreamUpstream({ apiKey: KEY, pingMs: 60_000 });
});

afterEach(async () => {
  await streams?.close();
  streams = null;
  await upstream.close();
});

function setUp(
  env: Record<string, string>,
  log: (line: string) => void = () => undefined,
): { app: Server; clock: ManualClock; streams: OddsStreams } {
  const config = readServerConfig({
    ODDS_API_KEY: KEY,
    ODDS_API_BASE_URL: upstream.baseUrl,
    // Nothing of the upstream connection's own timing in these tests: only what they move.
    STREAM_UPSTREAM_IDLE_MS: '3600000',
    ...env,
  });
  const target: UpstreamTarget = {
    baseUrl: upstream.baseUrl,
    apiKey: KEY,
    timeoutMs: 5_000,
    agent: createUpstreamAgent(upstream.baseUrl),
  };
  const clock = manualClock();
  streams = openOddsStreams(config, target, {
    store: new MemoryStore({ maxBytes: 1024 * 1024, maxMembersPerWindow: 1_000, now: clock.now }),
    upstreamLimit: { calls: 2_500, windowMs: 15_000 },
    log,
    clock,
  });
  const routes = new Hono().route(
    '/api/v3/stream',
    streams.routes(() => ({})),
  );
  // Never listening: each reader's connection is handed to it through memory.
  return { app: createAdaptorServer({ fetch: routes.fetch }) as Server, clock, streams };
}

interface StreamReader {
  /** Reads whatever arrives within `ms`, as text; between reads it reads nothing (its buffers fill). */
  readFor(ms: number): Promise<{ text: string; done: boolean }>;
  cancel(): Promise<void>;
}

async function openStream(app: Server, path: string): Promise<StreamReader> {
  const { response, close } = await getThroughMemory(app, path);
  expect(response.statusCode).toBe(200);
  response.setEncoding('utf8');
  response.pause();
  let done = false;
  const ended = () => (done = true);
  response.on('end', ended);
  response.on('close', ended);
  response.on('error', ended);
  return {
    async readFor(ms) {
      let text = '';
      const take = (chunk: string) => (text += chunk);
      response.on('data', take);
      response.resume();
      await new Promise((resolve) => setTimeout(resolve, ms));
      response.pause();
      response.off('data', take);
      return { text, done };
    },
    async cancel() {
      close();
    },
  };
}

function row(name: string, price: number, padding = 0): FakeRow {
  return {
    id: `${FIXTURE}:BetMGM:${name}`,
    fixture_id: FIXTURE,
    sportsbook: 'BetMGM',
    market: 'Moneyline',
    market_id: 'moneyline',
    name,
    price,
    is_main: true,
    league_id: 'nhl',
    note: 'x'.repeat(padding),
  };
}

/** `name=price` of every odds row in the text's complete events, in order. */
function pricesIn(text: string): string[] {
  return new SseParser().push(Buffer.from(text)).flatMap((message) => {
    if (message.event !== 'odds') return [];
    const payload = JSON.parse(message.data) as { data?: { name: string; price: number }[] };
    return (payload.data ?? []).map((odd) => `${odd.name}=${odd.price}`);
  });
}

async function waitUntil(condition: () => boolean, what: string, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a reader that stops reading', () => {
  it(
    'keeps only the latest price of each odd, then is cut when what waits passes the byte bound',
    { timeout: 20_000 },
    async () => {
      const { app, streams: opened } = setUp({ STREAM_SLOW_CLIENT_BYTES: '65536', STREAM_SLOW_CLIENT_MS: '600000' });
      const reader = await openStream(app, `/api/v3/stream/odds/${SPORT}?sportsbook=BetMGM`);
      expect((await reader.readFor(100)).text).toContain('event: connected');
      await upstream.waitForOpen(1, SPORT);

      // A second reader that keeps up tells the test when our server has had every change (on a loaded
      // machine the rows may take seconds to cross the upstream socket); the first reads nothing till then.
      const observer = await openStream(app, `/api/v3/stream/odds/${SPORT}?sportsbook=BetMGM`);
      expect((await observer.readFor(100)).text).toContain('event: connected');
      const names = ['Boston Bruins', 'Toronto Maple Leafs', 'Draw'];
      const lastPriceOfEach = (prices: string[]): boolean =>
        names.every((name) => prices.filter((price) => price.startsWith(`${name}=`)).at(-1) === `${name}=1100`);
      // It reads nothing while three odds move a thousand times each (about 750 KB of rows).
      for (let move = 1; move <= 1_000; move++)
        for (const name of names) upstream.emit(SPORT, 'odds', [row(name, 100 + move)]);
      let observedText = '';
      for (let attempt = 0; attempt < 100 && !lastPriceOfEach(pricesIn(observedText)); attempt++)
        observedText += (await observer.readFor(200)).text;
      expect(lastPriceOfEach(pricesIn(observedText))).toBe(true);
      await observer.cancel();
      await waitUntil(() => opened.hub.readers === 1, 'the observer to leave');
      const caughtUp = pricesIn((await reader.readFor(300)).text);
      // Each odd's last price arrives, and far fewer rows than changes were sent.
      for (const name of names)
        expect(caughtUp.filter((price) => price.startsWith(`${name}=`)).at(-1)).toBe(`${name}=1100`);
      // Fewer rows than changes: what the stream's own buffers had taken in order, then only the latest
      // of each odd (client-stream.test.ts counts what our server holds).
      expect(caughtUp.length).toBeLessThan(3_000);
      expect(opened.hub.readers).toBe(1);

      // Then many distinct odds, about 200 KB of rows: past the 64 KB bound it is cut.
      for (let index = 0; index < 200; index++) upstream.emit(SPORT, 'odds', [row(`Line ${index}`, -110, 1_000)]);
      await waitUntil(() => opened.hub.readers === 0, 'the reader to be cut');
      let ended = false;
      for (let attempt = 0; attempt < 20 && !ended; attempt++) ended = (await reader.readFor(100)).done;
      expect(ended).toBe(true);
    },
  );

  it('is cut when one write waits longer than STREAM_SLOW_CLIENT_MS', async () => {
    const { app, clock, streams: opened } = setUp({ STREAM_SLOW_CLIENT_MS: '5000' });
    const reader = await openStream(app, `/api/v3/stream/odds/${SPORT}?sportsbook=BetMGM`);
    await reader.readFor(100);
    await upstream.waitForOpen(1, SPORT);
    // Enough frames (20 KB each), one at a time, that a write is left waiting on the reader.
    for (let move = 0; move < 6; move++) {
      upstream.emit(SPORT, 'odds', [row(`Line ${move}`, 100 + move, 20_000)]);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    clock.advance(4_999);
    expect(opened.hub.readers).toBe(1);
    clock.advance(1);
    await waitUntil(() => opened.hub.readers === 0, 'the reader to be cut');
  });

  it('gets a heartbeat comment every STREAM_HEARTBEAT_MS while nothing else is sent', async () => {
    const { app, clock } = setUp({ STREAM_HEARTBEAT_MS: '15000' });
    const reader = await openStream(app, `/api/v3/stream/odds/${SPORT}?sportsbook=BetMGM`);
    await reader.readFor(50);
    clock.advance(14_999);
    expect((await reader.readFor(50)).text).toBe('');
    clock.advance(1);
    expect((await reader.readFor(50)).text).toBe(': heartbeat\n\n');
    clock.advance(15_000);
    expect((await reader.readFor(50)).text).toBe(': heartbeat\n\n');
  });
});

describe('an upstream stream', () => {
  it('stays open STREAM_IDLE_CLOSE_MS after its last reader leaves, and is closed then', async () => {
    const { app, clock, streams: opened } = setUp({ STREAM_IDLE_CLOSE_MS: '60000' });
    const first = await openStream(app, `/api/v3/stream/odds/${SPORT}?sportsbook=BetMGM`);
    await upstream.waitForOpen(1, SPORT);
    upstream.emit(SPORT, 'odds', [row('Home', 100)]);
    let firstText = '';
    while (pricesIn(firstText).length === 0) firstText += (await first.readFor(20)).text;
    await first.cancel();
    await waitUntil(() => opened.hub.readers === 0, 'the reader to leave');
    clock.advance(59_000);
    // A reader back within the minute finds the stream open: no new upstream request.
    const second = await openStream(app, `/api/v3/stream/odds/${SPORT}?sportsbook=Betway`);
    await second.cancel();
    await waitUntil(() => opened.hub.readers === 0, 'the second reader to leave');
    clock.advance(59_999);
    expect(upstream.openStreams(SPORT)).toBe(1);
    expect(opened.hub.upstreamOpen).toBe(1);
    clock.advance(1);
    await upstream.waitForOpen(0, SPORT);
    expect(opened.hub.upstreamOpen).toBe(0);
    expect(upstream.streamRequests()).toHaveLength(1);
  });

  it('that never sent an event is closed as its last reader leaves', async () => {
    const { app, streams: opened } = setUp({ STREAM_IDLE_CLOSE_MS: '60000' });
    const reader = await openStream(app, `/api/v3/stream/odds/${SPORT}?sportsbook=BetMGM`);
    await upstream.waitForOpen(1, SPORT);
    await reader.cancel();
    // No time passes on the clock: nothing but the reader leaving closes it.
    await upstream.waitForOpen(0, SPORT);
    expect(opened.hub.upstreamOpen).toBe(0);
  });

  it(
    'refused by the service again and again is logged once a minute, with how many were not',
    { timeout: 20_000 },
    async () => {
      const lines: string[] = [];
      const { app, clock } = setUp({}, (line) => lines.push(line));
      upstream.setRefusing(true);
      await openStream(app, `/api/v3/stream/odds/${SPORT}?sportsbook=BetMGM`);
      await openStream(app, `/api/v3/stream/odds/${SPORT}?sportsbook=Betway`);
      await openStream(app, `/api/v3/stream/odds/soccer?sportsbook=BetMGM`);
      const refusals = () => upstream.streamRequests().length;
      // Each upstream stream retries, backing off up to the service's 5 s: 30 s of refusals.
      for (let second = 0; second < 30; second++) {
        clock.advance(1_000);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(refusals()).toBeGreaterThanOrEqual(10);
      expect(lines.filter((line) => line.includes('answered HTTP 503'))).toHaveLength(1);
      // A minute on, the next refusal is said, with the count of those that were not.
      clock.advance(60_000);
      const refusalLines = () => lines.filter((line) => line.includes('answered HTTP 503'));
      for (let look = 0; look < 100 && refusalLines().length < 2; look++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        clock.advance(1_000);
      }
      expect(refusalLines()).toHaveLength(2);
      expect(lines.at(-1)).toMatch(/answered HTTP 503\. \(\d+ more like it not logged\)$/);
    },
  );
});

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

describe('one reader’s stream, on a sink the test stalls', () => {
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

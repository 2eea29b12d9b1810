/**
 * A reader's and an upstream stream's life on a clock the test moves (server/testing/
 * manual-clock.ts), in-process, in front of the fake odds service: a reader that stops reading
 * keeps only the latest price per odd and is cut at the byte bound or the time bound; heartbeats;
 * the upstream stream closed a minute (STREAM_IDLE_CLOSE_MS) after its last reader left.
 */
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readServerConfig } from '../config.ts';
import type { UpstreamTarget } from '../proxy/upstream-call.ts';
import { startFakeStreamUpstream, type FakeRow, type FakeStreamUpstream } from '../testing/fake-stream-upstream.ts';
import { manualClock, type ManualClock } from '../testing/manual-clock.ts';
import { openOddsStreams, type OddsStreams } from './odds-streams.ts';

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

function setUp(env: Record<string, string>): { app: Hono; clock: ManualClock; streams: OddsStreams } {
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
    isSandbox: false,
    timeoutMs: 5_000,
    fetch: (request) => fetch(request),
  };
  const clock = manualClock();
  streams = openOddsStreams(config, target, { log: () => undefined, clock });
  const app = new Hono();
  app.get('/api/v3/stream/odds/:sport', streams.handler);
  return { app, clock, streams };
}

interface InProcessReader {
  /** Reads whatever has arrived within `ms` (the stream's buffers drained), as text. */
  readFor(ms: number): Promise<{ text: string; done: boolean }>;
  cancel(): Promise<void>;
}

async function openInProcess(app: Hono, path: string): Promise<InProcessReader> {
  const response = await app.request(path);
  expect(response.status).toBe(200);
  const reader = response.body?.getReader();
  if (reader === undefined) throw new Error('no body');
  const decoder = new TextDecoder();
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  return {
    async readFor(ms) {
      let text = '';
      const until = Date.now() + ms;
      for (;;) {
        pending ??= reader.read();
        const left = until - Date.now();
        if (left <= 0) return { text, done: false };
        const result = await Promise.race([
          pending,
          new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
        ]);
        if (result === null) return { text, done: false };
        pending = null;
        if (result.done) return { text, done: true };
        text += decoder.decode(result.value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
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

/** `name=price` of every odds row in the text, in order. */
function pricesIn(text: string): string[] {
  return [...text.matchAll(/^data: (.*)$/gm)].flatMap((match) => {
    const payload = JSON.parse(match[1] ?? '{}') as { type?: string; data?: { name: string; price: number }[] };
    return payload.type === 'odds' ? (payload.data ?? []).map((odd) => `${odd.name}=${odd.price}`) : [];
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
  it('keeps only the latest price of each odd, then is cut when what waits passes the byte bound', async () => {
    const { app, streams: opened } = setUp({ STREAM_SLOW_CLIENT_BYTES: '65536', STREAM_SLOW_CLIENT_MS: '600000' });
    const reader = await openInProcess(app, `/api/v3/stream/odds/${SPORT}?sportsbook=BetMGM`);
    expect((await reader.readFor(100)).text).toContain('event: connected');
    await upstream.waitForOpen(1, SPORT);

    // It reads nothing while three odds move a thousand times each (about 750 KB of rows).
    const names = ['Boston Bruins', 'Toronto Maple Leafs', 'Draw'];
    for (let move = 1; move <= 1_000; move++)
      for (const name of names) upstream.emit(SPORT, 'odds', [row(name, 100 + move)]);
    await new Promise((resolve) => setTimeout(resolve, 300));
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
  });

  it('is cut when one write waits longer than STREAM_SLOW_CLIENT_MS', async () => {
    const { app, clock, streams: opened } = setUp({ STREAM_SLOW_CLIENT_MS: '5000' });
    const reader = await openInProcess(app, `/api/v3/stream/odds/${SPORT}?sportsbook=BetMGM`);
    await reader.readFor(100);
    await upstream.waitForOpen(1, SPORT);
    // Enough frames, one at a time, that a write is left waiting on the reader.
    for (let move = 0; move < 6; move++) {
      upstream.emit(SPORT, 'odds', [row(`Line ${move}`, 100 + move)]);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    clock.advance(4_999);
    expect(opened.hub.readers).toBe(1);
    clock.advance(1);
    await waitUntil(() => opened.hub.readers === 0, 'the reader to be cut');
  });

  it('gets a heartbeat comment every STREAM_HEARTBEAT_MS while nothing else is sent', async () => {
    const { app, clock } = setUp({ STREAM_HEARTBEAT_MS: '15000' });
    const reader = await openInProcess(app, `/api/v3/stream/odds/${SPORT}?sportsbook=BetMGM`);
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
    const first = await openInProcess(app, `/api/v3/stream/odds/${SPORT}?sportsbook=BetMGM`);
    await upstream.waitForOpen(1, SPORT);
    await first.cancel();
    await waitUntil(() => opened.hub.readers === 0, 'the reader to leave');
    clock.advance(59_000);
    // A reader back within the minute finds the stream open: no new upstream request.
    const second = await openInProcess(app, `/api/v3/stream/odds/${SPORT}?sportsbook=Betway`);
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
});

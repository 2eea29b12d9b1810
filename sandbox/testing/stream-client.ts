/** The stream tests' helpers: a sandbox on a clock the test moves, and a reader of its Server-Sent Events. */
import type { Hono } from 'hono';
import { createSandbox, type SandboxOptions } from '../app.ts';
import type { StreamHub } from '../stream/stream-hub.ts';
import { SseParser, type SseMessage } from '../../server/streams/sse-parser.ts';
import { TEST_KEY, testClock, type Clock, type OddWire } from './sandbox-client.ts';

export interface StreamSandbox {
  app: Hono;
  streams: StreamHub;
  clock: Clock;
  /** Moves the clock (in steps of at most 10 s, so no reader's window is skipped) and wakes the readers. */
  advance(ms: number): void;
}

export function makeStreamSandbox(overrides: Partial<SandboxOptions> = {}, startMs?: number): StreamSandbox {
  const clock = testClock(startMs);
  const { app, streams } = createSandbox({
    apiKey: TEST_KEY,
    now: clock.now,
    latency: 'zero',
    randomFailures: false,
    catalog: 'small',
    ...overrides,
  });
  return {
    app,
    streams,
    clock,
    advance(ms) {
      clock.advance(ms);
      streams.wakeAll();
    },
  };
}

export type SseFrame = SseMessage;

/** An odds row of a stream payload: a /fixtures/odds odd and its fixture's fields. */
export interface StreamRow extends OddWire {
  fixture_id: string;
  is_live: boolean;
  sportsbook_id: string;
  league_id: string;
}

export interface StreamPayload<Row = Record<string, unknown>> {
  data: Row[];
  entry_id: string;
  type: string;
}

export interface StreamReader {
  status: number;
  headers: Headers;
  /** The JSON body of a refused request. */
  errorBody(): Promise<unknown>;
  /** Frames until one matches (it included); fails after `realMs` of waiting, listing what came. */
  until(matches: (frame: SseFrame) => boolean, realMs?: number): Promise<SseFrame[]>;
  close(): Promise<void>;
}

export async function openStream(
  app: Hono,
  path: string,
  headers: Record<string, string> = { 'X-Api-Key': TEST_KEY },
): Promise<StreamReader> {
  const response = await app.request(path, { headers });
  // A refused request's body is JSON (errorBody); only an accepted one is read as a stream.
  const reader = response.status === 200 ? response.body?.getReader() : undefined;
  const parser = new SseParser();
  const parsed: SseFrame[] = [];

  async function nextFrame(): Promise<SseFrame | null> {
    for (;;) {
      const frame = parsed.shift();
      if (frame !== undefined) return frame;
      const chunk = await reader?.read();
      if (!chunk || chunk.done) return null;
      parsed.push(...parser.push(chunk.value));
    }
  }

  return {
    status: response.status,
    headers: response.headers,
    errorBody: async () => (await response.json()) as unknown,
    async until(matches, realMs = 5_000) {
      const frames: SseFrame[] = [];
      let timer: ReturnType<typeof setTimeout> | undefined;
      const giveUp = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no matching frame in ${realMs} ms; got ${frames.map((f) => f.event).join(', ')}`)),
          realMs,
        );
      });
      try {
        for (;;) {
          const frame = await Promise.race([nextFrame(), giveUp]);
          if (frame === null) throw new Error(`the stream ended; got ${frames.map((f) => f.event).join(', ')}`);
          frames.push(frame);
          if (matches(frame)) return frames;
        }
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await reader?.cancel();
    },
  };
}

export function payloadOf<Row = Record<string, unknown>>(frame: SseFrame): StreamPayload<Row> {
  return JSON.parse(frame.data) as StreamPayload<Row>;
}

const PING_INTERVAL_MS = 5_000;

/**
 * Moves the clock 5 s at a time and reads each reader up to that moment's ping (a second's events
 * come before its ping): everything the streams sent up to the new time, with no real-time waiting.
 * `ms` is rounded up to whole pings; with 0 the clock moves to the next ping only.
 */
export async function advanceAndReadAll(
  sandbox: StreamSandbox,
  readers: readonly StreamReader[],
  ms: number,
): Promise<SseFrame[][]> {
  const frames: SseFrame[][] = readers.map(() => []);
  const targetMs = sandbox.clock.now() + Math.max(ms, 1);
  while (sandbox.clock.now() < targetMs) {
    const nextPingMs = (Math.floor(sandbox.clock.now() / PING_INTERVAL_MS) + 1) * PING_INTERVAL_MS;
    sandbox.advance(nextPingMs - sandbox.clock.now());
    const ping = new Date(nextPingMs).toISOString();
    for (const [index, reader] of readers.entries()) {
      frames[index]?.push(...(await reader.until((frame) => frame.event === 'ping' && frame.data === ping)));
    }
  }
  return frames;
}

export async function advanceAndRead(sandbox: StreamSandbox, reader: StreamReader, ms: number): Promise<SseFrame[]> {
  return (await advanceAndReadAll(sandbox, [reader], ms))[0] ?? [];
}

/** A stream's events (no pings) with ids up to `upToMs`: what it had sent by then. */
export function eventsUpTo(frames: readonly SseFrame[], upToMs: number): SseFrame[] {
  return frames.filter(
    (frame) => frame.id !== undefined && frame.event !== 'ping' && Number(frame.id.split('-')[0]) <= upToMs,
  );
}

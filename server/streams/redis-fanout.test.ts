/**
 * Two instances of our server on one real Redis (started by the test on a free port) in front of
 * the fake odds service: one upstream stream between them, readers on both get every change; the
 * holder killed (SIGKILL, a child process) -> the other takes the lease within 10 s and resumes
 * with `last_entry_id`, its readers missing nothing and getting nothing twice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStreamUpstream, type FakeRow, type FakeStreamUpstream } from '../testing/fake-stream-upstream.ts';
import { startServerFromEnv, type StartedServer } from '../testing/raw-http.ts';
import { startTestRedis, type TestRedis } from '../testing/redis-server.ts';
import { openSse, payloadOf, type SseClient } from '../testing/sse-client.ts';

const KEY = 'canary-stream-redis-key-0123456789';
const SPORT = 'baseball';
const FIXTURE = '20261122DDDDDDDD';

let redis: TestRedis;
let upstream: FakeStreamUpstream;
let prefix = 0;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  redis = await startTestRedis();
}, 60_000);

afterAll(async () => {
  await redis.stop();
});

beforeEach(async () => {
  upstream = await startFakeStreamUpstream({ apiKey: KEY, pingMs: 1_000 });
  prefix++;
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await upstream.close();
});

function instanceEnv(): Record<string, string> {
  return {
    ODDS_API_KEY: KEY,
    ODDS_API_BASE_URL: upstream.baseUrl,
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: `stream${prefix}:`,
    PROXY_RATE_LIMIT: '0',
    // A busy test machine can be slow to answer: only a Redis that is really gone should count as down.
    REDIS_COMMAND_TIMEOUT_MS: '2000',
  };
}

async function inProcessInstance(): Promise<StartedServer> {
  const started = await startServerFromEnv(instanceEnv());
  cleanups.push(() => started.close());
  return started;
}

/** An instance in a process of its own, so the test can kill it as a crash would. */
async function childInstance(): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...instanceEnv(), PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the instance did not start:\n${output}`)), 30_000);
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    child.on('exit', () => reject(new Error(`the instance exited:\n${output}`)));
  });
  return { port, child };
}

async function read(port: number): Promise<SseClient> {
  const reader = await openSse(port, `/api/v3/stream/odds/${SPORT}?sportsbook=BetMGM`);
  cleanups.push(() => reader.close());
  expect(reader.status).toBe(200);
  await waitUntil(() => reader.frames.some((frame) => frame.event === 'connected'), 'connected');
  return reader;
}

function change(price: number): string {
  const row: FakeRow = {
    id: `${FIXTURE}:BetMGM:moneyline:New York Yankees`,
    fixture_id: FIXTURE,
    sportsbook: 'BetMGM',
    market: 'Moneyline',
    market_id: 'moneyline',
    name: 'New York Yankees',
    price,
    is_main: true,
    league_id: 'mlb',
  };
  return upstream.emit(SPORT, 'odds', [row]);
}

function prices(reader: SseClient): number[] {
  return reader.frames
    .filter((frame) => frame.event === 'odds')
    .flatMap((frame) => payloadOf(frame).data.map((row) => Number(row.price)));
}

async function waitUntil(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('two instances on one Redis', () => {
  it('hold one upstream stream between them and both relay it', async () => {
    const [a, b] = [await inProcessInstance(), await inProcessInstance()];
    const readersOfA = [await read(a.port), await read(a.port)];
    await upstream.waitForOpen(1, SPORT);
    const readersOfB = [await read(b.port), await read(b.port)];
    // B's readers are served through Redis: still one stream upstream.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(upstream.streamRequests()).toHaveLength(1);
    for (const price of [-110, -120, -130]) change(price);
    const everyone = [...readersOfA, ...readersOfB];
    await waitUntil(
      () => everyone.every((reader) => prices(reader).length === 3),
      'every change at every reader',
    ).catch((error: unknown) => {
      console.log(everyone.map(prices));
      throw error;
    });
    for (const reader of everyone) expect(prices(reader)).toEqual([-110, -120, -130]);
    expect(upstream.streamRequests()).toHaveLength(1);
  }, 30_000);

  it('each read their own stream while Redis is unreachable, and go back to one when it returns', async () => {
    const [a, b] = [await inProcessInstance(), await inProcessInstance()];
    const [readerOfA, readerOfB] = [await read(a.port), await read(b.port)];
    await upstream.waitForOpen(1, SPORT);
    await redis.kill();
    try {
      // Once Redis has been away longer than a lease (5 s), nobody can be trusted to hold it.
      await upstream.waitForOpen(2, SPORT, 15_000);
      change(-110);
      await waitUntil(() => prices(readerOfA).length === 1 && prices(readerOfB).length === 1, 'the change at both');
    } finally {
      await redis.restart();
    }
    await upstream.waitForOpen(1, SPORT, 15_000);
    change(-120);
    await waitUntil(() => prices(readerOfA).length === 2 && prices(readerOfB).length === 2, 'the next change at both');
    expect(prices(readerOfA)).toEqual([-110, -120]);
    expect(prices(readerOfB)).toEqual([-110, -120]);
  }, 60_000);

  it('lose the holder (killed) -> the other takes the stream within 10 s, resuming with last_entry_id, nothing missed or repeated', async () => {
    const holder = await childInstance();
    const holderReader = await read(holder.port);
    await upstream.waitForOpen(1, SPORT, 15_000);
    const survivor = await inProcessInstance();
    const reader = await read(survivor.port);
    change(-110);
    const lastBeforeKill = change(-120);
    await waitUntil(() => prices(reader).length === 2 && prices(holderReader).length === 2, 'the first changes');

    const killedAt = Date.now();
    holder.child.kill('SIGKILL');
    await upstream.waitForOpen(0, SPORT);
    // Changes while nobody holds the stream: the service keeps them for last_entry_id.
    change(-130);
    change(-140);
    await upstream.waitForOpen(1, SPORT, 10_000);
    const tookOverInMs = Date.now() - killedAt;
    expect(tookOverInMs).toBeLessThan(10_000);
    const requests = upstream.streamRequests();
    expect(requests).toHaveLength(2);
    expect(requests[1]?.lastEntryId).toBe(lastBeforeKill);
    change(-150);
    await waitUntil(() => prices(reader).length >= 5, 'every change after the takeover');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(prices(reader)).toEqual([-110, -120, -130, -140, -150]);
  }, 60_000);
});

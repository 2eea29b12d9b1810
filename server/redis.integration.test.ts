/**
 * Two instances of our server in front of one odds service (the fault upstream, which logs every
 * request it gets) and one real Redis, started by the test on a free port: they share one answer
 * cache, one in-flight call and one per-client limit; with Redis killed mid-test every request is
 * still answered, and they go back to Redis when it returns; with Redis frozen (SIGSTOP) every request
 * is answered within 1.5 s from memory, /health says degraded, and Redis is used again once it runs.
 * An answer entry written into Redis by someone else (a redirect, a cookie, CORS, garbage, no expiry)
 * is never replayed: the question is asked upstream instead, and the entry is reported once.
 */
import { createClient } from '@redis/client';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_CACHE_SIGNING_KEY } from './testing/cache-signing-key.ts';
import { startFaultUpstream, type FaultUpstream } from './testing/fault-upstream.ts';
import { raw, startServerFromEnv, type StartedServer } from './testing/raw-http.ts';
import { startTestRedis, type TestRedis } from './testing/redis-server.ts';

const STORE_BACK = 'is back: cache, coalescing and limits are shared again';

const KEY = 'canary-redis-integration-key';
const ENTRIES = [
  { fixture_id: '20261122AAAAAAAA', market: 'Moneyline', name: 'Boston Celtics' },
  { fixture_id: 'mlb:3D5E0C0B1E12', market: 'Total Runs', name: 'Over 8.5' },
];

let redis: TestRedis;
let upstream: FaultUpstream;
let prefix = 0;

beforeAll(async () => {
  redis = await startTestRedis();
  upstream = await startFaultUpstream({ apiKey: KEY });
}, 60_000);

afterAll(async () => {
  await upstream.close();
  await redis.stop();
});

beforeEach(() => {
  upstream.setRules([]);
  upstream.clearRequests();
  prefix++;
});

interface Instance extends StartedServer {
  log: string[];
}

/** An instance of our server in live mode on Redis (each test its own key prefix, so nothing carries over). */
async function instance(env: Record<string, string> = {}): Promise<Instance> {
  const log: string[] = [];
  const started = await startServerFromEnv(
    {
      ODDS_API_KEY: KEY,
      ODDS_API_BASE_URL: upstream.baseUrl,
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: `t${prefix}:`,
      CACHE_SIGNING_KEY: TEST_CACHE_SIGNING_KEY,
      UPSTREAM_TIMEOUT_MS: '3000',
      PROXY_RATE_LIMIT: '0',
      // A busy test machine can be slow to answer: only a Redis that is really gone should count as down.
      REDIS_COMMAND_TIMEOUT_MS: '2000',
      ...env,
    },
    { log: (line) => log.push(line) },
  );
  const deadline = Date.now() + 5_000;
  while (!log.some((line) => line.includes('is ready')) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  expect(log.join('\n')).toContain('is ready: cache, coalescing and limits are shared by every instance');
  return { ...started, log };
}

const parlay = (port: number, sportsbooks: string[], entries = ENTRIES) =>
  raw(port, 'POST', '/api/v3/parlay/odds', {
    body: JSON.stringify({ sportsbooks, entries }),
    headers: { 'content-type': 'application/json' },
  });

const health = async (port: number) => JSON.parse((await raw(port, 'GET', '/health')).body) as { status: string };

async function waitForLogLine(log: string[], text: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!log.some((line) => line.includes(text)) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
}

const pricingCalls = () => upstream.requests().filter((request) => request.path === '/api/v3/parlay/odds');

describe('two instances on one Redis', () => {
  it('share one answer cache: what one asked, the other answers without asking again, in its own client’s order', async () => {
    const [a, b] = [await instance(), await instance()];
    try {
      const first = await raw(a.port, 'GET', '/api/v3/leagues?sport=basketball');
      const second = await raw(b.port, 'GET', '/api/v3/leagues?sport=basketball');
      expect(second.status).toBe(200);
      expect(second.body).toBe(first.body);
      expect(upstream.requests().map((request) => request.path)).toEqual(['/api/v3/leagues']);

      const inOrder = await parlay(a.port, ['BetMGM', 'DraftKings']);
      const reversed = await parlay(b.port, ['DraftKings', 'BetMGM'], [...ENTRIES].reverse());
      expect(pricingCalls()).toHaveLength(1);
      const booksOf = (text: string) => Object.keys((JSON.parse(text) as { data: Record<string, unknown> }).data);
      expect(booksOf(inOrder.body)).toEqual(['BetMGM', 'DraftKings']);
      expect(booksOf(reversed.body)).toEqual(['DraftKings', 'BetMGM']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('ask the upstream once for the same question arriving at both at the same moment', async () => {
    upstream.setRules([{ fault: 'slow', delayMs: 400, paths: ['/parlay/odds'] }]);
    const [a, b] = [await instance(), await instance()];
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) => parlay(index % 2 === 0 ? a.port : b.port, ['Novig'])),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200));
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
      expect(pricingCalls()).toHaveLength(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('share one per-client limit', async () => {
    const [a, b] = [await instance({ PROXY_RATE_LIMIT: '5' }), await instance({ PROXY_RATE_LIMIT: '5' })];
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 8; index++)
        statuses.push((await raw(index % 2 === 0 ? a.port : b.port, 'GET', '/api/v3/sports')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      // Another client (another loopback address) has its own count on both.
      expect((await raw(b.port, 'GET', '/api/v3/sports', { localAddress: '127.0.0.2' })).status).toBe(200);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('keep answering every request when Redis is killed mid-test, each from its own memory, and go back to Redis when it returns', async () => {
    const [a, b] = [await instance(), await instance()];
    try {
      expect((await raw(a.port, 'GET', '/api/v3/sports')).status).toBe(200);
      await redis.kill();
      const statuses: number[] = [];
      const startedAt = Date.now();
      for (let round = 0; round < 10; round++) {
        const answers = await Promise.all([
          raw(a.port, 'GET', '/api/v3/sports'),
          raw(b.port, 'GET', `/api/v3/leagues?sport=basketball&round=${round}`),
          parlay(round % 2 === 0 ? a.port : b.port, ['BetRivers', 'Unibet']),
        ]);
        statuses.push(...answers.map((answer) => answer.status));
      }
      expect(statuses).toEqual(Array.from({ length: 30 }, () => 200));
      // Nothing waited on the dead server (30 requests, each at most a command timeout once).
      expect(Date.now() - startedAt).toBeLessThan(5_000);
      expect(a.log.join('\n')).toContain('is unreachable');
      expect(b.log.join('\n')).toContain('is unreachable');

      await redis.restart();
      const deadline = Date.now() + 8_000;
      while (
        // The shared store's own line: the odds streams say 'is back' of their connections too.
        !(a.log.some((line) => line.includes(STORE_BACK)) && b.log.some((line) => line.includes(STORE_BACK))) &&
        Date.now() < deadline
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(a.log.join('\n')).toContain(STORE_BACK);
      expect(b.log.join('\n')).toContain(STORE_BACK);
      upstream.clearRequests();
      await raw(a.port, 'GET', '/api/v3/leagues?sport=hockey');
      await raw(b.port, 'GET', '/api/v3/leagues?sport=hockey');
      expect(upstream.requests()).toHaveLength(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 30_000);

  it('answer every request within 1.5 s while Redis is frozen, say degraded on /health, and use Redis again once it runs', async () => {
    // The default deadline: a Redis command that takes longer than 250 ms counts as Redis being down.
    const a = await instance({ REDIS_COMMAND_TIMEOUT_MS: '250' });
    let paused = false;
    try {
      expect(await health(a.port)).toEqual({ status: 'ok', mode: 'live' });
      expect((await raw(a.port, 'GET', '/api/v3/sports')).status).toBe(200);

      redis.pause();
      paused = true;
      const timed = async (ask: () => Promise<{ status: number }>) => {
        const startedAt = Date.now();
        const { status } = await ask();
        return { status, withinDeadline: Date.now() - startedAt <= 1_500 };
      };
      const answers = await Promise.all([
        timed(() => raw(a.port, 'GET', '/api/v3/sports')),
        timed(() => raw(a.port, 'GET', '/api/v3/leagues?sport=basketball')),
        timed(() => raw(a.port, 'GET', '/api/v3/fixtures/active?league=nba')),
        timed(() => parlay(a.port, ['BetRivers', 'Unibet'])),
      ]);
      const later = await timed(() => parlay(a.port, ['Novig']));
      expect([...answers, later]).toEqual(Array.from({ length: 5 }, () => ({ status: 200, withinDeadline: true })));
      expect(await health(a.port)).toEqual({ status: 'degraded', mode: 'live' });
      expect(a.log.filter((line) => line.includes('is unreachable or too slow'))).toHaveLength(1);

      redis.resume();
      paused = false;
      await waitForLogLine(a.log, STORE_BACK, 8_000);
      expect(a.log.join('\n')).toContain(STORE_BACK);
      expect(await health(a.port)).toEqual({ status: 'ok', mode: 'live' });

      // Back on Redis: what this instance asks now, another instance finds there without asking again.
      upstream.clearRequests();
      expect((await raw(a.port, 'GET', '/api/v3/leagues?sport=hockey')).status).toBe(200);
      const b = await instance({ REDIS_COMMAND_TIMEOUT_MS: '250' });
      try {
        expect((await raw(b.port, 'GET', '/api/v3/leagues?sport=hockey')).status).toBe(200);
        expect(upstream.requests().map((request) => request.path)).toEqual(['/api/v3/leagues']);
      } finally {
        await b.close();
      }
    } finally {
      if (paused) redis.resume();
      await a.close();
    }
  }, 30_000);
});

describe('a limit whose value in Redis is malformed', () => {
  it('is kept in memory (never waved through), logged once, and leaves Redis in use for everything else', async () => {
    const a = await instance({ PROXY_RATE_LIMIT: '3' });
    const writer = createClient({ url: redis.url });
    await writer.connect();
    try {
      // Garbage under this client's bucket: a string of the wrong shape, then a value of the wrong type.
      const bucketKey = `t${prefix}:client:bucket:127.0.0.1`;
      await writer.set(bucketKey, 'NaN garbage');
      const statuses: number[] = [];
      for (let index = 0; index < 5; index++) statuses.push((await raw(a.port, 'GET', '/api/v3/sports')).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      await writer.del(bucketKey);
      await writer.hSet(bucketKey, { tokens: 'lots' });
      expect((await raw(a.port, 'GET', '/api/v3/sports')).status).toBe(429);
      expect(a.log.filter((line) => line.includes('malformed value for a limit'))).toHaveLength(1);
      // Redis answered in time: it stays in use (the answer cache went there).
      expect(await health(a.port)).toMatchObject({ status: 'ok' });
      expect(await writer.keys(`t${prefix}:answer:*`)).not.toHaveLength(0);
    } finally {
      await writer.close();
      await a.close();
    }
  });
});

const redisTestClient = () => createClient({ url: redis.url });
type RedisTestClient = ReturnType<typeof redisTestClient>;

describe('an answer entry in Redis that this server did not write', () => {
  const LEAGUES = '/api/v3/leagues?sport=basketball';
  const HOSTILE_BODY = JSON.stringify({ data: [{ id: 'planted', name: 'Planted League' }] });
  const UNUSABLE = 'not in the form this server writes';

  /** The store keys of the one answer cached so far: its record and its body. */
  async function answerKeys(client: RedisTestClient) {
    const keys = await client.keys(`t${prefix}:answer*`);
    const record = keys.find((key) => key.startsWith(`t${prefix}:answer:`));
    expect(record, keys.join(', ')).toBeDefined();
    return { record: record ?? '', bodies: keys.filter((key) => key.startsWith(`t${prefix}:answer-body:`)) };
  }

  /** Replaces the cached answer with a hand-written one, in the form older versions of this server stored (status, headers as JSON, body). */
  async function plant(client: RedisTestClient, status: number, headers: Record<string, string>) {
    const { record } = await answerKeys(client);
    const id = record.slice(`t${prefix}:answer:`.length);
    const tag = createHash('sha256').update(HOSTILE_BODY).digest('base64url').slice(0, 27);
    const value = `${status}\n${JSON.stringify(headers)}\n${HOSTILE_BODY}`;
    await client.set(`t${prefix}:answer-body:${id}:${tag}`, value, { expiration: { type: 'PX', value: 60_000 } });
    await client.set(record, `${Date.now() + 60_000} ${tag} ${value.length}`, {
      expiration: { type: 'PX', value: 60_000 },
    });
  }

  async function withRedisClient(work: (client: RedisTestClient) => Promise<void>) {
    const client = redisTestClient();
    await client.connect();
    try {
      await work(client);
    } finally {
      client.destroy();
    }
  }

  const leaguesCalls = () => upstream.requests().filter((request) => request.path === '/api/v3/leagues');

  it.each([
    [
      'a 200 that sets a cookie and opens CORS',
      200,
      {
        'set-cookie': 'session=planted; Path=/',
        'access-control-allow-origin': 'https://evil.example',
        'access-control-allow-credentials': 'true',
      },
    ],
    ['a redirect', 302, { location: 'https://evil.example/' }],
  ] as const)('is never replayed: %s', async (_name, status, headers) => {
    const a = await instance();
    try {
      expect((await raw(a.port, 'GET', LEAGUES)).status).toBe(200);
    } finally {
      await a.close();
    }
    await withRedisClient((client) => plant(client, status, headers));
    const b = await instance();
    try {
      const answers = await Promise.all(Array.from({ length: 4 }, () => raw(b.port, 'GET', LEAGUES)));
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.headers['set-cookie']).toBeUndefined();
        expect(answer.headers.location).toBeUndefined();
        expect(answer.headers['access-control-allow-origin']).toBeUndefined();
        expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
        expect(answer.body).not.toContain('Planted League');
      }
      // Asked upstream again, and the planted entry reported once, not once per request.
      expect(leaguesCalls()).toHaveLength(2);
      expect(b.log.filter((line) => line.includes(UNUSABLE))).toHaveLength(1);
    } finally {
      await b.close();
    }
  });

  it('is a miss, reported once, when it is garbage', async () => {
    const a = await instance();
    try {
      expect((await raw(a.port, 'GET', LEAGUES)).status).toBe(200);
      await withRedisClient(async (client) => {
        const { record } = await answerKeys(client);
        await client.set(record, '{"status":302,"headers":{"location":"https://evil.example/"}}', {
          expiration: { type: 'PX', value: 60_000 },
        });
      });
      const b = await instance();
      try {
        const answers = await Promise.all(Array.from({ length: 4 }, () => raw(b.port, 'GET', LEAGUES)));
        expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
        expect(leaguesCalls()).toHaveLength(2);
        expect(b.log.filter((line) => line.includes(UNUSABLE))).toHaveLength(1);
      } finally {
        await b.close();
      }
    } finally {
      await a.close();
    }
  });

  it('is ignored when it never expires, even in the form this server writes', async () => {
    const a = await instance();
    try {
      expect((await raw(a.port, 'GET', LEAGUES)).status).toBe(200);
    } finally {
      await a.close();
    }
    await withRedisClient(async (client) => {
      const { record, bodies } = await answerKeys(client);
      for (const key of [record, ...bodies]) expect(await client.persist(key)).toBe(1);
    });
    const b = await instance();
    try {
      expect((await raw(b.port, 'GET', LEAGUES)).status).toBe(200);
      expect(leaguesCalls()).toHaveLength(2);
    } finally {
      await b.close();
    }
  });
});

/**
 * The key's shared upstream budget and the sizes we take, as an attacker meets them: our real
 * server on loopback in live mode, in front of the fault upstream (or a service that answers
 * 200 MB). A cache-busting client (unknown parameters, ever new values) must not leave its
 * neighbours waiting or refused; an answer too large is refused while it streams in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { standInService } from './testing/stand-in-service.ts';
import { createProxy } from './proxy/proxy.ts';
import { clientRateLimit } from './guards/client-rate-limit.ts';
import { MemoryStore } from './shared-store/memory-store.ts';
import { windowIndex } from './shared-store/store.ts';
import { UPSTREAM_WINDOW_MS } from './proxy/upstream-budget.ts';
import { raw, startServerFromEnv } from './testing/raw-http.ts';
import { startFaultUpstream, type FaultUpstream } from './testing/fault-upstream.ts';

const KEY = `canary-${Math.random().toString(36).slice(2)}-budget-key`;
let upstream: FaultUpstream;

beforeAll(async () => {
  upstream = await startFaultUpstream({ apiKey: KEY });
});

afterAll(async () => {
  await upstream.close();
});

const random = () => Math.random().toString(36).slice(2);

describe('the query allow-list', () => {
  function counting() {
    const seen: string[] = [];
    const target = standInService(async (request) => {
      seen.push(request.url);
      return Response.json({ data: [] });
    });
    const store = new MemoryStore({ maxBytes: 1024 * 1024, maxMembersPerWindow: 1000 });
    return { seen, app: new Hono().route('/', createProxy(target, { clientLimit: null, store })) };
  }

  it('drops unknown parameters before the cache key and the call: fifty cache-busting requests are one question', async () => {
    const { seen, app } = counting();
    for (let index = 0; index < 50; index++) {
      const response = await app.request(`/api/v3/leagues?sport=basketball&_=${random()}&${random()}=1&Sport=x`);
      expect(response.status).toBe(200);
    }
    expect(seen).toEqual(['http://odds.example/api/v3/leagues?sport=basketball']);
  });

  it('normalises values the service reads alike: order, slug case, duplicates, lists, flags and numbers', async () => {
    const { seen, app } = counting();
    const spellings = [
      '/api/v3/fixtures/active?league=nba,NFL&page=2&is_live=true',
      '/api/v3/fixtures/active?page=02&league=nfl&league=nba&league=NBA&is_live=TRUE',
      '/api/v3/fixtures/active?is_live=1&league=%20nfl%20,nba&page=2&page=5',
    ];
    for (const path of spellings) expect((await app.request(path)).status).toBe(200);
    expect(seen).toEqual(['http://odds.example/api/v3/fixtures/active?is_live=true&league=nba&league=nfl&page=2']);
    // Opaque ids keep their case: they are different questions.
    await app.request('/api/v3/fixtures/odds?fixture_id=abc&sportsbook=DraftKings');
    await app.request('/api/v3/fixtures/odds?fixture_id=ABC&sportsbook=DraftKings&sportsbook=DraftKings');
    expect(seen.slice(1)).toEqual([
      'http://odds.example/api/v3/fixtures/odds?fixture_id=abc&sportsbook=DraftKings',
      'http://odds.example/api/v3/fixtures/odds?fixture_id=ABC&sportsbook=DraftKings',
    ]);
  });

  it('reads the spellings of a book, and the letter case of a market and an odds format, as one question', async () => {
    const { seen, app } = counting();
    const books = ['DraftKings', 'draftkings', 'DRAFTKINGS', ' DraftKings ', 'Draftkings'];
    const markets = ['Moneyline', 'moneyline', 'MONEYLINE'];
    const formats = ['american', 'AMERICAN', 'American'];
    for (const [index, book] of books.entries()) {
      const query = new URLSearchParams({
        fixture_id: '20261122AAAAAAAA',
        sportsbook: book,
        market: markets[index % 3] ?? '',
        odds_format: formats[(index + 1) % 3] ?? '',
      });
      expect((await app.request(`/api/v3/fixtures/odds?${query}`)).status).toBe(200);
    }
    // The same rule on a route that takes one book: the service's own name for it.
    await app.request('/api/v3/fixtures/active?league=nba&sportsbook=hard_rock');
    await app.request('/api/v3/fixtures/active?league=nba&sportsbook=Hard%20Rock');
    expect(seen).toEqual([
      'http://odds.example/api/v3/fixtures/odds?fixture_id=20261122AAAAAAAA&market=moneyline&odds_format=american&sportsbook=DraftKings',
      'http://odds.example/api/v3/fixtures/active?league=nba&sportsbook=Hard%20Rock',
    ]);
  });
});

describe('the per-client token bucket', () => {
  it('lets a burst through, then refills smoothly: one request per refill period, never a whole window at once', async () => {
    let now = 1_000_000;
    const app = new Hono()
      .use(clientRateLimit({ limit: 60, windowMs: 60_000, burst: 5, now: () => now }).middleware)
      .get('/', (c) => c.text('ok'));
    const statuses = async (count: number) => {
      const seen: number[] = [];
      for (let index = 0; index < count; index++) seen.push((await app.request('/')).status);
      return seen;
    };
    expect(await statuses(6)).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await app.request('/');
    expect(refused.headers.get('retry-after')).toBe('1');
    now += 1_000;
    expect(await statuses(2)).toEqual([200, 429]);
    // A long pause saves up no more than the burst.
    now += 10 * 60_000;
    expect(await statuses(6)).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('a cache-busting client and its neighbours', () => {
  it('cannot make its neighbours wait or be refused: its own share of the budget runs out, theirs does not', async () => {
    const ours = await startServerFromEnv({
      ODDS_API_KEY: KEY,
      ODDS_API_BASE_URL: upstream.baseUrl,
      UPSTREAM_TIMEOUT_MS: '3000',
      TRUST_PROXY: '127.0.0.1',
      // A small budget, so the attack fits in a test; a short wait, so a spent budget shows as a 503.
      UPSTREAM_RATE_LIMIT: '100',
      UPSTREAM_BUDGET_WAIT_MS: '300',
    });
    try {
      upstream.clearRequests();
      // One attacker spread over its /64, every request a new question (random ids, random junk).
      const hex = () => Math.floor(Math.random() * 0xffff).toString(16);
      const attacker = () => `2001:db8:1:2:${hex()}:${hex()}::${hex()}`;
      // The budget's windows are fixed spans of the clock: an attack across a window's end rightly
      // gets the next window's share too.
      const windowOf = (ms: number) => windowIndex(ms, UPSTREAM_WINDOW_MS);
      const attackFrom = windowOf(Date.now());
      const attack = await Promise.all(
        Array.from({ length: 140 }, () =>
          raw(ours.port, 'GET', `/api/v3/fixtures/odds?fixture_id=${random()}&sportsbook=DraftKings&cb=${random()}`, {
            headers: { 'X-Forwarded-For': attacker() },
          }),
        ),
      );
      const attackCalls = upstream.requests().length;
      const windowsSpanned = windowOf(Date.now()) - attackFrom + 1;
      // Its share (a tenth of 100) in each window it ran in and no more reached the service; the
      // rest were told to wait.
      expect(attackCalls).toBeLessThanOrEqual(11 * windowsSpanned);
      expect(attack.filter((answer) => answer.status === 429).length).toBeGreaterThan(100);

      const neighbours = ['198.51.100.1', '198.51.100.2', '203.0.113.7'];
      const questions = [
        '/api/v3/leagues?sport=basketball',
        '/api/v3/sports',
        '/api/v3/fixtures/odds?fixture_id=20261122AAAAAAAA&sportsbook=BetMGM',
      ];
      const answers = await Promise.all(
        neighbours.flatMap((address) =>
          questions.map((path) => raw(ours.port, 'GET', path, { headers: { 'X-Forwarded-For': address } })),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      for (const answer of answers) expect(JSON.parse(answer.body)).toHaveProperty('data');
    } finally {
      await ours.close();
    }
  }, 30_000);
});

describe('an upstream answer over the size bound', () => {
  let huge: Server;
  let hugePort = 0;
  const HUGE_BYTES = 200 * 1024 * 1024;

  beforeAll(async () => {
    const chunk = Buffer.alloc(64 * 1024, 'x');
    huge = createServer((request, response) => {
      // Streamed, with no length announced: only counting what arrives can catch it.
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"data":["');
      let sent = 0;
      const pump = () => {
        while (sent < HUGE_BYTES) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end('"]}');
      };
      request.socket.on('close', () => (sent = HUGE_BYTES + 1));
      pump();
    });
    await new Promise<void>((resolve) => huge.listen(0, '127.0.0.1', resolve));
    hugePort = (huge.address() as AddressInfo).port;
  });

  afterAll(async () => {
    huge.closeAllConnections();
    await new Promise((resolve) => huge.close(resolve));
  });

  it('is refused with a JSON 502 while it streams, without holding it: memory stays bounded', async () => {
    const ours = await startServerFromEnv({
      ODDS_API_KEY: KEY,
      ODDS_API_BASE_URL: `http://127.0.0.1:${hugePort}/api/v3`,
      UPSTREAM_TIMEOUT_MS: '20000',
      PROXY_RATE_LIMIT: '0',
    });
    const held = () => {
      const usage = process.memoryUsage();
      return usage.heapUsed + usage.arrayBuffers;
    };
    const before = held();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, held())), 5);
    try {
      const answer = await raw(ours.port, 'GET', '/api/v3/sports');
      expect(answer.status).toBe(502);
      expect(answer.headers['content-type']).toContain('application/json');
      expect(JSON.parse(answer.body)).toEqual({
        error: "The odds service's answer was larger than 8 MB, which is not taken.",
      });
      // The 200 MB answer would be 200 MB here (and twice that as text); the bound is 8 MB.
      expect(peak - before).toBeLessThan(64 * 1024 * 1024);
    } finally {
      clearInterval(sampler);
      await ours.close();
    }
  }, 30_000);
});

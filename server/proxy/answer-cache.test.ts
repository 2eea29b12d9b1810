/**
 * The answer cache through the proxy, with a counting stand-in for the service: the same question
 * in another order is one entry; different slips, books, prices or forced scenarios never share;
 * stale answers are served while one request refreshes them; errors are never kept.
 */
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { FAIR_PRICING_ENGINE } from '../../src/domain/odds/pricing-engine.ts';
import { TEST_CACHE_SIGNING_KEY } from '../testing/cache-signing-key.ts';
import { standInService, type StandInAnswer } from '../testing/stand-in-service.ts';
import { SANDBOX_FORCING } from '../odds-service.ts';
import { createProxy, type UpstreamTarget } from './proxy.ts';
import type { PassedOnControls } from './upstream-call.ts';
import { MemoryStore } from '../shared-store/memory-store.ts';
import type { SharedStore } from '../shared-store/store.ts';

interface Seen {
  url: string;
  body: string | null;
}

/** A service that echoes each book's legs in the order it was sent them, and counts calls. */
function echoingService(options: { passedOn?: PassedOnControls; status?: () => number } = {}) {
  const seen: Seen[] = [];
  let version = 0;
  const answer: StandInAnswer = async (request) => {
    const body = request.method === 'POST' ? await request.text() : null;
    seen.push({ url: request.url, body });
    version++;
    const status = options.status?.() ?? 200;
    if (body === null) return Response.json({ data: [{ version }] }, { status });
    const parsed = JSON.parse(body) as {
      sportsbooks: string[];
      entries: { fixture_id: string; market: string; name: string }[];
    };
    const data = Object.fromEntries(
      parsed.sportsbooks.map((book) => [
        book,
        {
          error: null,
          missing_entries: null,
          price: 3.5,
          legs: parsed.entries.map((entry) => ({ ...entry, price: 1.9 })),
        },
      ]),
    );
    return Response.json(
      { data, version },
      { status, headers: { 'x-latency-time': '0.120', 'x-ratelimit-remaining': '2400' } },
    );
  };
  return { target: standInService(answer, { passedOn: options.passedOn }), answer, seen };
}

function proxyOver(target: UpstreamTarget, now?: () => number) {
  const store = new MemoryStore({ maxBytes: 1024 * 1024, maxMembersPerWindow: 1000, now });
  return createProxy(target, { clientLimit: null, store });
}

const A = { fixture_id: '20261122AAAAAAAA', market: 'Moneyline', name: 'Boston Celtics' };
const B = { fixture_id: 'mlb:3D5E0C0B1E12', market: 'Total Runs', name: 'Over 8.5' };
const C = { fixture_id: '20261122CCCCCCCC', market: 'Point Spread', name: 'Miami Heat -3.5' };

function post(app: Hono, body: unknown, headers: Record<string, string> = {}) {
  return app.request('/api/v3/parlay/odds', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

type Answer = { data: Record<string, { legs: { name: string }[] }>; version: number };

describe('the cache key', () => {
  it('is the same whatever the order of books, entries or query values, and each client gets its own order back', async () => {
    const { target, seen } = echoingService();
    const app = proxyOver(target);
    const first = (await (await post(app, { sportsbooks: ['BetMGM', 'Novig'], entries: [A, B, C] })).json()) as Answer;
    const second = (await (await post(app, { sportsbooks: ['Novig', 'BetMGM'], entries: [C, A, B] })).json()) as Answer;
    expect(seen).toHaveLength(1);
    // The service was asked the canonical body: books and entries sorted.
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ sportsbooks: ['BetMGM', 'Novig'], entries: [A, C, B] });
    expect(second.version).toBe(first.version);
    expect(Object.keys(first.data)).toEqual(['BetMGM', 'Novig']);
    expect(Object.keys(second.data)).toEqual(['Novig', 'BetMGM']);
    expect(first.data.BetMGM?.legs.map((leg) => leg.name)).toEqual([A.name, B.name, C.name]);
    expect(second.data.BetMGM?.legs.map((leg) => leg.name)).toEqual([C.name, A.name, B.name]);

    await app.request('/api/v3/fixtures/odds?sportsbook=Novig,BetMGM&fixture_id=F2&fixture_id=F1&key=browser');
    await app.request('/api/v3/fixtures/odds?fixture_id=F1,F2&sportsbook=BetMGM&sportsbook=Novig');
    expect(seen.map((request) => request.url).slice(1)).toEqual([
      'http://odds.example/api/v3/fixtures/odds?fixture_id=F1&fixture_id=F2&sportsbook=BetMGM&sportsbook=Novig',
    ]);
  });

  it('is never shared between different slips, books, prices, query values or forced sandbox scenarios', async () => {
    const { target, seen } = echoingService({ passedOn: SANDBOX_FORCING });
    const app = proxyOver(target);
    const bodies = [
      { sportsbooks: ['BetMGM'], entries: [A, B] },
      { sportsbooks: ['BetMGM'], entries: [A, C] },
      { sportsbooks: ['BetMGM'], entries: [A, B, C] },
      { sportsbooks: ['Novig'], entries: [A, B] },
      { sportsbooks: ['BetMGM', 'Novig'], entries: [A, B] },
      { sportsbooks: ['BetMGM'], entries: [A, { ...B, name: 'Under 8.5' }] },
      {
        sportsbooks: [FAIR_PRICING_ENGINE],
        entries: [
          { ...A, price_american: -110 },
          { ...B, price_american: 120 },
        ],
      },
      {
        sportsbooks: [FAIR_PRICING_ENGINE],
        entries: [
          { ...A, price_american: -115 },
          { ...B, price_american: 120 },
        ],
      },
    ];
    for (const body of bodies) await post(app, body);
    await post(app, bodies[0], { 'X-Sandbox-Scenario': 'BetMGM=failed' });
    await post(app, bodies[0], { 'X-Sandbox-Scenario': 'BetMGM=uncombinable' });
    expect(seen).toHaveLength(bodies.length + 2);
    await app.request('/api/v3/leagues?sport=basketball');
    await app.request('/api/v3/leagues?sport=hockey');
    await app.request('/api/v3/leagues?sport=basketball&league=nba');
    expect(seen).toHaveLength(bodies.length + 5);
    // And each repeated is one entry again.
    for (const body of bodies) await post(app, body);
    expect(seen).toHaveLength(bodies.length + 5);
  });
});

describe('two instances on one store', () => {
  it('ask once even when the first finishes just as the second looks at its lock again', async () => {
    const { answer: echo, seen } = echoingService();
    let releaseUpstream = () => {};
    const upstreamHeld = new Promise<void>((resolve) => {
      releaseUpstream = resolve;
    });
    const target = standInService(async (request) =>
      seen.length === 0 ? upstreamHeld.then(() => echo(request)) : echo(request),
    );
    // The second instance reads the lock twice: once to learn who holds it, once in its wait. Before
    // that second read the first instance's call ends, its answer is stored and the lock let go.
    class RacingStore extends MemoryStore {
      lockReads = 0;
      override async get(key: string): Promise<string | null> {
        if (key.startsWith('lock:') && ++this.lockReads === 2) {
          releaseUpstream();
          while ((await super.get(key)) !== null) await new Promise((resolve) => setTimeout(resolve, 1));
        }
        return super.get(key);
      }
    }
    const store = new RacingStore({ maxBytes: 1024 * 1024, maxMembersPerWindow: 1000 });
    const [first, second] = [0, 1].map(() =>
      createProxy(target, { clientLimit: null, store, cacheSigningKey: TEST_CACHE_SIGNING_KEY }),
    );
    const body = { sportsbooks: ['BetMGM'], entries: [A, B] };
    const answers = await Promise.all([
      post(first as Hono, body),
      new Promise((resolve) => setTimeout(resolve, 5)).then(() => post(second as Hono, body)),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(store.lockReads).toBeGreaterThanOrEqual(2);
    expect(seen).toHaveLength(1);
  });
});

describe('freshness', () => {
  it('serves a stale answer at once while one request refreshes it, and drops it after the stale window', async () => {
    let now = 1_000_000;
    const { target, seen } = echoingService();
    const store = new MemoryStore({ maxBytes: 1024 * 1024, maxMembersPerWindow: 1000, now: () => now });
    const app = createProxy(target, { clientLimit: null, store, now: () => now });
    const ask = async () =>
      ((await (await post(app, { sportsbooks: ['BetMGM'], entries: [A, B] })).json()) as Answer).version;
    {
      expect(await ask()).toBe(1);
      now += 4_000; // fresh for 5 s
      expect(await ask()).toBe(1);
      expect(seen).toHaveLength(1);
      now += 2_000; // stale: served as it was, refreshed behind it
      expect(await ask()).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(seen).toHaveLength(2);
      expect(await ask()).toBe(2);
      now += 60_000; // past fresh + stale (5 + 20 s): gone, asked again before answering
      expect(await ask()).toBe(3);
    }
  });

  it('does not serve a parlay answer made before one of its games last changed on a live stream', async () => {
    let now = 1_000_000;
    const changedAt = new Map<string, number>();
    const { target, seen } = echoingService();
    const store = new MemoryStore({ maxBytes: 1024 * 1024, maxMembersPerWindow: 1000, now: () => now });
    const app = new Hono().route(
      '/',
      createProxy(target, {
        clientLimit: null,
        store,
        now: () => now,
        lastStreamedChangeAt: (ids) => Math.max(0, ...ids.map((id) => changedAt.get(id) ?? 0)),
      }),
    );
    const ask = async () =>
      ((await (await post(app, { sportsbooks: ['BetMGM'], entries: [A, B] })).json()) as Answer).version;
    expect(await ask()).toBe(1);
    now += 1_000;
    changedAt.set(C.fixture_id, now); // another game moved: the answer still holds
    expect(await ask()).toBe(1);
    changedAt.set(B.fixture_id, now); // a leg's game moved: asked again, not served fresh or stale
    expect(await ask()).toBe(2);
    now += 1_000;
    expect(await ask()).toBe(2);
    expect(seen).toHaveLength(2);
  });

  it('never keeps an error or a non-2xx answer', async () => {
    let status = 500;
    const { target, seen } = echoingService({ status: () => status });
    const app = proxyOver(target);
    expect((await app.request('/api/v3/sports')).status).toBe(500);
    expect((await app.request('/api/v3/sports')).status).toBe(500);
    status = 200;
    expect((await app.request('/api/v3/sports')).status).toBe(200);
    expect((await app.request('/api/v3/sports')).status).toBe(200);
    expect(seen).toHaveLength(3);
  });

  it('lets CDNs keep catalog answers, and nothing else', async () => {
    const { target } = echoingService();
    const app = proxyOver(target);
    for (const path of [
      '/api/v3/sports',
      '/api/v3/sports/active',
      '/api/v3/leagues?sport=soccer',
      '/api/v3/leagues/active',
    ]) {
      expect((await app.request(path)).headers.get('cache-control'), path).toBe(
        'public, max-age=300, s-maxage=300, stale-while-revalidate=3300',
      );
    }
    expect((await app.request('/api/v3/fixtures/active?league=nba')).headers.get('cache-control')).toBe('no-store');
    expect((await app.request('/api/v3/fixtures/odds?fixture_id=F1')).headers.get('cache-control')).toBe('no-store');
    expect((await post(app, { sportsbooks: ['BetMGM'], entries: [A, B] })).headers.get('cache-control')).toBe(
      'no-store',
    );
  });
});

describe('the upstream budget', () => {
  it('serves cached answers and makes no call once the service says the window is nearly spent, and tells the rest when to come back', async () => {
    const { answer: echo, seen } = echoingService();
    let remaining = 2400;
    const counting = standInService(async (request) => {
      const answer = await echo(request);
      const headers = new Headers(answer.headers);
      headers.set('x-ratelimit-remaining', String(remaining));
      headers.set('x-ratelimit-limit', '2500');
      return new Response(await answer.text(), { status: answer.status, headers });
    });
    const store = new MemoryStore({ maxBytes: 1024 * 1024, maxMembersPerWindow: 1000 });
    const app = createProxy(counting, { clientLimit: null, store, maxBudgetWaitMs: 50 });
    expect((await app.request('/api/v3/leagues?sport=basketball')).status).toBe(200);
    remaining = 3;
    expect((await app.request('/api/v3/leagues?sport=hockey')).status).toBe(200);
    const callsSoFar = seen.length;
    // Cached: still answered. New questions: no call, a 503 with Retry-After (the wait is bounded).
    expect((await app.request('/api/v3/leagues?sport=basketball')).status).toBe(200);
    const refused = await app.request('/api/v3/leagues?sport=soccer');
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /request budget is spent for a few seconds; try again in \d+ s\./,
    );
    expect(seen).toHaveLength(callsSoFar);
  });
});

describe('an answer shared through the store', () => {
  /** A service answering with headers that must never come back from a stored entry. */
  function noisyService() {
    const { answer: echo, seen } = echoingService();
    const noisy = standInService(async (request) => {
      const answer = await echo(request);
      const headers = new Headers(answer.headers);
      headers.set('x-latency-draftkings', '0.310');
      headers.set('x-latency-evil', 'not a number');
      headers.set('set-cookie', 'upstream=1');
      return new Response(await answer.text(), { status: answer.status, headers });
    });
    return { target: noisy, seen };
  }

  it('reaches another instance with its body and timings only', async () => {
    const { target, seen } = noisyService();
    const store = new MemoryStore({ maxBytes: 1024 * 1024, maxMembersPerWindow: 1000 });
    const instance = () => createProxy(target, { clientLimit: null, store, cacheSigningKey: TEST_CACHE_SIGNING_KEY });
    const first = await instance().request('/api/v3/leagues?sport=basketball');
    const second = await instance().request('/api/v3/leagues?sport=basketball');
    expect(seen).toHaveLength(1);
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get('x-latency-draftkings')).toBe('0.310');
    for (const name of ['x-latency-evil', 'x-ratelimit-remaining', 'set-cookie'])
      expect(second.headers.get(name), name).toBeNull();
  });

  it('is not used when its body was replaced in the store, and the question is asked again', async () => {
    const { target, seen } = noisyService();
    const store = new MemoryStore({ maxBytes: 1024 * 1024, maxMembersPerWindow: 1000 });
    const written: string[] = [];
    // Every body the first instance stores is replaced, as someone with write access to the store could.
    const tampering: SharedStore = {
      kind: store.kind,
      get: (key) => store.get(key),
      set: async (key, value, ttlMs) => {
        written.push(key);
        const planted = key.startsWith('answer-body:')
          ? value.replace(/\n[^\n]*$/, '\n<script>alert(1)</script>')
          : value;
        return store.set(key, planted, ttlMs);
      },
      setIfAbsent: (key, value, ttlMs) => store.setIfAbsent(key, value, ttlMs),
      deleteIfEquals: (key, value) => store.deleteIfEquals(key, value),
      countInWindow: (scope, member, windowMs, now) => store.countInWindow(scope, member, windowMs, now),
      takeToken: (scope, member, bucket, now) => store.takeToken(scope, member, bucket, now),
    };
    const log: string[] = [];
    await new Hono()
      .route('/', createProxy(target, { clientLimit: null, store: tampering, cacheSigningKey: TEST_CACHE_SIGNING_KEY }))
      .request('/api/v3/leagues?sport=basketball');
    expect(written.some((key) => key.startsWith('answer-body:'))).toBe(true);
    const other = new Hono().route(
      '/',
      createProxy(target, {
        clientLimit: null,
        store,
        cacheSigningKey: TEST_CACHE_SIGNING_KEY,
        log: (line) => log.push(line),
      }),
    );
    const answer = await other.request('/api/v3/leagues?sport=basketball');
    expect(answer.status).toBe(200);
    expect(await answer.text()).not.toContain('<script>');
    expect(seen).toHaveLength(2);
    expect(log).toHaveLength(1);
  });
});

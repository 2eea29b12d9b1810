import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { standInService } from '../testing/stand-in-service.ts';
import { SANDBOX_FORCING } from '../odds-service.ts';
import { createProxy, type UpstreamTarget } from './proxy.ts';
import type { PassedOnControls } from './upstream-call.ts';
import { createUpstreamAgent } from './upstream-transport.ts';

interface Recorded {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
}

function proxyWith(
  answer: (request: Request) => Promise<Response> | Response,
  overrides: Partial<UpstreamTarget> = {},
) {
  const seen: Recorded[] = [];
  const target = standInService(
    async (request) => {
      seen.push({
        url: request.url,
        method: request.method,
        headers: request.headers,
        body: request.body ? await request.clone().text() : null,
      });
      return answer(request);
    },
    { timeoutMs: 200, ...overrides },
  );
  const app = new Hono().route('/', createProxy(target));
  return { app, seen };
}

const ok = () => Response.json({ data: [] });

describe('the /api/v3 proxy', () => {
  it('forwards an allow-listed GET with our key and the query, minus any key the browser sent', async () => {
    const { app, seen } = proxyWith(ok);
    const response = await app.request('/api/v3/leagues?sport=basketball&key=browser-key&sport=hockey', {
      headers: { 'X-Api-Key': 'browser-key', Authorization: 'Bearer browser', Cookie: 'a=b' },
    });
    expect(response.status).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe('http://odds.example/api/v3/leagues?sport=basketball&sport=hockey');
    expect(seen[0]?.headers.get('x-api-key')).toBe('server-key');
    expect(seen[0]?.headers.get('authorization')).toBeNull();
    expect(seen[0]?.headers.get('cookie')).toBeNull();
  });

  it("forwards /players with its documented filters only, and keeps the answer like the catalog's", async () => {
    const { app, seen } = proxyWith(ok);
    const first = await app.request('/api/v3/players?league=NBA&page=01&team_id=B,A&x=1&include_statsperform_id=1');
    expect(first.status).toBe(200);
    expect(seen[0]?.url).toBe(
      'http://odds.example/api/v3/players?include_statsperform_id=true&league=nba&page=1&team_id=A&team_id=B',
    );
    expect(first.headers.get('cache-control')).toContain('s-maxage=300');
    // The same question in another spelling is answered from the cache.
    const again = await app.request('/api/v3/players?team_id=A,B&league=nba&page=1&include_statsperform_id=true');
    expect(again.status).toBe(200);
    expect(seen).toHaveLength(1);
  });

  it('forwards a valid parlay POST body, without fields the service does not take', async () => {
    const { app, seen } = proxyWith(ok);
    const entries = [
      { fixture_id: '20261122AAAAAAAA', market: 'Moneyline', name: 'Boston Celtics' },
      { fixture_id: '20261122BBBBBBBB', market: 'Total Points', name: 'Over 221.5' },
    ];
    const body = JSON.stringify({
      sportsbooks: ['BetMGM', 'BetMGM (UK)'],
      entries: entries.map((entry) => ({ ...entry, note: 'x' })),
      extra: true,
    });
    await app.request('/api/v3/parlay/odds', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(seen[0]?.method).toBe('POST');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ sportsbooks: ['BetMGM', 'BetMGM (UK)'], entries });
  });

  it('answers 400 with a field-by-field message for a bad parlay body, before calling the upstream', async () => {
    const { app, seen } = proxyWith(ok);
    const post = async (body: string) => {
      const response = await app.request('/api/v3/parlay/odds', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(400);
      return ((await response.json()) as { error: string }).error;
    };
    const entry = { fixture_id: 'F1', market: 'Moneyline', name: 'Team' };
    expect(await post('{')).toBe('The request body is not valid JSON.');
    expect(await post('[]')).toContain('must be a JSON object');
    expect(await post(JSON.stringify({ entries: [entry, entry] }))).toContain('sportsbooks: required');
    expect(await post(JSON.stringify({ sportsbooks: ['Caesars'], entries: [entry, entry] }))).toContain(
      'sportsbooks[0]: unknown sportsbook "Caesars"',
    );
    expect(await post(JSON.stringify({ sportsbooks: ['Novig', 'Novig'], entries: [entry, entry] }))).toContain(
      'listed twice',
    );
    expect(
      await post(JSON.stringify({ sportsbooks: ['Novig'], entries: Array.from({ length: 51 }, () => entry) })),
    ).toContain('2 to 50 entries, got 51');
    const mixed = await post(
      JSON.stringify({ sportsbooks: ['Novig'], entries: [entry, { fixture_id: 7, name: '' }, 'x'] }),
    );
    expect(mixed).toContain('entries[1].fixture_id: must be a string');
    expect(mixed).toContain('entries[1].market: required');
    expect(mixed).toContain('entries[1].name: must not be empty');
    expect(mixed).toContain('entries[2]: must be an object');
    expect(seen).toHaveLength(0);
  });

  it('limits each client and answers 429 with Retry-After past the limit', async () => {
    const seen: string[] = [];
    const target = standInService(
      async (request) => {
        seen.push(request.url);
        return ok();
      },
      { timeoutMs: 200 },
    );
    const app = new Hono().route(
      '/',
      createProxy(target, { clientLimit: { limit: 3, windowMs: 60_000 }, cacheAnswers: false }),
    );
    const statuses = [];
    for (let index = 0; index < 5; index++) statuses.push((await app.request('/api/v3/sports')).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const limited = await app.request('/api/v3/sports');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: string }).error).toMatch(/Too many requests/);
    expect(seen).toHaveLength(3);
  });

  it('answers 404 for paths off the allow-list without calling the upstream', async () => {
    const { app, seen } = proxyWith(ok);
    for (const path of [
      '/api/v3/account',
      '/api/v3/leagues/..%2f..%2fadmin',
      '/api/v3/%2e%2e/secret',
      '/api/v3//evil.example/x',
      '/api/v3/leagues%2F..%2Fadmin',
      '/api/v3/fixtures/odds/',
    ]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: 'Not found' });
    }
    expect(seen).toHaveLength(0);
  });

  it('answers 405 with Allow for a wrong method', async () => {
    const { app, seen } = proxyWith(ok);
    const response = await app.request('/api/v3/parlay/odds', { method: 'PUT' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST');
    expect(seen).toHaveLength(0);
  });

  it('passes upstream errors through with their status and Retry-After, never cookies', async () => {
    const { app } = proxyWith(() =>
      Response.json(
        { error: 'Rate limit exceeded' },
        { status: 429, headers: { 'Retry-After': '7', 'Set-Cookie': 'x=y' } },
      ),
    );
    const response = await app.request('/api/v3/sports');
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.json()).toEqual({ error: 'Rate limit exceeded' });
  });

  it("passes the service's rate-limit figures on with a refusal (how long to wait), never on a shared answer", async () => {
    const reset = String(Date.parse('2026-11-24T17:00:09Z') / 1000);
    const limits = { 'X-RateLimit-Limit': '2500', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': reset };
    const refused = proxyWith(() => Response.json({ error: 'Rate limit exceeded' }, { status: 429, headers: limits }));
    const refusal = await refused.app.request('/api/v3/sports');
    expect(refusal.headers.get('x-ratelimit-reset')).toBe(reset);
    expect(refusal.headers.get('x-ratelimit-remaining')).toBe('0');
    const answered = proxyWith(() =>
      Response.json(
        { data: [] },
        { headers: { ...limits, 'X-RateLimit-Remaining': '2312', 'X-Latency-Time': '0.084' } },
      ),
    );
    const answer = await answered.app.request('/api/v3/sports');
    expect(answer.headers.get('x-ratelimit-remaining')).toBeNull();
    expect(answer.headers.get('x-latency-time')).toBe('0.084');
  });

  it('asks for compressed answers, passes them on decoded, and bounds them by their decoded size', async () => {
    const leagues = { data: Array.from({ length: 200 }, (_, index) => ({ id: `league-${index}` })) };
    const gzipped = (request: Request) =>
      new Response(gzipSync(JSON.stringify(leagues)), {
        headers: {
          'content-type': 'application/json',
          'content-encoding': request.headers.get('accept-encoding')?.includes('gzip') ? 'gzip' : 'identity',
        },
      });
    const taken = proxyWith(gzipped);
    const answer = await taken.app.request('/api/v3/leagues?sport=basketball');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(leagues);
    // Compressed it fits the bound; decoded it does not.
    const bounded = proxyWith(gzipped, { maxAnswerBytes: 2_000 });
    const refused = await bounded.app.request('/api/v3/leagues?sport=basketball');
    expect(refused.status).toBe(502);
    expect((await refused.json()).error).toMatch(/larger than/);
  });

  it('answers 504 with a JSON error when the upstream is slower than the timeout', async () => {
    const { app } = proxyWith(
      (request) =>
        new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason))),
    );
    const response = await app.request('/api/v3/sports');
    expect(response.status).toBe(504);
    expect((await response.json()).error).toMatch(/did not answer within/);
  });

  it('answers 502 when the upstream cannot be reached, without naming the key', async () => {
    // Nothing listens on port 1: the connection is refused.
    const unreachable = 'http://127.0.0.1:1/api/v3';
    const { app } = proxyWith(ok, { baseUrl: unreachable, agent: createUpstreamAgent(unreachable) });
    const response = await app.request('/api/v3/sports');
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(text).toContain('Could not reach the odds service.');
    expect(text).not.toContain('server-key');
  });

  it('never follows or forwards an upstream redirect', async () => {
    const { app, seen } = proxyWith(
      () => new Response(null, { status: 302, headers: { Location: 'https://elsewhere.example/' } }),
    );
    const response = await app.request('/api/v3/sports');
    expect(response.status).toBe(502);
    expect(response.headers.get('location')).toBeNull();
    expect(seen).toHaveLength(1);
  });

  it('rejects bodies over 64 KB with 413 before calling the upstream', async () => {
    const { app, seen } = proxyWith(ok);
    const response = await app.request('/api/v3/parlay/odds', {
      method: 'POST',
      body: 'x'.repeat(65 * 1024),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(seen).toHaveLength(0);
  });

  it("passes the sandbox's forcing controls on only to a target that takes them (the built-in sandbox)", async () => {
    const real = proxyWith(ok);
    await real.app.request('/api/v3/sports?sandbox_scenario=x', {
      headers: { 'X-Sandbox-Scenario': 'DraftKings=failed' },
    });
    expect(real.seen[0]?.headers.get('x-sandbox-scenario')).toBeNull();
    expect(real.seen[0]?.url).not.toContain('sandbox_scenario');
    const sandbox = proxyWith(ok, { passedOn: SANDBOX_FORCING });
    await sandbox.app.request('/api/v3/sports?Sandbox_Scenario=x&x=1', {
      headers: { 'X-Sandbox-Scenario': 'DraftKings=failed', 'X-Other': 'no' },
    });
    expect(sandbox.seen[0]?.headers.get('x-sandbox-scenario')).toBe('DraftKings=failed');
    expect(sandbox.seen[0]?.headers.get('x-other')).toBeNull();
    expect(sandbox.seen[0]?.url).toBe('http://odds.example/api/v3/sports?Sandbox_Scenario=x');
  });

  it('sends a parlay with a forced scenario to the sandbox in the order it came (scenarios name entries by position)', async () => {
    const sandbox = proxyWith(ok, { passedOn: SANDBOX_FORCING });
    const entries = [
      { fixture_id: '20261122BBBBBBBB', market: 'Total Points', name: 'Over 221.5' },
      { fixture_id: '20261122AAAAAAAA', market: 'Moneyline', name: 'Boston Celtics' },
    ];
    const body = JSON.stringify({ sportsbooks: ['Novig', 'BetMGM'], entries });
    await sandbox.app.request('/api/v3/parlay/odds', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'X-Sandbox-Scenario': 'Novig=missing:1' },
    });
    expect(JSON.parse(sandbox.seen[0]?.body ?? '{}')).toEqual({ sportsbooks: ['Novig', 'BetMGM'], entries });
    // Without one, the canonical order (books and entries sorted), so orders never split the cache.
    await sandbox.app.request('/api/v3/parlay/odds', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(JSON.parse(sandbox.seen[1]?.body ?? '{}')).toEqual({
      sportsbooks: ['BetMGM', 'Novig'],
      entries: [entries[1], entries[0]],
    });
  });
});

describe('coalescing identical requests', () => {
  const entries = [
    { fixture_id: '20261122AAAAAAAA', market: 'Moneyline', name: 'Boston Celtics' },
    { fixture_id: '20261122BBBBBBBB', market: 'Total Points', name: 'Over 221.5' },
  ];
  const post = (app: Hono, sportsbooks: string[], headers: Record<string, string> = {}) =>
    app.request('/api/v3/parlay/odds', {
      method: 'POST',
      body: JSON.stringify({ sportsbooks, entries }),
      headers: { 'content-type': 'application/json', ...headers },
    });

  function slowUpstream(passedOn?: PassedOnControls, cacheAnswers = true) {
    let calls = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const target = standInService(
      async (request) => {
        calls++;
        const body = await request.text();
        await gate;
        return Response.json({ echo: JSON.parse(body) });
      },
      { passedOn, timeoutMs: 5000 },
    );
    const app = new Hono().route('/', createProxy(target, { clientLimit: null, cacheAnswers }));
    return { app, calls: () => calls, release };
  }

  it('asks the upstream once for 100 identical requests in flight, and answers all of them', async () => {
    const { app, calls, release } = slowUpstream();
    const pending = Array.from({ length: 100 }, () => post(app, ['DraftKings']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    const responses = await Promise.all(pending);
    expect(calls()).toBe(1);
    expect(responses.every((response) => response.status === 200)).toBe(true);
    const bodies = await Promise.all(responses.map((response) => response.json()));
    expect(bodies[99]).toEqual({ echo: { sportsbooks: ['DraftKings'], entries } });
  });

  it('never shares between different slips, books or sandbox scenarios, and with the cache off keeps nothing afterwards', async () => {
    const { app, calls, release } = slowUpstream(SANDBOX_FORCING, false);
    const pending = [
      post(app, ['DraftKings']),
      post(app, ['BetMGM']),
      post(app, ['DraftKings'], { 'X-Sandbox-Scenario': 'DraftKings=failed' }),
    ];
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await Promise.all(pending);
    expect(calls()).toBe(3);
    await post(app, ['DraftKings']);
    expect(calls()).toBe(4);
  });
});

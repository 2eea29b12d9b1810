/**
 * The proxy as an attacker meets it: our real Node server on loopback in live mode, holding a
 * canary key, in front of a fault upstream (a real HTTP server), with a second "elsewhere" server
 * that nothing may ever reach. Raw HTTP requests, so paths arrive exactly as written.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROXIED_ROUTES } from './proxy/proxy.ts';
import { sharedParlayQueryString } from '../src/domain/odds/shared-parlay-query.ts';
import { raw, startServerFromEnv, type RawAnswer, type StartedServer } from './testing/raw-http.ts';
import { FAULTS, startFaultUpstream, type FaultUpstream } from './testing/fault-upstream.ts';

const CANARY = `canary-${Math.random().toString(36).slice(2)}-odds-key`;
const ENTRY = { fixture_id: '20261122AAAAAAAA', market: 'Moneyline', name: 'Boston Celtics' };
const PARLAY = JSON.stringify({
  sportsbooks: ['DraftKings'],
  entries: [ENTRY, { ...ENTRY, fixture_id: '20261122BBBBBBBB' }],
});
const ALLOWED_UPSTREAM_PATHS = new Set(Object.keys(PROXIED_ROUTES).map((route) => `/api/v3${route}`));

let staticRoot = '';
let upstream: FaultUpstream;
let elsewhere: Server;
let elsewhereHits: string[] = [];
let elsewherePort = 0;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function startOurServer(env: Record<string, string> = {}): Promise<StartedServer> {
  // No answer cache: these tests count what reaches the upstream for each request they send.
  return startServerFromEnv({
    ODDS_API_KEY: CANARY,
    ODDS_API_BASE_URL: upstream.baseUrl,
    UPSTREAM_TIMEOUT_MS: '400',
    STATIC_ROOT: staticRoot,
    PROXY_RATE_LIMIT: '0',
    ANSWER_CACHE: '0',
    ...env,
  });
}

beforeAll(async () => {
  staticRoot = mkdtempSync(join(tmpdir(), 'parlay-security-'));
  mkdirSync(join(staticRoot, 'assets'));
  writeFileSync(
    join(staticRoot, 'index.html'),
    '<!doctype html><title>Parlay Builder</title><div id="root"></div><script type="module" src="/assets/app.js"></script>',
  );
  writeFileSync(join(staticRoot, 'embed.html'), '<!doctype html><title>embed</title><div id="root"></div>');
  upstream = await startFaultUpstream({ apiKey: CANARY });
  elsewhere = createServer((req, res) => {
    elsewhereHits.push(`${req.method} ${req.url}`);
    res.end('elsewhere');
  });
  elsewherePort = await listen(elsewhere);
});

afterAll(async () => {
  await upstream.close();
  await new Promise((resolve) => elsewhere.close(resolve));
  rmSync(staticRoot, { recursive: true, force: true });
});

afterEach(() => {
  upstream.setRules([]);
  upstream.clearRequests();
  elsewhereHits = [];
});

describe('paths: only the allow-list reaches the upstream, and only its host', () => {
  it('encoded, double-encoded and raw traversal, and absolute URLs in the path, get 404 and reach nothing', async () => {
    const ours = await startOurServer();
    const evil = `127.0.0.1:${elsewherePort}`;
    const attempts = [
      '/api/v3/..%2f..%2f__fault',
      '/api/v3/sports/..%2f..%2f__requests',
      '/api/v3/%2e%2e/%2e%2e/__fault',
      '/api/v3/%2E%2E%2F%2E%2E%2F__fault',
      '/api/v3/%252e%252e%252f%252e%252e%252f__fault',
      '/api/v3/sports%252f..%252f..%252f__requests',
      '/api/v3/leagues%2F..%2F..%2F__fault',
      '/api/v3/%2e%2e%5c%2e%2e%5c__fault',
      '/api/v3/..\\..\\__fault',
      '/api/v3/sports/../../__fault',
      '/api/v3/sports/..;/..;/__fault',
      `/api/v3/http://${evil}/`,
      `/api/v3/http:%2f%2f${evil}%2fapi%2fv3%2fsports`,
      `/api/v3/https:/${evil}/sports`,
      `/api/v3//${evil}/sports`,
      `/api/v3/@${evil}/sports`,
      `/api/v3/sports@${evil}`,
      '/api/v3/sports%3fkey=x',
      '/api/v3/sports%00',
      '/api/v3/parlay/odds/',
      '/api/v3/Sports',
      '/api/v2/sports',
      '/api/__fault',
    ];
    for (const path of attempts) {
      const answer = await raw(ours.port, 'GET', path);
      // Dot segments (even as %2e%2e) are resolved before routing, so some of these leave /api
      // altogether and get the app's page; under /api they are a JSON 404.
      if (answer.status === 200) expect(answer.headers['content-type'], path).toMatch(/^text\/html/);
      else expect([400, 404], path).toContain(answer.status);
      if (answer.status === 404) expect(JSON.parse(answer.body), path).toEqual({ error: 'Not found' });
    }
    expect(upstream.requests().map((request) => request.path)).toEqual([]);
    expect(elsewhereHits).toEqual([]);
    await ours.close();
  });

  it('an absolute-form request target or a foreign Host header still goes only to the configured upstream', async () => {
    const ours = await startOurServer();
    const absolute = await raw(ours.port, 'GET', `http://127.0.0.1:${elsewherePort}/api/v3/sports`);
    const foreignHost = await raw(ours.port, 'GET', '/api/v3/sports', {
      headers: { Host: `127.0.0.1:${elsewherePort}`, 'X-Forwarded-Host': 'evil.example' },
    });
    expect(absolute.status).toBe(200);
    expect(foreignHost.status).toBe(200);
    const seen = upstream.requests();
    expect(seen.map((request) => request.path)).toEqual(['/api/v3/sports', '/api/v3/sports']);
    expect(seen.every((request) => request.headers.host === `127.0.0.1:${upstream.port}`)).toBe(true);
    expect(elsewhereHits).toEqual([]);
    await ours.close();
  });

  it('each route passes with its methods; every other method is 405 and never reaches the upstream', async () => {
    // The fault upstream's first parlay is priced cold (370-550 ms measured on a busy machine): past the usual 400 ms.
    const ours = await startOurServer({ UPSTREAM_TIMEOUT_MS: '3000' });
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE'];
    const passed: string[] = [];
    // A query and a body each route accepts, so a passed request is answered, not refused.
    const queries: Record<string, string> = {
      '/fixtures/active': '?league=nba',
      '/players': '?league=nba',
      '/fixtures/odds': '?fixture_id=X&sportsbook=DraftKings',
      '/fixtures/odds/historical': '?fixture_id=X&sportsbook=DraftKings',
      '/fixtures/results': '?fixture_id=X',
      '/markets/active': '?fixture_id=X',
      '/grader/odds': '?fixture_id=X&market=Moneyline&name=X',
      '/injuries': '?league=nba',
    };
    const bodies: Record<string, string> = {
      '/grader/odds': JSON.stringify({ selections: [{ fixture_id: 'X', market: 'Moneyline', name: 'X' }] }),
    };
    // The pricer's GET form names its slip in the URL (another slip than the POST's, so each reaches the
    // upstream) and asks the upstream the POST's question.
    const getFormQuery = `?${sharedParlayQueryString('DraftKings', [
      { ...ENTRY, fixture_id: '20261122CCCCCCCC' },
      { ...ENTRY, fixture_id: '20261122DDDDDDDD' },
    ])}`;
    for (const [route, allowed] of Object.entries(PROXIED_ROUTES)) {
      for (const method of methods) {
        const getForm = route === '/parlay/odds' && method === 'GET';
        const query = getForm ? getFormQuery : (queries[route] ?? '');
        const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
        const answer = await raw(
          ours.port,
          method,
          `/api/v3${route}${query}`,
          hasBody ? { body: bodies[route] ?? PARLAY, headers: { 'content-type': 'application/json' } } : {},
        );
        if ((allowed as readonly string[]).includes(method)) {
          // Passed on (the catalog's newer routes may be unknown to this sandbox: its own 404).
          expect([200, 404], `${method} ${route} ${answer.body}`).toContain(answer.status);
          passed.push(`${getForm ? 'POST' : method} /api/v3${route}`);
        } else {
          expect(answer.status, `${method} ${route}`).toBe(405);
          expect(answer.headers.allow, `${method} ${route}`).toBe(allowed.join(', '));
        }
      }
    }
    expect(upstream.requests().map((request) => `${request.method} ${request.path}`)).toEqual(passed);
    for (const request of upstream.requests()) expect(ALLOWED_UPSTREAM_PATHS.has(request.path)).toBe(true);
    await ours.close();
  });

  it('upstream redirects (301, 302, 303, 307, 308) to another host are answered 502 and never followed', async () => {
    const ours = await startOurServer();
    for (const status of [301, 302, 303, 307, 308]) {
      upstream.setRules([
        {
          fault: 'redirect',
          paths: ['/sports', '/parlay/odds'],
          location: `http://127.0.0.1:${elsewherePort}/steal?status=${status}`,
        },
      ]);
      const get = await raw(ours.port, 'GET', '/api/v3/sports');
      const post = await raw(ours.port, 'POST', '/api/v3/parlay/odds', {
        body: PARLAY,
        headers: { 'content-type': 'application/json' },
      });
      for (const answer of [get, post]) {
        expect(answer.status).toBe(502);
        expect(answer.headers.location).toBeUndefined();
        expect(JSON.parse(answer.body)).toEqual({
          error: 'The odds service answered with a redirect, which is not followed.',
        });
      }
    }
    expect(elsewhereHits).toEqual([]);
    await ours.close();
  });
});

describe('request bodies over the real server', () => {
  it('answers 413 to a body over 64 KB, with Content-Length or streamed without it, before calling the upstream', async () => {
    const ours = await startOurServer();
    const big = `{"sportsbooks":["DraftKings"],"entries":[],"pad":"${'x'.repeat(66 * 1024)}"}`;
    const declared = await raw(ours.port, 'POST', '/api/v3/parlay/odds', {
      body: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toEqual({ error: 'Request body is larger than 64 KB.' });

    const chunks = Array.from({ length: 12 }, () => 'x'.repeat(8 * 1024));
    const streamed = await raw(ours.port, 'POST', '/api/v3/parlay/odds', {
      body: chunks,
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    expect(streamed.status).toBe(413);

    // A body that lies about its length (says small, sends 96 KB chunked) is caught the same way.
    expect(upstream.requests()).toEqual([]);

    // Just under the limit is not refused for its size: a valid parlay padded with whitespace is forwarded.
    const padded = PARLAY.replace('{', `{${' '.repeat(63 * 1024)}`);
    const ok = await raw(ours.port, 'POST', '/api/v3/parlay/odds', {
      body: padded,
      headers: { 'content-type': 'application/json' },
    });
    expect(ok.status).toBe(200);
    expect(upstream.requests()).toHaveLength(1);
    await ours.close();
  });

  it('answers 400 with a clear message to bad parlay bodies, and the upstream never hears of them', async () => {
    const ours = await startOurServer();
    const post = async (body: string) => {
      const answer = await raw(ours.port, 'POST', '/api/v3/parlay/odds', {
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(answer.status, body.slice(0, 80)).toBe(400);
      return (JSON.parse(answer.body) as { error: string }).error;
    };
    expect(
      await post(JSON.stringify({ sportsbooks: ['DraftKings'], entries: Array.from({ length: 51 }, () => ENTRY) })),
    ).toContain('entries: a parlay takes 2 to 50 entries, got 51');
    expect(await post(JSON.stringify({ sportsbooks: ['FanDuel'], entries: [ENTRY, ENTRY] }))).toContain(
      'sportsbooks[0]: unknown sportsbook "FanDuel"',
    );
    expect(await post(JSON.stringify({ entries: [ENTRY, ENTRY] }))).toContain('sportsbooks: required');
    expect(
      await post(
        JSON.stringify({
          sportsbooks: ['DraftKings'],
          entries: [ENTRY, { fixture_id: ENTRY.fixture_id, market: 'Moneyline' }],
        }),
      ),
    ).toContain('entries[1].name: required');
    expect(
      await post(JSON.stringify({ sportsbooks: 'DraftKings', entries: [ENTRY, { ...ENTRY, market: 7 }] })),
    ).toMatch(/sportsbooks: must be an array.*entries\[1\]\.market: must be a string/);
    expect(await post('not json')).toBe('The request body is not valid JSON.');
    expect(upstream.requests()).toEqual([]);
    await ours.close();
  });
});

describe('the key', () => {
  it('a key, credentials or cookies sent by a browser are dropped; the upstream gets our key only, in the header', async () => {
    const ours = await startOurServer();
    const browserHeaders = {
      'X-Api-Key': 'browser-key',
      Authorization: 'Bearer browser-token',
      'Proxy-Authorization': 'Basic browser',
      Cookie: 'session=browser',
      'X-Forwarded-For': '6.6.6.6',
    };
    await raw(ours.port, 'GET', '/api/v3/leagues?sport=basketball&key=browser-key&KEY=browser-key2', {
      headers: browserHeaders,
    });
    await raw(ours.port, 'POST', '/api/v3/parlay/odds?key=browser-key', {
      body: PARLAY,
      headers: { ...browserHeaders, 'content-type': 'application/json' },
    });
    const seen = upstream.requests();
    expect(seen).toHaveLength(2);
    for (const request of seen) {
      expect(request.headers['x-api-key']).toBe(CANARY);
      expect(request.headers.authorization).toBeUndefined();
      expect(request.headers['proxy-authorization']).toBeUndefined();
      expect(request.headers.cookie).toBeUndefined();
      expect(request.headers['x-forwarded-for']).toBeUndefined();
      expect(new URLSearchParams(request.query).getAll('key')).toEqual([]);
      expect(JSON.stringify(request)).not.toContain('browser');
    }
    await ours.close();
  });

  it('never appears in any response or in the server’s own output, whatever the upstream does', async () => {
    // The real entry point in a child process, so its stdout and stderr are exactly what an operator's logs get.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const free = (probe.address() as AddressInfo).port;
        probe.close(() => resolve(free));
      });
    });
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        ODDS_API_KEY: CANARY,
        ODDS_API_BASE_URL: upstream.baseUrl,
        UPSTREAM_TIMEOUT_MS: '300',
        STATIC_ROOT: staticRoot,
        PROXY_RATE_LIMIT: '60',
        // The session's requests before the last loop fit in the burst; that loop goes past it.
        PROXY_RATE_BURST: String(9 + 2 * FAULTS.length),
        ANSWER_CACHE: '0',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    try {
      for (let attempt = 0; attempt < 100 && !output.includes('running at'); attempt++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(output).toContain('running at');

      const answers: RawAnswer[] = [];
      const ask = async (method: string, path: string, body?: string, headers: Record<string, string> = {}) => {
        const answer = await raw(port, method, path, {
          body,
          headers: { 'content-type': 'application/json', ...headers },
        });
        answers.push(answer);
        return answer;
      };
      await ask('GET', '/health');
      await ask('GET', '/');
      await ask('GET', '/api/v3/nowhere');
      await ask('DELETE', '/api/v3/sports');
      await ask('POST', '/api/v3/parlay/odds', '{');
      await ask('POST', '/api/v3/parlay/odds', 'x'.repeat(70 * 1024));
      await ask('GET', `/api/v3/sports?key=${CANARY}`);
      const everyRoute = Object.keys(PROXIED_ROUTES);
      for (const fault of FAULTS) {
        upstream.setRules([
          { fault, paths: everyRoute, delayMs: 1000, location: `http://127.0.0.1:${elsewherePort}/` },
        ]);
        await ask('GET', '/api/v3/sports');
        await ask('POST', '/api/v3/parlay/odds', PARLAY, { 'X-Api-Key': 'browser-key' });
      }
      upstream.setRules([]);
      // Past the per-client limit (PROXY_RATE_LIMIT=60 a minute).
      for (let index = 0; index < 20; index++) await ask('GET', '/api/v3/sports');

      const statuses = new Set(answers.map((answer) => answer.status));
      for (const status of [200, 400, 401, 403, 404, 405, 413, 429, 500, 502, 504])
        expect(statuses, `a ${status} was part of the session`).toContain(status);
      for (const answer of answers) {
        expect(answer.body.includes(CANARY) ? answer.body : '').toBe('');
        expect(JSON.stringify(answer.headers).includes(CANARY) ? JSON.stringify(answer.headers) : '').toBe('');
      }
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
    expect(output).toContain('Proxying odds requests to');
    expect(output.includes(CANARY) ? output : '').toBe('');
  }, 30_000);
});

describe('headers and abuse over the real server', () => {
  it('every kind of answer carries a CSP without inline scripts, nosniff and a referrer policy', async () => {
    const ours = await startOurServer();
    for (const path of ['/', '/some/app/route', '/embed', '/health', '/assets/missing.js']) {
      const answer = await raw(ours.port, 'GET', path);
      const csp = String(answer.headers['content-security-policy'] ?? '');
      const scriptSources = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSources, path).toBe("'self'");
      expect(csp, path).toMatch(/object-src 'none'/);
      expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
      expect(answer.headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    }
    // API answers are data: as a page they may load and run nothing at all.
    for (const path of ['/api/v3/sports', '/api/v3/nowhere', '/api/v3/parlay/odds']) {
      const answer = await raw(ours.port, 'GET', path);
      expect(answer.headers['content-security-policy'], path).toBe("default-src 'none'; sandbox");
      expect(answer.headers['content-type'], path).toBe('application/json; charset=utf-8');
      expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
    }
    await ours.close();
  });

  it('limits each client address, answering 429 with Retry-After; other clients and /health are not affected', async () => {
    const ours = await startOurServer({ PROXY_RATE_LIMIT: '5' });
    const statuses: number[] = [];
    for (let index = 0; index < 5; index++) statuses.push((await raw(ours.port, 'GET', '/api/v3/sports')).status);
    // A made-up forwarding header does not make a new client.
    const limited = await raw(ours.port, 'GET', '/api/v3/sports', {
      headers: { 'X-Forwarded-For': '10.9.8.7', 'X-Real-IP': '10.9.8.7' },
    });
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(JSON.parse(limited.body).error).toMatch(/^Too many requests from this browser; try again in \d+ s\.$/);
    expect((await raw(ours.port, 'GET', '/health')).status).toBe(200);
    // Another address on loopback is another client.
    expect((await raw(ours.port, 'GET', '/api/v3/sports', { localAddress: '127.0.0.2' })).status).toBe(200);
    expect(upstream.requests()).toHaveLength(6);
    await ours.close();
  });
});

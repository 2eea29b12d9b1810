/**
 * A hostile or careless upstream and hostile pages, over our real server in live mode in front of
 * the fault upstream: what the service answers never becomes a page or a script on our origin, our
 * key leaves in no form, and other sites' pages cannot spend our key.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodedKeyForms, startFaultUpstream, type FaultUpstream } from '../testing/fault-upstream.ts';
import { raw, startServerFromEnv, type StartedServer } from '../testing/raw-http.ts';

const CANARY = `canary-${Math.random().toString(36).slice(2)}-Odds-Key`;
const ENTRY = { fixture_id: '20261122AAAAAAAA', market: 'Moneyline', name: 'Boston Celtics' };
const PARLAY = JSON.stringify({
  sportsbooks: ['DraftKings'],
  entries: [ENTRY, { ...ENTRY, fixture_id: 'mlb:3D5E0C0B1E12' }],
});
const PARTNER = 'https://news.example';

let upstream: FaultUpstream;
let ours: StartedServer;

beforeAll(async () => {
  upstream = await startFaultUpstream({ apiKey: CANARY });
  ours = await startServerFromEnv({
    ODDS_API_KEY: CANARY,
    ODDS_API_BASE_URL: upstream.baseUrl,
    UPSTREAM_TIMEOUT_MS: '1000',
    PROXY_RATE_LIMIT: '0',
    ALLOWED_ORIGINS: PARTNER,
    ANSWER_CACHE: '0',
  });
});

afterAll(async () => {
  await ours.close();
  await upstream.close();
});

afterEach(() => {
  upstream.setRules([]);
  upstream.clearRequests();
});

describe('what the upstream answers is only ever JSON to the browser', () => {
  it('an HTML page or a script from the upstream becomes a JSON 502 that may run nothing', async () => {
    upstream.setRules([
      { fault: 'html-page', paths: ['/sports'] },
      { fault: 'script', paths: ['/leagues'] },
      { fault: 'bad-gateway-html', paths: ['/fixtures/active'] },
      { fault: 'empty-200', paths: ['/leagues/active'] },
      { fault: 'malformed-json', paths: ['/sports/active'] },
    ]);
    const expected: Record<string, string> = {
      '/api/v3/sports': 'The odds service answered HTTP 200 with something that is not JSON.',
      '/api/v3/leagues': 'The odds service answered HTTP 200 with something that is not JSON.',
      '/api/v3/fixtures/active?league=nba': 'The odds service answered HTTP 502 with something that is not JSON.',
      '/api/v3/leagues/active': 'The odds service answered HTTP 200 with something that is not JSON.',
      '/api/v3/sports/active': 'The odds service answered HTTP 200 with something that is not JSON.',
    };
    for (const [path, message] of Object.entries(expected)) {
      const answer = await raw(ours.port, 'GET', path, { headers: { Accept: 'text/html' } });
      expect(answer.status, path).toBe(502);
      expect(answer.headers['content-type'], path).toBe('application/json; charset=utf-8');
      expect(answer.headers['content-security-policy'], path).toBe("default-src 'none'; sandbox");
      expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
      expect(JSON.parse(answer.body), path).toEqual({ error: message });
    }
    expect(upstream.requests()).toHaveLength(5);
  });

  it('JSON answers keep their status and body, labelled as JSON whatever the upstream called them', async () => {
    const answer = await raw(ours.port, 'GET', '/api/v3/leagues?sport=basketball');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((JSON.parse(answer.body) as { data: { id: string }[] }).data.map((league) => league.id)).toContain('nba');
  });
});

describe('the key leaves in no form', () => {
  it('every encoded form is cut from the body and header values, and a header named after the key is dropped', async () => {
    upstream.setRules([{ fault: 'echo-key-encoded', paths: ['/sports'] }]);
    const answer = await raw(ours.port, 'GET', '/api/v3/sports');
    expect(answer.status).toBe(200);
    const echoed = (JSON.parse(answer.body) as { echoed: Record<string, string> }).echoed;
    const forms = encodedKeyForms(CANARY);
    expect(Object.keys(echoed)).toEqual(Object.keys(forms));
    for (const [form, text] of Object.entries(echoed)) {
      expect(text, form).toContain('[redacted]');
      // What is left around a base64 cut decodes to nothing holding the key.
      expect(Buffer.from(text.replace('[redacted]', ''), 'base64').toString('latin1'), form).not.toContain(
        CANARY.slice(3, -3),
      );
    }
    const everything = `${answer.body}\n${JSON.stringify(answer.headers)}`.toLowerCase();
    expect(everything).not.toContain(CANARY.toLowerCase());
    expect(Object.keys(answer.headers).filter((name) => name.startsWith('x-latency-'))).toEqual([]);
  });
});

describe('other sites cannot spend our key', () => {
  const post = (headers: Record<string, string>) =>
    raw(ours.port, 'POST', '/api/v3/parlay/odds', { body: PARLAY, headers });

  it('refuses a POST that is not application/json (a cross-site "simple" request) with 415, before any upstream call', async () => {
    for (const contentType of [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const answer = await post({
        'content-type': contentType,
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      });
      expect(answer.status, contentType).toBe(415);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(answer.body)).toEqual({
        error: 'Send the request body as JSON, with Content-Type: application/json.',
      });
    }
    expect((await post({})).status).toBe(415);
    expect(upstream.requests()).toEqual([]);
  });

  it('refuses requests a browser marks cross-site, or from an origin neither ours nor listed, with 403 and no upstream call', async () => {
    const attempts: [string, string, Record<string, string>][] = [
      [
        'POST',
        '/api/v3/parlay/odds',
        { 'content-type': 'application/json', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      ],
      ['POST', '/api/v3/parlay/odds', { 'content-type': 'application/json', origin: 'https://evil.example' }],
      ['POST', '/api/v3/parlay/odds', { 'content-type': 'application/json', origin: 'null' }],
      ['GET', '/api/v3/sports', { 'sec-fetch-site': 'cross-site' }],
      ['GET', '/api/v3/sports', { 'sec-fetch-site': 'same-site', origin: 'https://sub.127.0.0.1.example' }],
      ['GET', '/api/v3/leagues?sport=basketball', { origin: 'https://news.example.evil.example' }],
    ];
    for (const [method, path, headers] of attempts) {
      const answer = await raw(ours.port, method, path, { headers, body: method === 'POST' ? PARLAY : undefined });
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect((JSON.parse(answer.body) as { error: string }).error).toBe(
        'Requests from other sites are not accepted. The site owner can list an origin in ALLOWED_ORIGINS.',
      );
    }
    expect(upstream.requests()).toEqual([]);
  });

  it('lets our own pages, the listed origins and clients that are not browsers through', async () => {
    const host = `127.0.0.1:${ours.port}`;
    const allowed: Record<string, string>[] = [
      { 'content-type': 'application/json', origin: `http://${host}`, 'sec-fetch-site': 'same-origin' },
      // Behind a TLS-terminating proxy: our host, another scheme.
      { 'content-type': 'application/json', origin: `https://${host}` },
      { 'content-type': 'application/json; charset=utf-8', origin: PARTNER, 'sec-fetch-site': 'cross-site' },
      { 'content-type': 'application/json' },
    ];
    for (const headers of allowed) expect((await post(headers)).status, JSON.stringify(headers)).toBe(200);
    expect((await raw(ours.port, 'GET', '/api/v3/sports', { headers: { 'sec-fetch-site': 'none' } })).status).toBe(200);
    expect(upstream.requests()).toHaveLength(allowed.length + 1);
  });
});

describe('sandbox-only parameters never reach a live upstream', () => {
  it('drops them in any letter case', async () => {
    await raw(
      ours.port,
      'GET',
      '/api/v3/leagues?Sandbox_Scenario=x&SANDBOX_FAULT=server&sandbox_latency=zero&sport=basketball',
    );
    const [seen] = upstream.requests();
    expect(seen?.query).toBe('?sport=basketball');
  });
});

import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { createProxy, type UpstreamTarget } from './proxy.ts';

interface Recorded {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
}

function proxyWith(answer: (request: Request) => Promise<Response> | Response, overrides: Partial<UpstreamTarget> = {}) {
  const seen: Recorded[] = [];
  const target: UpstreamTarget = {
    baseUrl: 'https://odds.example/api/v3',
    apiKey: 'server-secret-key',
    isSandbox: false,
    timeoutMs: 200,
    fetch: async (request) => {
      seen.push({ url: request.url, method: request.method, headers: request.headers, body: request.body ? await request.clone().text() : null });
      return answer(request);
    },
    ...overrides,
  };
  const app = new Hono().route('/api', createProxy(target));
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
    expect(seen[0]?.url).toBe('https://odds.example/api/v3/leagues?sport=basketball&sport=hockey');
    expect(seen[0]?.headers.get('x-api-key')).toBe('server-secret-key');
    expect(seen[0]?.headers.get('authorization')).toBeNull();
    expect(seen[0]?.headers.get('cookie')).toBeNull();
  });

  it('forwards the parlay POST body as sent', async () => {
    const { app, seen } = proxyWith(ok);
    const body = JSON.stringify({ sportsbooks: ['BetMGM'], entries: [] });
    await app.request('/api/v3/parlay/odds', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.body).toBe(body);
  });

  it('answers 404 for paths off the allow-list without calling the upstream', async () => {
    const { app, seen } = proxyWith(ok);
    for (const path of ['/api/v3/account', '/api/v3/leagues/..%2f..%2fadmin', '/api/v3/%2e%2e/secret', '/api/v3//evil.example/x', '/api/v3/leagues%2F..%2Fadmin', '/api/v3/fixtures/odds/']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: 'Not found' });
    }
    expect(seen).toHaveLength(0);
  });

  it('answers 405 with Allow for a wrong method', async () => {
    const { app, seen } = proxyWith(ok);
    const response = await app.request('/api/v3/parlay/odds');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(seen).toHaveLength(0);
  });

  it('passes upstream errors through with their status and Retry-After, never cookies', async () => {
    const { app } = proxyWith(() =>
      Response.json({ error: 'Rate limit exceeded' }, { status: 429, headers: { 'Retry-After': '7', 'Set-Cookie': 'x=y' } }),
    );
    const response = await app.request('/api/v3/sports');
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.json()).toEqual({ error: 'Rate limit exceeded' });
  });

  it('answers 504 with a JSON error when the upstream is slower than the timeout', async () => {
    const { app } = proxyWith((request) => new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason))));
    const response = await app.request('/api/v3/sports');
    expect(response.status).toBe(504);
    expect((await response.json()).error).toMatch(/did not answer within/);
  });

  it('answers 502 when the upstream cannot be reached, without naming the key', async () => {
    const { app } = proxyWith(() => { throw new TypeError('fetch failed: server-secret-key'); });
    const response = await app.request('/api/v3/sports');
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(text).toContain('Could not reach the odds service.');
    expect(text).not.toContain('server-secret-key');
  });

  it('never follows or forwards an upstream redirect', async () => {
    const { app, seen } = proxyWith(() => new Response(null, { status: 302, headers: { Location: 'https://elsewhere.example/' } }));
    const response = await app.request('/api/v3/sports');
    expect(response.status).toBe(502);
    expect(response.headers.get('location')).toBeNull();
    expect(seen).toHaveLength(1);
  });

  it('rejects bodies over 64 KB with 413 before calling the upstream', async () => {
    const { app, seen } = proxyWith(ok);
    const response = await app.request('/api/v3/parlay/odds', { method: 'POST', body: 'x'.repeat(65 * 1024), headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(413);
    expect(seen).toHaveLength(0);
  });

  it('forwards sandbox scenario headers only to the sandbox', async () => {
    const real = proxyWith(ok);
    await real.app.request('/api/v3/sports?sandbox_scenario=x', { headers: { 'X-Sandbox-Scenario': 'DraftKings=failed' } });
    expect(real.seen[0]?.headers.get('x-sandbox-scenario')).toBeNull();
    expect(real.seen[0]?.url).not.toContain('sandbox_scenario');
    const sandbox = proxyWith(ok, { isSandbox: true });
    await sandbox.app.request('/api/v3/sports', { headers: { 'X-Sandbox-Scenario': 'DraftKings=failed' } });
    expect(sandbox.seen[0]?.headers.get('x-sandbox-scenario')).toBe('DraftKings=failed');
  });
});

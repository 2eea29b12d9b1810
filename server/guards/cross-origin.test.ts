import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readAllowedOrigins, readServerConfig } from '../config.ts';
import { serverAppsClosedAfterEach } from '../testing/server-apps.ts';

let root = '';
const PARTNER = 'https://news.example';
const openServerApp = serverAppsClosedAfterEach();

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'parlay-widget-'));
  for (const dir of ['app', 'widget', 'demo']) mkdirSync(join(root, dir));
  writeFileSync(join(root, 'app', 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(root, 'app', 'embed.html'), '<!doctype html><title>embed</title><div id="root"></div>');
  writeFileSync(
    join(root, 'widget', 'parlay-builder.js'),
    'customElements.define("parlay-builder", class extends HTMLElement {})',
  );
  writeFileSync(join(root, 'demo', 'index.html'), '<!doctype html><title>demo</title>');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function server(env: Record<string, string> = {}) {
  const config = readServerConfig({
    SANDBOX_LATENCY: 'zero',
    SANDBOX_FAILURES: '0',
    STATIC_ROOT: join(root, 'app'),
    WIDGET_ROOT: join(root, 'widget'),
    ...env,
  });
  return (await openServerApp({ ...config, demoRoot: config.demoRoot === null ? null : join(root, 'demo') })).app;
}

const preflight = (origin: string, method = 'POST') => ({
  method: 'OPTIONS',
  headers: {
    Origin: origin,
    'Access-Control-Request-Method': method,
    'Access-Control-Request-Headers': 'content-type',
  },
});

describe('cross-origin widget calls to /api/v3', () => {
  it('answers a listed origin’s preflight, without credentials', async () => {
    const response = await (
      await server({ ALLOWED_ORIGINS: `${PARTNER}, https://blog.example` })
    ).request('/api/v3/parlay/odds', preflight(PARTNER));
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST');
    expect(response.headers.get('access-control-allow-headers')).toContain('content-type');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('vary')).toContain('Origin');
  });

  it('refuses the preflight of an origin not on the list, and of any origin when the list is empty', async () => {
    const listed = await (
      await server({ ALLOWED_ORIGINS: PARTNER })
    ).request('/api/v3/parlay/odds', preflight('https://copycat.example'));
    expect(listed.status).toBe(403);
    expect(listed.headers.get('access-control-allow-origin')).toBeNull();
    const empty = await (await server()).request('/api/v3/sports', preflight(PARTNER, 'GET'));
    expect(empty.status).toBe(403);
  });

  it('lets a listed origin read answers, and gives other origins nothing to read them with', async () => {
    const app = await server({ ALLOWED_ORIGINS: PARTNER });
    const allowed = await app.request('/api/v3/fixtures/active?league=nba', { headers: { Origin: PARTNER } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(allowed.headers.get('access-control-allow-credentials')).toBeNull();
    // The widget on that page reads how long a book took to quote, and how long to wait after a refusal.
    expect(allowed.headers.get('access-control-expose-headers')).toMatch(/X-Latency-Time/);
    expect(allowed.headers.get('access-control-expose-headers')).toMatch(/X-RateLimit-Reset/);
    const other = await app.request('/api/v3/fixtures/active?league=nba', {
      headers: { Origin: 'https://copycat.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('vary')).toContain('Origin');
  });

  it('adds no CORS headers to our own pages’ calls', async () => {
    const response = await (await server({ ALLOWED_ORIGINS: PARTNER })).request('/api/v3/fixtures/active?league=nba');
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('gives a catalog answer a CDN keeps for everyone the same headers whoever asked, so it is right for everyone', async () => {
    const app = await server({ ALLOWED_ORIGINS: `${PARTNER}, https://blog.example` });
    const askers: Record<string, string>[] = [{}, { Origin: PARTNER }, { Origin: 'https://blog.example' }];
    const headersSeen = [];
    for (const headers of askers) {
      const answer = await app.request('/api/v3/leagues?sport=basketball', { headers });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toContain('s-maxage=');
      const all = Object.fromEntries(answer.headers);
      delete all.date;
      headersSeen.push(all);
    }
    expect(headersSeen[1]).toEqual(headersSeen[0]);
    expect(headersSeen[2]).toEqual(headersSeen[0]);
    // Readable by each listed origin's page from that one copy, and nothing says it differs by origin.
    expect(headersSeen[0]?.['access-control-allow-origin']).toBe('*');
    expect(headersSeen[0]?.vary).not.toContain('Origin');
  });
});

describe('/embed framing', () => {
  it('lets only our pages and the listed origins frame /embed, with no X-Frame-Options', async () => {
    const response = await (
      await server({ ALLOWED_ORIGINS: `${PARTNER} https://blog.example` })
    ).request('/embed?mode=grid');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>embed</title>');
    expect(response.headers.get('content-security-policy')).toContain(
      "frame-ancestors 'self' https://news.example https://blog.example",
    );
    expect(response.headers.get('x-frame-options')).toBeNull();
  });

  it('keeps every other page unframeable', async () => {
    const app = await server({ ALLOWED_ORIGINS: PARTNER });
    for (const path of ['/', '/some/app/route', '/embed.html', '/demo/']) {
      const response = await app.request(path);
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    }
  });
});

describe('the widget script and the demo page', () => {
  it('serves the widget script to any page: cross-origin resource policy, CORS for module loads, short cache', async () => {
    const response = await (await server()).request('/widget/parlay-builder.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect((await (await server()).request('/widget/missing.js')).status).toBe(404);
  });

  it('serves the demo only when SERVE_DEMO=1', async () => {
    expect(await (await (await server({ SERVE_DEMO: '1' })).request('/demo/')).text()).toContain('<title>demo</title>');
    expect(await (await (await server()).request('/demo/')).text()).not.toContain('<title>demo</title>');
    expect(await (await (await server({ SERVE_DEMO: '0' })).request('/demo/')).text()).not.toContain(
      '<title>demo</title>',
    );
  });
});

describe('readAllowedOrigins', () => {
  it('reads origins separated by commas or spaces', () => {
    expect(readAllowedOrigins(undefined)).toEqual([]);
    expect(readAllowedOrigins(' https://news.example, http://localhost:8080  https://news.example ')).toEqual([
      'https://news.example',
      'http://localhost:8080',
    ]);
  });

  it('rejects anything but scheme, host ([a-z0-9.-]) and port, with a clear message', () => {
    const refused = [
      'news.example',
      '*',
      'ftp://news.example',
      'https://news.example/',
      'https://news.example/articles',
      'https://*.example',
      'https://a.example;script-src',
      "https://a.example 'unsafe-inline'",
      'https://user@news.example',
      'https://news.example:99999',
      'https://news_example.com',
      'https://[::1]:8080',
      'https://news.example?x=1',
    ];
    for (const value of refused) {
      expect(() => readAllowedOrigins(value), value).toThrow(
        'ALLOWED_ORIGINS must list bare origins, scheme://host[:port]',
      );
    }
    expect(readAllowedOrigins('HTTPS://News.Example:8443')).toEqual(['https://news.example:8443']);
  });
});

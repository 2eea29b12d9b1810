import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from '../scripts/precompress.mjs';
import { readServerConfig } from './config.ts';
import { serverAppsClosedAfterEach } from './testing/server-apps.ts';

let staticRoot = '';
const openServerApp = serverAppsClosedAfterEach();
/** An asset big enough to be worth compressing, compressed ahead as the build does. */
const largeAsset = Array.from({ length: 400 }, (_, index) => `export const price${index} = ${index * 7};`).join('\n');

beforeAll(async () => {
  staticRoot = mkdtempSync(join(tmpdir(), 'parlay-static-'));
  mkdirSync(join(staticRoot, 'assets'));
  writeFileSync(join(staticRoot, 'index.html'), '<!doctype html><title>Parlay Builder</title><div id="root"></div>');
  writeFileSync(join(staticRoot, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  writeFileSync(join(staticRoot, 'assets', 'prices-4d5e6f.js'), largeAsset);
  await precompress([staticRoot]);
});
afterAll(() => rmSync(staticRoot, { recursive: true, force: true }));

function sandboxServer() {
  return openServerApp(readServerConfig({ STATIC_ROOT: staticRoot, SANDBOX_LATENCY: 'zero', SANDBOX_FAILURES: '0' }));
}

describe('the server', () => {
  it('says on /health that it answers from the sandbox when no key is set', async () => {
    const { app, mode } = await sandboxServer();
    expect(mode).toBe('sandbox');
    const response = await app.request('/health');
    expect(await response.json()).toEqual({ status: 'ok', mode: 'sandbox' });
  });

  it('tells a page on any origin that it is up, opaquely, and nothing more (how a page tells its CORS or CSP setup from a lost connection)', async () => {
    const { app } = await openServerApp(
      readServerConfig({
        STATIC_ROOT: staticRoot,
        SANDBOX_LATENCY: 'zero',
        ALLOWED_ORIGINS: 'https://partner.example',
      }),
    );
    for (const origin of [undefined, 'https://stranger.example']) {
      const response = await app.request('/api/reachable', { headers: origin ? { origin } : {} });
      expect(response.status).toBe(204);
      expect(await response.text()).toBe('');
      // Readable by a no-cors fetch from another origin: the API's answers are not (same-origin).
      expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    }
    const refused = await app.request('/api/v3/leagues/active', { headers: { origin: 'https://stranger.example' } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('answers the browser from the sandbox through the proxy, with no key from the browser', async () => {
    const { app } = await sandboxServer();
    const response = await app.request('/api/v3/leagues?sport=basketball');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { id: string }[] };
    expect(body.data.map((league) => league.id)).toContain('nba');
  });

  it('reports live mode when a key is set, and nothing about the upstream (host, port) or the key', async () => {
    const { app, mode } = await openServerApp(
      readServerConfig({
        ODDS_API_KEY: 'canary-key-0123456789',
        ODDS_API_BASE_URL: 'http://127.0.0.1:4321/api/v3',
        STATIC_ROOT: staticRoot,
      }),
    );
    expect(mode).toBe('live');
    const text = await (await app.request('/health')).text();
    expect(text).toBe('{"status":"ok","mode":"live"}');
    expect(text).not.toContain('canary-key');
  });

  it('serves the app with security headers and falls back to index.html for app routes', async () => {
    const { app } = await sandboxServer();
    const page = await app.request('/some/app/route');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('serves hashed assets as immutable, readable from any origin (a sandboxed /embed has an opaque one)', async () => {
    const { app } = await sandboxServer();
    const asset = await app.request('/assets/app-1a2b3c.js', { headers: { origin: 'null' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('access-control-allow-origin')).toBe('*');
    expect(asset.headers.get('access-control-allow-credentials')).toBeNull();
    // The API is not: an opaque origin is no allowed origin.
    const api = await app.request('/api/v3/sports', { headers: { origin: 'null' } });
    expect(api.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sends an asset in the form the browser takes, compressed at build time (brotli first, then gzip, else as it is)', async () => {
    const { app } = await sandboxServer();
    const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());
    const brotli = await app.request('/assets/prices-4d5e6f.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(brotli.headers.get('content-type')).toMatch(/javascript/);
    expect(brotli.headers.get('cache-control')).toContain('immutable');
    const brotliBytes = await bytesOf(brotli);
    expect(Number(brotli.headers.get('content-length'))).toBe(brotliBytes.length);
    expect(brotliDecompressSync(brotliBytes).toString()).toBe(largeAsset);

    const gzip = await app.request('/assets/prices-4d5e6f.js', { headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytesOf(gzip)).toString()).toBe(largeAsset);

    const plain = await app.request('/assets/prices-4d5e6f.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(largeAsset);
    // A file too small to be worth a compressed form: as it is.
    const small = await app.request('/assets/app-1a2b3c.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe('console.log(1)');
  });

  it('sends HSTS only on answers that came over HTTPS, never on plain HTTP or a forged forwarded header', async () => {
    const { app } = await sandboxServer();
    expect((await app.request('http://parlay.example/')).headers.get('strict-transport-security')).toBeNull();
    const forged = await app.request('http://parlay.example/', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(forged.headers.get('strict-transport-security')).toBeNull();
    expect((await app.request('https://parlay.example/')).headers.get('strict-transport-security')).toBe(
      'max-age=15552000; includeSubDomains',
    );
  });

  it('answers a hashed asset that is not there with a 404 nobody keeps, never the app page', async () => {
    const { app } = await sandboxServer();
    const missing = await app.request('/assets/app-0ld0ld.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(missing.headers.get('content-type')).not.toContain('text/html');
    expect(await missing.text()).not.toContain('<');
  });

  it('answers unknown API paths with JSON, not the app page', async () => {
    const { app } = await sandboxServer();
    const response = await app.request('/api/v2/leagues');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not found' });
  });
});

describe('readServerConfig', () => {
  it('rejects a bad port and a bad base URL with a clear message', () => {
    expect(() => readServerConfig({ PORT: 'eighty' })).toThrow('PORT must be a whole number');
    expect(() => readServerConfig({ ODDS_API_BASE_URL: 'ftp://x' })).toThrow('must use http or https');
    expect(() => readServerConfig({ ODDS_API_BASE_URL: 'not a url' })).toThrow('absolute http(s) URL');
  });

  it('accepts a plain-http ODDS_API_BASE_URL only on loopback', () => {
    for (const url of [
      'http://odds.example/api/v3',
      'http://10.0.0.5:8080/api/v3',
      'http://128.0.0.1/api/v3',
      'http://localhost.evil.example/api/v3',
    ]) {
      expect(() => readServerConfig({ ODDS_API_BASE_URL: url }), url).toThrow(
        'ODDS_API_BASE_URL must use https (plain http is allowed only on this machine',
      );
    }
    for (const url of [
      'http://127.0.0.1:4010/api/v3',
      'http://127.9.8.7/api/v3',
      'http://localhost:4010/api/v3',
      'http://[::1]:4010/api/v3',
      'https://odds.example/api/v3',
    ]) {
      expect(readServerConfig({ ODDS_API_BASE_URL: url }).upstreamBaseUrl, url).toBe(url);
    }
  });

  it('turns the demo on only for SERVE_DEMO=1, off for 0 or unset, whatever NODE_ENV says, and refuses anything else', () => {
    expect(readServerConfig({}).demoRoot).toBeNull();
    expect(readServerConfig({ NODE_ENV: 'development' }).demoRoot).toBeNull();
    expect(readServerConfig({ SERVE_DEMO: '0' }).demoRoot).toBeNull();
    expect(readServerConfig({ SERVE_DEMO: '1', NODE_ENV: 'production' }).demoRoot).toBe('demo');
    for (const value of ['false', 'no', 'true', 'yes', 'on', '2', ' 1']) {
      expect(() => readServerConfig({ SERVE_DEMO: value }), value).toThrow(
        `SERVE_DEMO must be 0 (off) or 1 (on), got "${value}".`,
      );
    }
  });

  it('runs the sandbox at the live size unless SANDBOX_CATALOG says small, and refuses anything else', () => {
    expect(readServerConfig({}).sandbox.catalog).toBe('realistic');
    expect(readServerConfig({ SANDBOX_CATALOG: 'small' }).sandbox.catalog).toBe('small');
    expect(() => readServerConfig({ SANDBOX_CATALOG: 'tiny' })).toThrow(
      'SANDBOX_CATALOG must be realistic or small, got "tiny".',
    );
  });

  it('reads the connection limits and refuses a head timeout longer than the request timeout', () => {
    expect(readServerConfig({}).connections).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 2_000,
      maxStreamConnections: 500,
      maxConnectionsPerClient: 256,
    });
    expect(
      readServerConfig({
        HEADERS_TIMEOUT_MS: '500',
        REQUEST_TIMEOUT_MS: '800',
        KEEP_ALIVE_TIMEOUT_MS: '100',
        MAX_CONNECTIONS: '50',
        MAX_STREAM_CONNECTIONS: '70',
        MAX_CONNECTIONS_PER_CLIENT: '10',
      }).connections,
    ).toEqual({
      headersTimeoutMs: 500,
      requestTimeoutMs: 800,
      keepAliveTimeoutMs: 100,
      maxConnections: 50,
      maxStreamConnections: 70,
      maxConnectionsPerClient: 10,
    });
    expect(() => readServerConfig({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '1000' })).toThrow(
      'HEADERS_TIMEOUT_MS (5000) must not be longer than REQUEST_TIMEOUT_MS (1000)',
    );
    expect(() => readServerConfig({ MAX_CONNECTIONS: '0' })).toThrow(
      'MAX_CONNECTIONS must be a whole number of at least 1',
    );
    expect(() => readServerConfig({ REQUEST_TIMEOUT_MS: 'soon' })).toThrow(
      'REQUEST_TIMEOUT_MS must be a positive number',
    );
  });

  it('reads the limits on what one client and one answer may take', () => {
    const defaults = readServerConfig({});
    expect([defaults.clientBurst, defaults.shared.upstreamClientShare, defaults.upstreamMaxAnswerBytes]).toEqual([
      null,
      0.1,
      8 * 1024 * 1024,
    ]);
    const set = readServerConfig({ PROXY_RATE_BURST: '40', UPSTREAM_CLIENT_SHARE: '25', UPSTREAM_MAX_ANSWER_MB: '2' });
    expect([set.clientBurst, set.shared.upstreamClientShare, set.upstreamMaxAnswerBytes]).toEqual([
      40,
      0.25,
      2 * 1024 * 1024,
    ]);
    expect(() => readServerConfig({ UPSTREAM_CLIENT_SHARE: '101' })).toThrow('from 1 to 100');
    expect(() => readServerConfig({ UPSTREAM_CLIENT_SHARE: '0' })).toThrow('UPSTREAM_CLIENT_SHARE must be');
    expect(() => readServerConfig({ PROXY_RATE_BURST: '0' })).toThrow('PROXY_RATE_BURST must be');
    expect(() => readServerConfig({ UPSTREAM_MAX_ANSWER_MB: 'big' })).toThrow('UPSTREAM_MAX_ANSWER_MB must be');
    expect(() => readServerConfig({ CACHE_SIGNING_KEY: 'short' })).toThrow('CACHE_SIGNING_KEY must be at least 32');
    expect(() => readServerConfig({ CACHE_SIGNING_KEY: 'forty characters with spaces in it, see' })).toThrow(
      'without spaces',
    );
    expect(readServerConfig({}).shared.cacheSigningKey).toBeNull();
    const key = 'u0Zp3rQxR1Sx9mB2kV7yT4wN8cL5hJ6fG1dA3eC7bK0=';
    expect(readServerConfig({ CACHE_SIGNING_KEY: key }).shared.cacheSigningKey).toBe(key);
  });

  it('reads EMBED_AFFILIATE_HOSTS as bare host names', () => {
    expect(
      readServerConfig({ EMBED_AFFILIATE_HOSTS: 'Partner.example, aff.partner.example' }).embedAffiliateHosts,
    ).toEqual(['partner.example', 'aff.partner.example']);
    for (const value of [
      'https://partner.example',
      'partner.example:443',
      '*.partner.example',
      'partner.example/path',
      '-bad.example',
    ]) {
      expect(() => readServerConfig({ EMBED_AFFILIATE_HOSTS: value }), value).toThrow(
        'EMBED_AFFILIATE_HOSTS must list host names like partner.example',
      );
    }
  });

  it('treats a blank key as no key', () => {
    expect(readServerConfig({ ODDS_API_KEY: '   ' }).upstreamApiKey).toBeNull();
  });
});

describe('the per-client limit setting', () => {
  it('reads PROXY_RATE_LIMIT, with 0 turning it off and nonsense refused', () => {
    expect(readServerConfig({}).clientRequestsPerMinute).toBe(600);
    expect(readServerConfig({ PROXY_RATE_LIMIT: '0' }).clientRequestsPerMinute).toBeNull();
    expect(readServerConfig({ PROXY_RATE_LIMIT: '50' }).clientRequestsPerMinute).toBe(50);
    expect(() => readServerConfig({ PROXY_RATE_LIMIT: 'lots' })).toThrow('PROXY_RATE_LIMIT must be a whole number');
  });

  it('applies it to the proxy', async () => {
    const { app } = await openServerApp(
      readServerConfig({ STATIC_ROOT: staticRoot, PROXY_RATE_LIMIT: '2', SANDBOX_LATENCY: 'zero' }),
    );
    const statuses = [];
    for (let index = 0; index < 3; index++) statuses.push((await app.request('/api/v3/sports')).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('an app that is not built yet', () => {
  it('says so once, for the start-up log, and serves the build once it appears', async () => {
    const root = mkdtempSync(join(tmpdir(), 'parlay-unbuilt-'));
    try {
      const appRoot = join(root, 'app');
      const widgetRoot = join(root, 'widget');
      const { app, missingBuild } = await openServerApp(
        readServerConfig({ STATIC_ROOT: appRoot, WIDGET_ROOT: widgetRoot, SANDBOX_LATENCY: 'zero' }),
      );
      expect(missingBuild).toContain(`${appRoot} and ${widgetRoot} missing`);
      expect((await app.request('/')).status).toBe(503);
      expect((await app.request('/assets/app.js')).status).toBe(503);

      mkdirSync(join(appRoot, 'assets'), { recursive: true });
      writeFileSync(join(appRoot, 'index.html'), '<!doctype html><div id="root"></div>');
      writeFileSync(join(appRoot, 'assets', 'app.js'), 'console.log(1)');
      expect((await app.request('/')).status).toBe(200);
      expect(await (await app.request('/assets/app.js')).text()).toBe('console.log(1)');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('has nothing to say when the app and the widget are built', async () => {
    const widgetRoot = mkdtempSync(join(tmpdir(), 'parlay-widget-'));
    try {
      const { missingBuild } = await openServerApp(
        readServerConfig({ STATIC_ROOT: staticRoot, WIDGET_ROOT: widgetRoot }),
      );
      expect(missingBuild).toBe(null);
    } finally {
      rmSync(widgetRoot, { recursive: true, force: true });
    }
  });
});

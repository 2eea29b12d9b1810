/**
 * The proxy's complete answers (sent as they are, untouched by the app's middleware) carry exactly
 * what the middleware would have added: the API's security headers as Hono's secureHeaders makes
 * them, Vary: Origin; a listed origin still gets its CORS headers.
 */
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { afterAll, describe, expect, it } from 'vitest';
import { createServerApp, type ServerApp } from '../app.ts';
import { readServerConfig } from '../config.ts';
import { API_SECURITY_HEADERS } from './final-headers.ts';

const LISTED = 'https://articles.example';
const opened: ServerApp[] = [];

afterAll(async () => {
  await Promise.all(opened.map((server) => server.close()));
});

function serverApp(): ServerApp {
  const server = createServerApp(
    readServerConfig({
      SANDBOX_LATENCY: 'zero',
      SANDBOX_FAILURES: '0',
      PROXY_RATE_LIMIT: '0',
      ALLOWED_ORIGINS: LISTED,
    }),
    { log: () => undefined },
  );
  opened.push(server);
  return server;
}

const securityHeadersOf = (response: Response) =>
  Object.fromEntries(Object.keys(API_SECURITY_HEADERS).map((name) => [name, response.headers.get(name)]));

describe('a complete answer', () => {
  it('carries the security headers Hono’s secureHeaders sets with the API’s options', async () => {
    // The options app.ts gave secureHeaders for /api before the list was written out.
    const probe = new Hono();
    probe.use(
      secureHeaders({
        strictTransportSecurity: false,
        referrerPolicy: 'strict-origin-when-cross-origin',
        crossOriginEmbedderPolicy: false,
        permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
        contentSecurityPolicy: { defaultSrc: ["'none'"], sandbox: [] },
        xFrameOptions: 'DENY',
      }),
    );
    probe.get('/', (c) => c.body(null, 204));
    const expected = Object.fromEntries((await probe.request('/')).headers);
    expect(API_SECURITY_HEADERS).toEqual(expected);
  });

  it('has the same security headers as an error answer, on a hit, a 304 and a listed origin’s request', async () => {
    const { app } = serverApp();
    const error = await app.request('/api/v3/nowhere');
    expect(error.status).toBe(404);
    const first = await app.request('/api/v3/sports');
    const hit = await app.request('/api/v3/sports', { headers: { 'accept-encoding': 'br' } });
    const unchanged = await app.request('/api/v3/sports', {
      headers: { 'accept-encoding': 'br', 'if-none-match': hit.headers.get('etag') ?? '' },
    });
    const listed = await app.request('/api/v3/sports', { headers: { origin: LISTED } });
    expect([first.status, hit.status, unchanged.status, listed.status]).toEqual([200, 200, 304, 200]);
    expect(hit.headers.get('content-encoding')).toBe('br');
    for (const answer of [first, hit, unchanged, listed]) {
      expect(securityHeadersOf(answer)).toEqual(securityHeadersOf(error));
      expect(answer.headers.get('vary')).toBe('Accept-Encoding, Origin');
    }
    expect(securityHeadersOf(error)).toEqual(API_SECURITY_HEADERS);
    expect(first.headers.get('access-control-allow-origin')).toBeNull();
    expect(listed.headers.get('access-control-allow-origin')).toBe(LISTED);
    expect(listed.headers.get('access-control-expose-headers')).toContain('X-Latency-Time');
  });
});

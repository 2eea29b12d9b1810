/**
 * The proxy's complete answers (sent as they are, untouched by the app's middleware) and the odds
 * streams' heads (written by their route) carry exactly what the middleware would have added: the
 * API's security headers as Hono's secureHeaders makes them, Vary: Origin; a listed origin still
 * gets its CORS headers (the catalog's, the same for every origin, are its own).
 */
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerApp } from '../app.ts';
import { readServerConfig } from '../config.ts';
import { raw, startServerFromEnv, type StartedServer } from '../testing/raw-http.ts';
import { serverAppsClosedAfterEach } from '../testing/server-apps.ts';
import { openSse } from '../testing/sse-client.ts';
import { API_SECURITY_HEADERS } from './final-headers.ts';

const LISTED = 'https://articles.example';
const ENV = { SANDBOX_LATENCY: 'zero', SANDBOX_FAILURES: '0', PROXY_RATE_LIMIT: '0', ALLOWED_ORIGINS: LISTED };
const openServerApp = serverAppsClosedAfterEach();

function serverApp(): Promise<ServerApp> {
  return openServerApp(readServerConfig(ENV));
}

const securityHeadersOf = (response: Response) =>
  Object.fromEntries(Object.keys(API_SECURITY_HEADERS).map((name) => [name, response.headers.get(name)]));

describe('a complete answer', () => {
  it('carries the security headers Hono’s secureHeaders sets with the API’s options', async () => {
    // The options the pages' secureHeaders take (site/security-headers.ts), with the API's CSP and framing.
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
    const { app } = await serverApp();
    const error = await app.request('/api/v3/nowhere');
    expect(error.status).toBe(404);
    const first = await app.request('/api/v3/sports');
    const hit = await app.request('/api/v3/sports', { headers: { 'accept-encoding': 'br' } });
    const unchanged = await app.request('/api/v3/sports', {
      headers: { 'accept-encoding': 'br', 'if-none-match': hit.headers.get('etag') ?? '' },
    });
    const listed = await app.request('/api/v3/sports', { headers: { origin: LISTED } });
    const games = await app.request('/api/v3/fixtures/active?league=nba');
    const listedGames = await app.request('/api/v3/fixtures/active?league=nba', { headers: { origin: LISTED } });
    expect([first.status, hit.status, unchanged.status, listed.status]).toEqual([200, 200, 304, 200]);
    expect([games.status, listedGames.status]).toEqual([200, 200]);
    expect(hit.headers.get('content-encoding')).toBe('br');
    for (const answer of [first, hit, unchanged, listed, games, listedGames])
      expect(securityHeadersOf(answer)).toEqual(securityHeadersOf(error));
    expect(securityHeadersOf(error)).toEqual(API_SECURITY_HEADERS);
    // The catalog: the same for every origin.
    for (const answer of [first, hit, unchanged, listed]) {
      expect(answer.headers.get('vary')).toBe('Accept-Encoding');
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    }
    // Anything else: by origin.
    expect(games.headers.get('vary')).toBe('Accept-Encoding, Origin');
    expect(games.headers.get('access-control-allow-origin')).toBeNull();
    expect(listedGames.headers.get('access-control-allow-origin')).toBe(LISTED);
    expect(listedGames.headers.get('access-control-expose-headers')).toContain('X-Latency-Time');
  });
});

describe('an odds stream’s head', () => {
  let server: StartedServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  // The first stream waits for the sports list, which a cold sandbox takes a moment to build.
  it(
    'carries what every API answer carries: the security headers, Vary: Origin, and a listed origin’s CORS headers',
    { timeout: 20_000 },
    async () => {
      server = await startServerFromEnv(ENV);
      const path = '/api/v3/stream/odds/basketball?sportsbook=DraftKings';
      for (const origin of [undefined, LISTED]) {
        const headers: Record<string, string> = origin === undefined ? {} : { origin };
        const stream = await openSse(server.port, path, { headers });
        const answer = await raw(server.port, 'GET', '/api/v3/nowhere', { headers });
        stream.close();
        expect(stream.status).toBe(200);
        expect(stream.headers['content-type']).toBe('text/event-stream');
        for (const name of [...Object.keys(API_SECURITY_HEADERS), 'vary', 'access-control-allow-origin'])
          expect(stream.headers[name], `${name} from ${origin ?? 'our pages'}`).toBe(answer.headers[name]);
      }
    },
  );
});

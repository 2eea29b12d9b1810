import { describe, expect, it } from 'vitest';
import { RATE_LIMIT_REQUESTS } from './guards.ts';
import { getJson, makeApp, TEST_KEY, testClock } from '../testing/sandbox-client.ts';

describe('auth', () => {
  const app = makeApp();

  it('asks for a key when none is sent', async () => {
    const response = await getJson(app, '/api/v3/leagues?sport=basketball', {});
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'API key is required' });
  });

  it('refuses a wrong key, in the header or the query', async () => {
    const viaHeader = await getJson(app, '/api/v3/leagues', { 'X-Api-Key': 'nope' });
    const viaQuery = await getJson(app, '/api/v3/leagues?key=nope', {});
    for (const response of [viaHeader, viaQuery]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Invalid or inactive API key' });
    }
  });

  it('accepts the key as X-Api-Key or as ?key=', async () => {
    expect((await getJson(app, '/api/v3/sports', { 'X-Api-Key': TEST_KEY })).status).toBe(200);
    expect((await getJson(app, `/api/v3/sports?key=${TEST_KEY}`, {})).status).toBe(200);
  });

  it('guards the parlay endpoint too', async () => {
    const response = await app.request('/api/v3/parlay/odds', { method: 'POST', body: '{}' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'API key is required' });
  });
});

describe('routing', () => {
  const app = makeApp();

  it('answers 405 with Allow for GET on /parlay/odds', async () => {
    const response = await app.request('/api/v3/parlay/odds', { headers: { 'X-Api-Key': TEST_KEY } });
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('POST');
    expect(await response.json()).toEqual({ error: 'Method not allowed' });
  });

  it('answers 405 for POST on a GET endpoint', async () => {
    const response = await app.request('/api/v3/fixtures/odds', { method: 'POST', headers: { 'X-Api-Key': TEST_KEY } });
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('GET');
  });

  it('answers 404 JSON for unknown paths', async () => {
    for (const path of ['/api/v3/nope', '/api/v2/leagues', '/']) {
      const response = await getJson(app, path);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'Not found' });
    }
  });
});

describe('rate limit', () => {
  it(`allows ${RATE_LIMIT_REQUESTS} requests per 15 s per key, then 429 with Retry-After`, async () => {
    const clock = testClock();
    const app = makeApp({ now: clock.now });
    for (let request = 0; request < RATE_LIMIT_REQUESTS; request++) {
      const response = await app.request('/api/v3/sports', { headers: { 'X-Api-Key': TEST_KEY } });
      expect(response.status).toBe(200);
    }
    clock.advance(5_000);
    const limited = await getJson(app, '/api/v3/sports');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'Rate limit exceeded' });
    expect(limited.headers.get('Retry-After')).toBe('10');

    clock.advance(10_000);
    expect((await getJson(app, '/api/v3/sports')).status).toBe(200);
  });
});

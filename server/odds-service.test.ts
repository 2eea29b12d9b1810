/**
 * Which odds service our server talks to, decided at start-up: the real one, to which nothing a
 * browser sends beyond the route's own parameters is passed; or the built-in sandbox on a loopback
 * port of its own, behind a key made for it, which alone is passed the sandbox's forcing controls.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readServerConfig } from './config.ts';
import { openOddsService, SANDBOX_FORCING, type OddsService } from './odds-service.ts';

const opened: OddsService[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((service) => service.close()));
});

async function open(env: Record<string, string>): Promise<OddsService> {
  const service = await openOddsService(readServerConfig(env));
  opened.push(service);
  return service;
}

describe('the odds service', () => {
  it('is the configured one, with the configured key, passed nothing of the browser’s, when a key is set', async () => {
    const live = await open({ ODDS_API_KEY: 'live-key-0123456789', ODDS_API_BASE_URL: 'http://127.0.0.1:9/api/v3' });
    expect(live.mode).toBe('live');
    expect(live.target.baseUrl).toBe('http://127.0.0.1:9/api/v3');
    expect(live.target.apiKey).toBe('live-key-0123456789');
    expect(live.target.passedOn).toBeUndefined();
  });

  it('is the built-in sandbox on a loopback port, behind a key of its own, with no key set', async () => {
    const [first, second] = [await open({ SANDBOX_LATENCY: 'zero' }), await open({ SANDBOX_LATENCY: 'zero' })];
    expect(first.mode).toBe('sandbox');
    expect(first.target.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v3$/);
    expect(first.target.passedOn).toEqual(SANDBOX_FORCING);
    // Made for each start, never the standalone sandbox's configurable key.
    expect(first.target.apiKey).not.toBe(second.target.apiKey);
    expect(first.target.apiKey).not.toBe(readServerConfig({}).sandbox.apiKey);

    const sports = `${first.target.baseUrl}/sports`;
    expect((await fetch(sports, { headers: { 'x-api-key': first.target.apiKey } })).status).toBe(200);
    expect((await fetch(sports, { headers: { 'x-api-key': second.target.apiKey } })).status).toBe(401);
    await first.close();
    await expect(fetch(sports, { headers: { 'x-api-key': first.target.apiKey } })).rejects.toThrow();
  });
});

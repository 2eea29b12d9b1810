import { describe, expect, it } from 'vitest';
import { createSandboxApp } from '../app.ts';

const app = createSandboxApp({
  apiKey: 'k',
  latency: 'zero',
  randomFailures: false,
  now: () => Date.parse('2026-11-22T12:00:00Z'),
});
const ask = (fault: string, key = 'k') =>
  app.request('/api/v3/sports', { headers: { 'X-Api-Key': key, 'X-Sandbox-Fault': fault } });

describe('X-Sandbox-Fault', () => {
  it('answers with each whole-request failure and its real body', async () => {
    const missingKey = await ask('unauthorized-missing-key');
    expect(missingKey.status).toBe(401);
    expect(await missingKey.json()).toEqual({ error: 'API key is required' });
    const invalidKey = await ask('unauthorized-invalid-key');
    expect(invalidKey.status).toBe(401);
    expect(await invalidKey.json()).toEqual({ error: 'Invalid or inactive API key' });
    expect((await ask('forbidden')).status).toBe(403);
    const limited = await ask('rate-limited:12');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('12');
    const bare = await ask('rate-limited-no-retry-after');
    expect(bare.status).toBe(429);
    expect(bare.headers.get('retry-after')).toBeNull();
    expect((await ask('rate-limited')).headers.get('retry-after')).toBe('5');
    expect((await ask('server-error')).status).toBe(500);
  });

  it('still checks the key first', async () => {
    const response = await ask('server-error', 'wrong');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Invalid or inactive API key' });
  });

  it('rejects unknown faults with a message', async () => {
    const response = await ask('explode');
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: string };
    expect(error).toContain('unknown fault');
    // The message lists the names a caller may use, from the one vocabulary.
    expect(error).toContain('rate-limited-no-retry-after');
    expect((await ask('rate-limited:soon')).status).toBe(400);
  });

  it('hangs until the caller gives up', async () => {
    const controller = new AbortController();
    const pending = app.request('/api/v3/sports', {
      headers: { 'X-Api-Key': 'k', 'X-Sandbox-Fault': 'hang' },
      signal: controller.signal,
    });
    let settled = false;
    void Promise.resolve(pending).then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    controller.abort();
  });
});

import { describe, expect, it } from 'vitest';
import { createSandboxApp } from './app.ts';

const app = createSandboxApp({ apiKey: 'k', latency: 'zero', randomFailures: false, now: () => Date.parse('2026-11-22T12:00:00Z') });
const ask = (fault: string, key = 'k') => app.request('/api/v3/sports', { headers: { 'X-Api-Key': key, 'X-Sandbox-Fault': fault } });

describe('X-Sandbox-Fault', () => {
  it('answers with each whole-request failure and its real body', async () => {
    const unauthorized = await ask('unauthorized');
    expect(unauthorized.status).toBe(401);
    expect(await unauthorized.json()).toEqual({ error: 'Invalid or inactive API key' });
    expect((await ask('forbidden')).status).toBe(403);
    const limited = await ask('rate_limited:12');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('12');
    const bare = await ask('rate_limited:none');
    expect(bare.status).toBe(429);
    expect(bare.headers.get('retry-after')).toBeNull();
    expect((await ask('server')).status).toBe(500);
  });

  it('still checks the key first', async () => {
    const response = await ask('server', 'wrong');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Invalid or inactive API key' });
  });

  it('rejects unknown faults with a message', async () => {
    const response = await ask('explode');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toContain('unknown fault');
  });

  it('hangs until the caller gives up', async () => {
    const controller = new AbortController();
    const pending = app.request('/api/v3/sports', { headers: { 'X-Api-Key': 'k', 'X-Sandbox-Fault': 'hang' }, signal: controller.signal });
    let settled = false;
    void Promise.resolve(pending).then(() => { settled = true; });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    controller.abort();
  });
});

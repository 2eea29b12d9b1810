import { describe, expect, it, vi } from 'vitest';
import { readSandboxSettings, sandboxOptionsFrom, worldNow } from './settings.ts';

const STARTED = Date.parse('2026-11-24T05:00:00Z');

describe('sandbox settings', () => {
  it('defaults to the live-size, realistic sandbox on the real clock', () => {
    expect(readSandboxSettings({}, STARTED)).toEqual({
      apiKey: 'sandbox-key',
      seed: 1,
      latency: 'realistic',
      catalog: 'realistic',
      randomFailures: true,
      clock: null,
    });
  });

  it('reads each setting by one rule, whatever its case', () => {
    const settings = readSandboxSettings(
      {
        SANDBOX_API_KEY: 'k',
        SANDBOX_SEED: '7',
        SANDBOX_LATENCY: 'ZERO',
        SANDBOX_CATALOG: 'Small',
        SANDBOX_FAILURES: '0',
      },
      STARTED,
    );
    expect(settings).toMatchObject({ apiKey: 'k', seed: 7, latency: 'zero', catalog: 'small', randomFailures: false });
  });

  it.each([
    [{ SANDBOX_SEED: '1.5' }, 'SANDBOX_SEED must be a whole number, got "1.5".'],
    [{ SANDBOX_SEED: '-3' }, 'SANDBOX_SEED must be a whole number, got "-3".'],
    [{ SANDBOX_LATENCY: 'fast' }, 'SANDBOX_LATENCY must be realistic or zero, got "fast".'],
    [{ SANDBOX_CATALOG: 'huge' }, 'SANDBOX_CATALOG must be realistic or small, got "huge".'],
    [{ SANDBOX_FAILURES: 'off' }, 'SANDBOX_FAILURES must be 0 or 1, got "off".'],
    [{ SANDBOX_CLOCK: '2026-03-08 06:45' }, 'SANDBOX_CLOCK must be an ISO instant with its zone'],
    [{ SANDBOX_CLOCK: '2026-03-08T06:45:00' }, 'SANDBOX_CLOCK must be an ISO instant with its zone'],
    [{ SANDBOX_CLOCK: '2026-02-30T06:45:00Z' }, 'SANDBOX_CLOCK must be an ISO instant with its zone'],
  ])('refuses %j with a message that names the setting', (env, message) => {
    expect(() => readSandboxSettings(env, STARTED)).toThrow(message);
  });

  it('starts a pinned world at SANDBOX_CLOCK when the process starts, and lets it advance at the real rate', () => {
    const settings = readSandboxSettings({ SANDBOX_CLOCK: '2026-03-08T06:45:00Z' }, STARTED);
    expect(settings.clock).toEqual({ startMs: Date.parse('2026-03-08T06:45:00Z'), anchorMs: STARTED });
    let real = STARTED;
    const now = worldNow(settings.clock, () => real);
    expect(new Date(now()).toISOString()).toBe('2026-03-08T06:45:00.000Z');
    real += 90_000;
    expect(new Date(now()).toISOString()).toBe('2026-03-08T06:46:30.000Z');
  });

  it('shares one world between processes through the anchor', () => {
    const anchor = STARTED - 60_000;
    const settings = readSandboxSettings(
      { SANDBOX_CLOCK: '2026-12-31T23:40:00+00:00', SANDBOX_CLOCK_ANCHOR_MS: String(anchor) },
      STARTED,
    );
    const now = worldNow(settings.clock, () => STARTED);
    expect(new Date(now()).toISOString()).toBe('2026-12-31T23:41:00.000Z');
  });

  it('hands the sandbox app its options, clock included', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: STARTED + 5_000 });
    try {
      const options = sandboxOptionsFrom(readSandboxSettings({ SANDBOX_CLOCK: '2026-12-31T23:40:00Z' }, STARTED));
      expect(options).toMatchObject({ apiKey: 'sandbox-key', seed: 1, latency: 'realistic', catalog: 'realistic' });
      expect(new Date(options.now?.() ?? 0).toISOString()).toBe('2026-12-31T23:40:05.000Z');
    } finally {
      vi.useRealTimers();
    }
  });
});

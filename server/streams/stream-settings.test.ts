/** The STREAM_* settings: their defaults, and a clear refusal of a wrong value. */
import { describe, expect, it } from 'vitest';
import { ConfigError, readServerConfig } from '../config.ts';

describe('stream settings', () => {
  it('default to a minute of idle time, 20 streams a client, 256 KB for a stalled reader, a 5 s lease', () => {
    expect(readServerConfig({}).streams).toEqual({
      idleCloseMs: 60_000,
      maxPerClient: 20,
      slowClientBytes: 256 * 1024,
      slowClientMs: 30_000,
      heartbeatMs: 15_000,
      replayMs: 60_000,
      resumeWindowMs: 25_000,
      upstreamIdleMs: 20_000,
      leaseTtlMs: 5_000,
    });
  });

  it.each([
    ['STREAM_IDLE_CLOSE_MS', 'soon', 'STREAM_IDLE_CLOSE_MS must be a positive number of milliseconds, got "soon".'],
    [
      'STREAM_MAX_PER_CLIENT',
      '0',
      'STREAM_MAX_PER_CLIENT must be a whole number of at least 1 of open streams per client, got "0".',
    ],
    [
      'STREAM_SLOW_CLIENT_BYTES',
      '100',
      'STREAM_SLOW_CLIENT_BYTES must be a whole number of at least 1024 of bytes, got "100".',
    ],
    ['STREAM_HEARTBEAT_MS', '-1', 'STREAM_HEARTBEAT_MS must be a positive number of milliseconds, got "-1".'],
    ['STREAM_LEASE_TTL_MS', '30000', 'STREAM_LEASE_TTL_MS must be from 300 to 7500 ms'],
  ])('refuse %s=%s with a message naming it', (name, value, message) => {
    expect(() => readServerConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => readServerConfig({ [name]: value })).toThrow(message);
  });
});

/**
 * The streams' small parts: the STREAM_* settings, the fixed book groups, the service's frames read
 * chunk by chunk, entry ids in order.
 */
import { describe, expect, it } from 'vitest';
import { SPORTSBOOKS } from '../../src/domain/sportsbooks.ts';
import { ConfigError, readServerConfig } from '../config.ts';
import { BOOK_GROUPS, bookGroupsFor } from './book-groups.ts';
import { SseParser } from './sse-parser.ts';
import { isAfterEntryId } from './stream-rows.ts';

describe('stream settings', () => {
  it('default to a minute of idle time, 20 streams a client opened at 10 at once then 30 a minute, 256 KB for a stalled reader, a 5 s lease', () => {
    expect(readServerConfig({}).streams).toEqual({
      idleCloseMs: 60_000,
      maxPerClient: 20,
      opensPerMinute: 30,
      openBurst: 10,
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
    [
      'STREAM_OPENS_PER_MINUTE',
      'many',
      'STREAM_OPENS_PER_MINUTE must be a whole number of streams opened per minute per client (0 turns it off), got "many".',
    ],
    ['STREAM_HEARTBEAT_MS', '-1', 'STREAM_HEARTBEAT_MS must be a positive number of milliseconds, got "-1".'],
    ['STREAM_LEASE_TTL_MS', '30000', 'STREAM_LEASE_TTL_MS must be from 300 to 7500 ms'],
  ])('refuse %s=%s with a message naming it', (name, value, message) => {
    expect(() => readServerConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => readServerConfig({ [name]: value })).toThrow(message);
  });
});

describe('book groups', () => {
  it('split the ten books into two fixed groups of five; any reader needs at most two', () => {
    expect(BOOK_GROUPS).toEqual([SPORTSBOOKS.slice(0, 5), SPORTSBOOKS.slice(5)]);
    expect(bookGroupsFor(SPORTSBOOKS)).toEqual([0, 1]);
    expect(bookGroupsFor(['Novig', 'DraftKings'])).toEqual([1]);
    expect(bookGroupsFor(['BetMGM'])).toEqual([0]);
  });
});

describe('the service’s frames', () => {
  it('are read whatever the chunks and line endings, comments skipped', () => {
    const parser = new SseParser();
    const bytes = new TextEncoder().encode(
      'event: connected\r\ndata: ok go\r\nretry: 5000\r\n\r\n: a comment\n\nevent: odds\rdata: {"data":[],\rdata: "x":1}\rid: 17-2\r\r',
    );
    const messages = [];
    // One byte at a time: a CRLF split between chunks is still one line end.
    for (const byte of bytes) messages.push(...parser.push(new Uint8Array([byte])));
    expect(messages).toEqual([
      { event: 'connected', data: 'ok go', id: undefined, retryMs: 5000 },
      { event: 'odds', data: '{"data":[],\n"x":1}', id: '17-2', retryMs: undefined },
    ]);
  });
});

describe('entry ids', () => {
  it('compare as <ms>-<sequence> numbers; other forms only by being different', () => {
    expect(isAfterEntryId('1730079534820-10', '1730079534820-9')).toBe(true);
    expect(isAfterEntryId('1730079534821-0', '1730079534820-9')).toBe(true);
    expect(isAfterEntryId('1730079534820-2', '1730079534820-2')).toBe(false);
    expect(isAfterEntryId('1730079534819-5', '1730079534820-0')).toBe(false);
    expect(isAfterEntryId('anything', null)).toBe(true);
    expect(isAfterEntryId('b', 'a')).toBe(true);
  });
});

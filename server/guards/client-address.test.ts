import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { arrivedOverHttps, clientKey, isTrustedProxy, readTrustProxy, resolveClientAddress } from './client-address.ts';
import { clientRateLimit } from './client-rate-limit.ts';
import { MemoryStore, OVERFLOW_MEMBER } from '../shared-store/memory-store.ts';
import { raw, startServerFromEnv } from '../testing/raw-http.ts';

describe('TRUST_PROXY', () => {
  it('without it, forwarded headers are ignored: the socket is the client', () => {
    const none = readTrustProxy(undefined);
    expect(resolveClientAddress('10.0.0.5', '203.0.113.9', none)).toBe('10.0.0.5');
    expect(resolveClientAddress('10.0.0.5', '203.0.113.9', readTrustProxy('0'))).toBe('10.0.0.5');
  });

  it('with a hop count, reads that many hops back and no further (a client cannot add hops of its own)', () => {
    const one = readTrustProxy('1');
    // The client wrote "6.6.6.6" itself; the load balancer appended the address it saw.
    expect(resolveClientAddress('10.0.0.5', '6.6.6.6, 203.0.113.9', one)).toBe('203.0.113.9');
    expect(resolveClientAddress('10.0.0.5', '198.51.100.7, 203.0.113.9', readTrustProxy('2'))).toBe('198.51.100.7');
    // More hops trusted than there are: the first address given.
    expect(resolveClientAddress('10.0.0.5', '203.0.113.9', readTrustProxy('3'))).toBe('203.0.113.9');
  });

  it('with a hop count, takes the header only from a peer where a proxy would be, never from the internet', () => {
    const one = readTrustProxy('1');
    for (const peer of [
      '127.0.0.1',
      '10.1.2.3',
      '172.31.0.9',
      '192.168.0.2',
      '100.64.1.1',
      '::ffff:10.0.0.5',
      'fd12::5',
    ])
      expect(resolveClientAddress(peer, '203.0.113.9', one), peer).toBe('203.0.113.9');
    // A client reaching the port directly writes whatever it likes: it stays itself.
    for (const peer of ['198.51.100.1', '::ffff:198.51.100.1', '2001:db8::7'])
      expect(resolveClientAddress(peer, '203.0.113.9', one), peer).toBe(peer.replace('::ffff:', ''));
    expect(isTrustedProxy('198.51.100.1', one)).toBe(false);
    expect(isTrustedProxy('10.0.0.5', one)).toBe(true);
    expect(arrivedOverHttps('http://ours.example/', '198.51.100.1', 'https', one)).toBe(false);
  });

  it('with TRUST_PROXY=1, a direct peer rotating X-Forwarded-For is one client to the rate limit', async () => {
    const limit = clientRateLimit({ limit: 60, windowMs: 60_000, burst: 5, trustProxy: readTrustProxy('1') });
    const app = new Hono().use(limit.middleware).get('/', (c) => c.text('ok'));
    const statuses: number[] = [];
    for (let index = 0; index < 10; index++) {
      const request = { headers: { 'x-forwarded-for': `203.0.113.${index}` } };
      statuses.push(
        (await app.request('/', request, { incoming: { socket: { remoteAddress: '198.51.100.1' } } })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
  });

  it('with addresses and CIDRs, walks back only through trusted hops', () => {
    const trusted = readTrustProxy('10.0.0.0/8, 192.168.1.10 fd00::/8');
    expect(resolveClientAddress('10.0.0.5', '203.0.113.9, 192.168.1.10', trusted)).toBe('203.0.113.9');
    // An untrusted peer (not our proxy) is the client, whatever it forwards.
    expect(resolveClientAddress('198.51.100.1', '203.0.113.9', trusted)).toBe('198.51.100.1');
    // A spoofed entry beyond the first untrusted hop is never reached.
    expect(resolveClientAddress('10.0.0.5', '1.1.1.1, 203.0.113.9', trusted)).toBe('203.0.113.9');
    expect(resolveClientAddress('::ffff:10.1.2.3', '[2001:db8::1]:443', trusted)).toBe('2001:db8::1');
    expect(resolveClientAddress('fd00::1', '203.0.113.9:51234', trusted)).toBe('203.0.113.9');
    // Garbage ends the walk at the last hop we could identify.
    expect(resolveClientAddress('10.0.0.5', 'not-an-address', trusted)).toBe('10.0.0.5');
  });

  it('refuses settings that are neither a count nor addresses', () => {
    for (const value of ['yes', '10.0.0.0/33', '10.0.0.0/8/1', 'fd00::/129', 'proxy.example', '10.0.0.0/x']) {
      expect(() => readTrustProxy(value), value).toThrow('TRUST_PROXY must be a number of proxies');
    }
  });
});

describe('client keys', () => {
  it('keys IPv6 clients by their /64 and IPv4 (also mapped into IPv6) by address', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
  });
});

describe('the per-client counts in memory', () => {
  it('drops a whole window at once and caps the clients tracked, newcomers past the cap sharing one count', () => {
    const store = new MemoryStore({ maxBytes: 1, maxMembersPerWindow: 3 });
    const count = (member: string, now: number) => store.countInWindowNow('client', member, 60_000, now);
    expect([count('a', 0), count('a', 1), count('b', 2), count('c', 3)]).toEqual([1, 2, 1, 1]);
    // Full: two newcomers share the overflow count; known clients keep theirs.
    expect([count('d', 4), count('e', 5), count('a', 6)]).toEqual([1, 2, 3]);
    expect(OVERFLOW_MEMBER).toContain('more clients');
    // The next window starts empty for everyone.
    expect([count('a', 60_000), count('e', 60_001)]).toEqual([1, 1]);
  });
});

describe('over the real server', () => {
  it('limits by the forwarded client behind a trusted proxy, and by the socket when the hop is not trusted', async () => {
    const behindProxy = await startServerFromEnv({
      PROXY_RATE_LIMIT: '2',
      TRUST_PROXY: '127.0.0.1',
      SANDBOX_LATENCY: 'zero',
    });
    const untrusted = await startServerFromEnv({
      PROXY_RATE_LIMIT: '2',
      TRUST_PROXY: '10.0.0.0/8',
      SANDBOX_LATENCY: 'zero',
    });
    try {
      const ask = (port: number, forwardedFor: string) =>
        raw(port, 'GET', '/api/v3/sports', { headers: { 'X-Forwarded-For': forwardedFor } }).then(
          (answer) => answer.status,
        );
      // Trusted: each forwarded reader has its own limit.
      expect([
        await ask(behindProxy.port, '203.0.113.1'),
        await ask(behindProxy.port, '203.0.113.1'),
        await ask(behindProxy.port, '203.0.113.1'),
      ]).toEqual([200, 200, 429]);
      expect(await ask(behindProxy.port, '203.0.113.2')).toBe(200);
      // IPv6 readers of one /64 share one.
      expect([
        await ask(behindProxy.port, '2001:db8:5:6::1'),
        await ask(behindProxy.port, '2001:db8:5:6::2'),
        await ask(behindProxy.port, '2001:db8:5:6::3'),
      ]).toEqual([200, 200, 429]);
      // Not trusted (the peer 127.0.0.1 is outside 10.0.0.0/8): made-up headers make no new client.
      expect([
        await ask(untrusted.port, '203.0.113.1'),
        await ask(untrusted.port, '203.0.113.2'),
        await ask(untrusted.port, '203.0.113.3'),
      ]).toEqual([200, 200, 429]);
    } finally {
      await behindProxy.close();
      await untrusted.close();
    }
  });
});

describe('arrivedOverHttps', () => {
  it('believes X-Forwarded-Proto only from a proxy we trust', () => {
    const http = 'http://parlay.example/';
    expect(arrivedOverHttps('https://parlay.example/', '203.0.113.9', undefined, readTrustProxy(''))).toBe(true);
    expect(arrivedOverHttps(http, '203.0.113.9', 'https', readTrustProxy(''))).toBe(false);
    expect(arrivedOverHttps(http, '10.0.0.2', 'https', readTrustProxy('1'))).toBe(true);
    expect(arrivedOverHttps(http, '10.0.0.2', 'https, http', readTrustProxy('10.0.0.0/8'))).toBe(true);
    expect(arrivedOverHttps(http, '203.0.113.9', 'https', readTrustProxy('10.0.0.0/8'))).toBe(false);
    expect(arrivedOverHttps(http, '10.0.0.2', 'http', readTrustProxy('1'))).toBe(false);
    expect(arrivedOverHttps(http, undefined, 'https', readTrustProxy('1'))).toBe(false);
  });
});

/**
 * Slow clients against our real server with short limits: 100 connections that send their request
 * a byte every half second are cut off within the timeout, while /health keeps answering; past the
 * connection cap new sockets are closed at once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import { raw, startServerFromEnv, type StartedServer } from './testing/raw-http.ts';

const SLOW_CLIENTS = 100;
let server: StartedServer | null = null;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await server?.close();
  server = null;
});

interface SlowClient {
  /** Milliseconds from opening until the server closed the socket; null while open. */
  closedAfterMs: () => number | null;
  /** What the server said before closing (Node answers 408 to a request that ran out of time). */
  received: () => string;
}

/** Opens a socket that sends `head` one byte every `everyMs`, then body bytes, never finishing. */
function slowClient(port: number, head: string, everyMs: number, fromAddress = '127.0.0.1'): Promise<SlowClient> {
  return new Promise((resolve, reject) => {
    const openedAt = Date.now();
    let closedAt: number | null = null;
    let received = '';
    const socket = connect({ port, host: '127.0.0.1', localAddress: fromAddress }, () => {
      let sent = 0;
      const timer = setInterval(() => {
        if (socket.destroyed) return clearInterval(timer);
        socket.write(sent < head.length ? (head[sent] ?? 'x') : 'x');
        sent++;
      }, everyMs);
      socket.on('close', () => clearInterval(timer));
      resolve({ closedAfterMs: () => (closedAt === null ? null : closedAt - openedAt), received: () => received });
    });
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('close', () => (closedAt = Date.now()));
    socket.on('error', () => undefined);
    socket.once('error', reject);
    sockets.push(socket);
  });
}

async function waitUntil(check: () => boolean, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('slow clients', () => {
  it('cuts off 100 slow connections (slow head or slow body) within the timeouts while /health answers', async () => {
    server = await startServerFromEnv({
      HEADERS_TIMEOUT_MS: '1000',
      REQUEST_TIMEOUT_MS: '2000',
      SANDBOX_LATENCY: 'zero',
      PROXY_RATE_LIMIT: '0',
    });
    const port = server.port;
    const slowHead = 'GET /api/v3/sports HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ';
    const slowBody =
      'POST /api/v3/parlay/odds HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n';
    const clients: SlowClient[] = [];
    for (let index = 0; index < SLOW_CLIENTS; index++) {
      // Half dribble their head; half send a head quickly, then dribble a body that never ends.
      clients.push(await slowClient(port, index % 2 === 0 ? slowHead : slowBody, index % 2 === 0 ? 500 : 2));
    }

    // While they are held, the server answers others at once.
    const health = await raw(port, 'GET', '/health');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: 'ok', mode: 'sandbox' });

    // Timeouts plus Node's checking interval (a quarter of the shortest timeout) and slack for a busy machine.
    await waitUntil(() => clients.every((client) => client.closedAfterMs() !== null), 6_000);
    const closedAfter = clients.map((client) => client.closedAfterMs());
    expect(closedAfter.filter((ms) => ms === null)).toHaveLength(0);
    for (const [index, ms] of closedAfter.entries()) {
      const limit = index % 2 === 0 ? 1000 : 2000;
      expect(ms, `client ${index}`).toBeGreaterThanOrEqual(limit - 100);
    }
    // At least every slow head is told 408 before the socket closes.
    expect(clients.filter((client) => client.received().startsWith('HTTP/1.1 408')).length).toBeGreaterThanOrEqual(
      SLOW_CLIENTS / 2,
    );
    expect((await raw(port, 'GET', '/health')).status).toBe(200);
  }, 20_000);

  it('closes connections past MAX_CONNECTIONS at once, and takes new ones when others have gone', async () => {
    server = await startServerFromEnv({ MAX_CONNECTIONS: '5', SANDBOX_LATENCY: 'zero' });
    const port = server.port;
    const held = await Promise.all(
      Array.from({ length: 5 }, () => slowClient(port, 'GET /health HTTP/1.1\r\nX-Slow: ', 1000)),
    );
    const refused = await slowClient(port, 'GET /health HTTP/1.1\r\n', 1000);
    await waitUntil(() => refused.closedAfterMs() !== null, 2_000);
    expect(refused.closedAfterMs()).not.toBeNull();
    expect(held.every((client) => client.closedAfterMs() === null)).toBe(true);
    for (const socket of sockets.splice(0)) socket.destroy();
    await waitUntil(() => held.every((client) => client.closedAfterMs() !== null), 2_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await raw(port, 'GET', '/health')).status).toBe(200);
  }, 10_000);

  it('closes a client’s connections past its share at once, while another address is still served', async () => {
    server = await startServerFromEnv({
      MAX_CONNECTIONS: '50',
      MAX_CONNECTIONS_PER_CLIENT: '5',
      SANDBOX_LATENCY: 'zero',
    });
    const port = server.port;
    const held = await Promise.all(
      Array.from({ length: 5 }, () => slowClient(port, 'GET /health HTTP/1.1\r\nX-Slow: ', 1000)),
    );
    const refused = await slowClient(port, 'GET /health HTTP/1.1\r\n', 1000);
    await waitUntil(() => refused.closedAfterMs() !== null, 2_000);
    expect(refused.closedAfterMs()).not.toBeNull();
    expect(held.every((client) => client.closedAfterMs() === null)).toBe(true);
    // Another loopback address is another client: its request is answered.
    const neighbour = await slowClient(port, 'GET /health HTTP/1.1\r\nHost: x\r\n\r\n', 5, '127.0.0.2');
    await waitUntil(() => neighbour.received().startsWith('HTTP/1.1 200'), 3_000);
    expect(neighbour.received()).toMatch(/^HTTP\/1\.1 200/);
  }, 10_000);
});

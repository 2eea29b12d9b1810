/**
 * Calls to the odds service reuse their connections (our server's keep-alive agent): a burst of
 * questions costs the service one TCP (and, live, one TLS) handshake, not one per call.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { raw, startServerFromEnv } from './testing/raw-http.ts';

let upstream: Server;
let connections = 0;

beforeAll(async () => {
  upstream = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ data: [{ id: 'league', asked: request.url }] }));
  });
  upstream.on('connection', () => connections++);
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', () => resolve()));
});

afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

it('asks the service twenty different questions over one kept-alive connection', async () => {
  const { port } = upstream.address() as AddressInfo;
  const ours = await startServerFromEnv({
    ODDS_API_KEY: 'placeholder-key-long-enough',
    ODDS_API_BASE_URL: `http://127.0.0.1:${port}/api/v3`,
    PROXY_RATE_LIMIT: '0',
    ANSWER_CACHE: '0',
  });
  try {
    const statuses: number[] = [];
    for (let index = 0; index < 20; index++)
      statuses.push((await raw(ours.port, 'GET', `/api/v3/leagues?sport=sport-${index}`)).status);
    expect(statuses).toEqual(Array.from({ length: 20 }, () => 200));
    expect(connections).toBe(1);
  } finally {
    await ours.close();
  }
});

/**
 * Our server over HTTP/2, as a deployment that terminates TLS in Node would run it (the bench's
 * HTTP/2 copy does): a stream's answer may carry no HTTP/1.1 connection header, which Node refuses
 * over HTTP/2 by throwing, and which ended the process on the first stream opened.
 */
import {
  connect,
  createServer,
  type ClientHttp2Session,
  type Http2Server,
  type Http2Session,
  type IncomingHttpHeaders,
} from 'node:http2';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createServerApp, type ServerApp } from '../app.ts';
import { readServerConfig } from '../config.ts';

let server: ServerApp | null = null;
let listening: ServerType | null = null;
let session: ClientHttp2Session | null = null;
/** The listener's side of each connection: its close waits for every one, and a client's destroy can reach it late. */
const serverSessions = new Set<Http2Session>();

afterEach(async () => {
  session?.destroy();
  await server?.close();
  for (const serverSession of serverSessions) serverSession.destroy();
  serverSessions.clear();
  await new Promise((resolve) => (listening ? listening.close(resolve) : resolve(undefined)));
  server = listening = session = null;
});

/** Opens `path` and resolves with its status and headers, and the body's first bytes once they include `until`. */
function open(client: ClientHttp2Session, path: string, until: string) {
  return new Promise<{ headers: IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const request = client.request({ ':path': path });
    let headers: IncomingHttpHeaders = {};
    let text = '';
    request.on('response', (received) => (headers = received));
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      text += chunk;
      if (text.includes(until)) {
        resolve({ headers, text });
        request.close();
      }
    });
    request.on('error', reject);
    request.on('end', () => resolve({ headers, text }));
  });
}

describe('our server over HTTP/2', () => {
  it('opens an odds stream, and answers the next request after it', { timeout: 20_000 }, async () => {
    server = await createServerApp(
      readServerConfig({ SANDBOX_LATENCY: 'zero', SANDBOX_FAILURES: '0', PROXY_RATE_LIMIT: '0' }),
      { log: () => undefined },
    );
    const { app } = server;
    const fixtures = (await (await app.request('/api/v3/fixtures/active?sport=basketball')).json()) as {
      data: { id: string }[];
    };
    const fixtureId = fixtures.data[0]?.id ?? '';
    const port = await new Promise<number>((resolve) => {
      listening = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', createServer }, (info: AddressInfo) =>
        resolve(info.port),
      );
      (listening as Http2Server).on('session', (opened: Http2Session) => serverSessions.add(opened));
    });
    session = connect(`http://127.0.0.1:${port}`);

    const stream = await open(
      session,
      `/api/v3/stream/odds/basketball?sportsbook=DraftKings&fixture_id=${fixtureId}`,
      'event: connected',
    );
    expect(stream.headers[':status']).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['transfer-encoding']).toBeUndefined();
    expect(stream.text).toContain('event: connected');

    const health = await open(session, '/health', '}');
    expect(health.headers[':status']).toBe(200);
  });
});

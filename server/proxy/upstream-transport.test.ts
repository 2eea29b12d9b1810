/**
 * A kept-alive connection the service closes just as we reuse it: the call is sent again on a new
 * connection, once; a call that fails on a new connection is not repeated.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createUpstreamAgent, sendUpstream, type UpstreamRequest } from './upstream-transport.ts';

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A service that answers `{"n":…}`, and lets `dropRequest` decide which requests it hangs up on instead. */
async function startService(dropRequest: (requestOnSocket: number, socket: Socket) => boolean) {
  const requestsBySocket = new Map<Socket, number>();
  const received: number[] = [];
  server = createServer((incoming, outgoing) => {
    const onSocket = (requestsBySocket.get(incoming.socket) ?? 0) + 1;
    requestsBySocket.set(incoming.socket, onSocket);
    received.push(onSocket);
    if (dropRequest(onSocket, incoming.socket)) {
      incoming.socket.destroy();
      return;
    }
    outgoing.setHeader('content-type', 'application/json');
    outgoing.end(JSON.stringify({ n: received.length }));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, received, sockets: () => requestsBySocket.size };
}

function get(baseUrl: string): UpstreamRequest {
  return { method: 'GET', url: `${baseUrl}/sports`, headers: new Map(), body: undefined };
}

async function bodyOf(response: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of response) text += String(chunk);
  return text;
}

describe('sendUpstream on a kept-alive connection', () => {
  it('sends a call again on a new connection when the reused one was closed under it', async () => {
    // Every second request on a connection is hung up on: the service closing an idle connection
    // at the moment our next call is written to it.
    const service = await startService((requestOnSocket) => requestOnSocket === 2);
    const agent = createUpstreamAgent(service.baseUrl);
    try {
      const first = await sendUpstream(agent, get(service.baseUrl)).response;
      expect(await bodyOf(first)).toBe('{"n":1}');
      const second = await sendUpstream(agent, get(service.baseUrl)).response;
      expect(second.statusCode).toBe(200);
      expect(await bodyOf(second)).toBe('{"n":3}');
      // The dropped request on the first connection, then the same call on a second one.
      expect(service.received).toEqual([1, 2, 1]);
      expect(service.sockets()).toBe(2);
    } finally {
      agent.destroy();
    }
  });

  it('does not send a call again when a new connection fails', async () => {
    const service = await startService(() => true);
    const agent = createUpstreamAgent(service.baseUrl);
    try {
      await expect(sendUpstream(agent, get(service.baseUrl)).response).rejects.toThrow();
      expect(service.received).toEqual([1]);
    } finally {
      agent.destroy();
    }
  });
});

/**
 * Our app on a Node HTTP server with limits on every connection: a client must send its request
 * head and its whole request within set times, idle kept-alive sockets are closed, and the number
 * of open connections is capped, in all and per client address (an IPv6 /64 counting as one), so
 * slow or idle clients cannot hold the server's sockets and one client cannot take them all.
 */
import { serve, type ServerType } from '@hono/node-server';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionLimits } from './config.ts';
import { clientKey, isTrustedProxy, type TrustProxy } from './guards/client-address.ts';
import { watchForStream } from './stream-connections.ts';

export interface HttpServerOptions {
  fetch: (request: Request) => Response | Promise<Response>;
  port: number;
  host: string;
  limits: ConnectionLimits;
  /** Proxies in front share their connections among many clients: they are not capped per address. */
  trustProxy?: TrustProxy;
}

export interface RunningServer {
  server: ServerType;
  port: number;
  address: string;
  close: () => Promise<void>;
}

/** Node looks for timed-out requests on this interval; a fraction of the shortest timeout, at most 1 s. */
function checkingIntervalMs(limits: ConnectionLimits): number {
  return Math.max(50, Math.min(1_000, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4)));
}

/** Closes a new socket at once when its address already holds its share of the connections. */
function capConnectionsPerClient(server: Server, perClient: number, trustProxy: TrustProxy): void {
  const openByClient = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || isTrustedProxy(address, trustProxy)) return;
    const key = clientKey(address);
    const open = openByClient.get(key) ?? 0;
    if (open >= perClient) {
      socket.destroy();
      return;
    }
    openByClient.set(key, open + 1);
    socket.once('close', () => {
      const left = (openByClient.get(key) ?? 1) - 1;
      if (left <= 0) openByClient.delete(key);
      else openByClient.set(key, left);
    });
  });
}

/**
 * Closes a new socket at once when `maxOrdinary` ordinary connections are open; a socket that
 * became an odds stream is counted apart (the hub caps those), so open pages do not starve requests.
 */
function capOrdinaryConnections(server: Server, maxOrdinary: number): void {
  let ordinary = 0;
  server.on('connection', (socket: Socket) => {
    if (ordinary >= maxOrdinary) {
      socket.destroy();
      return;
    }
    ordinary++;
    let counted = true;
    const uncount = () => {
      if (!counted) return;
      counted = false;
      ordinary--;
    };
    watchForStream(socket, uncount);
    socket.once('close', uncount);
  });
}

export function startHttpServer({
  fetch,
  port,
  host,
  limits,
  trustProxy = { kind: 'none' },
}: HttpServerOptions): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = serve(
      {
        fetch,
        port,
        hostname: host,
        serverOptions: {
          headersTimeout: limits.headersTimeoutMs,
          requestTimeout: limits.requestTimeoutMs,
          keepAliveTimeout: limits.keepAliveTimeoutMs,
          connectionsCheckingInterval: checkingIntervalMs(limits),
        },
      },
      (info) => {
        server.off('error', reject);
        resolve({
          server,
          port: info.port,
          address: info.address,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => done());
              (server as Server).closeIdleConnections();
            }),
        });
      },
    );
    // Every socket at once: the ordinary ones and the streams, each counted apart below and in the hub.
    (server as Server).maxConnections = limits.maxConnections + limits.maxStreamConnections;
    capOrdinaryConnections(server as Server, limits.maxConnections);
    capConnectionsPerClient(server as Server, limits.maxConnectionsPerClient, trustProxy);
    server.once('error', reject);
  });
}

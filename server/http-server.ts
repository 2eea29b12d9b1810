/**
 * Our app on a Node HTTP server with limits on every connection: a client must send its request
 * head and its whole request within set times, idle kept-alive sockets are closed, and the number
 * of open connections is capped, so slow or idle clients cannot hold the server's sockets.
 */
import { serve, type ServerType } from '@hono/node-server';
import type { Server } from 'node:http';
import type { ConnectionLimits } from './config.ts';

export interface HttpServerOptions {
  fetch: (request: Request) => Response | Promise<Response>;
  port: number;
  host: string;
  limits: ConnectionLimits;
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

export function startHttpServer({ fetch, port, host, limits }: HttpServerOptions): Promise<RunningServer> {
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
    (server as Server).maxConnections = limits.maxConnections;
    server.once('error', reject);
  });
}

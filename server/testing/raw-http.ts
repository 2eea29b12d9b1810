/**
 * Test helpers over real sockets: one HTTP request with the path sent exactly as written, and our
 * server started as main.ts starts it (same app, same connection limits) on a free loopback port.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServerApp, type ServerApp } from '../app.ts';
import { readServerConfig } from '../config.ts';
import { startHttpServer } from '../http-server.ts';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RawOptions {
  headers?: Record<string, string>;
  /** One string (sent with Content-Length) or chunks (sent chunked). */
  body?: string | string[];
  localAddress?: string;
}

export function raw(port: number, method: string, path: string, options: RawOptions = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers };
    if (typeof options.body === 'string') headers['content-length'] = String(Buffer.byteLength(options.body));
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, headers, localAddress: options.localAddress, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    // The server may answer (413) and close before a streamed body is finished: that is the point.
    req.on('error', (error) => reject(error));
    if (Array.isArray(options.body)) {
      for (const chunk of options.body) req.write(chunk);
      req.end();
    } else {
      req.end(options.body);
    }
  });
}

export interface StartedServer {
  port: number;
  /** The app it serves (its streams' hub, for what a test counts). */
  serverApp: ServerApp;
  close: () => Promise<void>;
}

export interface StartOptions {
  log?: (line: string) => void;
}

/** Our server on 127.0.0.1 and a free port, configured from `env` as main.ts would be. */
export async function startServerFromEnv(
  env: Record<string, string>,
  options: StartOptions = {},
): Promise<StartedServer> {
  const config = readServerConfig({ ...env, PORT: '0', HOST: '127.0.0.1' });
  const serverApp = await createServerApp(config, { log: options.log ?? (() => undefined) });
  const { app, close } = serverApp;
  const running = await startHttpServer({
    fetch: app.fetch,
    port: 0,
    host: '127.0.0.1',
    limits: config.connections,
    trustProxy: config.shared.trustProxy,
  });
  return { port: running.port, serverApp, close: () => Promise.all([running.close(), close()]).then(() => undefined) };
}

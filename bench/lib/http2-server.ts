/**
 * Benchmark only: our server exactly as server/main.ts builds it, but over HTTPS with HTTP/2 (a
 * self-signed certificate for 127.0.0.1 made by bench/lib/processes.mjs), as a production
 * deployment behind TLS would be. Browsers speak HTTP/2 only over TLS; over HTTP/2 all of a page's
 * requests share one connection, so none waits for one of HTTP/1.1's six.
 * Env: as server/main.ts, plus TLS_KEY and TLS_CERT (PEM file paths).
 */
import { readFileSync } from 'node:fs';
import { createSecureServer } from 'node:http2';
import { serve } from '@hono/node-server';
import { createServerApp } from '../../server/app.ts';
import { readServerConfig } from '../../server/config.ts';

const config = readServerConfig(process.env);
const { app } = await createServerApp(config);
const key = readFileSync(process.env.TLS_KEY ?? '');
const cert = readFileSync(process.env.TLS_CERT ?? '');
const server = serve(
  {
    fetch: app.fetch,
    port: config.port,
    hostname: config.host,
    createServer: createSecureServer,
    serverOptions: { key, cert, allowHTTP1: true },
  },
  (info) => console.log(`HTTP/2 server on https://${config.host}:${info.port}/`),
);
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

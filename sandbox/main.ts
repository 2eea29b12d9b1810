/**
 * `npm run sandbox`: the odds-service sandbox on its own.
 * PORT (4010), HOST (127.0.0.1), SANDBOX_API_KEY (sandbox-key), SANDBOX_LATENCY (realistic|zero),
 * SANDBOX_FAILURES (0 turns random upstream failures off), SANDBOX_SEED (1),
 * SANDBOX_CATALOG (realistic|small: the live service's size, or the small catalog of unit tests).
 */
import { serve } from '@hono/node-server';
import { createSandboxApp } from './app.ts';
import { parseCatalogKind } from './catalog/catalog.ts';

function fail(message: string): never {
  console.error(`sandbox: ${message}`);
  process.exit(1);
}

const port = Number(process.env.PORT ?? 4010);
if (!Number.isInteger(port) || port <= 0 || port > 65_535) fail(`PORT must be a port number, got ${process.env.PORT}`);
const hostname = process.env.HOST ?? '127.0.0.1';
const apiKey = process.env.SANDBOX_API_KEY || 'sandbox-key';
const latency = process.env.SANDBOX_LATENCY ?? 'realistic';
if (latency !== 'realistic' && latency !== 'zero') fail(`SANDBOX_LATENCY must be realistic or zero, got ${latency}`);
const seed = Number(process.env.SANDBOX_SEED ?? 1);
if (!Number.isFinite(seed)) fail(`SANDBOX_SEED must be a number, got ${process.env.SANDBOX_SEED}`);
const randomFailures = process.env.SANDBOX_FAILURES !== '0';
const catalog =
  parseCatalogKind(process.env.SANDBOX_CATALOG) ??
  (process.env.SANDBOX_CATALOG
    ? fail(`SANDBOX_CATALOG must be realistic or small, got ${process.env.SANDBOX_CATALOG}`)
    : 'realistic');

const app = createSandboxApp({ apiKey, seed, latency, randomFailures, catalog });
const server = serve({ fetch: app.fetch, port, hostname }, (info) => {
  const host = hostname.includes(':') ? `[${hostname}]` : hostname;
  console.log(`Odds sandbox listening on http://${host}:${info.port}/api/v3`);
  console.log(`API key: ${apiKey}  (send as X-Api-Key or ?key=)`);
  console.log(
    `Catalog: ${catalog}, latency: ${latency}, random failures: ${randomFailures ? 'on' : 'off'}, seed: ${seed}`,
  );
  // Place the week's games now (~0.4 s for the realistic catalog) rather than on the first caller's time.
  void app.request('/api/v3/fixtures/active', { headers: { 'X-Api-Key': apiKey, 'X-Sandbox-Latency': 'zero' } });
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}

/**
 * `npm run sandbox`: the odds-service sandbox on its own. PORT (4010), HOST (127.0.0.1), and the
 * SANDBOX_* settings of sandbox/settings.ts (key, seed, latency, catalog, failures, world clock).
 */
import { serve } from '@hono/node-server';
import { API_PREFIX } from '../src/domain/odds/api-prefix.ts';
import { createSandboxApp } from './app.ts';
import {
  describeSandbox,
  readSandboxSettings,
  sandboxOptionsFrom,
  SandboxSettingError,
  type SandboxSettings,
} from './settings.ts';

function fail(message: string): never {
  console.error(`sandbox: ${message}`);
  process.exit(1);
}

const port = Number(process.env.PORT ?? 4010);
if (!Number.isInteger(port) || port <= 0 || port > 65_535) fail(`PORT must be a port number, got ${process.env.PORT}`);
const hostname = process.env.HOST ?? '127.0.0.1';
function readSettingsOrExit(): SandboxSettings {
  try {
    return readSandboxSettings(process.env);
  } catch (error) {
    if (error instanceof SandboxSettingError) fail(error.message);
    throw error;
  }
}
const settings = readSettingsOrExit();

const app = createSandboxApp(sandboxOptionsFrom(settings));
const server = serve({ fetch: app.fetch, port, hostname }, (info) => {
  const host = hostname.includes(':') ? `[${hostname}]` : hostname;
  console.log(`Odds sandbox listening on http://${host}:${info.port}${API_PREFIX}`);
  console.log(`API key: ${settings.apiKey}  (send as X-Api-Key or ?key=)`);
  console.log(`Sandbox: ${describeSandbox(settings)}`);
  // Place the week's games now (~0.4 s for the realistic catalog) rather than on the first caller's time.
  void app.request(`${API_PREFIX}/fixtures/active`, {
    headers: { 'X-Api-Key': settings.apiKey, 'X-Sandbox-Latency': 'zero' },
  });
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}

/**
 * The standalone sandbox as `npm run sandbox` runs it (the same app, the same SANDBOX_* settings),
 * answering every request FIXED_LATENCY_MS after it arrives: for the server section, which compares
 * our proxy in front of it with it alone when the service takes the same time for every answer
 * (its own latency modes are none or the books' realistic spread).
 */
import { serve } from '@hono/node-server';
import { createSandboxApp } from '../../sandbox/app.ts';
import { readSandboxSettings, sandboxOptionsFrom } from '../../sandbox/settings.ts';

const latencyMs = Number(process.env.FIXED_LATENCY_MS ?? '');
if (!Number.isInteger(latencyMs) || latencyMs < 0)
  throw new Error(`FIXED_LATENCY_MS must be a whole number of milliseconds, got "${process.env.FIXED_LATENCY_MS}".`);

const app = createSandboxApp(sandboxOptionsFrom(readSandboxSettings(process.env)));
const wait = () => new Promise((resolve) => setTimeout(resolve, latencyMs));
const server = serve(
  {
    fetch: async (request) => {
      await wait();
      return app.fetch(request);
    },
    port: Number(process.env.PORT),
    hostname: process.env.HOST ?? '127.0.0.1',
  },
  (info) => console.log(`Odds sandbox (every answer after ${latencyMs} ms) listening on port ${info.port}`),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));

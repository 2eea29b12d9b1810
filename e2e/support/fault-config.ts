/**
 * Where the fault-matrix stack lives, shared by playwright.config.ts, e2e/support/fault-stack.ts and the
 * specs: a fault upstream on loopback and a second instance of our server in LIVE mode in front of
 * it, holding a canary key that must never reach the browser, a response or a log line.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** run-e2e.mjs makes a fresh one per run (and builds the app with it set); this is for direct runs. */
export const CANARY_KEY = process.env.E2E_CANARY_KEY || 'canary-odds-key-e2e-direct-run-5b1f0c';

/** The proxy's upstream timeout in the live instance: short, so the "slower than our timeout" row is quick. */
export const LIVE_UPSTREAM_TIMEOUT_MS = 1500;

export interface FaultStack {
  livePort: number;
  faultPort: number;
  liveOrigin: string;
  faultOrigin: string;
  /** The live server's stdout and stderr, for the canary grep. */
  logPath: string;
}

export function faultStack(basePort: number): FaultStack {
  const livePort = basePort + 1;
  const faultPort = basePort + 2;
  return {
    livePort,
    faultPort,
    liveOrigin: `http://127.0.0.1:${livePort}`,
    faultOrigin: `http://127.0.0.1:${faultPort}`,
    logPath: join(tmpdir(), `parlay-e2e-live-server-${livePort}.log`),
  };
}

export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 5183);

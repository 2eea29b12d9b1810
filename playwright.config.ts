import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { CANARY_KEY, faultStack } from './e2e/support/fault-config.ts';
import { bareWordPressPort, wordPressPort } from './e2e/support/wordpress.ts';
import { E2E_TIMEZONE, fixWorldClock } from './e2e/support/world-clock.mjs';
import { CHROMIUM_FLAGS, knownTestChromium } from './scripts/chromium.mjs';

// One world for the run (e2e/support/world.ts): the web servers' sandboxes and every worker's
// browser start at E2E_CLOCK. scripts/run-e2e.mjs fixes it first; a direct `playwright test` here.
const world = fixWorldClock();
// Node-side dates in the tests (day headings, kick-off times) read the browser's zone.
process.env.TZ = E2E_TIMEZONE;
const worldClockEnv = { SANDBOX_CLOCK: process.env.E2E_CLOCK ?? '', SANDBOX_CLOCK_ANCHOR_MS: String(world.anchorMs) };
// Playwright's request client (a test's `request`) keeps idle connections with no end of its own and
// sends on one the server is closing without trying again (ECONNRESET, on a loaded machine): our
// servers keep them open longer than a test, whose client goes with it, may last.
const serverEnv = { ...worldClockEnv, KEEP_ALIVE_TIMEOUT_MS: '120000' };

/**
 * A test's page lives for seconds: V8's optimising compilers (Maglev, TurboFan) cost more on these
 * two cores than they save before the page closes. Its JS runs on the interpreter and the baseline
 * compiler (Sparkplug), with the same results: the whole step 419-438 s against 466 s, its CPU
 * 773-814 s against 864 s (docs/testing.md). The bench, Lighthouse and the screenshots keep the
 * browser's defaults: they measure what users get.
 */
const SHORT_LIVED_PAGE_FLAGS = ['--js-flags=--max-opt=1'];

const port = Number(process.env.E2E_PORT ?? 5183);
const staticRoot = `dist/e2e-app-${port}`;
const widgetRoot = `dist/e2e-widget-${port}`;
const snapshotBuild = [
  "const fs = require('node:fs');",
  `fs.rmSync('${staticRoot}', { recursive: true, force: true });`,
  `fs.cpSync('dist/app', '${staticRoot}', { recursive: true });`,
  `fs.rmSync('${widgetRoot}', { recursive: true, force: true });`,
  `fs.cpSync('dist/widget', '${widgetRoot}', { recursive: true });`,
].join(' ');
/** A second origin on this machine: the widget e2e tests host pages there (allowed for CORS and framing). */
const widgetHostOrigin = `http://localhost:${port}`;
/** The WordPress e2e's site (e2e/support/wordpress.ts): its posts embed the widget and /embed. */
const wordPressOrigins = [wordPressPort(port), bareWordPressPort(port)].map((at) => `http://127.0.0.1:${at}`);
/** The fault matrix's stack: a fault upstream and our server in live mode in front of it. */
const faults = faultStack(port);

export default defineConfig({
  testDir: 'e2e',
  // Says which world the run is in, unless scripts/run-e2e.mjs already did.
  globalSetup: './e2e/support/announce-world.ts',
  fullyParallel: true,
  // Half the cores, as Playwright's default, but never one: on 2 cores that default ran a newcomer's
  // e2e step on one worker, 583 s against 458-462 s on two (the step is CPU-bound: three lose).
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  retries: 0,
  // After the list: the fault-matrix and stored-state tables (fault, what the user saw, pass/fail).
  reporter: [['list'], ['./e2e/support/fault-matrix-reporter.ts']],
  timeout: 30_000,
  expect: { timeout: 8_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    timezoneId: E2E_TIMEZONE,
    // Recording a trace takes two to three times the browser's work of a test (a slip priced and a
    // league's games opened: ~1.7 s of CPU untraced, ~4.9 s traced), for every test. A failure keeps
    // its screenshot and error context; `--trace retain-on-failure` records traces when one is needed.
    trace: 'off',
    screenshot: 'only-on-failure',
    // Without a Chromium of ours, Playwright's own download.
    launchOptions: {
      executablePath: knownTestChromium() ?? undefined,
      args: [...CHROMIUM_FLAGS, ...SHORT_LIVED_PAGE_FLAGS],
    },
  },
  projects: [
    {
      // One fault server, its rules set per test: these tests run one at a time, beside the others.
      // First in the queue, so that this chain of ~20 tests runs beside the rest, not after it.
      name: 'faults',
      testMatch: /fault-matrix\.spec\.ts/,
      fullyParallel: false,
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: faults.liveOrigin },
    },
    {
      name: 'chromium',
      testIgnore: /fault-matrix\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: [
    {
      // The production build (run-e2e.mjs builds first) served by our server over the sandbox. It
      // serves a snapshot of dist/app taken at start, so a rebuild during the run (npm run build,
      // npm start, another run) cannot pull the page or its lazy chunks out from under the tests.
      command: `node -e "${snapshotBuild}" && npx tsx server/main.ts`,
      url: `http://127.0.0.1:${port}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      // A short proxy timeout so the "odds service too slow" test (X-Sandbox-Fault: hang) fails fast;
      // zero-latency answers take milliseconds, far inside it.
      env: {
        PORT: String(port),
        SANDBOX_LATENCY: 'zero',
        SANDBOX_FAILURES: '0',
        ODDS_API_KEY: '',
        UPSTREAM_TIMEOUT_MS: '2000',
        PROXY_RATE_LIMIT: '6000',
        // Every test's pages and requests come from this one address: its share of the upstream
        // budget is the whole budget (at 10%, two workers' page loads spent it and got 429s).
        UPSTREAM_CLIENT_SHARE: '100',
        // Every test's pages open their streams from this one address.
        STREAM_OPENS_PER_MINUTE: '6000',
        STREAM_OPEN_BURST: '1000',
        STATIC_ROOT: staticRoot,
        WIDGET_ROOT: widgetRoot,
        ALLOWED_ORIGINS: [widgetHostOrigin, ...wordPressOrigins].join(','),
        // The widget tests use the demo host page; /embed's links from its URL may go to this partner only.
        SERVE_DEMO: '1',
        EMBED_AFFILIATE_HOSTS: 'partner.example',
        ...serverEnv,
      },
    },
    {
      // The fault matrix: a fault upstream on loopback and our server in LIVE mode in front of it,
      // holding a canary key (see e2e/support/fault-stack.ts).
      command: 'npx tsx e2e/support/fault-stack.ts',
      url: `${faults.liveOrigin}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      // Passed on to the live server (e2e/support/fault-stack.ts starts it with this environment).
      env: { E2E_PORT: String(port), E2E_CANARY_KEY: CANARY_KEY, ...serverEnv },
    },
  ],
});

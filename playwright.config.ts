import { defineConfig, devices } from '@playwright/test';

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

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 8_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The production build (run-e2e.mjs builds first) served by our server over the sandbox. It
    // serves a snapshot of dist/app taken at start, so a rebuild during the run (npm run build,
    // npm start, another run) cannot pull the page or its lazy chunks out from under the tests.
    command: `node -e "${snapshotBuild}" && npx tsx server/main.ts`,
    url: `http://127.0.0.1:${port}/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    // A short proxy timeout so the "odds service too slow" test (X-Sandbox-Fault: hang) fails fast;
    // zero-latency answers take milliseconds, far inside it.
    env: { PORT: String(port), SANDBOX_LATENCY: 'zero', SANDBOX_FAILURES: '0', ODDS_API_KEY: '', UPSTREAM_TIMEOUT_MS: '2000', PROXY_RATE_LIMIT: '6000', STATIC_ROOT: staticRoot, WIDGET_ROOT: widgetRoot, ALLOWED_ORIGINS: widgetHostOrigin },
  },
});

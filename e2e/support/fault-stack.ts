/**
 * Playwright web server for the fault matrix: the fault upstream (in this process) and our server
 * in live mode (a child process running server/main.ts, as in production) pointed at it with the
 * canary key. The child's stdout and stderr are copied to a log file the tests grep for the key.
 */
import { spawn } from 'node:child_process';
import { cpSync, createWriteStream, rmSync } from 'node:fs';
import { startFaultUpstream } from '../../server/testing/fault-upstream.ts';
import { readSandboxSettings, worldNow } from '../../sandbox/settings.ts';
import { CANARY_KEY, E2E_BASE_PORT, faultStack, LIVE_UPSTREAM_TIMEOUT_MS } from './fault-config.ts';

const stack = faultStack(E2E_BASE_PORT);
// Its own snapshot of the build, like the sandbox instance's: a rebuild mid-run cannot pull chunks away.
const staticRoot = `dist/e2e-live-app-${stack.livePort}`;
const widgetRoot = `dist/e2e-live-widget-${stack.livePort}`;
for (const [from, to] of [
  ['dist/app', staticRoot],
  ['dist/widget', widgetRoot],
] as const) {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
}

// The same world as the sandbox instance's (SANDBOX_CLOCK from playwright.config.ts).
const upstream = await startFaultUpstream({
  apiKey: CANARY_KEY,
  port: stack.faultPort,
  now: worldNow(readSandboxSettings(process.env).clock),
});
console.log(`fault upstream on ${upstream.baseUrl}`);

const log = createWriteStream(stack.logPath);
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(stack.livePort),
    HOST: '127.0.0.1',
    ODDS_API_KEY: CANARY_KEY,
    ODDS_API_BASE_URL: upstream.baseUrl,
    UPSTREAM_TIMEOUT_MS: String(LIVE_UPSTREAM_TIMEOUT_MS),
    PROXY_RATE_LIMIT: '6000',
    // One address for every test: its share of the upstream budget is the whole budget.
    UPSTREAM_CLIENT_SHARE: '100',
    STREAM_OPENS_PER_MINUTE: '6000',
    STREAM_OPEN_BURST: '1000',
    // Each test sets its own faults for the same slips: an answer cached by the test before must not hide them.
    ANSWER_CACHE: '0',
    STATIC_ROOT: staticRoot,
    WIDGET_ROOT: widgetRoot,
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
for (const stream of [server.stdout, server.stderr]) {
  stream.pipe(log, { end: false });
  stream.pipe(process.stdout, { end: false });
}

const stop = () => {
  server.kill('SIGTERM');
  void upstream.close().finally(() => process.exit(0));
};
server.on('exit', (code) => {
  log.end();
  console.log(`live server exited (${code})`);
  void upstream.close().finally(() => process.exit(code ?? 1));
});
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

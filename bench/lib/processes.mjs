// Starting and stopping what the benchmark needs, on loopback only: our server and the standalone
// sandbox, each a single Node process (tsx as a loader, so the pid we hold is the server itself).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import https from 'node:https';
import { createServer } from 'node:net';
import { onCleanup } from './cleanup.mjs';

const running = new Set();

/** A port nobody listens on right now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** A process's CPU time so far (user + system, ms), from /proc: other work on the machine does not inflate it. */
export function processCpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime, fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** One GET; a self-signed certificate is fine (our own, on loopback). */
function probe(url) {
  if (!url.startsWith('https:')) return fetch(url).then((response) => response.arrayBuffer());
  return new Promise((resolve, reject) => {
    https
      .get(url, { rejectUnauthorized: false }, (response) => response.resume().on('end', resolve))
      .on('error', reject);
  });
}

/**
 * How long a started process may take to answer: tsx compiling our server took over 30 s on the
 * 2-core machine at load ~20. A section's own time limit still bounds the whole (bench/lib/section.mjs).
 */
export const STARTUP_WAIT_MS = 120_000;

async function waitForHttp(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${child.benchName} exited early (code ${child.exitCode}):\n${child.benchLog.join('')}`);
    try {
      await probe(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${child.benchName} did not answer ${url} within ${timeoutMs} ms:\n${child.benchLog.join('')}`);
}

function startNodeProcess(name, script, env, readyUrl, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    env: { ...process.env, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.benchName = name;
  child.benchLog = [];
  const keep = (chunk) => {
    child.benchLog.push(chunk.toString());
    if (child.benchLog.length > 50) child.benchLog.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  running.add(child);
  const forget = onCleanup(`${name} (pid ${child.pid})`, () => stop(child));
  child.on('exit', (code, signal) => {
    running.delete(child);
    forget();
    if (!child.benchStopping)
      console.error(
        `bench: ${name} (pid ${child.pid}) exited unexpectedly (code ${code}, signal ${signal}). Its last output:\n${child.benchLog.join('')}`,
      );
  });
  // One that never came up is not left running.
  return waitForHttp(readyUrl, child, STARTUP_WAIT_MS).then(
    () => child,
    async (error) => {
      await stop(child);
      throw error;
    },
  );
}

/**
 * Sandbox settings for processes whose figures are compared with each other: zero latency, and
 * every sandbox in the same world at the same instant (its clock pinned to `at`, by default this
 * minute's start, advancing from each process's own start). The sandbox's pricing work depends on
 * the moment (how far back a book's last price change is), so on the real clock two processes
 * measured a minute apart priced different amounts of work.
 */
export function pinnedSandboxWorld(at = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString()) {
  return { SANDBOX_LATENCY: 'zero', SANDBOX_CLOCK: at };
}

/**
 * Our server (what `npm start` runs, on the already built dist/app), over its in-process sandbox
 * unless `env` points it elsewhere. Returns { origin, stop }. A bench's load comes from one
 * address (or a few), so the per-client limits are off: the request limit and the client's share of
 * the upstream budget (at its default of 10%, a burst of misses from one address is mostly 429).
 */
export async function startOurServer(env = {}, { nodeArgs = [], script = 'server/main.ts' } = {}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = await startNodeProcess(
    'our server',
    script,
    {
      ODDS_API_KEY: '',
      PROXY_RATE_LIMIT: '0',
      // One bench address sends every reader's miss: the per-client upstream share would refuse most.
      UPSTREAM_CLIENT_SHARE: '100',
      SANDBOX_FAILURES: '0',
      ...env,
      PORT: String(port),
    },
    `${origin}/health`,
    nodeArgs,
  );
  return {
    origin,
    pid: child.pid,
    stop: () => stop(child),
    /** Kills it at once (SIGKILL), as a crashed host would go. */
    kill: () => {
      child.benchStopping = true;
      child.kill('SIGKILL');
    },
  };
}

/** A throwaway self-signed certificate for 127.0.0.1 (openssl); null when openssl is missing. */
function loopbackCertificate(dir = 'bench/tmp/tls') {
  const key = `${dir}/key.pem`;
  const cert = `${dir}/cert.pem`;
  if (existsSync(key) && existsSync(cert)) return { key, cert };
  mkdirSync(dir, { recursive: true });
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '30',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return made.status === 0 ? { key, cert } : null;
}

/** Our server over HTTPS + HTTP/2 (bench/lib/http2-server.ts); null when no certificate can be made. */
export async function startOurHttp2Server(env = {}) {
  const tls = loopbackCertificate();
  if (!tls) return null;
  const port = await freePort();
  const origin = `https://127.0.0.1:${port}`;
  const child = await startNodeProcess(
    'our server (HTTP/2)',
    'bench/lib/http2-server.ts',
    {
      ODDS_API_KEY: '',
      PROXY_RATE_LIMIT: '0',
      SANDBOX_FAILURES: '0',
      ...env,
      PORT: String(port),
      TLS_KEY: tls.key,
      TLS_CERT: tls.cert,
    },
    `${origin}/health`,
  );
  return { origin, pid: child.pid, stop: () => stop(child) };
}

/** The sandbox's rate-limit windows (as the service's: 2,500 calls per key per 15 s, aligned to the clock). */
const LIMIT_WINDOW_MS = 15_000;

/**
 * Resolves as the sandbox's next limit window starts: calls made before it no longer count. Its
 * windows follow its own clock, `clockOffsetMs` ahead of this machine's in a world of its own.
 */
export function untilNextLimitWindow(clockOffsetMs = 0) {
  const intoWindow = (((Date.now() + clockOffsetMs) % LIMIT_WINDOW_MS) + LIMIT_WINDOW_MS) % LIMIT_WINDOW_MS;
  return new Promise((resolve) => setTimeout(resolve, LIMIT_WINDOW_MS - intoWindow + 50));
}

/**
 * The standalone sandbox (`npm run sandbox`, or `script` serving the same app), key `sandbox-key`.
 * Returns { baseUrl, apiKey, pid, stop }.
 */
export async function startStandaloneSandbox(env = {}, { nodeArgs = [], script = 'sandbox/main.ts' } = {}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}/api/v3`;
  // Any answer (401 without a key) means it is listening.
  const child = await startNodeProcess(
    'standalone sandbox',
    script,
    { SANDBOX_API_KEY: 'sandbox-key', SANDBOX_FAILURES: '0', ...env, PORT: String(port) },
    `${baseUrl}/sports`,
    nodeArgs,
  );
  return { baseUrl, apiKey: 'sandbox-key', pid: child.pid, stop: () => stop(child) };
}

function stop(child) {
  child.benchStopping = true;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Stops every process this benchmark started (by its own handle, nothing else). */
export async function stopAll() {
  await Promise.all([...running].map((child) => stop(child)));
}

// One headless Chromium (Debian's, or whatever scripts/chromium.mjs finds) for the browser
// measurements, with the flags the e2e suite uses.
import { chromium } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { CHROMIUM_FLAGS, findChromium } from '../../scripts/chromium.mjs';
import { onCleanup } from './cleanup.mjs';
import { BENCH_WORLD_CONTEXT, installBenchWorldClock } from './world.mjs';

/** This process's children now, by pid (from /proc): Playwright starts Chromium as one of them. */
function childPids() {
  const pids = new Set();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: state, then the parent's pid.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === process.pid) pids.add(Number(entry));
    } catch {
      // Gone while we looked.
    }
  }
  return pids;
}

const BROWSER_CLOSE_MS = 10_000;

/**
 * Chromium for one section. `close()` gives it 10 s to close; a browser that hangs is killed by
 * the pid it was started with. A section stopped for time closes it the same way.
 */
export async function launchBrowser() {
  const executablePath = await findChromium();
  const before = childPids();
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_FLAGS] });
  const started = [...childPids()].filter((pid) => !before.has(pid));
  const shutDown = async () => {
    const closed = await Promise.race([
      browser.close().then(
        () => true,
        () => false,
      ),
      new Promise((resolve) => setTimeout(() => resolve(false), BROWSER_CLOSE_MS)),
    ]);
    if (closed) return;
    for (const pid of started) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  };
  const forget = onCleanup('Chromium', shutDown);
  return {
    browser,
    executablePath,
    version: browser.version(),
    close: async () => {
      forget();
      await shutDown();
    },
  };
}

/**
 * A fresh context (empty cache and storage) with a desktop window, as a first visit. `inBenchWorld`:
 * its clock and time zone are the bench's world (lib/world.mjs), for a server started in that world.
 */
export async function freshPage(
  browser,
  { viewport = { width: 1366, height: 900 }, initScripts = [], inBenchWorld = false } = {},
) {
  // ignoreHTTPSErrors: the HTTP/2 variant of our server has a self-signed certificate for 127.0.0.1.
  const context = await browser.newContext({
    viewport,
    ignoreHTTPSErrors: true,
    ...(inBenchWorld ? BENCH_WORLD_CONTEXT : {}),
  });
  if (inBenchWorld) await installBenchWorldClock(context);
  for (const script of initScripts) await context.addInitScript(script);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Tracks the page's requests to /api/v3 so a step can wait until none is in flight. A live odds
 * stream (/api/v3/stream/...) stays open as long as its games are shown, so it is kept apart: listed
 * in `streams`, never in `all`, and never waited for.
 */
export function trackApiRequests(page) {
  const inFlight = new Set();
  const all = [];
  const streams = [];
  const isApi = (request) => new URL(request.url()).pathname.startsWith('/api/v3/');
  const isStream = (request) => new URL(request.url()).pathname.startsWith('/api/v3/stream/');
  page.on('request', (request) => {
    if (!isApi(request)) return;
    if (isStream(request)) {
      streams.push(request);
      return;
    }
    inFlight.add(request);
    all.push(request);
  });
  const done = (request) => inFlight.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    all,
    streams,
    /** Resolves once no /api/v3 request has been in flight for `quietMs`. */
    async settled(quietMs = 300, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      let quietSince = Date.now();
      while (Date.now() < deadline) {
        if (inFlight.size > 0) quietSince = Date.now();
        else if (Date.now() - quietSince >= quietMs) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(
        `Requests still in flight after ${timeoutMs} ms: ${[...inFlight].map((request) => request.url()).join(', ')}`,
      );
    },
  };
}

export function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// One headless Chromium (Debian's, or whatever scripts/chromium.mjs finds) for the browser
// measurements, with the flags the e2e suite uses.
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from '../../scripts/chromium.mjs';
import { BENCH_WORLD_CONTEXT, installBenchWorldClock } from './world.mjs';

export async function launchBrowser() {
  const executablePath = await findChromium();
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_FLAGS] });
  return { browser, executablePath, version: browser.version() };
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

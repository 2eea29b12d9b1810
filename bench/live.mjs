// Live prices: prices pushed over our server's odds stream instead of polled.
// - screen: a price changed in the sandbox (its test hook, through our server) -> the new price in
//   the grid's cell, in real Chromium, with a 3-leg slip open; meanwhile the page's /fixtures/odds
//   requests are counted for 60 s of real time (oddsPollsIn60s).
// - fanOut, slowClient, failover: our server in live mode in front of the standalone sandbox
//   (bench/live-streams.mjs). The sandbox runs in the bench's fixed world (lib/world.mjs): how many
//   rows a second a sport's stream carries depends on the hour (games in play, prices drifting
//   before a game), so on the real clock the same readers cost the server several times more at
//   one hour than at another.
/* global window, MutationObserver -- functions passed to the page (evaluate, waitForFunction) run in the browser */
import { freshPage } from './lib/browser.mjs';
import { startCountingForwarder } from './lib/counting-forwarder.mjs';
import { linesOf } from './lib/price-changes.mjs';
import { startOurServer, startStandaloneSandbox } from './lib/processes.mjs';
import { encodeSlip, moneylineLegs } from './lib/sandbox-legs.mjs';
import { percentile } from './lib/stats.mjs';
import { BENCH_WORLD_ENV, benchWorldNowMs } from './lib/world.mjs';
import { liveEnv, measureFailover, measureFanOut, measureSlowClient } from './live-streams.mjs';

const SLIP_BOOKS = ['DraftKings', 'BetMGM', 'Fanatics'];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const american = (price) => (price > 0 ? `+${price}` : String(price));

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The grid's cell of a leg at a book, found as a user (or assistive tech) reads the table. */
async function legCell(page, leg, book) {
  const grid = page.getByRole('region', { name: 'Prices by sportsbook', exact: true });
  // The price grid is an ARIA grid (arrow keys move between its cells).
  // As spoken: the book's mark (its initials, shown to the eye only) left out.
  const headers = await grid
    .getByRole('grid')
    .locator('thead th')
    .evaluateAll((cells) =>
      cells.map((cell) => {
        const spoken = cell.cloneNode(true);
        for (const hidden of spoken.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
        return spoken.textContent ?? '';
      }),
    );
  // Long names carry soft hyphens (where they may break).
  const column = headers.findIndex((header) =>
    header
      .replace(/\u00ad/g, '')
      .trim()
      .startsWith(book),
  );
  if (column < 1) throw new Error(`no ${book} column in ${JSON.stringify(headers)}`);
  const rowHeader = page.getByRole('rowheader', {
    name: new RegExp(`^${escapeRegExp(leg.name)}\\s*${escapeRegExp(leg.market)}`),
  });
  // The first column is the row header, not a cell.
  return grid
    .getByRole('row')
    .filter({ has: rowHeader })
    .getByRole('gridcell')
    .nth(column - 1);
}

/** Page-side: notes the moment the cell first shows `expected` (by its place in the table, should React replace it). */
function watchCell([cell, expected]) {
  const state = window;
  const table = cell.closest('table');
  const rowIndex = cell.parentElement.rowIndex;
  const cellIndex = cell.cellIndex;
  state.benchSeenAt = undefined;
  state.benchObserver?.disconnect();
  const check = () => {
    const now = table.rows[rowIndex]?.cells[cellIndex];
    if (state.benchSeenAt === undefined && (now?.textContent ?? '').trim().startsWith(expected)) {
      state.benchSeenAt = Date.now();
      state.benchObserver?.disconnect();
    }
  };
  state.benchObserver = new MutationObserver(check);
  state.benchObserver.observe(table, { subtree: true, childList: true, characterData: true });
  check();
}

async function measureChangeToScreen({ browser, changes, log }) {
  const app = await startOurServer({ SANDBOX_LATENCY: 'zero', SANDBOX_FAILURES: '0', PROXY_RATE_LIMIT: '0' });
  try {
    const picks = await moneylineLegs(app.origin, 3);
    const legs = picks.map((pick) => pick.leg);
    const params = new URLSearchParams({ legs: encodeSlip(legs), books: SLIP_BOOKS.join(',') });
    const { context, page } = await freshPage(browser, { viewport: { width: 1280, height: 800 } });
    try {
      await page.goto(`${app.origin}/?${params}`);
      await page.getByTitle('Prices change here as the books change them').waitFor({ timeout: 30_000 });
      const polls = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/v3/fixtures/odds') polls.push(request.url());
      });
      const windowStartedAt = Date.now();
      const times = [];
      for (let index = 0; index < changes; index++) {
        const leg = legs[index % legs.length];
        const book = SLIP_BOOKS[Math.floor(index / legs.length) % SLIP_BOOKS.length];
        const price = 150 + 5 * index;
        const cell = await legCell(page, leg, book);
        await page.evaluate(watchCell, [await cell.elementHandle(), american(price)]);
        const header = new URLSearchParams({
          fixture_id: leg.fixtureId,
          sportsbook: book,
          market: leg.market,
          name: leg.name,
          price: String(price),
          hold_seconds: '600',
        });
        const sentAt = Date.now();
        const response = await fetch(`${app.origin}/api/v3/sports`, {
          headers: { 'X-Sandbox-Price-Change': header.toString() },
        });
        if (!response.ok) throw new Error(`price change: ${response.status} ${await response.text()}`);
        await page
          .waitForFunction(() => window.benchSeenAt !== undefined, undefined, { timeout: 10_000 })
          .catch(async (error) => {
            throw new Error(
              `${leg.name} at ${book}: ${american(price)} never shown; the cell says "${await cell.textContent()}"`,
              {
                cause: error,
              },
            );
          });
        const seenAt = await page.evaluate(() => window.benchSeenAt);
        times.push(seenAt - sentAt);
        // Changes about every 2 s, spread over the minute the polls are counted in.
        await sleep(Math.max(0, 60_000 / changes - (Date.now() - sentAt)));
      }
      await sleep(Math.max(0, 60_000 - (Date.now() - windowStartedAt)));
      const sorted = [...times].sort((a, b) => a - b);
      const result = {
        changes: times.length,
        changeToScreenP50Ms: percentile(sorted, 0.5),
        changeToScreenP95Ms: percentile(sorted, 0.95),
        changeToScreenMaxMs: sorted.at(-1) ?? null,
        oddsPollsIn60s: polls.length,
        pollWindowS: Math.round((Date.now() - windowStartedAt) / 1000),
      };
      log(
        `  live: change -> screen p50 ${result.changeToScreenP50Ms} ms, p95 ${result.changeToScreenP95Ms} ms (${times.length} changes); /fixtures/odds requests in ${result.pollWindowS} s: ${polls.length}`,
      );
      return result;
    } finally {
      await context.close();
    }
  } finally {
    await app.stop();
  }
}

/** What the section plans, by part, for a quick run and a full one. */
function plan(quick) {
  return quick
    ? { changes: 10, readers: 500, holdS: 10, slowClientChanges: 8_000 }
    : { changes: 30, readers: 2_000, holdS: 20, slowClientChanges: 12_000 };
}

export async function measureLive({ browser, quick = false, log = () => {}, signal, progress = {} }) {
  const planned = plan(quick);
  progress.expected = { screen: 1, fanOut: 1, slowClient: 1, failover: 1 };
  progress.quick = quick;
  progress.screen = await measureChangeToScreen({ browser, changes: planned.changes, log });

  signal?.throwIfAborted();
  const sandbox = await startStandaloneSandbox({ SANDBOX_LATENCY: 'zero', ...BENCH_WORLD_ENV });
  const forwarder = await startCountingForwarder(sandbox.baseUrl);
  try {
    progress.fanOut = await measureFanOut({
      sandbox,
      forwarder,
      readers: planned.readers,
      holdS: planned.holdS,
      log,
      signal,
    });
    signal?.throwIfAborted();
    // Lines to move: every book's main lines in a few games (read through a throwaway instance).
    const picker = await startOurServer(liveEnv(sandbox, forwarder));
    let picks;
    try {
      picks = await moneylineLegs(picker.origin, 6, { nowMs: benchWorldNowMs() });
    } finally {
      await picker.stop();
    }
    const lines = linesOf(picks);
    progress.slowClient = await measureSlowClient({ sandbox, lines, changes: planned.slowClientChanges, log });
    signal?.throwIfAborted();
    progress.failover = await measureFailover({ sandbox, forwarder, lines, log });
  } finally {
    await forwarder.close();
    await sandbox.stop();
  }
  return summariseLive(progress);
}

/** The section's figures from the parts measured (all, or those its time allowed). */
export function summariseLive({ quick, screen, fanOut, slowClient, failover }) {
  return {
    quick,
    changeToScreenP50Ms: screen?.changeToScreenP50Ms ?? null,
    changeToScreenP95Ms: screen?.changeToScreenP95Ms ?? null,
    oddsPollsIn60s: screen?.oddsPollsIn60s ?? null,
    upstreamStreams: fanOut?.upstreamStreams ?? null,
    fanOut: fanOut ?? null,
    slowClientMaxBufferedKb: slowClient?.slowClientMaxBufferedKb ?? null,
    failover: failover ?? null,
    details: { screen: screen ?? null, slowClient: slowClient ?? null },
    method:
      "screen: our server over its in-process sandbox at zero latency (the sandbox pushes a forced change at once, as the service does), a 3-leg slip at 3 books at 1280x800 in headless Chromium, one change about every 2 s for 60 s through X-Sandbox-Price-Change, timed from sending the change to a MutationObserver seeing the new price in the cell (both clocks on this machine); oddsPollsIn60s counted over those same 60 s of real time. The rest: our server in live mode in front of the standalone sandbox (zero latency, the bench's fixed world) through a counting pass-through. fanOut: readers ask for basketball at ten books, narrowed to 10 games (the slip's and 9 of the sport's games, a different mix per reader), 10 per loopback address (the per-client stream cap counts by address), each open given 10 s; one change every 500 ms on the slip game's lines, each a price no book quotes, timed from sending it to its arrival at each reader; the server's CPU (/proc) with one reader and with all, memory per reader = growth of heap + external memory after a full GC. slowClient: one raw socket that never reads, our server in-process so the stream hub can say what it holds. failover: two instances with a real Redis, the one holding the upstream streams killed with SIGKILL while a change is made every 100 ms.",
  };
}

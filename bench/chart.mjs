// Chart: what a leg's price history costs a bettor. In the production build over our server and the
// realistic sandbox: a two-leg slip at five books; the "Price history" of its first leg tapped in a
// fresh page each run (cold: the chart's code and the line's history both fetched then). Measured:
// the scripts the tap loads (the dialog, the chart, the after-the-bet client and its schemas), gzip -9
// as the size check counts; and the time from the tap to the chart drawn (its lines in the page),
// median and spread over the runs.
/* global window, document, Element, MutationObserver -- functions passed to page.evaluate run in the browser */
import { readFileSync } from 'node:fs';
import zlib from 'node:zlib';
import { freshPage, trackApiRequests } from './lib/browser.mjs';
import { encodeSlip, moneylineLegs } from './lib/sandbox-legs.mjs';
import { median, spreadOf } from './lib/stats.mjs';

const BOOKS = ['DraftKings', 'BetMGM', 'Fanatics', 'BetRivers', 'Hard Rock'];
const KB = 1000;
const kb = (bytes) => Number((bytes / KB).toFixed(1));

/** Marks the tap (capture phase, before React sees it) and the moment the chart's lines are in the page. */
function tapProbe() {
  window.__chart = { tapAt: null, drawnAt: null };
  document.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Element && event.target.closest('button[aria-haspopup="dialog"]'))
        window.__chart.tapAt = performance.now();
    },
    { capture: true },
  );
  new MutationObserver(() => {
    if (window.__chart.drawnAt === null && document.querySelector('[data-testid="line-chart"] path[d^="M"]'))
      window.__chart.drawnAt = performance.now();
  }).observe(document, { childList: true, subtree: true });
}

function gzipSize(path) {
  return zlib.gzipSync(readFileSync(path), { level: 9 }).length;
}

export async function measureChart({ browser, origin, runs, log, signal, progress }) {
  const picks = await moneylineLegs(origin, 2);
  const legs = picks.map((pick) => pick.leg);
  const url = `${origin}/?${new URLSearchParams({ legs: encodeSlip(legs), books: BOOKS.join(',') }).toString()}`;
  progress.expected = { tapToChartMs: runs };
  const tapToChartMs = (progress.tapToChartMs = []);
  for (let run = 0; run < runs && !signal.aborted; run += 1) {
    const { context, page } = await freshPage(browser, { initScripts: [tapProbe] });
    try {
      const api = trackApiRequests(page);
      await page.goto(url);
      const opener = page.getByRole('button', { name: `Price history of ${legs[0].name} (${legs[0].market})` });
      await opener.waitFor();
      // The slip's prices answered, so the tap is timed alone. Not the browser's network idle: the
      // page's live price streams stay open, so it never comes.
      await api.settled();
      const loaded = [];
      page.on('response', (response) => {
        const path = new URL(response.url()).pathname;
        if (path.endsWith('.js')) loaded.push(path);
      });
      await opener.click();
      await page.waitForFunction(() => window.__chart.drawnAt !== null, null, { timeout: 30_000 });
      const { tapAt, drawnAt } = await page.evaluate(() => window.__chart);
      tapToChartMs.push(drawnAt - tapAt);
      // The first (cold) run's scripts: what a bettor's first tap loads.
      progress.codeFiles ??= loaded;
      log(`  run ${run + 1}: tap -> chart drawn ${Math.round(drawnAt - tapAt)} ms, ${loaded.length} scripts loaded`);
    } finally {
      await context.close();
    }
  }
  return summariseChart(progress);
}

export function summariseChart(progress) {
  const codeFiles = progress.codeFiles ?? [];
  const tapToChartMs = progress.tapToChartMs ?? [];
  return {
    chartCodeGzipKb:
      codeFiles.length === 0 ? null : kb(codeFiles.reduce((sum, path) => sum + gzipSize(`dist/app${path}`), 0)),
    chartScripts: codeFiles.length,
    tapToChartMs: median(tapToChartMs),
    books: BOOKS.length,
    spread: { tapToChartMs: spreadOf(tapToChartMs) },
  };
}

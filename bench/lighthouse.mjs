// Lighthouse (the npm package) on the production build served by our server, in Debian's Chromium
// launched by chrome-launcher; Lighthouse's default config, i.e. a mobile device (Moto G Power
// class) with simulated slow 4G and 4x CPU slowdown. Several runs; each figure is the median of
// the runs (Lighthouse's own advice for variance), with its spread beside it.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_FLAGS, findChromium } from '../scripts/chromium.mjs';
import { onCleanup } from './lib/cleanup.mjs';
import { spreadOf } from './lib/stats.mjs';

const FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

function summarise(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  const failing = (category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
      .map((ref) => `${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number((audit('cumulative-layout-shift') ?? 0).toFixed(3)),
    fcpMs: Math.round(audit('first-contentful-paint')),
    speedIndexMs: Math.round(audit('speed-index')),
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    notPassing: {
      performance: failing('performance'),
      accessibility: failing('accessibility'),
      bestPractices: failing('best-practices'),
    },
  };
}

export async function measureLighthouse({ url, runs = 3, log = () => {}, signal, progress = {} }) {
  const chromePath = await findChromium();
  const results = [];
  progress.expected = { runs };
  progress.url = url;
  progress.runs = results;
  for (let index = 0; index < runs; index++) {
    signal?.throwIfAborted();
    // Lighthouse sometimes loses a trace (NO_NAVSTART and the like): such a run is run again, once.
    let summary = null;
    for (let attempt = 1; summary === null; attempt++) {
      const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: FLAGS, logLevel: 'silent' });
      const forget = onCleanup('Chromium (Lighthouse)', () => chrome.kill());
      try {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
        });
        const problem = !result?.lhr
          ? 'no report'
          : result.lhr.runtimeError
            ? `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`
            : null;
        if (problem === null) summary = summarise(result.lhr);
        else if (attempt >= 2) throw new Error(`Lighthouse failed twice: ${problem}`);
        else log(`  lighthouse ${index + 1}/${runs}: ${problem}; running it again`);
      } finally {
        forget();
        await chrome.kill();
      }
    }
    results.push(summary);
    log(
      `  lighthouse ${index + 1}/${runs}: performance ${summary.performance}, accessibility ${summary.accessibility}, best practices ${summary.bestPractices}, LCP ${summary.lcpMs} ms, TBT ${summary.tbtMs} ms, CLS ${summary.cls}`,
    );
  }
  return summariseLighthouse(progress);
}

const FIGURES = {
  performance: 0,
  accessibility: 0,
  bestPractices: 0,
  lcpMs: 0,
  tbtMs: 0,
  cls: 3,
  fcpMs: 0,
  speedIndexMs: 0,
};

/** Each figure's median over the runs, its spread, and the middle run's details (by performance score). */
export function summariseLighthouse({ url, runs }) {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || a.lcpMs - b.lcpMs);
  const middle = sorted[Math.floor(sorted.length / 2)];
  const spread = Object.fromEntries(
    Object.entries(FIGURES).map(([figure, digits]) => [
      figure,
      spreadOf(
        runs.map((run) => run[figure]),
        digits,
      ),
    ]),
  );
  return {
    ...Object.fromEntries(Object.entries(spread).map(([figure, values]) => [figure, values?.median ?? null])),
    spread,
    lcpElement: middle?.lcpElement ?? null,
    notPassing: middle?.notPassing ?? null,
    url: new URL(url).pathname + new URL(url).search,
    runs: runs.length,
    config: 'Lighthouse default (mobile, simulated throttling)',
  };
}

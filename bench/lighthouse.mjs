// Lighthouse (the npm package) on the production build served by our server, in Debian's Chromium
// launched by chrome-launcher; Lighthouse's default config, i.e. a mobile device (Moto G Power
// class) with simulated slow 4G and 4x CPU slowdown. Several runs; the median run by performance
// score is reported (Lighthouse's own advice for variance).
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_FLAGS, findChromium } from '../scripts/chromium.mjs';

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

export async function measureLighthouse({ url, runs = 3, log = () => {} }) {
  const chromePath = await findChromium();
  const results = [];
  for (let index = 0; index < runs; index++) {
    // Lighthouse sometimes loses a trace (NO_NAVSTART and the like): such a run is run again, once.
    let summary = null;
    for (let attempt = 1; summary === null; attempt++) {
      const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: FLAGS, logLevel: 'silent' });
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
        await chrome.kill();
      }
    }
    results.push(summary);
    log(
      `  lighthouse ${index + 1}/${runs}: performance ${summary.performance}, accessibility ${summary.accessibility}, best practices ${summary.bestPractices}, LCP ${summary.lcpMs} ms, TBT ${summary.tbtMs} ms, CLS ${summary.cls}`,
    );
  }
  const sorted = [...results].sort((a, b) => a.performance - b.performance || a.lcpMs - b.lcpMs);
  const median = sorted[Math.floor(sorted.length / 2)];
  return {
    ...median,
    url: new URL(url).pathname + new URL(url).search,
    runs: results.map(({ performance, lcpMs, tbtMs, cls }) => ({ performance, lcpMs, tbtMs, cls })),
    config: 'Lighthouse default (mobile, simulated throttling)',
  };
}

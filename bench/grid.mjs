// Time to prices: the production app in Chromium, the sandbox at its realistic per-book latencies,
// a 4-leg cross-game slip at all ten books; the project's strategy (one /parlay/odds request per
// book) against the naive one (one request for all ten), in the same run and the same 30-second
// latency bucket of the sandbox (a book's latency depends on the slip and the bucket only).
/* global window -- functions passed to the page (addInitScript, evaluate, waitForFunction) run in the browser */
import { escapeRegExp, freshPage, trackApiRequests } from './lib/browser.mjs';
import { gridProbeScript, naiveStrategyScript } from './lib/page-scripts.mjs';
import { ALL_BOOKS, encodeSlip, moneylineLegs } from './lib/sandbox-legs.mjs';
import { median, spreadOf } from './lib/stats.mjs';
import { parlayQuestionOf } from './lib/parlay-question.mjs';
import { PRICE_BUCKET_MS } from '../sandbox/odds/book-pricing.ts';

const LEG_COUNT = 4;

function shareLink(origin, legs) {
  const params = new URLSearchParams({ legs: encodeSlip(legs), books: ALL_BOOKS.join(',') });
  return `${origin}/?${params}`;
}

/**
 * The pricing requests for a slip of `legCount` legs: each book's latency (ms, from the service's
 * `x-latency-time` in seconds; a request for one book times that book alone, one for all books
 * times the slowest, kept under `all`), and each request's timeline (epoch ms; Chromium's timing).
 */
function recordPricing(page, legCount) {
  const latencies = {};
  const timelines = [];
  page.on('requestfinished', async (request) => {
    const body = parlayQuestionOf(request);
    if (body === null || body.entries.length !== legCount) return;
    const response = await request.response();
    if (!response) return;
    const seconds = Number((await response.allHeaders())['x-latency-time']);
    if (Number.isFinite(seconds))
      latencies[body.sportsbooks.length === 1 ? body.sportsbooks[0] : 'all'] = Math.round(seconds * 1000);
    const timing = request.timing();
    timelines.push({
      books: body.sportsbooks,
      startedAt: timing.startTime,
      sentAfterMs: timing.requestStart,
      firstByteAfterMs: timing.responseStart,
      endedAfterMs: timing.responseEnd,
    });
  });
  return { latencies, timelines };
}

/** Each request's timeline relative to `zeroEpochMs`: queued (waiting for a connection), then answered. */
function timelineFrom(timelines, zeroEpochMs) {
  return timelines
    .map((entry) => ({
      books: entry.books.join(', '),
      askedMs: Math.round(entry.startedAt - zeroEpochMs),
      sentMs: Math.round(entry.startedAt + entry.sentAfterMs - zeroEpochMs),
      answeredMs: Math.round(entry.startedAt + entry.endedAfterMs - zeroEpochMs),
    }))
    .sort((a, b) => a.askedMs - b.askedMs);
}

async function waitForSettledGrid(page, legCount) {
  await page.waitForFunction(
    (legs) => {
      const state = window.__gridProbe.snapshot();
      return state !== null && state.legRows === legs && !state.waiting && state.books > 0;
    },
    legCount,
    { timeout: 30_000 },
  );
}

/** Pricing requests' timing on the page's clock, for requests that started at or after `since`. */
async function pricingRequestTimes(page, since) {
  return page.evaluate((from) => {
    const entries = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/api/v3/parlay/odds') && entry.startTime >= from);
    return {
      count: entries.length,
      firstStart: entries.length ? Math.min(...entries.map((entry) => entry.startTime)) : null,
    };
  }, since);
}

/**
 * Warm: the page is open with a 3-leg slip priced; the user opens a game in the games list and taps
 * the fourth leg. Timed from that tap (the click event) to the first parlay price painted and to the
 * last book's answer painted. Nothing else is in flight at the tap.
 */
async function warmRun(browser, origin, picks, strategy) {
  const { context, page } = await freshPage(browser, {
    initScripts: strategy === 'naive' ? [gridProbeScript, naiveStrategyScript] : [gridProbeScript],
  });
  try {
    const requests = trackApiRequests(page);
    const pricing = recordPricing(page, LEG_COUNT);
    await page.goto(
      shareLink(
        origin,
        picks.slice(0, LEG_COUNT - 1).map((pick) => pick.leg),
      ),
    );
    await waitForSettledGrid(page, LEG_COUNT - 1);
    const last = picks[LEG_COUNT - 1];
    await page.getByRole('region', { name: 'Leagues' }).getByRole('button', { name: 'NBA', exact: true }).click();
    await page
      .getByRole('region', { name: 'Games' })
      .getByRole('button', { name: `All markets for ${last.game.label}`, exact: true })
      .click();
    const markets = page.getByRole('region', { name: `Markets for ${last.game.label}` });
    // An opened game lists its markets; a market's lines (alternates included) load when it is opened.
    await markets.getByRole('button', { name: last.leg.market, exact: true }).click();
    const selection = markets.getByRole('button', {
      name: new RegExp(`^${escapeRegExp(last.leg.name)}, ${escapeRegExp(last.leg.market)}, best `),
    });
    await selection.waitFor();
    await requests.settled(300);
    await page.evaluate((legs) => window.__gridProbe.arm(legs), LEG_COUNT);
    await selection.click();
    await waitForSettledGrid(page, LEG_COUNT);
    await page.waitForFunction(() => window.__gridProbe.settledFrameAt !== null);
    const probe = await page.evaluate(() => ({ ...window.__gridProbe, timeOrigin: performance.timeOrigin }));
    const asked = await pricingRequestTimes(page, probe.clickAt);
    await requests.settled(100);
    return {
      strategy,
      firstPriceMs: probe.firstPriceFrameAt - probe.clickAt,
      fullGridMs: probe.settledFrameAt - probe.clickAt,
      pricingRequests: asked.count,
      firstRequestAfterMs: asked.firstStart === null ? null : asked.firstStart - probe.clickAt,
      pricedBooks: probe.pricedBooks,
      bookLatencyMs: { ...pricing.latencies },
      requests: timelineFrom(pricing.timelines, probe.timeOrigin + probe.clickAt),
    };
  } finally {
    await context.close();
  }
}

/** Cold: a first visit straight onto a share link with the 4-leg slip; timed from navigation start. */
async function coldRun(browser, origin, picks, strategy) {
  const { context, page } = await freshPage(browser, {
    initScripts: strategy === 'naive' ? [gridProbeScript, naiveStrategyScript] : [gridProbeScript],
  });
  try {
    const requests = trackApiRequests(page);
    const pricing = recordPricing(page, LEG_COUNT);
    await page.addInitScript((legs) => window.__gridProbe.arm(legs), LEG_COUNT);
    await page.goto(
      shareLink(
        origin,
        picks.slice(0, LEG_COUNT).map((pick) => pick.leg),
      ),
    );
    await waitForSettledGrid(page, LEG_COUNT);
    await page.waitForFunction(() => window.__gridProbe.settledFrameAt !== null);
    const probe = await page.evaluate(() => ({ ...window.__gridProbe, timeOrigin: performance.timeOrigin }));
    const asked = await pricingRequestTimes(page, 0);
    await requests.settled(100);
    return {
      strategy,
      firstPriceMs: probe.firstPriceFrameAt,
      fullGridMs: probe.settledFrameAt,
      pricesAskedAtMs: asked.firstStart,
      pricingRequests: asked.count,
      pricedBooks: probe.pricedBooks,
      bookLatencyMs: { ...pricing.latencies },
      requests: timelineFrom(pricing.timelines, probe.timeOrigin),
    };
  } finally {
    await context.close();
  }
}

/**
 * A book's sandbox latency depends only on the slip and the 30-second bucket, so a pair of runs
 * (our strategy, then the naive one) started with enough of the bucket left sees the same latencies.
 */
async function startOfFreshEnoughBucket(neededMs) {
  const leftMs = PRICE_BUCKET_MS - (Date.now() % PRICE_BUCKET_MS);
  if (leftMs < neededMs) await new Promise((resolve) => setTimeout(resolve, leftMs + 200));
}

/** A pair saw the same book latencies when the naive request took as long as our slowest book (to 50 ms). */
const sameLatencies = (own, naive) =>
  naive.all !== undefined && Math.abs(Math.max(...Object.values(own)) - naive.all) <= 50;

const round = (value) => (value === null || value === undefined ? null : Math.round(value));

/** Medians over the runs of one strategy pair, and the spread of the figures the summary shows. */
function summarise(runs) {
  const own = runs.filter((run) => run.strategy === 'per-book');
  const naive = runs.filter((run) => run.strategy === 'naive');
  const fastest = own.map((run) => Math.min(...Object.values(run.bookLatencyMs)));
  const slowest = own.map((run) => Math.max(...Object.values(run.bookLatencyMs)));
  const overFastest = own.map((run, index) => run.firstPriceMs - fastest[index]);
  const overSlowest = own.map((run, index) => run.fullGridMs - slowest[index]);
  return {
    firstPriceMs: round(median(own.map((run) => run.firstPriceMs))),
    fullGridMs: round(median(own.map((run) => run.fullGridMs))),
    naiveFirstPriceMs: round(median(naive.map((run) => run.firstPriceMs))),
    naiveFullGridMs: round(median(naive.map((run) => run.fullGridMs))),
    fastestBookLatencyMs: round(median(fastest)),
    slowestBookLatencyMs: round(median(slowest)),
    /** Per run, first price minus that run's fastest book latency; the target is <= 50. */
    firstPriceOverFastestBookMs: round(median(overFastest)),
    fullGridOverSlowestBookMs: round(median(overSlowest)),
    spread: {
      firstPriceMs: spreadOf(own.map((run) => run.firstPriceMs)),
      fullGridMs: spreadOf(own.map((run) => run.fullGridMs)),
      firstPriceOverFastestBookMs: spreadOf(overFastest),
      fullGridOverSlowestBookMs: spreadOf(overSlowest),
    },
  };
}

/**
 * The project's strategy once more, over HTTPS + HTTP/2 (all requests share one connection), to
 * show what the six-connection limit of HTTP/1.1 costs. Same slip, same sandbox.
 */
async function overHttp2({ browser, http2Origin, picks, iterations, log, signal, progress }) {
  for (let index = 0; index < iterations; index++) {
    signal?.throwIfAborted();
    const run = await warmRun(browser, http2Origin, picks, 'per-book');
    log(
      `  grid warm over HTTP/2 ${index + 1}/${iterations}: first ${round(run.firstPriceMs)} ms, full ${round(run.fullGridMs)} ms, books ${JSON.stringify(run.bookLatencyMs)}`,
    );
    progress.http2Warm.push(run);
    const coldRunResult = await coldRun(browser, http2Origin, picks, 'per-book');
    log(
      `  grid cold over HTTP/2 ${index + 1}/${iterations}: first ${round(coldRunResult.firstPriceMs)} ms, full ${round(coldRunResult.fullGridMs)} ms, asked at ${round(coldRunResult.pricesAskedAtMs)} ms`,
    );
    progress.http2Cold.push(coldRunResult);
  }
}

export async function measureGrid({
  browser,
  origin,
  http2Origin = null,
  iterations = 5,
  coldIterations = 3,
  http2Iterations = 3,
  log = () => {},
  signal,
  progress = {},
}) {
  progress.expected = {
    warm: 2 * iterations,
    cold: 2 * coldIterations,
    ...(http2Origin ? { http2Warm: http2Iterations, http2Cold: http2Iterations } : {}),
  };
  Object.assign(progress, { warm: [], cold: [], http2Warm: [], http2Cold: [] });
  const picks = await moneylineLegs(origin, LEG_COUNT);
  progress.slip = picks.slice(0, LEG_COUNT).map((pick) => `${pick.game.label}: ${pick.leg.name} (${pick.leg.market})`);
  for (let index = 0; index < iterations; index++) {
    await startOfFreshEnoughBucket(15_000);
    for (const strategy of ['per-book', 'naive']) {
      signal?.throwIfAborted();
      const run = await warmRun(browser, origin, picks, strategy);
      log(
        `  grid warm ${index + 1}/${iterations} ${strategy}: first ${round(run.firstPriceMs)} ms, full ${round(run.fullGridMs)} ms, ${run.pricingRequests} pricing request(s), books ${JSON.stringify(run.bookLatencyMs)}`,
      );
      progress.warm.push(run);
    }
  }
  for (let index = 0; index < coldIterations; index++) {
    await startOfFreshEnoughBucket(10_000);
    for (const strategy of ['per-book', 'naive']) {
      signal?.throwIfAborted();
      const run = await coldRun(browser, origin, picks, strategy);
      log(
        `  grid cold ${index + 1}/${coldIterations} ${strategy}: first ${round(run.firstPriceMs)} ms, full ${round(run.fullGridMs)} ms, asked at ${round(run.pricesAskedAtMs)} ms`,
      );
      progress.cold.push(run);
    }
  }
  if (http2Origin) await overHttp2({ browser, http2Origin, picks, iterations: http2Iterations, log, signal, progress });
  return summariseGrid(progress);
}

/** The section's figures from the runs made (all of them, or as many as its time allowed). */
export function summariseGrid({ warm, cold, http2Warm, http2Cold, slip }) {
  const coldOwn = cold.filter((run) => run.strategy === 'per-book');
  const coldSummary = summarise(cold);
  const pairs = (runs) =>
    runs
      .filter((_run, index) => index % 2 === 0 && runs[index + 1] !== undefined)
      .map((run, index) => sameLatencies(run.bookLatencyMs, runs[2 * index + 1].bookLatencyMs));
  const http2 = http2Warm.length === 0 ? null : summarise(http2Warm);
  return {
    ...summarise(warm),
    pairsWithSameBookLatencies: `${pairs(warm).filter(Boolean).length} of ${pairs(warm).length} (warm), ${pairs(cold).filter(Boolean).length} of ${pairs(cold).length} (cold)`,
    target: 'firstPriceMs - fastestBookLatencyMs <= 50',
    slip,
    cold: {
      firstPriceMs: coldSummary.firstPriceMs,
      fullGridMs: coldSummary.fullGridMs,
      naiveFirstPriceMs: coldSummary.naiveFirstPriceMs,
      naiveFullGridMs: coldSummary.naiveFullGridMs,
      pricesAskedAtMs: round(median(coldOwn.map((run) => run.pricesAskedAtMs))),
      spread: coldSummary.spread,
    },
    http2:
      http2 === null
        ? null
        : {
            ...http2,
            cold: { firstPriceMs: summarise(http2Cold).firstPriceMs, fullGridMs: summarise(http2Cold).fullGridMs },
            runs: { warm: http2Warm, cold: http2Cold },
          },
    runs: { warm, cold },
  };
}

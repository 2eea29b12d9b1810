// The bet log: grading a hundred logged parlays once their games are over, and opening a log of a
// hundred parlays.
//
// - Grading: 100 three-leg parlays on the sandbox's games of the next two days (legs shared between
//   parlays, as a bettor's are), graded four days on by the app's own refresh (results, the grader,
//   closing prices) against the sandbox in process, its calls counted; then the summary worked out.
//   The grader may be asked at most ceil(unsettled legs / 25) times; the time is from the start of
//   the refresh to the summary, each run on a fresh, ungraded log.
// - Opening: the production app with 100 graded parlays in its IndexedDB, in a browser that has
//   visited the builder; the time from the start of the navigation to `/#bet-log` to the frame with
//   the hundredth bet, on the page's clock: the first visit to the log (its code not yet cached) and
//   a return to it (the target: a bettor with a hundred logged parlays has opened the log before).
/* global document, indexedDB, window, MutationObserver, requestAnimationFrame -- functions passed to the page run in the browser */
import { createSandboxApp } from '../sandbox/app.ts';
import { createOddsClient } from '../src/api/client.ts';
import { createBetTrackingClient } from '../src/api/bet-tracking/endpoints.ts';
import { newBetRecord } from '../src/domain/bet-log/bet-record.ts';
import { summariseBets } from '../src/domain/bet-log/summary.ts';
import { refreshBets } from '../src/features/bet-log/refresh-bets.ts';
import { freshPage } from './lib/browser.mjs';
import { spreadOf } from './lib/stats.mjs';

const PARLAYS = 100;
const LEGS = 3;
const HOUR_MS = 3_600_000;
const NOW = Date.parse('2026-11-24T17:00:00Z');
const GRADER_BATCH = 25;
/** Time on the log before leaving it, between the first visit and the return. */
const SETTLE_MS = 2_000;

/** The sandbox in process at `nowMs`, its calls counted by path. */
function countedClient(nowMs) {
  const sandbox = createSandboxApp({ apiKey: 'k', latency: 'zero', randomFailures: false, now: () => nowMs });
  const calls = {};
  const options = {
    baseUrl: 'http://sandbox.bench',
    apiKey: 'k',
    fetch: async (input, init) => {
      const path = `${init?.method ?? 'GET'} ${new URL(input).pathname.replace(/^\/api\/v3/, '')}`;
      calls[path] = (calls[path] ?? 0) + 1;
      return sandbox.fetch(new Request(input, init));
    },
    onDropped: () => undefined,
  };
  return { odds: createOddsClient(options), tracking: createBetTrackingClient(options), calls };
}

/** A seeded pick, so every run logs the same parlays. */
function seeded(seed) {
  let state = seed;
  return (count) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % count;
  };
}

async function loggedParlays(count = PARLAYS) {
  const { odds } = countedClient(NOW);
  const games = (await odds.listAllActiveFixtures({ leagues: ['nba', 'nhl', 'ncaab'] })).filter(
    (game) => game.status === 'unplayed' && Date.parse(game.startDate) < NOW + 48 * HOUR_MS,
  );
  if (games.length < LEGS) throw new Error(`Only ${games.length} games to log parlays on.`);
  const pick = seeded(7);
  return Array.from({ length: count }, (_, index) => {
    const chosen = new Set();
    while (chosen.size < LEGS) chosen.add(games[pick(games.length)]);
    const legs = [...chosen].map((game) => ({
      fixtureId: game.id,
      market: 'Moneyline',
      name: pick(2) === 0 ? game.homeTeam : game.awayTeam,
      game: { homeTeam: game.homeTeam, awayTeam: game.awayTeam, startDate: game.startDate, leagueId: game.leagueId },
      decimal: 1.8 + pick(40) / 20,
    }));
    const decimal = legs.reduce((product, leg) => product * leg.decimal, 1);
    return newBetRecord(
      { book: 'DraftKings', stake: 10, currency: 'USD', decimal, legs },
      `bench-${index}`,
      NOW + index * 60_000,
    );
  });
}

async function gradeOnce(bets) {
  const { tracking, calls } = countedClient(NOW + 4 * 24 * HOUR_MS);
  const started = performance.now();
  const outcome = await refreshBets(tracking, bets, NOW + 4 * 24 * HOUR_MS);
  const byId = new Map(outcome.updated.map((bet) => [bet.id, bet]));
  const graded = bets.map((bet) => byId.get(bet.id) ?? bet);
  const summary = summariseBets(graded);
  return { ms: performance.now() - started, calls, graded, summary, failures: outcome.failures.length };
}

/**
 * `count` parlays logged and graded, for the screenshots of the log. The bench's prices taken are
 * arbitrary; here each leg is taken within a few percent of its close, as a real bettor's is, and
 * the parlay at the product of its legs.
 */
export async function gradedParlays(count) {
  const pick = seeded(11);
  let bets = await loggedParlays(count);
  // A refresh a minute, as the open log does, until every close is known.
  for (let minute = 0; minute < 20 && bets.some((bet) => bet.legs.some((leg) => !leg.closingChecked)); minute++) {
    const nowMs = NOW + 4 * 24 * HOUR_MS + minute * 60_000;
    const { updated } = await refreshBets(countedClient(nowMs).tracking, bets, nowMs);
    const byId = new Map(updated.map((bet) => [bet.id, bet]));
    bets = bets.map((bet) => byId.get(bet.id) ?? bet);
  }
  return bets.map((bet) => {
    const legs = bet.legs.map((leg) => ({
      ...leg,
      decimal: Number(((leg.closingDecimal ?? leg.decimal) * (0.96 + pick(9) / 100)).toFixed(3)),
    }));
    return { ...bet, legs, decimal: legs.reduce((product, leg) => product * leg.decimal, 1) };
  });
}

/** Puts `records` into the page's bet log database (the page at the app's origin). */
export async function seedBetLog(page, records) {
  await page.evaluate(async (seeded) => {
    const open = indexedDB.open('parlay-builder-bet-log', 1);
    open.onupgradeneeded = () => {
      open.result.createObjectStore('bets');
      open.result.createObjectStore('damaged', { autoIncrement: true });
    };
    const db = await new Promise((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tx = db.transaction('bets', 'readwrite');
    for (const record of seeded) tx.objectStore('bets').put(record, record.id);
    await new Promise((resolve) => (tx.oncomplete = resolve));
    db.close();
  }, records);
}

/**
 * In the page from its first line: the page's own clock (from the start of the navigation) at the
 * frame that has the `count`th bet. Marked by the page, not polled by the driver, whose polling
 * script (evaluated while the page loads: ~60 ms of its main thread in a trace) a bettor has not.
 */
function logShownProbe(count) {
  const observer = new MutationObserver(() => {
    if (document.querySelectorAll('article').length < count) return;
    observer.disconnect();
    requestAnimationFrame(() => (window.__logShownAt = performance.now()));
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** One visit that opens at the log, from another page (as a bookmark is): its time on the page's clock. */
async function visitLog(page, origin, count) {
  // From about:blank: a hash-only step from `/` would stay in the document already loaded.
  await page.goto('about:blank');
  const started = Date.now();
  await page.goto(`${origin}/#bet-log`, { waitUntil: 'commit' });
  let shownAt;
  for (const deadline = Date.now() + 20_000; shownAt === undefined;) {
    if (Date.now() > deadline) throw new Error(`The log did not show ${count} bets within 20 s.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    shownAt = await page.evaluate(() => window.__logShownAt);
  }
  return { pageMs: Math.round(shownAt), withDriverMs: Date.now() - started };
}

/**
 * A browser that has the app (its builder visited) and `graded` in its log: the first visit to the
 * log in it (the log's code not yet in the browser's caches), then a return to the log, as a bettor
 * who has logged a hundred parlays makes (the page's code cached, as browsers keep it between visits).
 */
async function openLog(browser, origin, graded) {
  const { context, page } = await freshPage(browser);
  try {
    await page.goto(`${origin}/`);
    await seedBetLog(page, graded);
    await context.addInitScript(logShownProbe, graded.length);
    const first = await visitLog(page, origin, graded.length);
    // A bettor reads the log before leaving it: the first visit's page finishes its work (what it
    // loads after the log is shown, the browser's caching of its code) before the return.
    await page.waitForTimeout(SETTLE_MS);
    const returning = await visitLog(page, origin, graded.length);
    return { first, returning };
  } finally {
    await context.close();
  }
}

export async function measureBetLog({ browser, origin, runs, log, progress }) {
  const bets = await loggedParlays();
  const unsettledLegs = bets.reduce((total, bet) => total + bet.legs.length, 0);
  const distinctLegs = new Set(bets.flatMap((bet) => bet.legs.map((leg) => `${leg.fixtureId}|${leg.name}`))).size;
  Object.assign(progress, {
    parlays: PARLAYS,
    unsettledLegs,
    distinctLegs,
    gradeRuns: [],
    openRuns: [],
    firstOpenRuns: [],
    openRunsWithDriver: [],
  });
  let graded = bets;
  for (let run = 0; run < runs; run++) {
    const once = await gradeOnce(bets);
    graded = once.graded;
    progress.gradeRuns.push({ ms: once.ms, calls: once.calls, failures: once.failures, record: once.summary });
    log(`  graded ${PARLAYS} parlays in ${Math.round(once.ms)} ms: ${JSON.stringify(once.calls)}`);
  }
  for (let run = 0; run < runs; run++) {
    const { first, returning } = await openLog(browser, origin, graded);
    progress.openRuns.push(returning.pageMs);
    progress.firstOpenRuns.push(first.pageMs);
    progress.openRunsWithDriver.push(returning.withDriverMs);
    log(
      `  a log of ${PARLAYS} parlays on screen in ${returning.pageMs} ms on a return visit (${returning.withDriverMs} ms with the driver's round trips), ${first.pageMs} ms on the first visit to the log`,
    );
  }
  return summariseBetLog(progress);
}

export function summariseBetLog({
  parlays,
  unsettledLegs,
  distinctLegs,
  gradeRuns = [],
  openRuns = [],
  firstOpenRuns = [],
  openRunsWithDriver = [],
}) {
  const last = gradeRuns.at(-1);
  const summary = last?.record;
  return {
    parlays,
    unsettledLegs,
    distinctLegs,
    graderCallsAllowed: unsettledLegs === undefined ? null : Math.ceil(unsettledLegs / GRADER_BATCH),
    graderCalls: last?.calls['POST /grader/odds'] ?? null,
    resultsCalls: last?.calls['GET /fixtures/results'] ?? null,
    historyCalls: last?.calls['GET /fixtures/odds/historical'] ?? null,
    gradeFailures: last?.failures ?? null,
    settled: summary ? `${summary.won}-${summary.lost}-${summary.pushed} (${summary.open} open)` : null,
    gradeToSummaryMs: spreadOf(gradeRuns.map((run) => run.ms)),
    openLogMs: spreadOf(openRuns),
    openLogWithDriverMs: spreadOf(openRunsWithDriver),
    firstOpenLogMs: spreadOf(firstOpenRuns),
  };
}

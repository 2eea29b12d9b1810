// npm run bench: builds, starts what it needs on loopback, measures, prints a table and writes
// bench/results.json; then bench/report.mjs writes docs/performance.md's figures from it. What each
// figure means: docs/performance.md.
//
// Runs under tsx (the package script uses `node --import tsx`), so the measurements can import the
// app's own TypeScript modules (the ten books, the share-link encoding).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { build } from 'vite';
import { buildAll as buildPages } from '../scripts/build.mjs';
import { BUDGETS, KB, measure } from '../scripts/check-size.mjs';
import { launchBrowser } from './lib/browser.mjs';
import { startOurHttp2Server, startOurServer, stopAll } from './lib/processes.mjs';
import { moneylineLegs } from './lib/sandbox-legs.mjs';
import { printTable } from './lib/table.mjs';
import { BENCH_WORLD_ENV } from './lib/world.mjs';
import { measureGrid } from './grid.mjs';
import { measureLighthouse } from './lighthouse.mjs';
import { measureRender } from './render.mjs';
import { measureRequests } from './requests.mjs';
import { measureServer } from './server.mjs';
import { measureTransfer } from './transfer.mjs';
import { measureScale } from './scale.mjs';
import { measureLive } from './live.mjs';

const RESULTS_PATH = 'bench/results.json';
const HARNESS_ROOT = 'bench/tmp/harness-dist';
/** BENCH_QUICK=1: fewer repetitions, for trying the bench out (results are noisier). */
const quick = process.env.BENCH_QUICK === '1';
/**
 * One section only, merged into the results already written: `node --import tsx bench/run.mjs scale`
 * (or BENCH_ONLY=scale; also server, render, transfer, requests, grid, lighthouse, live).
 */
const only = process.argv[2] ?? process.env.BENCH_ONLY ?? '';

const startedAt = Date.now();
const [loadAtStart] = os.loadavg();
const log = (line) => console.log(line);
const step = (name) => log(`\n${name} (${Math.round((Date.now() - startedAt) / 1000)} s)`);

/** Our server as the browser sections meet it: realistic latency, no random failures, no per-client limit, no shared cache. */
const APP_SERVER_ENV = {
  SANDBOX_LATENCY: 'realistic',
  SANDBOX_FAILURES: '0',
  PROXY_RATE_LIMIT: '0',
  ANSWER_CACHE: '0',
};
/** Our server serving the render harness (the price grid on React, as the app ships) instead of the app. */
const RENDER_HARNESS_ENV = {
  SANDBOX_LATENCY: 'zero',
  SANDBOX_FAILURES: '0',
  PROXY_RATE_LIMIT: '0',
  STATIC_ROOT: HARNESS_ROOT,
};

/** The sections measured in the browser, each against its server (the full run and a section run alone alike). */
const BROWSER_SECTIONS = {
  transfer: { serverEnv: APP_SERVER_ENV, measure: (browser, origin) => measureTransfer({ browser, origin, log }) },
  // Its count depends on which games the session meets, so sandbox and browser are in a fixed world.
  requests: {
    serverEnv: { ...APP_SERVER_ENV, ...BENCH_WORLD_ENV },
    measure: (browser, origin) => measureRequests({ browser, origin, log }),
  },
  grid: {
    serverEnv: APP_SERVER_ENV,
    measure: (browser, origin, http2Origin = null) =>
      measureGrid({
        browser,
        origin,
        http2Origin,
        iterations: quick ? 2 : 5,
        coldIterations: quick ? 1 : 3,
        http2Iterations: quick ? 1 : 3,
        log,
      }),
  },
  lighthouse: {
    serverEnv: APP_SERVER_ENV,
    measure: (_browser, origin) => measureLighthouse({ url: `${origin}/`, runs: quick ? 1 : 3, log }),
  },
  render: {
    serverEnv: RENDER_HARNESS_ENV,
    measure: (browser, origin) => measureRender({ browser, origin, repeats: quick ? 2 : 5, log }),
  },
};

/** The results already written, whose other sections a section run alone keeps. */
function readResults() {
  return existsSync(RESULTS_PATH)
    ? JSON.parse(readFileSync(RESULTS_PATH, 'utf8'))
    : { generatedAt: null, machine: null };
}

/** Writes the results after a section run alone, shows them (`show`) and says how long it took. */
function writeSection(results, name, show) {
  writeFileSync(RESULTS_PATH, `${JSON.stringify(results, null, 2)}\n`);
  show();
  log(`\nWrote the ${name} section of ${RESULTS_PATH} in ${Math.round((Date.now() - startedAt) / 1000)} s.`);
}

async function buildAll() {
  step('Building the app, the widget and the render harness');
  await buildPages({ logLevel: 'warn' });
  await build({ configFile: 'bench/harness/vite.config.ts', logLevel: 'warn' });
}

function bundleSizes() {
  const [widget, widgetAll, appJs, appCss] = measure();
  const kb = (bytes) => Number((bytes / KB).toFixed(1));
  return {
    appInitialJsGzipKb: kb(appJs.bytes),
    appCssGzipKb: kb(appCss.bytes),
    widgetJsGzipKb: kb(widget.bytes),
    widgetAllJsGzipKb: kb(widgetAll.bytes),
    budgetsKb: {
      appInitialJs: BUDGETS.appJs / KB,
      appCss: BUDGETS.appCss / KB,
      widgetJs: BUDGETS.widget / KB,
      widgetAllJs: BUDGETS.widgetAll / KB,
    },
    withinBudgets: [widget, widgetAll, appJs, appCss].every((row) => row.bytes <= row.budget),
    measuredAs:
      "gzip -9 (scripts/check-size.mjs): the widget at first paint (loader, module and the chunks it imports statically) and with every lazy part; the app page's entry script with the chunks it imports statically (and any module preloads), and its styles, inline or in stylesheets",
  };
}

function machine(chromiumVersion) {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGb: Number((os.totalmem() / 1024 ** 3).toFixed(1)),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    chromium: chromiumVersion,
    /** 1-minute load average when the run started: other work on the machine skews every timing. */
    loadAverageAtStart: Number(loadAtStart.toFixed(2)),
  };
}

/** Only the scale section (it needs no build): its figures replace the previous run's in results.json. */
async function scaleOnly() {
  const results = readResults();
  step('Scale (two instances + Redis in front of the sandbox)');
  results.scale = await measureScale({ durationS: quick ? 20 : 60, redisStopS: quick ? 15 : 30, log });
  results.scale.measuredAt = new Date().toISOString();
  results.scale.machine = {
    ...machine(results.machine?.chromium ?? null),
    loadAverageAtEnd: Number(os.loadavg()[0].toFixed(2)),
  };
  writeSection(results, 'scale', () => printTable({ ...results, machine: results.scale.machine }));
}

/** Only the server section (it needs no build either): its figures replace the previous run's. */
async function serverOnly() {
  const results = readResults();
  const picker = await startOurServer({ SANDBOX_LATENCY: 'zero', SANDBOX_FAILURES: '0', PROXY_RATE_LIMIT: '0' });
  let picks;
  try {
    picks = await moneylineLegs(picker.origin, 8);
  } finally {
    await picker.stop();
  }
  step('Server');
  results.server = await measureServer({
    legs: picks.slice(0, 4).map((pick) => pick.leg),
    otherLegs: picks.slice(4, 8).map((pick) => pick.leg),
    repeats: quick ? 1 : 3,
    log,
  });
  results.server.measuredAt = new Date().toISOString();
  results.server.machine = {
    ...machine(results.machine?.chromium ?? null),
    loadAverageAtEnd: Number(os.loadavg()[0].toFixed(2)),
  };
  writeSection(results, 'server', () => printTable({ ...results, machine: results.server.machine }));
}

/** One section that runs in the browser against its server: its figures replace the previous run's. */
async function browserSectionOnly(name) {
  const results = readResults();
  await buildAll();
  const { serverEnv, measure } = BROWSER_SECTIONS[name];
  const server = await startOurServer(serverEnv);
  const { browser, version } = await launchBrowser();
  try {
    step(name);
    results[name] = {
      ...(await measure(browser, server.origin)),
      measuredAt: new Date().toISOString(),
      machine: machine(version),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
  writeSection(results, name, () => log(JSON.stringify(results[name], null, 2).slice(0, 6000)));
}

/** Only the live section (it builds the app for its browser part): its figures replace the previous run's. */
async function liveOnly() {
  const results = readResults();
  await buildAll();
  const { browser, version } = await launchBrowser();
  try {
    step('Live prices (the odds stream: browser, fan-out, slow client, failover)');
    results.live = { ...(await measureLive({ browser, quick, log })), measuredAt: new Date().toISOString() };
    results.live.machine = { ...machine(version), loadAverageAtEnd: Number(os.loadavg()[0].toFixed(2)) };
  } finally {
    await browser.close();
  }
  writeSection(results, 'live', () => log(JSON.stringify(results.live, null, 2).slice(0, 6000)));
}

async function main() {
  if (only === 'live') return liveOnly();
  if (only === 'scale') return scaleOnly();
  if (only === 'server') return serverOnly();
  if (Object.hasOwn(BROWSER_SECTIONS, only)) return browserSectionOnly(only);
  if (only !== '')
    throw new Error(
      `BENCH_ONLY knows scale, server, render, transfer, requests, grid, lighthouse and live, got "${only}".`,
    );
  await buildAll();
  // Past rounds' before-and-after comparisons are not measured again: they are carried over.
  const previous = existsSync(RESULTS_PATH) ? JSON.parse(readFileSync(RESULTS_PATH, 'utf8')) : {};
  const results = { generatedAt: new Date().toISOString(), machine: null, history: previous.history };

  step('Bundle sizes');
  results.bundle = bundleSizes();

  step(
    'Starting our server (production build, sandbox at realistic latency, no random failures, no per-client limit, no shared answer cache)',
  );
  const app = await startOurServer(APP_SERVER_ENV);
  const { browser, version } = await launchBrowser();
  results.machine = machine(version);
  step('Live prices (the odds stream: browser, fan-out, slow client, failover)');
  results.live = await measureLive({ browser, quick, log });
  let serverLegs;
  try {
    const picks = await moneylineLegs(app.origin, 8);
    serverLegs = {
      legs: picks.slice(0, 4).map((pick) => pick.leg),
      otherLegs: picks.slice(4, 8).map((pick) => pick.leg),
    };

    step('Lighthouse');
    results.lighthouse = await BROWSER_SECTIONS.lighthouse.measure(browser, app.origin);

    step('Time to prices');
    const http2 = await startOurHttp2Server(APP_SERVER_ENV);
    if (!http2) log('  (no openssl: the HTTP/2 comparison is left out)');
    try {
      results.grid = await BROWSER_SECTIONS.grid.measure(browser, app.origin, http2?.origin ?? null);
    } finally {
      await http2?.stop();
    }

    step('Requests');
    const worldApp = await startOurServer(BROWSER_SECTIONS.requests.serverEnv);
    try {
      results.requests = await BROWSER_SECTIONS.requests.measure(browser, worldApp.origin);
    } finally {
      await worldApp.stop();
    }

    step('Transfer (one journey at the live size, and the old strategy)');
    results.transfer = await BROWSER_SECTIONS.transfer.measure(browser, app.origin);
  } finally {
    await app.stop();
  }

  step('Render cost');
  const harness = await startOurServer(RENDER_HARNESS_ENV);
  try {
    results.render = await BROWSER_SECTIONS.render.measure(browser, harness.origin);
  } finally {
    await harness.stop();
    await browser.close();
  }

  step('Server');
  results.server = await measureServer({ ...serverLegs, repeats: quick ? 1 : 3, log });

  step('Scale (two instances + Redis in front of the sandbox)');
  results.scale = await measureScale({ durationS: quick ? 20 : 60, redisStopS: quick ? 15 : 30, log });

  results.durationS = Math.round((Date.now() - startedAt) / 1000);
  results.machine.loadAverageAtEnd = Number(os.loadavg()[0].toFixed(2));
  writeFileSync(RESULTS_PATH, `${JSON.stringify(results, null, 2)}\n`);
  printTable(results);
  log(`\nWrote ${RESULTS_PATH} in ${results.durationS} s.`);
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await stopAll();
}

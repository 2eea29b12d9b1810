// npm run bench: builds, starts what it needs on free loopback ports, measures section by section,
// prints a table and writes bench/results.json; then bench/report.mjs writes docs/performance.md's
// figures from it. What each figure means: docs/performance.md. Targets: bench/targets.mjs.
//
// Each section runs within its own time limit and the whole run within BENCH_BUDGET_S (25 minutes
// by default): a section out of time writes what it measured, says what is missing, and the run
// goes on (bench/lib/section.mjs). Results are written after every section.
//
// Runs under tsx (the package script uses `node --import tsx`), so the measurements can import the
// app's own TypeScript modules (the ten books, the share-link encoding).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { build } from 'vite';
import { buildAll as buildPages } from '../scripts/build.mjs';
import { KB, measure as measureSizes } from '../scripts/check-size.mjs';
import { launchBrowser } from './lib/browser.mjs';
import { cleanUpSince } from './lib/cleanup.mjs';
import { startOurHttp2Server, startOurServer, stopAll } from './lib/processes.mjs';
import { loadAverage, loadedAbove, runSection } from './lib/section.mjs';
import { printTable } from './lib/table.mjs';
import { BENCH_WORLD_ENV } from './lib/world.mjs';
import { measureBetLog, summariseBetLog } from './bet-log.mjs';
import { measureChart, summariseChart } from './chart.mjs';
import { measureGrid, summariseGrid } from './grid.mjs';
import { measureLighthouse, summariseLighthouse } from './lighthouse.mjs';
import { measureLive, summariseLive } from './live.mjs';
import { measureRender, summariseRender } from './render.mjs';
import { measureRequests, summariseRequests } from './requests.mjs';
import { measureScale, summariseScale } from './scale.mjs';
import { measureServer, summariseServer } from './server.mjs';
import { measureTransfer, summariseTransfer } from './transfer.mjs';
import { SECTION_ORDER, withinTargets } from './targets.mjs';

const RESULTS_PATH = 'bench/results.json';
const HARNESS_ROOT = 'bench/tmp/harness-dist';
/** BENCH_QUICK=1: fewer repetitions and smaller loads, for trying the bench out (results are noisier). */
const quick = process.env.BENCH_QUICK === '1';
/**
 * One section only, merged into the results already written: `node --import tsx bench/run.mjs scale`
 * (or BENCH_ONLY=scale).
 */
const only = process.argv[2] ?? process.env.BENCH_ONLY ?? '';
/** The whole run's time, build included: a section is given at most what is left of it. */
const runBudgetS = Number(process.env.BENCH_BUDGET_S ?? 25 * 60);
/** A section with less than this left is not started. */
const LEAST_WORTH_STARTING_S = 30;
/** Kept back from the last section: stopping what it started, writing the results, the report. */
const RESERVE_S = 30;

const startedAt = Date.now();
const loadAtStart = loadAverage();
const log = (line) => console.log(line);
const step = (name) => log(`\n${name} (${Math.round((Date.now() - startedAt) / 1000)} s, load ${loadAverage()})`);
const pick = (quickValue, fullValue) => (quick ? quickValue : fullValue);

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

/**
 * The sections (a full run measures them in SECTION_ORDER). `limitS`: its time limit; `build`: it needs
 * the production build; `server`: our server's environment, started for it; `browser`: it drives
 * Chromium. `measure` gets those, the section's `signal` and its `progress` (bench/lib/section.mjs).
 */
const SECTIONS = {
  bundle: {
    limitS: 60,
    build: true,
    measure: () => bundleSizes(),
  },
  live: {
    limitS: pick(300, 360),
    build: true,
    browser: true,
    measure: ({ browser, signal, progress }) => measureLive({ browser, quick, log, signal, progress }),
    summarise: summariseLive,
  },
  lighthouse: {
    limitS: pick(150, 240),
    build: true,
    server: APP_SERVER_ENV,
    measure: ({ origin, signal, progress }) =>
      measureLighthouse({ url: `${origin}/`, runs: pick(1, 3), log, signal, progress }),
    summarise: summariseLighthouse,
  },
  grid: {
    limitS: pick(200, 330),
    build: true,
    server: APP_SERVER_ENV,
    browser: true,
    measure: async ({ browser, origin, signal, progress }) => {
      const http2 = await startOurHttp2Server(APP_SERVER_ENV);
      if (!http2) log('  (no openssl: the HTTP/2 comparison is left out)');
      try {
        return await measureGrid({
          browser,
          origin,
          http2Origin: http2?.origin ?? null,
          iterations: pick(2, 5),
          coldIterations: pick(1, 3),
          http2Iterations: pick(1, 3),
          log,
          signal,
          progress,
        });
      } finally {
        await http2?.stop();
      }
    },
    summarise: summariseGrid,
  },
  // Its count depends on which games the session meets, so sandbox and browser are in a fixed world.
  requests: {
    limitS: pick(120, 180),
    build: true,
    server: { ...APP_SERVER_ENV, ...BENCH_WORLD_ENV },
    browser: true,
    measure: ({ browser, origin, signal, progress }) =>
      measureRequests({ browser, origin, sessions: pick(1, 3), log, signal, progress }),
    summarise: summariseRequests,
  },
  transfer: {
    limitS: pick(180, 180),
    build: true,
    server: APP_SERVER_ENV,
    browser: true,
    measure: ({ browser, origin, signal, progress }) => measureTransfer({ browser, origin, log, signal, progress }),
    summarise: summariseTransfer,
  },
  chart: {
    limitS: pick(90, 150),
    build: true,
    server: APP_SERVER_ENV,
    browser: true,
    measure: ({ browser, origin, signal, progress }) =>
      measureChart({ browser, origin, runs: pick(2, 5), log, signal, progress }),
    summarise: summariseChart,
  },
  render: {
    limitS: pick(120, 150),
    build: true,
    server: RENDER_HARNESS_ENV,
    browser: true,
    measure: ({ browser, origin, signal, progress }) =>
      measureRender({ browser, origin, repeats: pick(2, 5), log, signal, progress }),
    summarise: summariseRender,
  },
  // Grading against the sandbox in process; the log opened in the production app.
  betlog: {
    limitS: pick(120, 180),
    build: true,
    server: { SANDBOX_LATENCY: 'zero', SANDBOX_FAILURES: '0', PROXY_RATE_LIMIT: '0' },
    browser: true,
    measure: ({ browser, origin, progress }) => measureBetLog({ browser, origin, runs: pick(2, 5), log, progress }),
    summarise: summariseBetLog,
  },
  server: {
    limitS: pick(200, 360),
    measure: ({ signal, progress }) =>
      measureServer({
        repeats: pick(1, 3),
        sizes: pick({ warmup: 300, measured: 500 }, { warmup: 1_000, measured: 1_200 }),
        log,
        signal,
        progress,
      }),
    summarise: summariseServer,
  },
  scale: {
    // The CDN run (2 x 60 s and nginx's start) before the others: about 150 s of the limit.
    limitS: pick(420, 660),
    measure: ({ signal, progress }) =>
      measureScale({
        durationS: pick(20, 60),
        redisStopS: pick(15, 30),
        cdn: { readers: pick(1_000, 5_000), durationS: pick(20, 60) },
        log,
        signal,
        progress,
      }),
    summarise: summariseScale,
  },
};

let chromiumVersion = null;

async function buildAll() {
  step('Building the app, the widget and the render harness');
  await buildPages({ logLevel: 'warn' });
  await build({ configFile: 'bench/harness/vite.config.ts', logLevel: 'warn' });
}

function bundleSizes() {
  const sizes = measureSizes();
  // By key, not position: the size check's list grows (the iframe sizer came third).
  const bytesOf = (key) => {
    const found = sizes.find((size) => size.key === key);
    if (!found) throw new Error(`scripts/check-size.mjs measured no "${key}"`);
    return found.bytes;
  };
  const kb = (bytes) => Number((bytes / KB).toFixed(1));
  return {
    appInitialJsGzipKb: kb(bytesOf('appJs')),
    appCssGzipKb: kb(bytesOf('appCss')),
    widgetJsGzipKb: kb(bytesOf('widget')),
    widgetAllJsGzipKb: kb(bytesOf('widgetAll')),
    measuredAs:
      "gzip -9 (scripts/check-size.mjs): the widget at first paint (loader, module and the chunks it imports statically) and with every lazy part; the app page's entry script with the chunks it imports statically (and any module preloads), and its styles, inline or in stylesheets",
  };
}

function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGb: Number((os.totalmem() / 1024 ** 3).toFixed(1)),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    chromium: chromiumVersion,
    /** 1-minute load averages; above `loadedAbove` a section's timings are flagged. */
    loadAverageAtStart: loadAtStart,
    loadedAbove: loadedAbove(),
  };
}

/** Starts what the section needs (each registered to be stopped if it runs out of time), then measures. */
async function measureWithItsSetup(section, { signal, progress }) {
  const server = section.server ? await startOurServer(section.server) : null;
  let opened = null;
  try {
    if (section.browser) {
      opened = await launchBrowser();
      chromiumVersion = opened.version;
    }
    return await section.measure({ browser: opened?.browser, origin: server?.origin, signal, progress });
  } finally {
    await opened?.close();
    await server?.stop();
  }
}

async function runOne(name, results) {
  const section = SECTIONS[name];
  const leftS = runBudgetS - RESERVE_S - (Date.now() - startedAt) / 1000;
  step(name);
  if (leftS < LEAST_WORTH_STARTING_S) {
    results[name] = {
      incomplete: { reason: `not run: the run's ${runBudgetS} s were spent`, missing: ['everything'] },
    };
    log(`  ${name}: not run, the run's time is spent`);
    return;
  }
  const measured = await runSection({
    name,
    limitMs: Math.min(section.limitS, leftS) * 1000,
    measure: (control) => measureWithItsSetup(section, control),
    summarise: section.summarise ?? ((progress) => progress),
    log,
  });
  measured.run.quick = quick;
  results[name] = { ...measured, withinTargets: withinTargets(name, measured) };
}

function readResults() {
  return existsSync(RESULTS_PATH) ? JSON.parse(readFileSync(RESULTS_PATH, 'utf8')) : {};
}

function write(results) {
  writeFileSync(RESULTS_PATH, `${JSON.stringify(results, null, 2)}\n`);
}

/** One section, merged into the results already written. */
async function sectionAlone(name) {
  const results = readResults();
  if (SECTIONS[name].build) await buildAll();
  await runOne(name, results);
  if (results[name].run) results[name].run.alone = true;
  write(results);
  const now = { ...machine(), chromium: chromiumVersion ?? results.machine?.chromium, loadAverageAtEnd: loadAverage() };
  printTable({ ...results, machine: now }, [name]);
  log(`\nWrote the ${name} section of ${RESULTS_PATH} in ${Math.round((Date.now() - startedAt) / 1000)} s.`);
}

async function fullRun() {
  // The rounds of work before and after a change are kept (they are not measured again).
  const { history } = readResults();
  const results = { generatedAt: new Date().toISOString(), quick, machine: machine(), history, inProgress: true };
  await buildAll();
  for (const name of SECTION_ORDER) {
    await runOne(name, results);
    results.machine = machine();
    write(results);
  }
  delete results.inProgress;
  results.durationS = Math.round((Date.now() - startedAt) / 1000);
  results.machine.loadAverageAtEnd = loadAverage();
  write(results);
  printTable(results);
  log(`\nWrote ${RESULTS_PATH} in ${results.durationS} s.`);
}

async function main() {
  if (only === '') return fullRun();
  if (!Object.hasOwn(SECTIONS, only))
    throw new Error(`The bench's sections are ${SECTION_ORDER.join(', ')}; got "${only}".`);
  return sectionAlone(only);
}

// Stopped from outside (Ctrl-C, a timeout): nothing the bench started is left running.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, async () => {
    log(`\n${signal}: stopping what the bench started`);
    await cleanUpSince(0);
    await stopAll();
    process.exit(130);
  });

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await stopAll();
}

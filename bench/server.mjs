// Server: our proxy as deployments run it (live mode: ODDS_API_KEY set, ODDS_API_BASE_URL at the
// standalone sandbox, its answer cache on), under autocannon on loopback, 10 connections:
// - a miss: ever new questions (4-leg parlays at ten books, no two alike, so the answer cache never
//   has one) through our proxy, against the sandbox answering questions of the same shape directly
//   at the same concurrency; `liveOverheadRatio` = proxy p50 / sandbox p50;
// - a hit: one question again and again through our proxy (every answer but the first from the
//   cache), against what the sandbox alone answers a second at zero latency (`cachedVsDirectRps`);
// - coalescing: identical requests at once reach the service once.
//
// For the miss the sandbox answers every request 20 ms after it arrives (lib/fixed-latency-sandbox.ts).
// At zero latency, three processes on two cores, the ratio is the CPU of two programs compared: an
// HTTP hop costs about what the sandbox's pricing does, so no proxy could come near 1.3, and it says
// little of what a deployment sees. At the service's own 80-900 ms a book any proxy looks free. At a
// fixed 20 ms the service is the slowest part, as in production, and at 10 connections the sandbox
// answers ~450 questions a second: a proxy that spends more than a couple of ms of CPU on a miss, or
// holds calls back, cannot keep up and its p50 grows; a lean one adds a ms or two.
//
// The sandbox enforces the vendor's limit (2,500 requests per 15 s per key, every endpoint) and our
// server its own count of it (a reserve of 100 kept back). So each burst starts as one of the
// sandbox's 15-s windows does and sends 1,000 warm-up requests (V8 compiles both servers' hot
// paths) and 1,200 measured ones: fewer than the limit, in whichever windows they fall. Every
// process is fresh per repeat, and every measured answer must be 200.
import autocannon from 'autocannon';
import http from 'node:http';
import { startCountingForwarder } from './lib/counting-forwarder.mjs';
import {
  pinnedSandboxWorld,
  processCpuMs,
  startOurServer,
  startStandaloneSandbox,
  untilNextLimitWindow,
} from './lib/processes.mjs';
import { ALL_BOOKS, gameOdds, upcomingGames } from './lib/sandbox-legs.mjs';
import { percentile, spreadOf } from './lib/stats.mjs';

const CONNECTIONS = 10;
/** What the sandbox takes for every answer when our proxy's miss is compared with it. */
const FIXED_LATENCY_MS = 20;
/** Requests per burst: together fewer than a limit window allows (BENCH_QUICK sends fewer). */
const FULL_BURST = { warmup: 1_000, measured: 1_200 };
const COALESCING_REQUESTS = 100;
const LEGS = 4;
const POOL_GAMES = 8;
const JSON_HEADERS = { 'content-type': 'application/json' };

/** Each game's main lines that all ten books price, as parlay entries (one list per game). */
export async function legPool(origin) {
  const pool = [];
  for (const { fixture } of (await upcomingGames(origin)).slice(0, POOL_GAMES)) {
    const booksByLine = new Map();
    for (const odd of await gameOdds(origin, fixture.id)) {
      if (!odd.is_main) continue;
      const line = JSON.stringify({ fixture_id: fixture.id, market: odd.market, name: odd.name });
      booksByLine.set(line, (booksByLine.get(line) ?? new Set()).add(odd.sportsbook));
    }
    const lines = [...booksByLine].filter(([, books]) => books.size === ALL_BOOKS.length);
    if (lines.length > 0) pool.push(lines.map(([line]) => JSON.parse(line)));
  }
  if (pool.length < LEGS) throw new Error(`Only ${pool.length} games with lines at every book, wanted ${LEGS}.`);
  return pool;
}

/** Every cross-game parlay of `LEGS` legs from the pool, at ten books, as request bodies; none twice. */
export function* distinctQuestions(pool) {
  function* choose(from, count) {
    if (count === 0) {
      yield [];
      return;
    }
    for (let game = from; game <= pool.length - count; game++)
      for (const leg of pool[game]) for (const rest of choose(game + 1, count - 1)) yield [leg, ...rest];
  }
  for (const entries of choose(0, LEGS)) yield JSON.stringify({ sportsbooks: ALL_BOOKS, entries });
}

/**
 * Warm-up, then the measured requests; `body` is a fixed body or a function giving each request's.
 * Latencies from every response's own float timing (autocannon's histogram is in whole ms); the
 * server's CPU per request (from /proc) and the share of a core the load generator (autocannon,
 * in this process) used: near 1 it, not the server, set the pace.
 */
async function burst({ url, headers, body, pid, sizes }) {
  const requests = [
    {
      method: 'POST',
      headers: { ...JSON_HEADERS, ...headers },
      ...(typeof body === 'function' ? { setupRequest: (request) => ({ ...request, body: body() }) } : { body }),
    },
  ];
  await autocannon({ url, connections: CONNECTIONS, amount: sizes.warmup, requests });
  const times = [];
  const statuses = {};
  let firstAt = null;
  let lastAt = null;
  const serverCpuBefore = processCpuMs(pid);
  const ownCpuBefore = process.cpuUsage();
  const instance = autocannon({ url, connections: CONNECTIONS, amount: sizes.measured, requests });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    times.push(responseTime);
    lastAt = performance.now();
    firstAt ??= lastAt - responseTime;
  });
  const result = await instance;
  const ownCpu = process.cpuUsage(ownCpuBefore);
  const serverCpuMs = processCpuMs(pid) - serverCpuBefore;
  times.sort((a, b) => a - b);
  const seconds = (lastAt - firstAt) / 1000;
  const notOk = Object.entries(statuses).reduce((sum, [status, count]) => (status === '200' ? sum : sum + count), 0);
  return {
    // From the first request's start to the last answer: autocannon's own duration is in whole seconds.
    rps: Math.round(sizes.measured / seconds),
    p50Ms: Number(percentile(times, 0.5).toFixed(2)),
    p99Ms: Number(percentile(times, 0.99).toFixed(2)),
    serverCpuUsPerRequest: Math.round((serverCpuMs * 1000) / sizes.measured),
    loadGeneratorCores: Number(((ownCpu.user + ownCpu.system) / 1e6 / seconds).toFixed(2)),
    statuses,
    // A 429 or 5xx is an answer the reader did not get: an error beside failed connections and timeouts.
    errors: result.errors + result.timeouts + notOk,
  };
}

const show = (run) =>
  `${run.rps} req/s, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, ${run.serverCpuUsPerRequest} µs CPU/req, load generator ${run.loadGeneratorCores} core ${JSON.stringify(run.statuses)}`;

/**
 * The sandbox in a fresh process, its clock (and so its limit windows) a known offset from ours.
 * `latencyMs`: every answer that long after the request (otherwise as `npm run sandbox` answers).
 */
async function freshSandbox(world, latencyMs = null) {
  const anchorMs = Date.now();
  const env = { ...world, SANDBOX_CLOCK_ANCHOR_MS: String(anchorMs) };
  const sandbox =
    latencyMs === null
      ? await startStandaloneSandbox(env)
      : await startStandaloneSandbox(
          { ...env, FIXED_LATENCY_MS: String(latencyMs) },
          { script: 'bench/lib/fixed-latency-sandbox.ts' },
        );
  const clockOffsetMs = Date.parse(world.SANDBOX_CLOCK) - anchorMs;
  return { ...sandbox, nextWindow: () => untilNextLimitWindow(clockOffsetMs) };
}

/** The sandbox alone on misses, in a window of its own. */
async function alone(sandbox, nextQuestion, sizes) {
  await sandbox.nextWindow();
  const url = `${sandbox.baseUrl}/parlay/odds`;
  return burst({ url, headers: { 'x-api-key': sandbox.apiKey }, body: nextQuestion, pid: sandbox.pid, sizes });
}

/**
 * One repeat in fresh processes: the sandbox alone at zero latency (what it answers a second), then
 * at a fixed latency alone and with our proxy in front (misses, then hits).
 */
async function repeat({ world, nextQuestion, cachedBody, sizes, log, progress }) {
  const capacity = await freshSandbox(world);
  try {
    progress.sandboxCapacity.push(await alone(capacity, nextQuestion, sizes));
    log(`  server: the sandbox alone, zero latency, misses: ${show(progress.sandboxCapacity.at(-1))}`);
  } finally {
    await capacity.stop();
  }
  const sandbox = await freshSandbox(world, FIXED_LATENCY_MS);
  try {
    progress.direct.push(await alone(sandbox, nextQuestion, sizes));
    log(`  server: the sandbox alone, ${FIXED_LATENCY_MS} ms, misses: ${show(progress.direct.at(-1))}`);
    const proxy = await startOurServer({ ...world, ODDS_API_KEY: sandbox.apiKey, ODDS_API_BASE_URL: sandbox.baseUrl });
    try {
      await sandbox.nextWindow();
      const url = `${proxy.origin}/api/v3/parlay/odds`;
      progress.proxy.push(await burst({ url, headers: {}, body: nextQuestion, pid: proxy.pid, sizes }));
      log(`  server: our proxy in front, misses: ${show(progress.proxy.at(-1))}`);
      // After the first, every answer is the cache's: a call to the sandbox once a refresh, no window to wait for.
      progress.cached.push(await burst({ url, headers: {}, body: cachedBody, pid: proxy.pid, sizes }));
      log(`  server: our proxy in front, hits: ${show(progress.cached.at(-1))}`);
    } finally {
      await proxy.stop();
    }
  } finally {
    await sandbox.stop();
  }
}

async function fireAtOnce(url, bodies) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const one = (body) =>
    new Promise((resolve, reject) => {
      const request = http.request(url, { method: 'POST', agent, headers: JSON_HEADERS }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString() }));
      });
      request.setTimeout(30_000, () => request.destroy(new Error('no answer in 30 s')));
      request.on('error', reject);
      request.end(body);
    });
  try {
    return await Promise.all(bodies.map(one));
  } finally {
    agent.destroy();
  }
}

/**
 * 100 identical requests at once through our server (live mode) to the standalone sandbox at
 * realistic latency (each call takes hundreds of ms, so they overlap), counting what reaches the
 * sandbox; then 100 requests split over two other slips, neither asked before (must be 2).
 */
async function coalescing([body, firstOfTwo, secondOfTwo], log) {
  const sandbox = await startStandaloneSandbox({ SANDBOX_LATENCY: 'realistic' });
  const forwarder = await startCountingForwarder(sandbox.baseUrl);
  const server = await startOurServer({ ODDS_API_KEY: sandbox.apiKey, ODDS_API_BASE_URL: forwarder.baseUrl });
  try {
    const url = `${server.origin}/api/v3/parlay/odds`;
    const startedAt = Date.now();
    const same = await fireAtOnce(
      url,
      Array.from({ length: COALESCING_REQUESTS }, () => body),
    );
    const tookMs = Date.now() - startedAt;
    const identicalCalls = forwarder.counts.parlay;
    const allOk = same.every((answer) => answer.status === 200 && answer.text === same[0].text);

    forwarder.counts.parlay = 0;
    const mixed = await fireAtOnce(
      url,
      Array.from({ length: COALESCING_REQUESTS }, (_, index) => (index % 2 === 0 ? firstOfTwo : secondOfTwo)),
    );
    const twoSlipCalls = forwarder.counts.parlay;
    const mixedOk =
      mixed.every((answer, index) => answer.status === 200 && answer.text === mixed[index % 2].text) &&
      mixed[0].text !== mixed[1].text;
    log(
      `  coalescing: ${COALESCING_REQUESTS} identical requests -> ${identicalCalls} upstream call(s) in ${tookMs} ms (all 200, same answer: ${allOk}); two slips -> ${twoSlipCalls} call(s) (each got its own slip's answer: ${mixedOk})`,
    );
    return {
      requests: COALESCING_REQUESTS,
      upstreamCalls: identicalCalls,
      allAnsweredAlike: allOk,
      tookMs,
      twoSlipsUpstreamCalls: twoSlipCalls,
      twoSlipsAnsweredSeparately: mixedOk,
    };
  } finally {
    await server.stop();
    await forwarder.close();
    await sandbox.stop();
  }
}

/** Questions for the bursts, read from the sandbox through a throwaway proxy in the same world. */
async function questions(world) {
  const sandbox = await startStandaloneSandbox(world);
  try {
    const picker = await startOurServer({ ...world, ODDS_API_KEY: sandbox.apiKey, ODDS_API_BASE_URL: sandbox.baseUrl });
    try {
      return await legPool(picker.origin);
    } finally {
      await picker.stop();
    }
  } finally {
    await sandbox.stop();
  }
}

export async function measureServer({ repeats = 3, sizes = FULL_BURST, log = () => {}, signal, progress = {} }) {
  progress.expected = { sandboxCapacity: repeats, direct: repeats, proxy: repeats, cached: repeats, coalescing: 1 };
  Object.assign(progress, { sandboxCapacity: [], direct: [], proxy: [], cached: [], sizes });
  // Every process prices the same world, whenever in the section it starts.
  const world = pinnedSandboxWorld();
  const pool = await questions(world);
  const asked = distinctQuestions(pool);
  const nextQuestion = () => {
    const { value, done } = asked.next();
    if (done) throw new Error('The pool of distinct parlays ran out.');
    return value;
  };
  const cachedBody = nextQuestion();
  log(
    `  server: ${pool.length} games' main lines, ${repeats} repeat(s) of ${sizes.warmup} + ${sizes.measured} requests a burst`,
  );
  // First: a count, measured in seconds, that a section short of time would otherwise lose.
  progress.coalescing = await coalescing([nextQuestion(), nextQuestion(), nextQuestion()], log);
  for (let index = 0; index < repeats; index++) {
    signal?.throwIfAborted();
    await repeat({ world, nextQuestion, cachedBody, sizes, log, progress });
  }
  const failed = [...progress.sandboxCapacity, ...progress.direct, ...progress.proxy, ...progress.cached].filter(
    (run) => run.errors > 0,
  );
  if (failed.length > 0)
    throw new Error(
      `The load test counted errors (answers other than 200, failed connections, timeouts): ${failed.map((run) => JSON.stringify(run.statuses)).join('; ')}.`,
    );
  return summariseServer(progress);
}

const figuresOf = (runs) => ({
  rps: spreadOf(runs.map((run) => run.rps)),
  p50Ms: spreadOf(
    runs.map((run) => run.p50Ms),
    2,
  ),
  p99Ms: spreadOf(
    runs.map((run) => run.p99Ms),
    2,
  ),
  serverCpuUsPerRequest: spreadOf(runs.map((run) => run.serverCpuUsPerRequest)),
  loadGeneratorCores: spreadOf(
    runs.map((run) => run.loadGeneratorCores),
    2,
  ),
});

/** Per repeat, `ratio` of a run to its pair in the same repeat (those minutes apart at most). */
function pairedRatios(runs, pairs, ratio) {
  return spreadOf(
    runs.flatMap((run, index) => (pairs[index] ? [ratio(run, pairs[index])] : [])),
    2,
  );
}

/** Medians over the repeats, each with its spread; the ratios taken per repeat. */
export function summariseServer({ sandboxCapacity, direct, proxy, cached, coalescing: coalesced, sizes = FULL_BURST }) {
  const overhead = pairedRatios(proxy, direct, (run, alone) => run.p50Ms / alone.p50Ms);
  const cachedVsDirect = pairedRatios(cached, sandboxCapacity, (run, alone) => run.rps / alone.rps);
  const sides = {
    proxy: figuresOf(proxy),
    direct: figuresOf(direct),
    cached: figuresOf(cached),
    sandboxCapacity: figuresOf(sandboxCapacity),
  };
  const medians = Object.fromEntries(
    Object.entries(sides).map(([side, figures]) => [
      side,
      Object.fromEntries(Object.entries(figures).map(([name, spread]) => [name, spread?.median ?? null])),
    ]),
  );
  return {
    liveOverheadRatio: overhead?.median ?? null,
    cachedRps: medians.cached.rps,
    cachedVsDirectRps: cachedVsDirect?.median ?? null,
    fixedLatencyMs: FIXED_LATENCY_MS,
    ...medians,
    spread: { liveOverheadRatio: overhead, cachedVsDirectRps: cachedVsDirect, ...sides },
    bursts: { sandboxCapacity, direct, proxy, cached },
    coalescing: coalesced ?? null,
    method: `per repeat, fresh processes, every sandbox in one world: the standalone sandbox alone at zero latency (sandboxCapacity); then a sandbox answering every request after ${FIXED_LATENCY_MS} ms alone (direct) and with our server in live mode in front (proxy: misses; cached: hits). Each burst starts with one of the sandbox's 15-s limit windows: ${sizes.warmup} warm-up, then ${sizes.measured} measured POST /parlay/odds (${LEGS} legs, 10 books), ${CONNECTIONS} connections. Misses: every request a parlay never asked before; hits: one parlay again and again`,
  };
}

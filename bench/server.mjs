// Server: our proxy over the sandbox at zero latency, under autocannon on loopback, against the
// standalone sandbox answering the same request directly, and our server with its answer cache on
// answering the same request from the cache (`cachedRps`); then coalescing of identical requests.
//
// The sandbox enforces the vendor's limit (2,500 requests per 15 s per key, every endpoint), and
// the in-process sandbox behind our server uses one key. A 10-second run at ~1,000 requests/s
// would mostly measure 429 answers. So each measurement is a burst inside one fresh limit window:
// a new process, 2,000 warm-up requests (V8 has compiled the hot paths of both servers by then; 400
// left ours, which runs more code per request, still warming), a pause until the next limit
// window, then 2,000 measured ones, repeated for each side, alternating, and the medians reported.
// Every measured answer must be 200.
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { startCountingForwarder } from './lib/counting-forwarder.mjs';
import { pinnedSandboxWorld, startOurServer, startStandaloneSandbox } from './lib/processes.mjs';
import { median } from './lib/stats.mjs';
import { ALL_BOOKS } from './lib/sandbox-legs.mjs';

const CONNECTIONS = 10;
const WARMUP_REQUESTS = 2_000;
/** Past the sandbox's 15-s window, so the measured requests have a fresh limit. */
const LIMIT_WINDOW_PAUSE_MS = 16_000;
const MEASURED_REQUESTS = 2_000;
const COALESCING_REQUESTS = 100;

function percentile(sorted, fraction) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

/** A process's CPU time so far (user + system, ms), from /proc: other work on the machine does not inflate it. */
function processCpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime, fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * One burst; latencies from every response's own float timing (autocannon's histogram is in whole
 * ms). Also the server's CPU time per request (from /proc) and how much of a core the load
 * generator (autocannon, in this process) used meanwhile: near 1 it, not the server, set the pace.
 */
async function burst(url, headers, body, { pause = true, pid } = {}) {
  await autocannon({ url, method: 'POST', headers, body, connections: CONNECTIONS, amount: WARMUP_REQUESTS });
  if (pause) await new Promise((resolve) => setTimeout(resolve, LIMIT_WINDOW_PAUSE_MS));
  const times = [];
  const statuses = {};
  let firstAt = null;
  let lastAt = null;
  const serverCpuBefore = processCpuMs(pid);
  const ownCpuBefore = process.cpuUsage();
  const instance = autocannon({
    url,
    method: 'POST',
    headers,
    body,
    connections: CONNECTIONS,
    amount: MEASURED_REQUESTS,
  });
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
  return {
    // From the first request's start to the last answer: autocannon's own duration is in whole seconds.
    rps: MEASURED_REQUESTS / seconds,
    serverCpuUsPerRequest: (serverCpuMs * 1000) / MEASURED_REQUESTS,
    loadGeneratorCores: (ownCpu.user + ownCpu.system) / 1e6 / seconds,
    p50Ms: percentile(times, 0.5),
    p99Ms: percentile(times, 0.99),
    statuses,
    // A 429 or 5xx is an answer the reader did not get: it counts as an error beside a failed
    // connection or a timeout (and fails the run below).
    errors:
      result.errors +
      result.timeouts +
      Object.entries(statuses).reduce((sum, [status, count]) => (status === '200' ? sum : sum + count), 0),
  };
}

async function loadTest(body, repeats, log) {
  const proxy = [];
  const direct = [];
  const cached = [];
  const json = { 'content-type': 'application/json' };
  // The direct side and the proxy, measured a minute apart, price the same world.
  const world = pinnedSandboxWorld();
  for (let index = 0; index < repeats; index++) {
    // The answer cache off: this measures the proxy's own path to the service (the scale section measures the cache).
    const server = await startOurServer({ ...world, ANSWER_CACHE: '0' });
    try {
      proxy.push(await burst(`${server.origin}/api/v3/parlay/odds`, json, body, { pid: server.pid }));
    } finally {
      await server.stop();
    }
    const sandbox = await startStandaloneSandbox(world);
    try {
      direct.push(
        await burst(`${sandbox.baseUrl}/parlay/odds`, { ...json, 'x-api-key': sandbox.apiKey }, body, {
          pid: sandbox.pid,
        }),
      );
    } finally {
      await sandbox.stop();
    }
    // The answer cache on: after the first, every identical request is a hit (no sandbox work at all).
    const caching = await startOurServer({ ...world, ANSWER_CACHE: '1' });
    try {
      // Hits call the sandbox once a refresh: no limit window to wait for.
      cached.push(await burst(`${caching.origin}/api/v3/parlay/odds`, json, body, { pause: false, pid: caching.pid }));
    } finally {
      await caching.stop();
    }
    const show = (run) =>
      `${Math.round(run.rps)} req/s, p50 ${run.p50Ms.toFixed(2)} ms, p99 ${run.p99Ms.toFixed(2)} ms, ${Math.round(run.serverCpuUsPerRequest)} µs CPU/req, load generator ${run.loadGeneratorCores.toFixed(2)} core ${JSON.stringify(run.statuses)}`;
    log(
      `  server burst ${index + 1}/${repeats}: proxy ${show(proxy.at(-1))}; direct ${show(direct.at(-1))}; cached ${show(cached.at(-1))}`,
    );
  }
  for (const run of [...proxy, ...direct, ...cached]) {
    if (run.errors > 0) {
      throw new Error(
        `The load test counted ${run.errors} errors (answers other than 200, failed connections, timeouts): statuses ${JSON.stringify(run.statuses)}.`,
      );
    }
  }
  return { proxy, direct, cached };
}

async function fireAtOnce(url, bodies) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const one = (body) =>
    new Promise((resolve, reject) => {
      const request = http.request(
        url,
        { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString() }));
        },
      );
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
 * 100 identical requests at once through our server (live mode, so the calls really leave the
 * process) to the standalone sandbox at realistic latency (each call takes hundreds of ms, so they
 * overlap), counting what reaches the sandbox; then 100 requests split over two slips (must be 2).
 */
async function coalescing(entries, otherEntries, log) {
  const sandbox = await startStandaloneSandbox({ SANDBOX_LATENCY: 'realistic' });
  const forwarder = await startCountingForwarder(sandbox.baseUrl);
  const server = await startOurServer({ ODDS_API_KEY: sandbox.apiKey, ODDS_API_BASE_URL: forwarder.baseUrl });
  try {
    const url = `${server.origin}/api/v3/parlay/odds`;
    const body = JSON.stringify({ sportsbooks: ALL_BOOKS, entries });
    const startedAt = Date.now();
    const same = await fireAtOnce(
      url,
      Array.from({ length: COALESCING_REQUESTS }, () => body),
    );
    const tookMs = Date.now() - startedAt;
    const identicalCalls = forwarder.counts.parlay;
    const allOk = same.every((answer) => answer.status === 200 && answer.text === same[0].text);

    forwarder.counts.parlay = 0;
    const otherBody = JSON.stringify({ sportsbooks: ALL_BOOKS, entries: otherEntries });
    const mixed = await fireAtOnce(
      url,
      Array.from({ length: COALESCING_REQUESTS }, (_, index) => (index % 2 === 0 ? body : otherBody)),
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

export async function measureServer({ legs, otherLegs, repeats = 3, log = () => {} }) {
  const toEntries = (slip) => slip.map((leg) => ({ fixture_id: leg.fixtureId, market: leg.market, name: leg.name }));
  const body = JSON.stringify({ sportsbooks: ALL_BOOKS, entries: toEntries(legs) });
  const { proxy, direct, cached } = await loadTest(body, repeats, log);
  const coalesced = await coalescing(toEntries(legs), toEntries(otherLegs), log);
  const proxyP50 = median(proxy.map((run) => run.p50Ms));
  const directP50 = median(direct.map((run) => run.p50Ms));
  const round = (value, digits = 2) => Number(value.toFixed(digits));
  const medianOf = (runs, figure, digits = 0) => round(median(runs.map((run) => run[figure])), digits);
  return {
    rps: Math.round(median(proxy.map((run) => run.rps))),
    p50Ms: round(proxyP50),
    p99Ms: round(median(proxy.map((run) => run.p99Ms))),
    direct: {
      rps: Math.round(median(direct.map((run) => run.rps))),
      p50Ms: round(directP50),
      p99Ms: round(median(direct.map((run) => run.p99Ms))),
    },
    overheadRatio: round(proxyP50 / directP50),
    cachedRps: Math.round(median(cached.map((run) => run.rps))),
    cached: {
      p50Ms: round(median(cached.map((run) => run.p50Ms))),
      p99Ms: round(median(cached.map((run) => run.p99Ms))),
    },
    cachedVsDirectRps: round(median(cached.map((run) => run.rps)) / median(direct.map((run) => run.rps))),
    // The same ratios burst by burst (each side's bursts run back to back, within a minute or two),
    // medians: on a machine whose load changes from minute to minute, a pair is the fairer comparison.
    pairedOverheadRatio: round(median(proxy.map((run, index) => run.p50Ms / direct[index].p50Ms))),
    pairedCachedVsDirectRps: round(median(cached.map((run, index) => run.rps / direct[index].rps))),
    // Per side: the server's CPU time per request (from /proc, not inflated by other work on the
    // machine) and the share of a core the load generator used (near 1: it set the pace).
    serverCpuUsPerRequest: {
      proxy: medianOf(proxy, 'serverCpuUsPerRequest'),
      direct: medianOf(direct, 'serverCpuUsPerRequest'),
      cached: medianOf(cached, 'serverCpuUsPerRequest'),
    },
    loadGeneratorCores: {
      proxy: medianOf(proxy, 'loadGeneratorCores', 2),
      direct: medianOf(direct, 'loadGeneratorCores', 2),
      cached: medianOf(cached, 'loadGeneratorCores', 2),
    },
    bursts: { proxy, direct, cached },
    coalescedUpstreamCalls: coalesced.upstreamCalls,
    coalescing: coalesced,
    method: `${repeats} bursts per side, each in a fresh process: ${WARMUP_REQUESTS} warm-up, a fresh limit window, ${MEASURED_REQUESTS} measured POST /parlay/odds (4 legs, 10 books), ${CONNECTIONS} connections; medians. proxy: answer cache off (every request a miss); cached: answer cache on, the same request (every measured one a hit)`,
  };
}

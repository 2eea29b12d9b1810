// npm run soak: load and soak our server on loopback (not part of npm test; about 100 s).
//
// 1. Soak: our server over its built-in sandbox (realistic latency, PROXY_RATE_LIMIT=0), autocannon
//    for SOAK_SECONDS (60) at the proxy with mixed requests (parlays of varied slips and books,
//    /fixtures/odds for varied games and books, /leagues), the server's resident size sampled
//    every second from /proc (with a full GC every 2 s, see soak-memory-probe.mjs). Pass: no
//    errors, no 5xx, RSS growth under 10% after a 10 s warm-up.
// 2. Slow upstream: our server in live mode in front of a fault upstream answering every request
//    in 2 s; 100 connections of distinct parlay requests hang on it while /health is measured.
//    Pass: /health p99 under 50 ms, and no errors.
// Prints a table and writes bench/soak-results.json.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import autocannon from 'autocannon';

const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const WARMUP_SECONDS = 10;
/** The sandbox, like the real service, allows 2,500 requests per 15 s per key: stay under it. */
const SOAK_RATE = 150;
const SOAK_CONNECTIONS = 100;
const SLOW_UPSTREAM_MS = 2000;
const SLOW_SECONDS = 20;
const HEALTH_P99_LIMIT_MS = 50;
const RSS_GROWTH_LIMIT = 0.1;

const children = new Set();
process.on('exit', () => children.forEach((child) => child.kill('SIGKILL')));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `node [nodeArgs] --import tsx <entry>` and resolves once its output shows `ready`. */
function startNode(entry, env, ready, nodeArgs = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let output = '';
    const onData = (chunk) => {
      if (process.env.SOAK_DEBUG) process.stdout.write(chunk);
      output += chunk.toString();
      if (ready.test(output)) resolve({ child, output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${entry} exited (${code}) before it was ready:\n${output}`)));
  });
}

async function stop(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  children.delete(child);
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function statusCounts(result) {
  return Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, Number(count)]),
  );
}

function count5xx(counts) {
  return Object.entries(counts)
    .filter(([code]) => Number(code) >= 500)
    .reduce((sum, [, count]) => sum + count, 0);
}

async function getJson(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

const BOOKS = [
  'BetMGM',
  'BetMGM (UK)',
  'BetRivers',
  'Betway',
  'Bwin',
  'DraftKings',
  'Fanatics',
  'Hard Rock',
  'Novig',
  'Unibet',
];

/** Real legs from the sandbox's NBA games: moneylines of four games and one total. */
async function sandboxLegs(base) {
  const active = await getJson(`${base}/api/v3/fixtures/active?league=nba`);
  const fixtures = active.data.filter((fixture) => !fixture.is_live).slice(0, 4);
  const ids = fixtures.map((fixture) => fixture.id);
  const odds = await getJson(`${base}/api/v3/fixtures/odds?fixture_id=${ids[2]}&sportsbook=DraftKings`);
  const total = odds.data[0]?.odds.find((odd) => odd.market === 'Total Points' && odd.is_main);
  const moneylines = fixtures.flatMap((fixture) => [
    { fixture_id: fixture.id, market: 'Moneyline', name: fixture.home_team_display },
    { fixture_id: fixture.id, market: 'Moneyline', name: fixture.away_team_display },
  ]);
  return { ids, moneylines, total: { fixture_id: ids[2], market: 'Total Points', name: total?.name ?? 'Over 220.5' } };
}

/**
 * The mix a crowd of browsers sends: parlays of different slips and book choices, odds for
 * different games and books, the league list. Varied request by request, as real users' are, so
 * most do not share an in-flight upstream call and the server does the full work for each.
 */
function mixedRequests({ ids, moneylines, total }) {
  let turn = 0;
  const nextBooks = (count) => {
    turn += 1;
    return Array.from({ length: count }, (_, index) => BOOKS[(turn + index * 3) % BOOKS.length]);
  };
  const parlay = (legCount, bookCount) => ({
    method: 'POST',
    path: '/api/v3/parlay/odds',
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => {
      const start = turn % 4;
      // One moneyline per game (either side), plus the total when there is room: never a clash.
      const entries = [0, 1, 2, 3].map((game) => moneylines[((start + game) % 4) * 2 + (turn % 2)]).slice(0, legCount);
      if (legCount > 3) entries[3] = total;
      return { ...request, body: JSON.stringify({ sportsbooks: [...new Set(nextBooks(bookCount))], entries }) };
    },
  });
  return [
    parlay(2, 1),
    {
      method: 'GET',
      setupRequest: (request) => ({
        ...request,
        path: `/api/v3/fixtures/odds?fixture_id=${ids[turn % 4]}&fixture_id=${ids[(turn + 1) % 4]}&${nextBooks(2)
          .map((book) => `sportsbook=${encodeURIComponent(book)}`)
          .join('&')}`,
      }),
    },
    parlay(3, 3),
    { method: 'GET', path: '/api/v3/leagues?sport=basketball' },
    parlay(4, 1),
  ];
}

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function soak() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startNode(
    'server/main.ts',
    { PORT: String(port), HOST: '127.0.0.1', ODDS_API_KEY: '', PROXY_RATE_LIMIT: '0', SANDBOX_LATENCY: 'realistic' },
    /running at/,
    ['--expose-gc', '--import', './scripts/soak-memory-probe.mjs'],
  );
  const { child } = server;
  const requests = mixedRequests(await sandboxLegs(base));

  const samples = [];
  const started = Date.now();
  const sampler = setInterval(
    () => samples.push({ second: Math.round((Date.now() - started) / 1000), rssMb: rssMb(child.pid) }),
    1000,
  );
  console.log(
    `soak: ${SOAK_SECONDS} s at ${base} (${SOAK_CONNECTIONS} connections, ${SOAK_RATE} req/s, mixed requests, sandbox with realistic latency)…`,
  );
  const result = await run({
    url: base,
    connections: SOAK_CONNECTIONS,
    overallRate: SOAK_RATE,
    duration: SOAK_SECONDS,
    requests,
    timeout: 20,
  });
  clearInterval(sampler);
  await stop(child);

  const afterWarmup = samples.filter((sample) => sample.second > WARMUP_SECONDS);
  const heapAfterGc = [...server.output().matchAll(/^soak-memory (\{.*\})$/gm)]
    .map((match) => JSON.parse(match[1]))
    .filter((probe) => probe.at - started > WARMUP_SECONDS * 1000);
  const baseline = median(afterWarmup.slice(0, 5).map((sample) => sample.rssMb));
  const final = median(afterWarmup.slice(-5).map((sample) => sample.rssMb));
  const growth = baseline > 0 ? (final - baseline) / baseline : 0;
  const counts = statusCounts(result);
  return {
    seconds: result.duration,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    fiveXx: count5xx(counts),
    statusCounts: counts,
    rssMb: {
      atWarmupEnd: round(baseline),
      final: round(final),
      max: round(Math.max(...afterWarmup.map((sample) => sample.rssMb))),
      growthPercent: round(growth * 100),
    },
    heapUsedAfterGcMb: {
      min: round(Math.min(...heapAfterGc.map((probe) => probe.heapUsedMb))),
      max: round(Math.max(...heapAfterGc.map((probe) => probe.heapUsedMb))),
      first: round(heapAfterGc[0]?.heapUsedMb ?? 0),
      last: round(heapAfterGc.at(-1)?.heapUsedMb ?? 0),
    },
    rssSamples: samples,
    heapAfterGcSamples: heapAfterGc.map((probe) => ({
      second: Math.round((probe.at - started) / 1000),
      heapUsedMb: round(probe.heapUsedMb),
      rssMb: round(probe.rssMb),
    })),
    pass: result.errors === 0 && count5xx(counts) === 0 && growth < RSS_GROWTH_LIMIT,
  };
}

async function slowUpstream() {
  const key = `soak-key-${process.pid}`;
  const rules = [
    {
      fault: 'slow',
      delayMs: SLOW_UPSTREAM_MS,
      paths: ['/sports', '/leagues', '/fixtures/active', '/fixtures/odds', '/parlay/odds'],
    },
  ];
  const fault = await startNode(
    'server/testing/fault-upstream-main.ts',
    { FAULT_PORT: '0', FAULT_API_KEY: key, FAULT_RULES: JSON.stringify(rules) },
    /listening (\S+)/,
  );
  const upstreamBase = /listening (\S+)/.exec(fault.output())[1];
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { child } = await startNode(
    'server/main.ts',
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      ODDS_API_KEY: key,
      ODDS_API_BASE_URL: upstreamBase,
      PROXY_RATE_LIMIT: '0',
    },
    /running at/,
  );

  // Every parlay different, so none shares another's upstream call: 100 requests always hanging.
  let sequence = 0;
  const parlay = run({
    url: base,
    connections: 100,
    duration: SLOW_SECONDS + 5,
    timeout: 20,
    requests: [
      {
        method: 'POST',
        path: '/api/v3/parlay/odds',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          sequence += 1;
          const entries = [
            { fixture_id: `SOAK${sequence}`, market: 'Moneyline', name: 'Home' },
            { fixture_id: `SOAK${sequence}B`, market: 'Moneyline', name: 'Away' },
          ];
          return { ...request, body: JSON.stringify({ sportsbooks: ['DraftKings'], entries }) };
        },
      },
    ],
  });
  await new Promise((resolve) => setTimeout(resolve, 3000));
  console.log(
    `slow upstream: /health for ${SLOW_SECONDS} s while 100 parlay requests hang ${SLOW_UPSTREAM_MS} ms each…`,
  );
  const health = await run({ url: `${base}/health`, connections: 10, duration: SLOW_SECONDS, timeout: 10 });
  const hanging = await parlay;
  await stop(child);
  await stop(fault.child);
  const parlayCounts = statusCounts(hanging);
  return {
    upstreamDelayMs: SLOW_UPSTREAM_MS,
    health: {
      requests: health.requests.total,
      requestsPerSecond: health.requests.average,
      latencyMs: { p50: health.latency.p50, p99: health.latency.p99, max: health.latency.max },
      errors: health.errors,
      non2xx: health.non2xx,
    },
    parlay: {
      requests: hanging.requests.total,
      latencyMs: { p50: hanging.latency.p50, p99: hanging.latency.p99 },
      errors: hanging.errors,
      statusCounts: parlayCounts,
    },
    pass:
      health.errors === 0 &&
      health.non2xx === 0 &&
      health.latency.p99 < HEALTH_P99_LIMIT_MS &&
      hanging.errors === 0 &&
      count5xx(parlayCounts) === 0,
  };
}

function round(value) {
  return Math.round(value * 10) / 10;
}

const soakResult = await soak();
const slowResult = await slowUpstream();
const results = {
  when: new Date().toISOString(),
  node: process.version,
  command: 'npm run soak',
  soak: soakResult,
  slowUpstream: slowResult,
};
mkdirSync('bench', { recursive: true });
writeFileSync('bench/soak-results.json', `${JSON.stringify(results, null, 2)}\n`);

const rows = [
  [
    'Soak: requests (req/s)',
    `${soakResult.requests} (${round(soakResult.requestsPerSecond)}/s over ${soakResult.seconds} s)`,
    '',
  ],
  ['Soak: latency p50 / p99', `${soakResult.latencyMs.p50} / ${soakResult.latencyMs.p99} ms`, ''],
  [
    'Soak: errors / 5xx / non-2xx',
    `${soakResult.errors} / ${soakResult.fiveXx} / ${soakResult.non2xx}`,
    soakResult.errors === 0 && soakResult.fiveXx === 0 ? 'pass' : 'FAIL',
  ],
  [
    'Soak: RSS after warm-up → end (max)',
    `${soakResult.rssMb.atWarmupEnd} → ${soakResult.rssMb.final} MB (${soakResult.rssMb.max} MB), ${soakResult.rssMb.growthPercent}%`,
    soakResult.rssMb.growthPercent < RSS_GROWTH_LIMIT * 100 ? 'pass' : 'FAIL',
  ],
  [
    'Soak: JS heap after each GC, range (first → last)',
    `${soakResult.heapUsedAfterGcMb.min}–${soakResult.heapUsedAfterGcMb.max} MB (${soakResult.heapUsedAfterGcMb.first} → ${soakResult.heapUsedAfterGcMb.last} MB)`,
    '',
  ],
  [
    'Slow upstream: /health p50 / p99 / max',
    `${slowResult.health.latencyMs.p50} / ${slowResult.health.latencyMs.p99} / ${slowResult.health.latencyMs.max} ms (${slowResult.health.requests} requests)`,
    slowResult.health.latencyMs.p99 < HEALTH_P99_LIMIT_MS ? 'pass' : 'FAIL',
  ],
  [
    'Slow upstream: hanging parlays',
    `${slowResult.parlay.requests} answered, p50 ${slowResult.parlay.latencyMs.p50} ms, errors ${slowResult.parlay.errors}, statuses ${JSON.stringify(slowResult.parlay.statusCounts)}`,
    slowResult.parlay.errors === 0 ? 'pass' : 'FAIL',
  ],
];
const width = Math.max(...rows.map(([name]) => name.length));
console.log(`\n| ${'measure'.padEnd(width)} | result | verdict |`);
for (const [name, value, verdict] of rows) console.log(`| ${name.padEnd(width)} | ${value} | ${verdict} |`);
console.log('\nwritten to bench/soak-results.json');
process.exit(soakResult.pass && slowResult.pass ? 0 : 1);

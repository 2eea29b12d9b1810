// Where our server's CPU goes on a request: `node --import tsx bench/profile.mjs [miss|hit|direct]`.
// The server section's setup (bench/server.mjs): our server in live mode in front of the standalone
// sandbox at zero latency, started with `node --cpu-prof`, POST /parlay/odds (4 legs, 10 books)
// from autocannon, 10 connections: 1,000 to warm up, a pause of 16 s (a fresh window of the
// sandbox's 2,500-per-15-s limit), then 1,200 measured; stops it, and prints the measured part's CPU
// per request, its top frames by self time, and by total time the frames of our own code.
// `miss`: every request a parlay never asked before (the answer cache has none); `hit`: one
// parlay again and again (the cache answers); `direct`: the standalone sandbox answering misses,
// for comparison. The .cpuprofile is kept in bench/tmp/profiles for DevTools.
import autocannon from 'autocannon';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pinnedSandboxWorld, processCpuMs, startOurServer, startStandaloneSandbox } from './lib/processes.mjs';
import { distinctQuestions, legPool } from './server.mjs';

const mode = process.argv[2] ?? 'miss';
if (!['miss', 'hit', 'direct'].includes(mode))
  throw new Error(`bench/profile.mjs takes miss, hit or direct, got "${mode}".`);
const WARMUP_REQUESTS = 1_000;
const MEASURED_REQUESTS = 1_200;
const PAUSE_MS = 16_000;
const dir = join('bench/tmp/profiles', mode);
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

// One world for every process (as the server section does), so profiles price the same work.
// BENCH_CLOCK pins it to a given instant, for profiles of two versions to compare.
const world = pinnedSandboxWorld(process.env.BENCH_CLOCK);
const profiling = { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] };
const sandbox = await startStandaloneSandbox(world, mode === 'direct' ? profiling : {});
const live = { ...world, ODDS_API_KEY: sandbox.apiKey, ODDS_API_BASE_URL: sandbox.baseUrl };
const picker = await startOurServer(live);
const asked = distinctQuestions(await legPool(picker.origin));
await picker.stop();
const nextQuestion = () => asked.next().value;
const fixedQuestion = nextQuestion();
const server = mode === 'direct' ? sandbox : await startOurServer(live, profiling);
const url = mode === 'direct' ? `${sandbox.baseUrl}/parlay/odds` : `${server.origin}/api/v3/parlay/odds`;
const headers = { 'content-type': 'application/json', ...(mode === 'direct' ? { 'x-api-key': sandbox.apiKey } : {}) };
const requests = [
  {
    method: 'POST',
    headers,
    ...(mode === 'hit'
      ? { body: fixedQuestion }
      : { setupRequest: (request) => ({ ...request, body: nextQuestion() }) }),
  },
];
const run = (amount) => autocannon({ url, connections: 10, amount, requests });
const cpuMs = () => processCpuMs(server.pid);
await run(WARMUP_REQUESTS);
await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
const cpuBefore = cpuMs();
const measured = await run(MEASURED_REQUESTS);
const cpuPerRequestUs = ((cpuMs() - cpuBefore) * 1000) / MEASURED_REQUESTS;
await server.stop();
await sandbox.stop();
console.log(
  `${mode}: ${Math.round(cpuPerRequestUs)} µs of the server's CPU time per request (from /proc); ${measured.requests.total} requests, ${Math.round(measured.requests.average)} req/s, statuses ${JSON.stringify({ '2xx': measured['2xx'], non2xx: measured.non2xx })}`,
);

const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error(`No profile written in ${dir}.`);
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));

// Self time per node from the samples, then per frame (function + file + line), and total time
// per frame counted once per sample however often it recurs on the stack.
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const deltas = profile.timeDeltas;
// Only the measured part: what follows the pause, found as the last run of 20 quiet half-seconds
// (under 5% busy) in the sample timeline.
const quietIds = new Set(
  profile.nodes
    .filter((node) => ['(idle)', '(program)', '(garbage collector)'].includes(node.callFrame.functionName))
    .map((node) => node.id),
);
const BUCKET_MS = 500;
const busyPerBucket = [];
const bucketOfSample = [];
let clockMs = 0;
profile.samples.forEach((id, index) => {
  clockMs += (deltas[index] ?? 0) / 1000;
  const bucket = Math.floor(clockMs / BUCKET_MS);
  bucketOfSample.push(bucket);
  busyPerBucket[bucket] = (busyPerBucket[bucket] ?? 0) + (quietIds.has(id) ? 0 : (deltas[index + 1] ?? 0) / 1000);
});
let measuredFromBucket = 0;
for (let bucket = 0, quietRun = 0; bucket < busyPerBucket.length; bucket++) {
  quietRun = (busyPerBucket[bucket] ?? 0) < BUCKET_MS * 0.05 ? quietRun + 1 : 0;
  if (quietRun >= 20) measuredFromBucket = bucket + 1;
}
const measuredFrom = bucketOfSample.findIndex((bucket) => bucket >= measuredFromBucket);
const frameName = (node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.replace(/^file:\/\//, '').replace(process.cwd(), '.');
  return `${functionName || '(anonymous)'} ${file ? `${file.replace(/^.*node_modules\//, '')}:${lineNumber + 1}` : ''}`.trim();
};
const self = new Map();
const total = new Map();
let sampled = 0;
profile.samples.forEach((id, index) => {
  if (index < measuredFrom) return;
  const ms = (deltas[index + 1] ?? 0) / 1000;
  sampled += ms;
  const node = byId.get(id);
  self.set(frameName(node), (self.get(frameName(node)) ?? 0) + ms);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parentOf.get(at)) {
    const name = frameName(byId.get(at));
    if (seen.has(name)) continue;
    seen.add(name);
    total.set(name, (total.get(name) ?? 0) + ms);
  }
});
const busy = sampled - (self.get('(idle)') ?? 0) - (self.get('(program)') ?? 0);
const share = (ms) => `${((100 * ms) / sampled).toFixed(1)}%`;
console.log(
  `\nProfile ${file}, the measured ${MEASURED_REQUESTS} requests: ${sampled.toFixed(0)} ms sampled, ${busy.toFixed(0)} ms busy (not idle or program): ${((1000 * busy) / MEASURED_REQUESTS).toFixed(0)} µs of CPU per request`,
);
const AREAS = [
  ['the sandbox (pricing, its routes)', /\.\/sandbox\//],
  ['our server code', /\.\/(server|src)\//],
  ['Hono and @hono/node-server', /^[^ ]+ (hono|@hono)\//],
  ['undici (fetch, Request, Response, Headers)', /node:internal\/deps\/undici|webidl/],
  ['web streams, AbortSignal', /node:internal\/(webstreams|abort_controller|worker\/js_transferable|event_target)/],
  ['zlib', /zlib/],
  [
    'node http and sockets',
    /node:(internal\/)?(http|_http|net|stream|streams|internal\/streams)|writev|^\S+ node:_http/,
  ],
  ['garbage collector', /^\(garbage collector\)/],
];
const byArea = new Map();
for (const [name, ms] of self) {
  if (name === '(idle)' || name === '(program)') continue;
  const area = AREAS.find(([, pattern]) => pattern.test(name))?.[0] ?? 'other (node internals, microtasks)';
  byArea.set(area, (byArea.get(area) ?? 0) + ms);
}
console.log('\nSelf time by area, per request:');
for (const [area, ms] of [...byArea].sort((a, b) => b[1] - a[1]))
  console.log(`  ${((1000 * ms) / MEASURED_REQUESTS).toFixed(0).padStart(5)} µs  ${area}`);
console.log('\nTop frames by self time:');
for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20))
  console.log(`  ${share(ms).padStart(6)}  ${ms.toFixed(0).padStart(6)} ms  ${name}`);
console.log('\nOur code by total time (with what it calls):');
for (const [name, ms] of [...total]
  .filter(([name]) => /\.\/(server|sandbox|src)\//.test(name))
  .sort((a, b) => b[1] - a[1])
  .slice(0, 20))
  console.log(`  ${share(ms).padStart(6)}  ${ms.toFixed(0).padStart(6)} ms  ${name}`);

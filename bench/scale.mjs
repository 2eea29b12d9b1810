// Scale: two instances of our server (live mode) sharing one Redis, in front of the standalone
// sandbox at realistic latency through a counting pass-through. Simulated readers of one article
// follow a journey for `durationS` seconds at 50 and at 500 at once: the catalog, the league's
// games, one of the same handful of games' odds, then a parlay from a small pool priced at all ten
// books (one request per book, as the app asks). Upstream calls per minute, p50/p99 and errors,
// with the answer cache on and off in the same run; then Redis killed mid-run.
import { startTestRedis } from '../server/testing/redis-server.ts';
import { startCountingForwarder } from './lib/counting-forwarder.mjs';
import { startOurServer, startStandaloneSandbox } from './lib/processes.mjs';
import { ALL_BOOKS, moneylineLegs } from './lib/sandbox-legs.mjs';

const THINK_MS = [2_000, 4_000];
const RAMP_MS = 5_000;
const POOL_SIZE = 3;
const GAMES = 3;

function percentile(sorted, fraction) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

const pick = (items) => items[Math.floor(Math.random() * items.length)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const think = () => sleep(THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]));

/** The parlays readers price: pairs and triples of the handful of games' moneylines. */
function parlayPool(legs) {
  const entries = legs.map((leg) => ({ fixture_id: leg.fixtureId, market: leg.market, name: leg.name }));
  const pool = [];
  for (let first = 0; first < entries.length && pool.length < POOL_SIZE; first++) {
    for (let second = first + 1; second < entries.length && pool.length < POOL_SIZE; second++) {
      const third = entries.find((_, index) => index !== first && index !== second);
      pool.push(
        pool.length % 2 === 1 && third ? [entries[first], entries[second], third] : [entries[first], entries[second]],
      );
    }
  }
  return pool;
}

/** Readers against the instances (alternating, as a load balancer would), for `durationMs`. */
async function runReaders({ origins, readers, durationMs, games, pool, duringRun = async () => {} }) {
  const times = [];
  const statuses = {};
  let networkErrors = 0;
  const endAt = Date.now() + durationMs;
  const ask = async (origin, path, init) => {
    const started = performance.now();
    try {
      const response = await fetch(`${origin}/api/v3${path}`, init);
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    } catch {
      networkErrors += 1;
    }
    times.push(performance.now() - started);
  };
  const reader = async (index) => {
    const origin = origins[index % origins.length];
    await sleep((RAMP_MS * index) / readers);
    const half = Math.ceil(ALL_BOOKS.length / 2);
    const books = (slice) => slice.map((book) => `sportsbook=${encodeURIComponent(book)}`).join('&');
    while (Date.now() < endAt) {
      await Promise.all([ask(origin, '/sports'), ask(origin, '/leagues?sport=basketball')]);
      await think();
      if (Date.now() >= endAt) break;
      await ask(origin, '/fixtures/active?league=nba');
      await think();
      if (Date.now() >= endAt) break;
      const game = pick(games);
      await Promise.all([
        ask(origin, `/fixtures/odds?fixture_id=${game}&${books(ALL_BOOKS.slice(0, half))}`),
        ask(origin, `/fixtures/odds?fixture_id=${game}&${books(ALL_BOOKS.slice(half))}`),
      ]);
      await think();
      if (Date.now() >= endAt) break;
      const entries = pick(pool);
      await Promise.all(
        ALL_BOOKS.map((book) =>
          ask(origin, '/parlay/odds', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ sportsbooks: [book], entries }),
          }),
        ),
      );
      await think();
    }
  };
  const during = duringRun();
  await Promise.all(Array.from({ length: readers }, (_, index) => reader(index)));
  await during;
  times.sort((a, b) => a - b);
  const requests = times.length;
  const errors =
    networkErrors +
    Object.entries(statuses).reduce(
      (sum, [status, count]) => sum + (Number(status) >= 200 && Number(status) < 300 ? 0 : count),
      0,
    );
  return {
    requests,
    statuses,
    networkErrors,
    errors,
    p50Ms: Number(percentile(times, 0.5)?.toFixed(1)),
    p99Ms: Number(percentile(times, 0.99)?.toFixed(1)),
  };
}

async function startInstances({ forwarder, sandbox, redis, cache }) {
  const env = {
    ODDS_API_KEY: sandbox.apiKey,
    ODDS_API_BASE_URL: forwarder.baseUrl,
    REDIS_URL: redis.url,
    ANSWER_CACHE: cache ? '1' : '0',
    PROXY_RATE_LIMIT: '0',
    REDIS_KEY_PREFIX: `bench-${Date.now()}:`,
  };
  return Promise.all([startOurServer(env), startOurServer(env)]);
}

export async function measureScale({ durationS = 60, readerCounts = [50, 500], redisStopS = 30, log = () => {} }) {
  const redis = await startTestRedis();
  const sandbox = await startStandaloneSandbox({ SANDBOX_LATENCY: 'realistic' });
  const forwarder = await startCountingForwarder(sandbox.baseUrl);
  const results = { durationS, runs: [] };
  try {
    const setup = await startInstances({ forwarder, sandbox, redis, cache: true });
    const picks = await moneylineLegs(setup[0].origin, GAMES);
    await Promise.all(setup.map((instance) => instance.stop()));
    const games = picks.map((picked) => picked.game.fixture.id);
    const pool = parlayPool(picks.map((picked) => picked.leg));
    results.journey = `per reader, think ${THINK_MS[0] / 1000}-${THINK_MS[1] / 1000} s between steps: /sports + /leagues; /fixtures/active; one of ${games.length} games' /fixtures/odds (2 calls, 10 books); one of ${pool.length} parlays at 10 books (10 calls); ramp-up ${RAMP_MS / 1000} s`;

    for (const cache of [true, false]) {
      for (const readers of readerCounts) {
        const instances = await startInstances({ forwarder, sandbox, redis, cache });
        // Let the sandbox's rate-limit window from the last run pass (2,500 calls per 15 s per key).
        await sleep(15_000);
        forwarder.reset();
        try {
          const run = await runReaders({
            origins: instances.map((instance) => instance.origin),
            readers,
            durationMs: durationS * 1000,
            games,
            pool,
          });
          const upstreamCallsPerMinute = Math.round(forwarder.counts.total / (durationS / 60));
          const row = {
            cache,
            readers,
            upstreamCallsPerMinute,
            upstreamStatuses: { ...forwarder.counts.byStatus },
            ...run,
          };
          results.runs.push(row);
          log(
            `  scale: cache ${cache ? 'on ' : 'off'}, ${readers} readers: ${run.requests} requests, ${upstreamCallsPerMinute} upstream calls/min (upstream ${JSON.stringify(row.upstreamStatuses)}), p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, errors ${run.errors} ${JSON.stringify(run.statuses)}`,
          );
        } finally {
          await Promise.all(instances.map((instance) => instance.stop()));
        }
      }
    }

    const instances = await startInstances({ forwarder, sandbox, redis, cache: true });
    await sleep(15_000);
    forwarder.reset();
    try {
      const readers = Math.max(...readerCounts);
      const run = await runReaders({
        origins: instances.map((instance) => instance.origin),
        readers,
        durationMs: redisStopS * 1000,
        games,
        pool,
        duringRun: async () => {
          await sleep((redisStopS * 1000) / 3);
          await redis.kill();
          log(`  scale: Redis killed ${Math.round(redisStopS / 3)} s into the run`);
        },
      });
      results.redisStopped = {
        readers,
        durationS: redisStopS,
        upstreamCallsPerMinute: Math.round(forwarder.counts.total / (redisStopS / 60)),
        ...run,
      };
      log(
        `  scale: Redis stopped mid-run, ${readers} readers: ${run.requests} requests, errors ${run.errors} ${JSON.stringify(run.statuses)}, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms`,
      );
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
    }
  } finally {
    await forwarder.close();
    await sandbox.stop();
    await redis.stop();
  }

  const cached = (readers) => results.runs.find((run) => run.cache && run.readers === readers);
  const [few, many] = readerCounts.map(cached);
  results.upstreamGrowth =
    few && many ? Number((many.upstreamCallsPerMinute / few.upstreamCallsPerMinute).toFixed(2)) : null;
  results.withinTargets =
    results.upstreamGrowth !== null &&
    results.upstreamGrowth <= 1.2 &&
    results.runs.filter((run) => run.cache).every((run) => run.errors === 0) &&
    results.redisStopped?.errors === 0;
  return results;
}

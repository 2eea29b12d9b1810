// Scale: two instances of our server (live mode) sharing one Redis, in front of the standalone
// sandbox at realistic latency through a counting pass-through. Simulated readers of one article
// follow a journey for `durationS` seconds at 50 and at 500 at once: the catalog, the league's
// games, one of the same handful of games' odds, then a parlay from a small pool priced at all ten
// books (one request per book, as the app asks). Upstream calls per minute, p50/p99 and errors,
// with the answer cache on and off in the same run; then Redis killed mid-run; then Redis frozen
// (SIGSTOP) for 15 s mid-run, as a stalled host or a Redis busy for seconds would be. First, an
// article's slip read by thousands through a caching proxy, and without it (cdn.mjs).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { startTestRedis } from '../server/testing/redis-server.ts';
import { measureCdn } from './cdn.mjs';
import { onCleanup } from './lib/cleanup.mjs';
import { startCountingForwarder } from './lib/counting-forwarder.mjs';
import { startOurServer, startStandaloneSandbox, untilNextLimitWindow } from './lib/processes.mjs';
import { ALL_BOOKS, moneylineLegs } from './lib/sandbox-legs.mjs';
import { percentile } from './lib/stats.mjs';

const THINK_MS = [2_000, 4_000];
const RAMP_MS = 5_000;
const POOL_SIZE = 3;
const GAMES = 3;

/**
 * How readers fetch. `http` (the default): node:http with a keep-alive agent, sending what Node's
 * fetch sends (the same Accept-Encoding, so the same compressed bytes come back) and reading every
 * byte, without decoding it: the server does the same work, and the one bench process does not
 * spend ~18 ms of CPU decoding each 2.5 MB odds answer through web streams, which at 500 readers
 * (~80 such answers a second) takes more than a core by itself: the figures would measure the bench.
 * `fetch` (BENCH_READERS=fetch): Node's fetch, decoding as a browser does, for comparison.
 */
const READER_CLIENT = process.env.BENCH_READERS === 'fetch' ? 'fetch' : 'http';
/** The headers Node's fetch sends on its own. */
const FETCH_DEFAULT_HEADERS = {
  accept: '*/*',
  'accept-language': '*',
  'sec-fetch-mode': 'cors',
  'user-agent': 'node',
  'accept-encoding': 'gzip, deflate',
};

/** One request read to its end (not decoded); resolves with the status. */
function askOverHttp(agent, url, init = {}, localAddress = undefined) {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const body = init.body;
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: init.method ?? 'GET',
        agent,
        localAddress,
        headers: {
          ...FETCH_DEFAULT_HEADERS,
          ...init.headers,
          ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
        },
      },
      (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    // Whether the request went out on a kept-alive connection: a reset there is the server closing
    // it while idle as the request left (a browser sends such a request again, see askWithRetry).
    request.on('error', (error) => reject(Object.assign(error, { reusedSocket: request.reusedSocket })));
    // Nothing this slow counts as answered (fetch would wait 300 s).
    request.setTimeout(60_000, () =>
      request.destroy(Object.assign(new Error('no answer in 60 s'), { code: 'TIMEOUT' })),
    );
    request.end(body);
  });
}

/**
 * One request, sent once more when a kept-alive connection was reset before any answer (the server
 * closed it as idle just as the request went out), as browsers do (Node's own docs suggest the
 * same, `request.reusedSocket`); `onRetry` counts them. Any other failure is the reader's error.
 */
async function askWithRetry(agent, url, init, localAddress, onRetry) {
  try {
    return await askOverHttp(agent, url, init, localAddress);
  } catch (error) {
    if (error?.code !== 'ECONNRESET' || error.reusedSocket !== true) throw error;
    onRetry();
    return askOverHttp(agent, url, init, localAddress);
  }
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
async function runReaders({ origins, readers, durationMs, games, pool, signal, duringRun = async () => {} }) {
  const times = [];
  /** Times per kind of request (catalog, games, odds, parlay) and per second of the run, to show where a tail comes from. */
  const timesByKind = {};
  const slowBySecond = {};
  const statuses = {};
  let networkErrors = 0;
  /** Requests sent again after a kept-alive connection was reset before any answer (not errors: a browser does the same). */
  let resentAfterIdleReset = 0;
  /** What the failed fetches said (undici's cause code), to tell a refused connection from a cut one. */
  const networkErrorKinds = {};
  const startedAt = Date.now();
  const endAt = startedAt + durationMs;
  // Six connections per reader and instance, as a browser keeps per host (the parlay step's ten
  // requests queue for them as they would in a page).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  const fetchStatus = async (url, init) => {
    const response = await fetch(url, init);
    await response.arrayBuffer();
    return response.status;
  };
  const ask = async (origin, path, init, localAddress) => {
    const started = performance.now();
    const url = `${origin}/api/v3${path}`;
    try {
      const status =
        READER_CLIENT === 'fetch'
          ? await fetchStatus(url, init)
          : await askWithRetry(agent, url, init, localAddress, () => (resentAfterIdleReset += 1));
      statuses[status] = (statuses[status] ?? 0) + 1;
    } catch (error) {
      networkErrors += 1;
      const kind = error?.code ?? error?.cause?.code ?? error?.cause?.name ?? error?.name ?? 'unknown';
      networkErrorKinds[kind] = (networkErrorKinds[kind] ?? 0) + 1;
    }
    const tookMs = performance.now() - started;
    times.push(tookMs);
    const kind = path.startsWith('/parlay')
      ? 'parlay'
      : path.startsWith('/fixtures/odds')
        ? 'odds'
        : path.startsWith('/fixtures')
          ? 'games'
          : 'catalog';
    (timesByKind[kind] ??= []).push(tookMs);
    if (tookMs > 1_000) {
      const second = Math.floor((Date.now() - startedAt) / 1000);
      slowBySecond[second] = (slowBySecond[second] ?? 0) + 1;
    }
  };
  const reader = async (index) => {
    const origin = origins[index % origins.length];
    // Each reader from its own loopback address, as readers of an article come from their own: the
    // server caps connections per client address (MAX_CONNECTIONS_PER_CLIENT).
    const address = `127.1.${Math.floor(index / 250)}.${(index % 250) + 1}`;
    const askAs = (path, init) => ask(origin, path, init, address);
    await sleep((RAMP_MS * index) / readers);
    const half = Math.ceil(ALL_BOOKS.length / 2);
    const books = (slice) => slice.map((book) => `sportsbook=${encodeURIComponent(book)}`).join('&');
    // A section stopped for time stops its readers too: their servers are gone.
    while (Date.now() < endAt && !signal?.aborted) {
      await Promise.all([askAs('/sports'), askAs('/leagues?sport=basketball')]);
      await think();
      if (Date.now() >= endAt) break;
      await askAs('/fixtures/active?league=nba');
      await think();
      if (Date.now() >= endAt) break;
      const game = pick(games);
      await Promise.all([
        askAs(`/fixtures/odds?fixture_id=${game}&${books(ALL_BOOKS.slice(0, half))}`),
        askAs(`/fixtures/odds?fixture_id=${game}&${books(ALL_BOOKS.slice(half))}`),
      ]);
      await think();
      if (Date.now() >= endAt) break;
      const entries = pick(pool);
      await Promise.all(
        ALL_BOOKS.map((book) =>
          askAs('/parlay/odds', {
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
  signal?.throwIfAborted();
  const elapsedS = (Date.now() - startedAt) / 1000;
  agent.destroy();
  await during;
  times.sort((a, b) => a - b);
  const requests = times.length;
  const p99ByKind = Object.fromEntries(
    Object.entries(timesByKind).map(([kind, list]) => {
      list.sort((a, b) => a - b);
      return [kind, { requests: list.length, p50Ms: percentile(list, 0.5), p99Ms: percentile(list, 0.99) }];
    }),
  );
  const errors =
    networkErrors +
    Object.entries(statuses).reduce(
      (sum, [status, count]) => sum + (Number(status) >= 200 && Number(status) < 300 ? 0 : count),
      0,
    );
  return {
    requests,
    // Answered per second over the whole run (its last steps included): what the instances kept up with.
    servedPerSecond: Math.round(requests / elapsedS),
    statuses,
    networkErrors,
    networkErrorKinds,
    resentAfterIdleReset,
    errors,
    p50Ms: Number(percentile(times, 0.5)?.toFixed(1)),
    p99Ms: Number(percentile(times, 0.99)?.toFixed(1)),
    byKind: Object.fromEntries(
      Object.entries(p99ByKind).map(([kind, figures]) => [
        kind,
        { requests: figures.requests, p50Ms: Math.round(figures.p50Ms), p99Ms: Math.round(figures.p99Ms) },
      ]),
    ),
    /** Requests slower than 1 s, by the second of the run they ended in. */
    slowerThan1sBySecond: slowBySecond,
  };
}

async function startInstances({ forwarder, sandbox, redis, cache }) {
  const env = {
    ODDS_API_KEY: sandbox.apiKey,
    ODDS_API_BASE_URL: forwarder.baseUrl,
    REDIS_URL: redis.url,
    // One secret for both instances, as a deployment generates it: they share what they cache.
    CACHE_SIGNING_KEY: randomBytes(32).toString('base64'),
    ANSWER_CACHE: cache ? '1' : '0',
    PROXY_RATE_LIMIT: '0',
    REDIS_KEY_PREFIX: `bench-${Date.now()}:`,
    // fetch cannot pick its local address: with it every reader is one client to the server.
    ...(READER_CLIENT === 'fetch' ? { MAX_CONNECTIONS_PER_CLIENT: '100000' } : {}),
  };
  return Promise.all([startOurServer(env), startOurServer(env)]);
}

export async function measureScale({
  durationS = 60,
  readerCounts = [50, 500],
  redisStopS = 30,
  redisPauseS = 15,
  caches = [true, false],
  cdn = { readers: 5_000, durationS: 60 },
  log = () => {},
  signal,
  progress = {},
}) {
  progress.expected = { cdn: 1, runs: caches.length * readerCounts.length, redisStopped: 1, redisStalled: 1 };
  const results = Object.assign(progress, { durationS, readerClient: READER_CLIENT, runs: [] });
  const redis = await startTestRedis();
  const forgetRedis = onCleanup('Redis', () => redis.stop());
  const sandbox = await startStandaloneSandbox({ SANDBOX_LATENCY: 'realistic' });
  const forwarder = await startCountingForwarder(sandbox.baseUrl);
  try {
    const setup = await startInstances({ forwarder, sandbox, redis, cache: true });
    const picks = await moneylineLegs(setup[0].origin, GAMES);
    await Promise.all(setup.map((instance) => instance.stop()));
    const games = picks.map((picked) => picked.game.fixture.id);
    const pool = parlayPool(picks.map((picked) => picked.leg));
    signal?.throwIfAborted();
    const cdnInstances = await startInstances({ forwarder, sandbox, redis, cache: true });
    await untilNextLimitWindow();
    try {
      results.cdn = {};
      results.cdn = await measureCdn({
        ourOrigin: cdnInstances[0].origin,
        entries: pool[0],
        ...cdn,
        log,
        signal,
        progress: results.cdn,
      });
    } finally {
      await Promise.all(cdnInstances.map((instance) => instance.stop()));
    }

    results.journey = `per reader, think ${THINK_MS[0] / 1000}-${THINK_MS[1] / 1000} s between steps: /sports + /leagues; /fixtures/active; one of ${games.length} games' /fixtures/odds (2 calls, 10 books); one of ${pool.length} parlays at 10 books (10 calls); ramp-up ${RAMP_MS / 1000} s`;

    for (const cache of caches) {
      for (const readers of readerCounts) {
        signal?.throwIfAborted();
        const instances = await startInstances({ forwarder, sandbox, redis, cache });
        // The last run's calls stay in their rate-limit window (2,500 calls per 15 s per key): start in a new one.
        await untilNextLimitWindow();
        forwarder.reset();
        try {
          const run = await runReaders({
            signal,
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

    signal?.throwIfAborted();
    const instances = await startInstances({ forwarder, sandbox, redis, cache: true });
    await untilNextLimitWindow();
    forwarder.reset();
    try {
      const readers = Math.max(...readerCounts);
      const run = await runReaders({
        signal,
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

    // Frozen rather than gone: connections stay open and nothing answers, which only a deadline
    // on every command notices.
    signal?.throwIfAborted();
    await redis.restart();
    const stalling = await startInstances({ forwarder, sandbox, redis, cache: true });
    await untilNextLimitWindow();
    forwarder.reset();
    try {
      const readers = Math.max(...readerCounts);
      const pauseAtS = 10;
      const stalledRunS = pauseAtS + redisPauseS + 10;
      const run = await runReaders({
        signal,
        origins: stalling.map((instance) => instance.origin),
        readers,
        durationMs: stalledRunS * 1000,
        games,
        pool,
        duringRun: async () => {
          await sleep(pauseAtS * 1000);
          redis.pause();
          log(`  scale: Redis paused (SIGSTOP) ${pauseAtS} s into the run`);
          await sleep(redisPauseS * 1000);
          redis.resume();
          log(`  scale: Redis resumed (SIGCONT) after ${redisPauseS} s`);
        },
      });
      results.redisStalled = {
        readers,
        durationS: stalledRunS,
        pausedS: redisPauseS,
        upstreamCallsPerMinute: Math.round(forwarder.counts.total / (stalledRunS / 60)),
        ...run,
      };
      log(
        `  scale: Redis paused ${redisPauseS} s mid-run, ${readers} readers: ${run.requests} requests, errors ${run.errors} ${JSON.stringify(run.statuses)}, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms`,
      );
    } finally {
      await Promise.all(stalling.map((instance) => instance.stop()));
    }
  } finally {
    await forwarder.close();
    await sandbox.stop();
    forgetRedis();
    await redis.stop();
  }
  return summariseScale(results);
}

/** The runs made, and how the upstream calls grew from the fewest readers to the most (cache on). */
export function summariseScale(results) {
  const cachedRuns = results.runs.filter((run) => run.cache).sort((a, b) => a.readers - b.readers);
  const [few, many] = [cachedRuns[0], cachedRuns.at(-1)];
  const measured = { ...results };
  delete measured.expected;
  return {
    ...measured,
    upstreamGrowth:
      few && many && few !== many
        ? Number((many.upstreamCallsPerMinute / few.upstreamCallsPerMinute).toFixed(2))
        : null,
  };
}

// The live section's stream parts, against our server in live mode in front of the standalone
// sandbox (through the counting pass-through, which says how many upstream streams are open):
// - fanOut: one reader, then many, each asking as the app does (a sport at ten books, narrowed to
//   the games on its screen: the slip's game and nine more, each reader its own mix); what each
//   reader costs the server (CPU and memory), how many upstream streams serve one reader and how
//   many serve all of them, and how long a price change takes to reach every reader.
// - slowClient: a client that stops reading while thousands of rows are sent: the most bytes our
//   server held for it (in-process, read from the stream hub), and whether it was cut.
// - failover: two instances with Redis; the one holding the upstream streams is killed (SIGKILL):
//   how long until the other holds them, and whether a reader on it missed any change.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { createServerApp } from '../server/app.ts';
import { readServerConfig } from '../server/config.ts';
import { startHttpServer } from '../server/http-server.ts';
import { startTestRedis } from '../server/testing/redis-server.ts';
import { onCleanup } from './lib/cleanup.mjs';
import { keepChanging, linesOf, priceChanger, priceMarker } from './lib/price-changes.mjs';
import { freePort, processCpuMs, startOurServer } from './lib/processes.mjs';
import { ALL_BOOKS, moneylineLegs } from './lib/sandbox-legs.mjs';
import { percentile } from './lib/stats.mjs';
import { openMany, openReader } from './lib/stream-readers.mjs';
import { benchWorldNowMs } from './lib/world.mjs';

export const SPORT = 'basketball';
/** Games a reader watches: the slip's and the rows on its screen. */
const GAMES_PER_READER = 10;
/** One change every half second while the readers are held, and while the one reader's cost is taken. */
const CHANGE_EVERY_MS = 500;
const BASELINE_S = 5;
/** Prices no book quotes: a reader that finds one knows the change reached it. */
const MARKED_PRICES_FROM = 20_001;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function streamPath({ books = ALL_BOOKS, fixtureIds = [] } = {}) {
  const query = new URLSearchParams();
  for (const book of books) query.append('sportsbook', book);
  for (const id of fixtureIds) query.append('fixture_id', id);
  if (fixtureIds.length > 0) query.append('include_fixture_updates', 'true');
  return `/api/v3/stream/odds/${SPORT}?${query}`;
}

/** One instance of our server in live mode in front of the sandbox (through the counting forwarder). */
export function liveEnv(sandbox, forwarder, extra = {}) {
  return {
    ODDS_API_KEY: sandbox.apiKey,
    ODDS_API_BASE_URL: forwarder.baseUrl,
    PROXY_RATE_LIMIT: '0',
    MAX_CONNECTIONS_PER_CLIENT: '100000',
    // Hundreds of readers open from ten per loopback address at once, past one instance's default.
    STREAM_OPENS_PER_MINUTE: '0',
    MAX_STREAM_CONNECTIONS: '100000',
    ...extra,
  };
}

async function waitFor(condition, timeoutMs, stepMs = 25) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await sleep(stepMs);
  }
  return condition();
}

/** The instance's memory after a full collection (bench/lib/measured-server.ts writes it on SIGUSR2). */
async function memoryAfterGc(instance, reportPath) {
  rmSync(reportPath, { force: true });
  process.kill(instance.pid, 'SIGUSR2');
  for (let waited = 0; waited < 10_000 && !existsSync(reportPath); waited += 20) await sleep(20);
  const usage = JSON.parse(readFileSync(reportPath, 'utf8'));
  if (!usage.collected) throw new Error('the measured server was not started with --expose-gc');
  return usage;
}

/** The sport's games with odds now (in play or to come), every page of the listing. */
async function sportGames(origin) {
  const ids = [];
  let cursor = null;
  do {
    const query = new URLSearchParams({ sport: SPORT, ...(cursor === null ? {} : { cursor }) });
    const response = await fetch(`${origin}/api/v3/fixtures/active?${query}`, { signal: AbortSignal.timeout(30_000) });
    if (!response.ok) throw new Error(`/fixtures/active: ${response.status} ${await response.text()}`);
    const body = await response.json();
    for (const game of body.data) if (game.status === 'live' || game.status === 'unplayed') ids.push(game.id);
    cursor = body.has_more === true && typeof body.cursor === 'string' ? body.cursor : null;
  } while (cursor !== null);
  return ids;
}

/** The server's CPU over `seconds`, in ms per second. */
async function cpuOver(pid, seconds) {
  const before = processCpuMs(pid);
  const startedAt = Date.now();
  await sleep(seconds * 1000);
  return (processCpuMs(pid) - before) / ((Date.now() - startedAt) / 1000);
}

/** How long each change took to reach each reader, and the changes that never reached one. */
function deliveries(readers, changes) {
  const times = [];
  let undelivered = 0;
  for (const reader of readers) {
    for (const change of changes) {
      const seenAt = reader.seenAt.get(priceMarker(change.price));
      if (seenAt === undefined) undelivered++;
      else times.push(seenAt - change.sentAtMs);
    }
  }
  return { times: times.sort((a, b) => a - b), undelivered };
}

export async function measureFanOut({ sandbox, forwarder, readers: count, holdS, log, signal }) {
  mkdirSync('bench/tmp', { recursive: true });
  const reportPath = `bench/tmp/live-memory-${process.pid}.json`;
  // BENCH_LIVE_PROFILE=<dir>: the instance writes a CPU profile of the whole part there as it stops.
  const profileDir = process.env.BENCH_LIVE_PROFILE;
  const instance = await startOurServer(liveEnv(sandbox, forwarder, { MEMORY_REPORT_PATH: reportPath }), {
    nodeArgs: ['--expose-gc', ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
    script: 'bench/lib/measured-server.ts',
  });
  const readers = [];
  try {
    const games = await sportGames(instance.origin);
    const [slip] = await moneylineLegs(instance.origin, 1, { nowMs: benchWorldNowMs() });
    const others = games.filter((id) => id !== slip.game.fixture.id);
    const pathFor = (index) =>
      streamPath({
        fixtureIds: [
          slip.game.fixture.id,
          ...Array.from(
            { length: Math.min(others.length, GAMES_PER_READER - 1) },
            (_, offset) => others[(index * 7 + offset) % others.length],
          ),
        ],
      });
    const changer = priceChanger(sandbox, linesOf([slip]), {
      firstPrice: MARKED_PRICES_FROM,
      beforeChange: (price) => {
        for (const reader of readers) reader.watch(priceMarker(price));
      },
    });

    readers.push(...(await openMany(instance.origin, 1, { pathFor, signal })));
    await waitFor(() => forwarder.counts.streamsOpen >= 2, 10_000);
    // Warm (the code paths compiled, the feeds' replay windows filling), then one reader's cost.
    const stopWarmup = keepChanging(changer, CHANGE_EVERY_MS);
    await sleep(2_000);
    const oneReaderCpuMsPerS = await cpuOver(instance.pid, BASELINE_S);
    await stopWarmup();
    const oneReaderStreams = forwarder.counts.streamsOpen;
    const before = await memoryAfterGc(instance, reportPath);

    const openedAt = Date.now();
    readers.push(...(await openMany(instance.origin, count - 1, { pathFor, firstIndex: 1, signal, log })));
    const openedInS = (Date.now() - openedAt) / 1000;
    await sleep(1_000);
    const manyReaderStreams = forwarder.counts.streamsOpen;

    const bytesBefore = readers.reduce((sum, reader) => sum + reader.bytes, 0);
    const changesBefore = changer.issued.length;
    const stopChanging = keepChanging(changer, CHANGE_EVERY_MS);
    const heldCpuMsPerS = await cpuOver(instance.pid, holdS);
    await stopChanging();
    // The last change's way to every reader.
    await sleep(2_000);
    const bytesHeld = readers.reduce((sum, reader) => sum + reader.bytes, 0) - bytesBefore;
    const after = await memoryAfterGc(instance, reportPath);

    const connected = readers.filter((reader) => reader.connected && !reader.ended);
    const delivered = deliveries(connected, changer.issued.slice(changesBefore));
    const held = (usage) => usage.heapUsed + usage.external;
    const added = Math.max(1, readers.length - 1);
    const result = {
      readers: readers.length,
      dropped: readers.length - connected.length,
      refusedOpens: [...new Set(readers.flatMap((reader) => (reader.refused ? [reader.refused] : [])))],
      openedInS: Number(openedInS.toFixed(1)),
      gamesPerReader: GAMES_PER_READER,
      sportGames: games.length,
      upstreamStreams: { oneReader: oneReaderStreams, manyReaders: manyReaderStreams },
      changes: changer.issued.length - changesBefore,
      deliveryP50Ms: percentile(delivered.times, 0.5),
      deliveryP95Ms: percentile(delivered.times, 0.95),
      deliveryMaxMs: delivered.times.at(-1) ?? null,
      deliveries: delivered.times.length,
      undelivered: delivered.undelivered,
      heldS: holdS,
      serverCpu: {
        oneReaderMsPerS: Math.round(oneReaderCpuMsPerS),
        allReadersMsPerS: Math.round(heldCpuMsPerS),
        perAddedReaderUsPerS: Math.round(((heldCpuMsPerS - oneReaderCpuMsPerS) * 1000) / added),
      },
      deliveredKbPerReaderPerS: Number((bytesHeld / 1024 / readers.length / holdS).toFixed(1)),
      memoryPerReaderKb: Number(((held(after) - held(before)) / 1024 / added).toFixed(1)),
      rssPerReaderKb: Number(((after.rss - before.rss) / 1024 / added).toFixed(1)),
      heapAndExternalMb: [held(before), held(after)].map((bytes) => Math.round(bytes / 1024 ** 2)),
    };
    log(
      `  live: ${result.readers} readers (${result.dropped} dropped, opened in ${result.openedInS} s); upstream streams ${oneReaderStreams} for one, ${manyReaderStreams} for all; a change -> every reader p50 ${result.deliveryP50Ms} ms, p95 ${result.deliveryP95Ms} ms, max ${result.deliveryMaxMs} ms (${result.changes} changes, ${result.undelivered} undelivered); server CPU ${result.serverCpu.oneReaderMsPerS} -> ${result.serverCpu.allReadersMsPerS} ms/s (${result.serverCpu.perAddedReaderUsPerS} µs/s a reader), ${result.deliveredKbPerReaderPerS} KB/s a reader; ${result.memoryPerReaderKb} KB a reader after GC`,
    );
    return result;
  } finally {
    for (const reader of readers) reader.close();
    await instance.stop();
    rmSync(reportPath, { force: true });
  }
}

/** A client that sends its request and never reads: what our server holds for it while rows pour in. */
export async function measureSlowClient({ sandbox, lines, changes, log }) {
  const port = await freePort();
  const config = readServerConfig({
    ...process.env,
    ODDS_API_KEY: sandbox.apiKey,
    ODDS_API_BASE_URL: sandbox.baseUrl,
    PROXY_RATE_LIMIT: '0',
    PORT: String(port),
    HOST: '127.0.0.1',
  });
  const server = await createServerApp(config, { log: () => undefined });
  const running = await startHttpServer({
    fetch: server.app.fetch,
    port,
    host: '127.0.0.1',
    limits: config.connections,
    trustProxy: config.shared.trustProxy,
  });
  const socket = net.connect(port, '127.0.0.1');
  const close = async () => {
    socket.destroy();
    await running.close();
    await server.close();
  };
  const forget = onCleanup('in-process server (slow client)', close);
  const hub = server.streams.hub;
  let cut = false;
  socket.on('close', () => (cut = true));
  socket.on('error', () => (cut = true));
  try {
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`GET ${streamPath()} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n\r\n`);
    // Never read: what the server sends fills the socket's buffers, then waits in the server.
    socket.pause();
    await waitFor(() => hub.readers >= 1, 10_000);
    let largest = 0;
    const sampler = setInterval(() => (largest = Math.max(largest, hub.largestHeldBytes)), 5);
    const changer = priceChanger(sandbox, lines);
    const startedAt = Date.now();
    const stop = keepChanging(changer, 0, 8);
    await waitFor(() => changer.issued.length >= changes || hub.readers === 0, 60_000, 50);
    await stop();
    await sleep(500);
    clearInterval(sampler);
    const result = {
      slowClientMaxBufferedKb: Number((largest / 1024).toFixed(1)),
      slowClientCut: hub.readers === 0 || cut,
      rowsSent: changer.issued.length,
      distinctLines: Math.min(lines.length, changer.issued.length),
      overS: Number(((Date.now() - startedAt) / 1000).toFixed(1)),
      boundKb: config.streams.slowClientBytes / 1024,
    };
    log(
      `  live: a client that stopped reading: at most ${result.slowClientMaxBufferedKb} KB held for it (bound ${result.boundKb} KB) over ${result.rowsSent} changes on ${result.distinctLines} lines; cut: ${result.slowClientCut}`,
    );
    return result;
  } finally {
    forget();
    await close();
  }
}

export async function measureFailover({ sandbox, forwarder, lines, log }) {
  const redis = await startTestRedis();
  const forgetRedis = onCleanup('Redis', () => redis.stop());
  const env = liveEnv(sandbox, forwarder, { REDIS_URL: redis.url, REDIS_KEY_PREFIX: `bench-live-${Date.now()}:` });
  const readers = [];
  const received = new Set();
  let leader = null;
  let other = null;
  try {
    leader = await startOurServer(env);
    other = await startOurServer(env);
    const before = forwarder.counts.streamsOpened;
    // The first reader makes its instance take the leases (and hold the upstream streams).
    readers.push(await openReader(`${leader.origin}${streamPath()}`));
    await waitFor(() => forwarder.counts.streamsOpen >= 2, 10_000);
    const openedByLeader = forwarder.counts.streamsOpened - before;
    readers.push(
      await openReader(`${other.origin}${streamPath()}`, {
        onRows: (rows) => {
          for (const row of rows) received.add(`${row.id}|${row.price}`);
        },
      }),
    );
    if (readers.some((reader) => reader.refused))
      throw new Error(`failover: a reader was refused (${readers.map((reader) => reader.refused).join(', ')})`);
    await sleep(1_000);
    const changer = priceChanger(sandbox, lines);
    const stopChanging = keepChanging(changer, 100);
    await sleep(5_000);
    const killedAt = Date.now();
    leader.kill();
    await waitFor(() => forwarder.counts.streamsOpen === 0, 10_000, 10);
    const resumed = await waitFor(() => forwarder.counts.streamsOpen >= 2, 30_000, 10);
    const resumedAfterMs = resumed ? Date.now() - killedAt : null;
    await sleep(10_000);
    await stopChanging();
    await sleep(3_000);
    const lost = changer.issued.filter((change) => !received.has(change.key));
    const result = {
      instances: 2,
      upstreamStreamsOpenedByLeader: openedByLeader,
      resumedAfterMs,
      changes: changer.issued.length,
      changesLost: lost.length,
      changesLostAroundKill: lost.filter((change) => change.atMs >= killedAt - 1_000).length,
      leaseTtlMs: 5_000,
    };
    log(
      `  live: leader killed -> upstream streams held by the other instance after ${resumedAfterMs} ms; ${result.changes} changes, ${result.changesLost} lost`,
    );
    return result;
  } finally {
    for (const reader of readers) reader.close();
    await other?.stop();
    await leader?.stop();
    forgetRedis();
    await redis.stop();
  }
}

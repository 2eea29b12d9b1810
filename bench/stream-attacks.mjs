// The odds stream's attack figures (docs/security.md): our server in live mode in front of the
// standalone sandbox (the bench's fixed world, prices changing), through the counting pass-through
// that sees every upstream stream opened. Not part of `npm run bench`; on loopback only:
//   node --import tsx bench/stream-attacks.mjs
//   BENCH_SERVER_SCRIPT=/path/to/other/checkout/server/main.ts node --import tsx bench/stream-attacks.mjs
// (the second runs another checkout's server, e.g. main's, for the figures before a change).
// - dump: bytes a reader gets in its first second when it resumes with the id it last saw (a good
//   resume, 5 s after it left), with made-up ids ('x', another epoch) asking for the whole sport at
//   ten books (no games named) and as the page asks (the slip's three games), and with no id (what
//   the live flow alone brings in that second);
// - churn: one address opening and closing streams as fast as it can for 25 s on random sports
//   (the service's and made-up ones): streams it got, upstream streams opened, refused upstream;
// - held: five addresses each keeping 20 streams open on random sports, one replaced every 100 ms,
//   for 25 s: upstream streams open at the end;
// - stalled: 100 clients that never read, each asking for the whole sport at ten books, while
//   prices change for 30 s: the kernel's TCP memory they cost each (/proc/net/sockstat, both ends
//   are on this machine) and how many our server cut.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { startCountingForwarder } from './lib/counting-forwarder.mjs';
import { onCleanup } from './lib/cleanup.mjs';
import { keepChanging, linesOf, priceChanger } from './lib/price-changes.mjs';
import { startOurServer, startStandaloneSandbox } from './lib/processes.mjs';
import { ALL_BOOKS, moneylineLegs } from './lib/sandbox-legs.mjs';
import { openReader } from './lib/stream-readers.mjs';
import { BENCH_WORLD_ENV, benchWorldNowMs } from './lib/world.mjs';
import { liveEnv, SPORT, streamPath } from './live-streams.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const MADE_UP_SPORTS = Array.from({ length: 200 }, (_, index) => `made-up-sport-${index}`);

/** Every byte a stream sends in its first `ms`, and the last event id among them. */
async function firstBytes(url, { headers = {}, ms = 1_000 } = {}) {
  return new Promise((resolve) => {
    const socket = net.connect(Number(new URL(url).port), '127.0.0.1', () => {
      const head = Object.entries({ Host: new URL(url).host, Accept: 'text/event-stream', ...headers })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(`GET ${new URL(url).pathname}${new URL(url).search} HTTP/1.1\r\n${head}\r\n`);
    });
    let bytes = 0;
    let text = '';
    socket.on('data', (chunk) => {
      bytes += chunk.length;
      text = (text + chunk.toString('latin1')).slice(-4_096);
    });
    socket.on('error', () => undefined);
    setTimeout(() => {
      socket.destroy();
      const ids = [...text.matchAll(/^id: (.+)$/gm)].map((match) => match[1]);
      resolve({ bytes, lastId: ids.at(-1) ?? null });
    }, ms);
  });
}

async function measureDump(origin, games) {
  const pagePath = streamPath({ fixtureIds: games });
  const wholeSport = streamPath();
  // A page's stream, read for 10 s; then it resumes 5 s later from the last id it saw.
  const page = await firstBytes(`${origin}${pagePath}`, { ms: 10_000 });
  await sleep(5_000);
  const goodResume = await firstBytes(`${origin}${pagePath}`, { headers: { 'Last-Event-ID': page.lastId ?? '' } });
  const forged = {};
  for (const id of ['x', '1700000000000-5']) {
    forged[id] = {
      wholeSport: (await firstBytes(`${origin}${wholeSport}`, { headers: { 'Last-Event-ID': id } })).bytes,
      asThePageAsks: (await firstBytes(`${origin}${pagePath}`, { headers: { 'Last-Event-ID': id } })).bytes,
    };
  }
  const fresh = (await firstBytes(`${origin}${wholeSport}`)).bytes;
  return { pageRead10sBytes: page.bytes, goodResumeBytes: goodResume.bytes, freshWholeSportBytes: fresh, forged };
}

async function listedSports(sports) {
  const response = await fetch(sports);
  const body = await response.json();
  return body.data.map((sport) => sport.id);
}

function randomSport(listed) {
  const all = [...listed, ...MADE_UP_SPORTS];
  return all[Math.floor(Math.random() * all.length)];
}

function pathOf(sport) {
  const query = new URLSearchParams();
  for (const book of ALL_BOOKS) query.append('sportsbook', book);
  return `/api/v3/stream/odds/${sport}?${query}`;
}

async function measureChurn(origin, forwarder, listed) {
  const openedBefore = forwarder.counts.streamsOpened;
  const refusedBefore = Object.entries(forwarder.counts.byStatus)
    .filter(([status]) => status !== '200')
    .reduce((sum, [, count]) => sum + count, 0);
  const statuses = {};
  const until = Date.now() + 25_000;
  while (Date.now() < until) {
    const reader = await openReader(`${origin}${pathOf(randomSport(listed))}`, { timeoutMs: 5_000 });
    const status = reader.refused ?? 'answered 200';
    statuses[status] = (statuses[status] ?? 0) + 1;
    reader.close();
  }
  await sleep(1_000);
  const refusedAfter = Object.entries(forwarder.counts.byStatus)
    .filter(([status]) => status !== '200')
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    ourAnswers: statuses,
    upstreamStreamsOpened: forwarder.counts.streamsOpened - openedBefore,
    upstreamRefused: refusedAfter - refusedBefore,
    upstreamStreamsOpenAfter1s: forwarder.counts.streamsOpen,
  };
}

async function measureHeld(origin, forwarder, listed) {
  const held = [];
  const until = Date.now() + 25_000;
  let opened = 0;
  let refused = 0;
  const addresses = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6'];
  while (Date.now() < until) {
    for (const localAddress of addresses) {
      const own = held.filter((reader) => reader.localAddress === localAddress);
      if (own.length >= 20) {
        own[0].reader.close();
        held.splice(held.indexOf(own[0]), 1);
      }
      const reader = await openReader(`${origin}${pathOf(randomSport(listed))}`, { localAddress, timeoutMs: 5_000 });
      if (reader.refused) refused++;
      else opened++;
      held.push({ localAddress, reader });
    }
    await sleep(100);
  }
  const result = { streamsOpenedByUs: opened, refusedByUs: refused, upstreamStreamsOpen: forwarder.counts.streamsOpen };
  for (const { reader } of held) reader.close();
  return result;
}

/** The kernel's TCP memory now, in bytes (pages of 4 KB). */
function tcpMemoryBytes() {
  const line = readFileSync('/proc/net/sockstat', 'utf8')
    .split('\n')
    .find((text) => text.startsWith('TCP:'));
  return Number(/mem (\d+)/.exec(line ?? '')?.[1] ?? 0) * 4096;
}

/**
 * Bytes queued on the connections to `port`, from /proc/net/tcp{,6}: what our server's side holds
 * unacknowledged (its send queues, closed sockets still draining included), and what the clients'
 * side holds unread (on a real attack that is the attacker's machine, not ours).
 */
function queuedOn(port) {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  let server = 0;
  let clients = 0;
  for (const path of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(path, 'utf8').split('\n').slice(1)) {
      const [, local, remote, , queues] = line.trim().split(/\s+/);
      if (queues === undefined) continue;
      const [tx, rx] = queues.split(':').map((hex) => parseInt(hex, 16));
      if (local.endsWith(`:${hexPort}`)) server += tx;
      else if (remote.endsWith(`:${hexPort}`)) clients += rx;
    }
  }
  return { server, clients };
}

async function measureStalled(origin, changer) {
  const url = new URL(`${origin}${streamPath()}`);
  const before = tcpMemoryBytes();
  const sockets = [];
  for (let index = 0; index < 100; index++) {
    const socket = net.connect({
      port: Number(url.port),
      host: '127.0.0.1',
      localAddress: `127.0.1.${2 + (index % 50)}`,
    });
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.pause();
    socket.write(`GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nAccept: text/event-stream\r\n\r\n`);
    sockets.push(socket);
  }
  const stop = keepChanging(changer, 0, 4);
  let peak = 0;
  let serverPeak = 0;
  let clientsPeak = 0;
  for (let second = 0; second < 30; second++) {
    await sleep(1_000);
    peak = Math.max(peak, tcpMemoryBytes() - before);
    const queued = queuedOn(Number(url.port));
    serverPeak = Math.max(serverPeak, queued.server);
    clientsPeak = Math.max(clientsPeak, queued.clients);
  }
  await stop();
  const held = tcpMemoryBytes() - before;
  const serverAfter = queuedOn(Number(url.port)).server;
  // A stalled socket learns it was cut once it reads what its buffers hold.
  let cut = 0;
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise((resolve) => {
          const done = (wasCut) => {
            clearTimeout(timer);
            if (wasCut) cut++;
            resolve();
          };
          const timer = setTimeout(() => done(false), 5_000);
          socket.once('close', () => done(true));
          socket.resume();
        }),
    ),
  );
  for (const socket of sockets) socket.destroy();
  return {
    clients: sockets.length,
    kernelTcpMemoryPeakKbPerClient: Math.round(peak / 1024 / sockets.length),
    kernelTcpMemoryAfter30sKbPerClient: Math.round(held / 1024 / sockets.length),
    serverSendQueuePeakKbPerClient: Math.round(serverPeak / 1024 / sockets.length),
    serverSendQueueAfter30sKbPerClient: Math.round(serverAfter / 1024 / sockets.length),
    clientReceiveQueuePeakKbPerClient: Math.round(clientsPeak / 1024 / sockets.length),
    cutByOurServer: cut,
    changes: changer.issued.length,
  };
}

const sandbox = await startStandaloneSandbox({ SANDBOX_LATENCY: 'zero', ...BENCH_WORLD_ENV });
const forwarder = await startCountingForwarder(sandbox.baseUrl);
const forgetForwarder = onCleanup('counting forwarder', () => forwarder.close());
const script = process.env.BENCH_SERVER_SCRIPT ?? 'server/main.ts';
// The defaults a deployment runs with (liveEnv turns the per-client limits off for the fan-out bench).
const instance = await startOurServer(
  {
    ...liveEnv(sandbox, forwarder),
    PROXY_RATE_LIMIT: '600',
    UPSTREAM_CLIENT_SHARE: '10',
    STREAM_OPENS_PER_MINUTE: '30',
    MAX_CONNECTIONS_PER_CLIENT: '256',
  },
  { script },
);
try {
  const listed = await listedSports(`${sandbox.baseUrl}/sports?key=${sandbox.apiKey}`);
  const picks = await moneylineLegs(instance.origin, 3, { nowMs: benchWorldNowMs() });
  const changer = priceChanger(sandbox, linesOf(picks));
  const stopChanging = keepChanging(changer, 50);
  const games = picks.map((pick) => pick.game.fixture.id);
  const dump = await measureDump(instance.origin, games);
  await stopChanging();
  const churn = await measureChurn(instance.origin, forwarder, listed);
  const held = await measureHeld(instance.origin, forwarder, listed);
  const stalled = await measureStalled(instance.origin, changer);
  console.log(JSON.stringify({ server: script, sport: SPORT, dump, churn, held, stalled }, null, 2));
} finally {
  await instance.stop();
  forgetForwarder();
  await forwarder.close();
  await sandbox.stop();
}

// An article's parlay through a CDN: a real caching proxy (Debian's nginx, installed when missing)
// in front of our server, configured as a CDN keeps answers: by URL, for as long as our
// Cache-Control says (s-maxage, then stale-while-revalidate), one request to us per expired answer
// (proxy_cache_lock), the others served the stale copy meanwhile (proxy_cache_use_stale updating),
// revalidated with If-None-Match. Once the article's preview has priced its slip, `readers` readers
// arrive over `durationS` seconds, each pricing the slip at its four books at once through the GET
// form of /parlay/odds (what the widget asks first), on connections of their own. Then the same
// readers straight at our server. Requests reaching our server are counted by a pass-through.
//
// Kept-alive connections: whoever keeps an idle connection must let it go before the server at
// its other end does, or a request sent just as the server closes it is lost (ECONNRESET) and asked
// again. nginx, with its whole-second clock, revalidates an s-maxage=5 answer every 6 s, the very
// moment Node closes a connection idle since the last one (announced `Keep-Alive: timeout=5`, closed
// 1 s later): so the edge and the pass-through both let idle connections go after 4 s, as
// docs/deploy.md asks of a CDN in front of us.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedParlayQueryString } from '../src/domain/odds/shared-parlay-query.ts';
import { onCleanup } from './lib/cleanup.mjs';
import { freePort, STARTUP_WAIT_MS } from './lib/processes.mjs';
import { percentile } from './lib/stats.mjs';

const NGINX = '/usr/sbin/nginx';
/** The article's books: four, as the demo article's sidebar widget compares. */
const ARTICLE_BOOKS = ['DraftKings', 'BetMGM', 'Fanatics', 'Bwin'];
/** Below our server's keep-alive (KEEP_ALIVE_TIMEOUT_MS, 5 s by default): see above. */
const IDLE_ORIGIN_CONNECTION_S = 4;

function ensureNginx(log) {
  if (existsSync(NGINX)) return;
  log('  cdn: installing Debian nginx (apt-get install nginx-light or nginx)');
  const root = process.getuid?.() === 0;
  const apt = (args) =>
    spawnSync(root ? 'apt-get' : 'sudo', root ? args : ['-n', 'apt-get', ...args], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt(['update']);
  apt(['install', '-y', '--no-install-recommends', 'nginx']);
  if (!existsSync(NGINX)) throw new Error(`nginx is missing and could not be installed (${NGINX})`);
}

/** nginx as a CDN edge in front of `origin`, on a port of its own. */
async function startCachingProxy(origin, log) {
  ensureNginx(log);
  const port = Number(process.env.BENCH_CDN_PORT ?? (await freePort()));
  const dir = mkdtempSync(join(tmpdir(), 'bench-cdn-'));
  // Workers run as nobody: they must read the prefix and write the cache.
  chmodSync(dir, 0o755);
  const cache = join(dir, 'cache');
  mkdirSync(cache, { mode: 0o777 });
  chmodSync(cache, 0o777);
  const upstream = new URL(origin);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  proxy_cache_path ${cache} levels=1:2 keys_zone=edge:10m max_size=100m inactive=10m use_temp_path=off;
  upstream ours { server ${upstream.host}; keepalive 32; keepalive_timeout ${IDLE_ORIGIN_CONNECTION_S}s; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://ours;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_cache edge;
      proxy_cache_key $scheme$host$request_uri;
      proxy_cache_lock on;
      proxy_cache_lock_timeout 5s;
      proxy_cache_use_stale updating error timeout http_500 http_502 http_503 http_504;
      proxy_cache_background_update on;
      proxy_cache_revalidate on;
      add_header X-Cache $upstream_cache_status always;
    }
  }
}
`,
  );
  const child = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const forget = onCleanup('nginx', stop);
  const deadline = Date.now() + STARTUP_WAIT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    const up = await fetch(`http://127.0.0.1:${port}/health`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not start in ${STARTUP_WAIT_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: async () => {
      forget();
      await stop();
    },
  };
}

/**
 * A pass-through in front of our server that notes each request for the slip (when, for which
 * book, and whether our server answered it).
 */
async function startOriginCounter(origin) {
  const port = await freePort();
  const target = new URL(origin);
  // The agent's timeout is how long it keeps an idle connection (a busy one only reports it).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: IDLE_ORIGIN_CONNECTION_S * 1000 });
  const seen = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin);
    const noted =
      url.pathname === '/api/v3/parlay/odds'
        ? {
            atMs: Date.now(),
            book: url.searchParams.get('book'),
            revalidation: request.headers['if-none-match'] !== undefined,
            answered: false,
          }
        : undefined;
    if (noted) seen.push(noted);
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
        agent,
      },
      (answer) => {
        if (noted) noted.answered = true;
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () => {
      agent.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** One GET on `agent`, read to its end; resolves with the status. */
function get(agent, url, localAddress) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent, localAddress, headers: { accept: '*/*', 'accept-encoding': 'gzip, deflate' } },
      (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.setTimeout(30_000, () => request.destroy(new Error('no answer in 30 s')));
  });
}

/** One reader: the slip at every book at once, as the widget asks (a browser's connections to one host); the times of each. */
async function oneReader(base, paths, address, statuses) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: paths.length });
  let networkErrors = 0;
  const times = await Promise.all(
    paths.map(async (path) => {
      const started = performance.now();
      try {
        const status = await get(agent, `${base}${path}`, address);
        statuses[status] = (statuses[status] ?? 0) + 1;
      } catch {
        networkErrors += 1;
      }
      return performance.now() - started;
    }),
  );
  agent.destroy();
  return { times, networkErrors };
}

/**
 * The article's first look (its editor's preview: each answer cached once), then `readers` arriving
 * evenly over `durationMs`, each on connections of its own.
 */
async function readArticle({ base, readers, durationMs, paths, signal, beforeReaders }) {
  const preview = await oneReader(base, paths, '127.2.255.1', {});
  beforeReaders();
  const times = [];
  const statuses = {};
  let networkErrors = 0;
  const startedAt = Date.now();
  const reader = async (index) => {
    await new Promise((resolve) => setTimeout(resolve, (durationMs * index) / readers));
    if (signal?.aborted) return;
    const read = await oneReader(base, paths, `127.2.${Math.floor(index / 250)}.${(index % 250) + 1}`, statuses);
    times.push(...read.times);
    networkErrors += read.networkErrors;
  };
  await Promise.all(Array.from({ length: readers }, (_, index) => reader(index)));
  signal?.throwIfAborted();
  times.sort((a, b) => a - b);
  const failed = Object.entries(statuses).reduce(
    (sum, [status, count]) => sum + (Number(status) === 200 ? 0 : count),
    0,
  );
  return {
    requests: times.length,
    statuses,
    errors: networkErrors + failed,
    previewMs: Math.round(Math.max(...preview.times)),
    p50Ms: Number(percentile(times, 0.5)?.toFixed(1)),
    p99Ms: Number(percentile(times, 0.99)?.toFixed(1)),
    elapsedS: Math.round((Date.now() - startedAt) / 1000),
    startedAt,
  };
}

/**
 * Requests reaching our server for one book in any one freshness period: the most in a window of
 * one period starting at any of them (fixed windows from the readers' start would split one
 * period's requests, or hide two that straddle a boundary).
 */
function mostInOnePeriod(times, periodMs) {
  let most = 0;
  for (let first = 0, last = 0; first < times.length; first++) {
    while (last < times.length && times[last] - times[first] < periodMs) last++;
    most = Math.max(most, last - first);
  }
  return most;
}

/** Per book: its requests' times (s from the readers' start), the most in one period, the shortest gap. */
function perBook(seen, startedAt, periodMs) {
  return Object.fromEntries(
    ARTICLE_BOOKS.map((book) => {
      const times = seen
        .filter((request) => request.book === book)
        .map((request) => request.atMs)
        .sort((a, b) => a - b);
      const gaps = times.slice(1).map((time, index) => time - times[index]);
      return [
        book,
        {
          requests: times.length,
          mostInOnePeriod: mostInOnePeriod(times, periodMs),
          shortestGapS: gaps.length === 0 ? null : Number((Math.min(...gaps) / 1000).toFixed(3)),
          atS: times.map((time) => Number(((time - startedAt) / 1000).toFixed(3))),
        },
      ];
    }),
  );
}

/**
 * `legs`: the article's slip (share-encoded legs' entries). `ourOrigin`: our server (answer cache on).
 * Returns the run through the cache and the run without it.
 */
export async function measureCdn({
  ourOrigin,
  entries,
  readers = 5_000,
  durationS = 60,
  freshMs = 5_000,
  log = () => {},
  signal,
  progress = {},
}) {
  progress.expected = { throughCache: 1, withoutCache: 1 };
  const paths = ARTICLE_BOOKS.map((book) => `/api/v3/parlay/odds?${sharedParlayQueryString(book, entries)}`);
  const counter = await startOriginCounter(ourOrigin);
  const edge = await startCachingProxy(counter.origin, log);
  const durationMs = durationS * 1000;
  Object.assign(progress, {
    readers,
    durationS,
    books: ARTICLE_BOOKS,
    freshnessPeriodS: freshMs / 1000,
    proxy: `nginx ${spawnSync(NGINX, ['-v'], { encoding: 'utf8' }).stderr.trim().replace('nginx version: ', '')}: proxy_cache, proxy_cache_lock, proxy_cache_use_stale updating, proxy_cache_background_update, proxy_cache_revalidate (If-None-Match)`,
  });
  try {
    for (const [part, base] of [
      ['throughCache', edge.origin],
      ['withoutCache', counter.origin],
    ]) {
      const run = await readArticle({
        base,
        readers,
        durationMs,
        paths,
        signal,
        beforeReaders: () => (counter.seen.length = 0),
      });
      const books = perBook(counter.seen, run.startedAt, freshMs);
      const most = Math.max(...Object.values(books).map((book) => book.mostInOnePeriod));
      const figures = { ...run };
      delete figures.startedAt;
      progress[part] = {
        ...figures,
        originRequests: counter.seen.length,
        originRevalidations: counter.seen.filter((request) => request.revalidation).length,
        // Reached the pass-through but not our server (its connection to us broke): counted above all the same.
        originUnanswered: counter.seen.filter((request) => !request.answered).length,
        originRequestsPerBookPerPeriod: most,
        // Each request's time only through the cache (a dozen per book; without it, thousands).
        originByBook: part === 'throughCache' ? books : undefined,
      };
      log(
        `  cdn: ${part}, ${readers} readers over ${durationS} s: ${run.requests} requests, ${counter.seen.length} reached our server (at most ${most} per book in any ${freshMs / 1000} s; shortest gap ${Math.min(...Object.values(books).map((book) => book.shortestGapS ?? Infinity))} s), p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, errors ${run.errors} ${JSON.stringify(run.statuses)}`,
      );
    }
  } finally {
    await edge.stop();
    await counter.close();
  }
  return summariseCdn(progress);
}

/** The figures the targets read, from the run through the cache; the run without it beside them. */
export function summariseCdn(progress) {
  const measured = { ...progress };
  delete measured.expected;
  const through = progress.throughCache;
  return {
    ...measured,
    ...(through
      ? {
          originRequestsPerBookPerPeriod: through.originRequestsPerBookPerPeriod,
          errors: through.errors,
          p99Ms: through.p99Ms,
        }
      : {}),
  };
}

// npm run bench:report (and the end of npm run bench): writes the figures of docs/performance.md
// from bench/results.json, so the doc says what the last measurements said and nothing typed by hand.
// The doc keeps its prose; each figure sits between markers, `<!-- bench:NAME -->…<!-- /bench:NAME -->`
// (a table, a paragraph or one number in a sentence), and NAME says which writer below fills it.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { median } from './lib/stats.mjs';
import { LIGHTHOUSE_TARGETS } from './lib/table.mjs';

const DOC_PATH = 'docs/performance.md';
const RESULTS_PATH = 'bench/results.json';
const repoFile = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** The doc and the results as they are on disk. */
export function readDocAndResults() {
  return {
    doc: readFileSync(repoFile(DOC_PATH), 'utf8'),
    results: JSON.parse(readFileSync(repoFile(RESULTS_PATH), 'utf8')),
  };
}

const MARKED = /<!-- bench:([a-z0-9-]+) -->([\s\S]*?)<!-- \/bench:\1 -->/g;

/** `1,902`, `1,870.3`: the doc's way of writing numbers. */
const number = (value) => (typeof value === 'number' ? value.toLocaleString('en-US') : String(value));
const ms = (value) => `${number(value)} ms`;
const kb = (value) => `${number(value)} KB`;
/** The day of an ISO time; other text (a hand-written provenance) as it is. */
const day = (when) => (/^\d{4}-\d{2}-\d{2}T/.test(when) ? when.slice(0, 10) : when);
const rangeOf = (values) => {
  const low = Math.round(Math.min(...values));
  const high = Math.round(Math.max(...values));
  return low === high ? number(low) : `${number(low)}-${number(high)}`;
};

function table(headers, rows) {
  return [
    `| ${headers.join(' | ')} |`,
    `|${headers.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

/** Our strategy's warm runs, each with its fastest and slowest book (the service's own figures). */
function ownWarmRuns(grid) {
  return (grid.runs?.warm ?? [])
    .filter((run) => run.strategy === 'per-book')
    .map((run) => {
      const latencies = Object.values(run.bookLatencyMs);
      return { ...run, fastest: Math.min(...latencies), slowest: Math.max(...latencies) };
    });
}

/** Which run each section comes from: the full run, or one of its own merged in since. */
function runParagraph(results) {
  const { machine } = results;
  const [system] = machine.os.split(' ');
  const lines = [
    `Measured on ${machine.cpus} vCPUs (${machine.cpuModel}), ${number(machine.memoryGb)} GB, ${system} ${machine.os.split(' ').at(-1)}, ` +
      `Node ${machine.node.replace(/^v/, '')}, Chromium ${String(machine.chromium).split('.')[0]}, a machine shared with other work, ` +
      'against the realistic sandbox.',
  ];
  const sections = ['bundle', 'lighthouse', 'grid', 'requests', 'transfer', 'render', 'server', 'scale', 'live'];
  const later = sections.filter((name) => results[name]?.measuredAt !== undefined);
  const fromFullRun = sections.filter((name) => results[name] !== undefined && !later.includes(name));
  const took = results.durationS === undefined ? '' : `, ${number(results.durationS)} s`;
  lines.push(
    `Full run: ${day(results.generatedAt)}${took}, 1-minute load average ${number(machine.loadAverageAtStart)} at the start ` +
      `and ${number(machine.loadAverageAtEnd)} at the end (${fromFullRun.join(', ')}).`,
  );
  if (later.length > 0) {
    const each = later.map((name) => {
      const load = results[name].machine?.loadAverageAtStart;
      return `${name} ${day(results[name].measuredAt)}${load === undefined ? '' : ` (load average ${number(load)} at the start)`}`;
    });
    lines.push(`Measured on their own since and merged in: ${each.join('; ')}.`);
  }
  if (results.note) lines.push(`The results' note: ${results.note}`);
  return `\n${lines.join('\n')}\n`;
}

function summaryTable(results) {
  const { bundle, lighthouse, grid, transfer, requests, render, server, scale, live } = results;
  const rows = [];
  if (bundle) {
    const budgets = bundle.budgetsKb;
    rows.push([
      'Bundle',
      'app initial JS / app CSS (gzip)',
      `${number(bundle.appInitialJsGzipKb)} / ${kb(bundle.appCssGzipKb)}`,
      `≤ ${number(budgets.appInitialJs)} / ${kb(budgets.appCss)}`,
    ]);
    rows.push(
      bundle.widgetAllJsGzipKb === undefined
        ? ['', 'widget script, whole (gzip)', kb(bundle.widgetJsGzipKb), `≤ ${kb(budgets.widgetJs)}`]
        : [
            '',
            'widget at first paint / with every lazy part',
            `${number(bundle.widgetJsGzipKb)} / ${kb(bundle.widgetAllJsGzipKb)}`,
            `≤ ${number(budgets.widgetJs)} / ${kb(budgets.widgetAllJs)}`,
          ],
    );
  }
  if (lighthouse) {
    rows.push([
      `Lighthouse (mobile, median of ${lighthouse.runs.length})`,
      'performance / accessibility / best practices',
      `${lighthouse.performance} / ${lighthouse.accessibility} / ${lighthouse.bestPractices}`,
      `≥ ${LIGHTHOUSE_TARGETS.performance} / 100`,
    ]);
    rows.push([
      '',
      'LCP / TBT / CLS',
      `${ms(lighthouse.lcpMs)} / ${ms(lighthouse.tbtMs)} / ${number(lighthouse.cls)}`,
      `≤ ${ms(LIGHTHOUSE_TARGETS.lcpMs)} / ≤ ${ms(LIGHTHOUSE_TARGETS.tbtMs)}`,
    ]);
  }
  if (grid) {
    const own = ownWarmRuns(grid);
    const books = own[0]?.pricedBooks;
    rows.push([
      `Time to prices (${grid.slip.length} legs${books === undefined ? '' : `, ${books} books`})`,
      `first price after the tap, median of ${own.length} (fastest book)`,
      `${ms(grid.firstPriceMs)} (${ms(grid.fastestBookLatencyMs)}); per run ${rangeOf(own.map((run) => run.firstPriceMs - run.fastest))} ms over the fastest book, median ${number(grid.firstPriceOverFastestBookMs)}`,
      '≤ fastest book + 50 ms',
    ]);
    rows.push([
      '',
      'full grid (slowest book) / naive one-request first = full',
      `${ms(grid.fullGridMs)} (${ms(grid.slowestBookLatencyMs)}) / ${ms(grid.naiveFirstPriceMs)}`,
      '',
    ]);
    rows.push([
      '',
      'first visit on a share link: first / full (naive)',
      `${number(grid.cold.firstPriceMs)} / ${ms(grid.cold.fullGridMs)} (${number(grid.cold.naiveFirstPriceMs)} / ${number(grid.cold.naiveFullGridMs)})`,
      '',
    ]);
    if (grid.http2)
      rows.push([
        '',
        `over HTTP/2: first / full (median of ${grid.http2.runs?.warm?.length ?? '?'})`,
        `${number(grid.http2.firstPriceMs)} / ${ms(grid.http2.fullGridMs)}`,
        '',
      ]);
  }
  if (transfer) {
    const { ours, oldStrategy, targets } = transfer;
    const decodedMissed = ours.all.decodedKb > targets.journeyDecodedKb ? ': missed' : '';
    rows.push([
      'Transfer (one journey, live size)',
      'compressed, page files + data',
      `${kb(ours.all.compressedKb)} (${number(ours.pageFiles.compressedKb)} + ${number(ours.data.compressedKb)})`,
      `≤ ${kb(targets.journeyCompressedKb)}`,
    ]);
    rows.push(['', 'decoded', kb(ours.all.decodedKb), `≤ ${kb(targets.journeyDecodedKb)}${decodedMissed}`]);
    rows.push([
      '',
      'requests (data) / largest response',
      `${number(ours.all.requests)} (${number(ours.data.requests)}) / ${kb(ours.all.largestResponse.compressedKb)} (\`${ours.all.largestResponse.what}\`; largest data answer ${kb(ours.data.largestResponse.compressedKb)})`,
      `largest ≤ ${kb(targets.largestResponseCompressedKb)}`,
    ]);
    rows.push(['', 'league chosen -> games listed', ms(ours.leagueToGamesMs), `≤ ${ms(targets.leagueToGamesMs)}`]);
    rows.push([
      '',
      'the old strategy, same run: compressed / decoded / data requests / largest',
      `${kb(oldStrategy.all.compressedKb)} / ${kb(oldStrategy.all.decodedKb)} / ${number(oldStrategy.data.requests)} / ${kb(oldStrategy.all.largestResponse.compressedKb)} (${kb(oldStrategy.all.largestResponse.decodedKb)} decoded)`,
      '',
    ]);
  }
  if (requests) {
    rows.push([
      'Requests (scripted session)',
      'pricing made / minimum (books + fair engine)',
      `${number(requests.pricingMade)} / ${number(requests.pricingMinimum)}`,
      'minimum',
    ]);
    rows.push([
      '',
      "odds made / minimum (each tap asks its leg's market at once)",
      `${number(requests.oddsMade)} / ${number(requests.oddsMinimum)}`,
      '',
    ]);
    rows.push(['', 'stake and format changes', number(requests.stakeAndFormatRequests), '0']);
  }
  if (render) {
    rows.push([
      `Render (${render.books} books × ${render.legs} legs)`,
      "one book's update: commits / ms / components in other books' columns",
      `${number(render.oneBookUpdateCommits)} / ${ms(render.oneBookUpdateMs)} / ${number(render.oneBookUpdateComponentsInOtherColumns)}`,
      'other books: 0',
    ]);
  }
  if (server) {
    rows.push([
      'Server',
      'rps / p50 / p99: the proxy over the in-process sandbox',
      `${number(server.rps)} / ${ms(server.p50Ms)} / ${ms(server.p99Ms)}`,
      '',
    ]);
    rows.push([
      '',
      'rps / p50 / p99: the standalone sandbox alone (proxy p50 / its p50 on a miss)',
      `${number(server.direct.rps)} / ${ms(server.direct.p50Ms)} / ${ms(server.direct.p99Ms)} (${number(server.overheadRatio)}x)`,
      '≤ 1.5x',
    ]);
    if (server.cachedRps !== undefined)
      rows.push([
        '',
        'rps of cached answers (the same request, answer cache on) / the sandbox alone',
        `${number(server.cachedRps)} / ${number(server.direct.rps)} (${number(server.cachedVsDirectRps)}x)`,
        '≥ 2x',
      ]);
    if (server.serverCpuUsPerRequest !== undefined)
      rows.push([
        '',
        "the server's CPU per request (/proc): miss / sandbox alone / hit; load generator's share of a core",
        `${number(server.serverCpuUsPerRequest.proxy)} / ${number(server.serverCpuUsPerRequest.direct)} / ${number(server.serverCpuUsPerRequest.cached)} µs; ${Math.max(...Object.values(server.loadGeneratorCores))} core at most`,
        '',
      ]);
    rows.push([
      '',
      `${number(server.coalescing.requests)} identical requests at once / for two slips -> upstream calls`,
      `${number(server.coalescing.upstreamCalls)} / ${number(server.coalescing.twoSlipsUpstreamCalls)}`,
      '1 / 2',
    ]);
  }
  if (scale) {
    const runsWith = (cache) => scale.runs.filter((run) => run.cache === cache).sort((a, b) => a.readers - b.readers);
    const cached = runsWith(true);
    const uncached = runsWith(false);
    const readers = cached.map((run) => number(run.readers)).join(' / ');
    const errors = cached.reduce((sum, run) => sum + run.errors, 0);
    rows.push([
      `Scale (2 instances + Redis, ${number(scale.durationS)} s)`,
      `cache on: upstream calls/min at ${readers} readers`,
      `${cached.map((run) => number(run.upstreamCallsPerMinute)).join(' / ')} (${number(scale.upstreamGrowth)}x); ${number(errors)} errors`,
      '≤ 1.2x, 0 errors',
    ]);
    rows.push([
      '',
      `cache off: upstream calls/min at ${uncached.map((run) => number(run.readers)).join(' / ')} readers`,
      uncached.map((run) => number(run.upstreamCallsPerMinute)).join(' / '),
      '',
    ]);
    const most = cached.at(-1);
    if (most?.servedPerSecond !== undefined)
      rows.push([
        '',
        `cache on, ${number(most.readers)} readers: answered per second / p50 / p99`,
        `${number(most.servedPerSecond)} / ${ms(most.p50Ms)} / ${ms(most.p99Ms)}`,
        '≥ 400 / – / ≤ 1,000 ms',
      ]);
    // A later run of the two Redis runs alone replaces the full run's where the results keep one.
    const redisRuns = scale.rerunOfRedisRuns ?? scale;
    const again = scale.rerunOfRedisRuns === undefined ? '' : ' (their own later run)';
    if (redisRuns.redisStopped)
      rows.push([
        '',
        `Redis stopped mid-run, ${number(scale.redisStopped.readers)} readers: errors / p99${again}`,
        `${number(redisRuns.redisStopped.errors)} of ${number(redisRuns.redisStopped.requests)} / ${ms(redisRuns.redisStopped.p99Ms)}`,
        '0 / ≤ 2,000 ms',
      ]);
    if (redisRuns.redisStalled)
      rows.push([
        '',
        `Redis paused (SIGSTOP) 15 s mid-run, ${number(scale.redisStalled.readers)} readers: errors / p99${again}`,
        `${number(redisRuns.redisStalled.errors)} of ${number(redisRuns.redisStalled.requests)} / ${ms(redisRuns.redisStalled.p99Ms)}`,
        '0 / ≤ 1,500 ms',
      ]);
  }
  if (live) {
    rows.push([
      `Live prices (the odds stream${live.quick ? '; a BENCH_QUICK run: 500 clients, 10 changes' : ''})`,
      'a price changed in the sandbox -> on screen, p50 / p95',
      `${ms(live.changeToScreenP50Ms)} / ${ms(live.changeToScreenP95Ms)}`,
      'p95 ≤ 1,000 ms',
    ]);
    rows.push(['', '`/fixtures/odds` requests in 60 s, 3-leg slip open', number(live.oddsPollsIn60s), '0']);
    rows.push([
      '',
      'upstream streams for 1 / 500 readers of a sport (ten books)',
      `${number(live.upstreamStreams.readers1)} / ${number(live.upstreamStreams.readers500)}`,
      'equal',
    ]);
    rows.push([
      '',
      'clients on one instance / dropped / memory per client',
      `${number(live.clients)} / ${number(live.droppedClients)} / ${kb(live.memoryPerClientKb)}`,
      '≥ 2,000 / 0 / ≤ 50 KB',
    ]);
    rows.push(['', 'most held for a client that stopped reading', kb(live.slowClientMaxBufferedKb), '≤ 256 KB']);
    rows.push([
      '',
      'leader instance killed (2 + Redis): streams resumed after / changes lost',
      `${ms(live.failover.resumedAfterMs)} / ${number(live.failover.changesLost)} of ${number(live.failover.changes)}`,
      '≤ 10,000 ms / 0',
    ]);
  }
  return `\n${table(['Area', 'Figure', 'Result', 'Target'], rows)}\n`;
}

/** Comparisons of a past round (before and after a change), kept in results.json's `history`. */
function historyTables(results) {
  const rounds = results.history ?? [];
  const parts = rounds.map((round) =>
    [
      `${round.what}; measured ${round.measured}:`,
      '',
      table(
        ['', 'Before', 'After'],
        round.rows.map((row) => [row.figure, row.before, row.after]),
      ),
    ].join('\n'),
  );
  return `\n${parts.join('\n\n')}\n`;
}

/** Every marker's writer: a block (a table or paragraph, on lines of its own) or one figure in a sentence. */
const WRITERS = {
  run: runParagraph,
  summary: summaryTable,
  history: historyTables,
  'largest-data-answer': ({ transfer }) =>
    `\`${transfer.ours.data.largestResponse.what}\`, ${kb(transfer.ours.data.largestResponse.decodedKb)} decoded`,
  'sports-asked': ({ transfer }) => number(transfer.oldStrategy.sportsAskedForLeagues),
  'over-fastest': ({ grid }) => ms(grid.firstPriceOverFastestBookMs),
  'requests-leave': ({ grid }) => ms(Math.round(median(ownWarmRuns(grid).map((run) => run.firstRequestAfterMs)))),
  'full-over-slowest': ({ grid }) => ms(grid.fullGridOverSlowestBookMs),
  'http2-full-over-slowest': ({ grid }) => ms(grid.http2.fullGridOverSlowestBookMs),
  'naive-first-later': ({ grid }) => `${number(Number((grid.naiveFirstPriceMs / grid.firstPriceMs).toFixed(1)))}×`,
  'cold-asked': ({ grid }) => ms(grid.cold.pricesAskedAtMs),
  'app-js': ({ bundle }) => kb(bundle.appInitialJsGzipKb),
  cls: ({ lighthouse }) => number(lighthouse.cls),
  'render-other': ({ render }) =>
    number(render.oneBookUpdateComponents - render.oneBookUpdateComponentsInChangedColumn),
  'render-legs': ({ render }) => number(render.legs),
  'server-rates': ({ server }) => `${number(server.rps)} against ${number(server.direct.rps)} requests/s`,
};

/** The doc with every marked figure written from `results`; throws on a marker no writer knows. */
export function renderPerformanceDoc(doc, results) {
  return doc.replace(MARKED, (_whole, name) => {
    const write = WRITERS[name];
    if (write === undefined) throw new Error(`${DOC_PATH}: no writer for <!-- bench:${name} -->.`);
    return `<!-- bench:${name} -->${write(results)}<!-- /bench:${name} -->`;
  });
}

/** The names of the markers in `doc`, in order. */
export function markersIn(doc) {
  return [...doc.matchAll(MARKED)].map(([, name]) => name);
}

export const WRITER_NAMES = Object.keys(WRITERS);

function main() {
  const { doc, results } = readDocAndResults();
  const written = renderPerformanceDoc(doc, results);
  if (written === doc) {
    console.log(`${DOC_PATH} already says what ${RESULTS_PATH} holds.`);
    return;
  }
  writeFileSync(repoFile(DOC_PATH), written);
  console.log(`Wrote the figures of ${DOC_PATH} from ${RESULTS_PATH}.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();

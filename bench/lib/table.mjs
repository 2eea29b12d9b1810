// The bench's summary, one set of rows for the console table and for docs/performance.md
// (bench/report.mjs): a row per target (bench/targets.mjs) with its verdict, and beside them the
// figures that explain them. A figure measured over several runs shows its median, then its
// spread and every run's value.
import { describeTarget, figureOf, meets, SECTION_ORDER, targetsOf } from '../targets.mjs';

/** `1,902`, `1,870.3`: numbers as the doc writes them. */
export const number = (value) =>
  typeof value === 'number' ? value.toLocaleString('en-US', { maximumFractionDigits: 2 }) : String(value ?? '–');

const UNITS = { ms: ' ms', KB: ' KB', x: 'x', '': '' };

/** A median with its spread when it has one: `1,074 ms (987-1,150; runs 987, 1,074, 1,150)`. */
export function withSpread(value, spread, unit = '') {
  const shown = `${number(value)}${UNITS[unit] ?? ` ${unit}`}`;
  if (!spread || spread.runs.length < 2) return shown;
  const range = spread.min === spread.max ? number(spread.min) : `${number(spread.min)}-${number(spread.max)}`;
  return `${shown} (${range}; runs ${spread.runs.map(number).join(', ')})`;
}

const at = (object, path) =>
  path.split('.').reduce((value, key) => (value === null || value === undefined ? undefined : value[key]), object);

/** Figures shown beside the targets, per section: [label, what to show]. */
const CONTEXT = {
  lighthouse: (r) => [
    [
      'best practices / CLS',
      `${withSpread(r.bestPractices, r.spread?.bestPractices)} / ${withSpread(r.cls, r.spread?.cls)}`,
    ],
  ],
  grid: (r) => [
    [
      'first price after the tap (fastest book)',
      `${withSpread(r.firstPriceMs, r.spread?.firstPriceMs, 'ms')} (${number(r.fastestBookLatencyMs)} ms)`,
    ],
    [
      'full grid, over the slowest book',
      withSpread(r.fullGridOverSlowestBookMs, r.spread?.fullGridOverSlowestBookMs, 'ms'),
    ],
    ['naive one-request strategy: first = full', `${number(r.naiveFirstPriceMs)} ms`],
    [
      'first visit on a share link: first / full (naive)',
      `${number(r.cold?.firstPriceMs)} / ${number(r.cold?.fullGridMs)} ms (${number(r.cold?.naiveFirstPriceMs)} / ${number(r.cold?.naiveFullGridMs)})`,
    ],
    ...(r.http2
      ? [['over HTTP/2: first / full', `${number(r.http2.firstPriceMs)} / ${number(r.http2.fullGridMs)} ms`]]
      : []),
  ],
  requests: (r) => [
    ['requests made / minimum (whole session)', `${withSpread(r.made, r.spread?.made)} / ${number(r.minimum)}`],
    ['odds requests made / minimum', `${withSpread(r.oddsMade, r.spread?.oddsMade)} / ${number(r.oddsMinimum)}`],
  ],
  transfer: (r) => [
    ['requests (data)', `${number(r.ours?.all.requests)} (${number(r.ours?.data.requests)})`],
    [
      'the old strategy, same run: compressed / decoded',
      `${number(r.oldStrategy?.all.compressedKb)} / ${number(r.oldStrategy?.all.decodedKb)} KB`,
    ],
  ],
  render: (r) => [
    ["one book's new prices: render time", withSpread(r.oneBookUpdateMs, r.spread?.oneBookUpdateMs, 'ms')],
    [
      'a leg added: commits / render time / components',
      `${withSpread(r.legAddedCommits, r.spread?.legAddedCommits)} / ${withSpread(r.legAddedMs, r.spread?.legAddedMs, 'ms')} / ${withSpread(r.legAddedComponents, r.spread?.legAddedComponents)}`,
    ],
  ],
  server: (r) => [
    [
      `a miss, the sandbox at ${number(r.fixedLatencyMs)} ms: proxy p50 / sandbox alone p50`,
      `${withSpread(r.proxy?.p50Ms, r.spread?.proxy.p50Ms, 'ms')} / ${withSpread(r.direct?.p50Ms, r.spread?.direct.p50Ms, 'ms')}`,
    ],
    [
      'a miss: answered per second, proxy / sandbox alone',
      `${withSpread(r.proxy?.rps, r.spread?.proxy.rps)} / ${withSpread(r.direct?.rps, r.spread?.direct.rps)}`,
    ],
    [
      'a hit: answered per second / p50; the sandbox alone at zero latency: answered per second',
      `${withSpread(r.cachedRps, r.spread?.cached.rps)} / ${number(r.cached?.p50Ms)} ms; ${withSpread(r.sandboxCapacity?.rps, r.spread?.sandboxCapacity.rps)}`,
    ],
    [
      'CPU per request: proxy on a miss / sandbox alone / proxy on a hit',
      `${number(r.proxy?.serverCpuUsPerRequest)} / ${number(r.direct?.serverCpuUsPerRequest)} / ${number(r.cached?.serverCpuUsPerRequest)} µs`,
    ],
  ],
  scale: (r) =>
    (r.runs ?? []).map((run) => [
      `cache ${run.cache ? 'on' : 'off'}, ${number(run.readers)} readers`,
      `${number(run.upstreamCallsPerMinute)} upstream/min, ${number(run.servedPerSecond)} answered/s, p50 ${number(run.p50Ms)} / p99 ${number(run.p99Ms)} ms, ${number(run.errors)} errors`,
    ]),
  live: (r) => [
    ['a price changed -> on screen, p50', `${number(r.changeToScreenP50Ms)} ms`],
    ...(r.fanOut
      ? [
          ['fan-out: readers / opened in', `${number(r.fanOut.readers)} / ${number(r.fanOut.openedInS)} s`],
          [
            'a change -> every reader, p50 / max',
            `${number(r.fanOut.deliveryP50Ms)} / ${number(r.fanOut.deliveryMaxMs)} ms (${number(r.fanOut.undelivered)} undelivered of ${number(r.fanOut.deliveries + r.fanOut.undelivered)})`,
          ],
          [
            'server CPU: one reader / all / each added reader',
            `${number(r.fanOut.serverCpu.oneReaderMsPerS)} / ${number(r.fanOut.serverCpu.allReadersMsPerS)} ms/s / ${number(r.fanOut.serverCpu.perAddedReaderUsPerS)} µs/s`,
          ],
          ['delivered to each reader', `${number(r.fanOut.deliveredKbPerReaderPerS)} KB/s`],
        ]
      : []),
    ...(r.failover ? [['leader killed: changes made meanwhile', number(r.failover.changes)]] : []),
  ],
};

/** How a target's figure reads: its value (with its spread) and unit. */
function targetValue(item, results) {
  const value = figureOf(item, results);
  if (value === undefined) return 'not measured';
  return withSpread(value, at(results.spread ?? {}, item.figure), item.unit);
}

function verdict(ok) {
  if (ok === null) return 'not measured';
  return ok ? 'ok' : 'MISSED';
}

/** The section's name as the table's first column shows it: with its load, flagged when loaded, and when incomplete. */
function sectionTitle(name, results) {
  const run = results.run;
  const load = run ? ` (load ${number(run.loadAtStart)}${run.loaded ? ', LOADED' : ''})` : '';
  return `${name}${load}${results.incomplete ? ' INCOMPLETE' : ''}`;
}

export function summaryRows(results, sections = SECTION_ORDER) {
  const rows = [];
  for (const name of sections) {
    const section = results[name];
    if (section === undefined) continue;
    const add = (figure, value, target = '', ok = '') =>
      rows.push({
        section: rows.at(-1)?.name === name ? '' : sectionTitle(name, section),
        name,
        figure,
        value,
        target,
        verdict: ok,
      });
    if (section.incomplete)
      add(
        'what is missing',
        `${section.incomplete.reason}; ${section.incomplete.missing.join('; ') || 'nothing listed'}`,
      );
    for (const item of targetsOf(name))
      add(item.label, targetValue(item, section), describeTarget(item, section), verdict(meets(item, section)));
    for (const [figure, value] of CONTEXT[name]?.(section) ?? []) add(figure, value);
  }
  return rows;
}

export function printTable(results, sections = SECTION_ORDER) {
  const rows = summaryRows(results, sections);
  const m = results.machine ?? {};
  console.log(
    `\nMachine: ${m.cpus} x ${m.cpuModel}, ${m.memoryGb} GB, ${m.os}, Node ${m.node}, Chromium ${m.chromium}; load average ${m.loadAverageAtStart} at start, ${m.loadAverageAtEnd} at end (above ${m.loadedAbove}: LOADED, timings suspect)`,
  );
  const headers = { section: 'Area', figure: 'Figure', value: 'Value', target: 'Target', verdict: '' };
  const widths = Object.fromEntries(
    Object.keys(headers).map((key) => [key, Math.max(headers[key].length, ...rows.map((row) => row[key].length))]),
  );
  const line = (row) =>
    Object.keys(headers)
      .map((key) => row[key].padEnd(widths[key]))
      .join('  ')
      .trimEnd();
  console.log(line(headers));
  console.log(
    Object.keys(headers)
      .map((key) => '-'.repeat(widths[key]))
      .join('  '),
  );
  for (const row of rows) console.log(line(row));
  const missed = rows.filter((row) => row.verdict === 'MISSED').length;
  const incomplete = sections.filter((name) => results[name]?.incomplete);
  console.log(`\n${missed} target(s) missed${incomplete.length > 0 ? `; incomplete: ${incomplete.join(', ')}` : ''}.`);
}

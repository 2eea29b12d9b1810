// The bench's sections and every target it holds their figures to, in this one place: bench/run.mjs
// runs the sections in this order and marks each against its targets, the console table and
// docs/performance.md (bench/report.mjs) print them, and bench/report.test.ts checks that the doc
// states each one. The bundle's budgets are the size check's own (scripts/check-size.mjs, which the
// test suite runs), read from there.
import { BUDGETS, KB } from '../scripts/check-size.mjs';

/**
 * One target: the figure at `figure` (a dotted path) in a section's results, or what `read` makes of
 * them, compared with `limit` (a number, or a function of the section's results for a target that
 * is another figure of the same run). `label` names the figure in the summary.
 */
function target(section, figure, label, compare, limit, { unit = '', read, limitLabel } = {}) {
  return { section, figure, label, compare, limit, unit, read, limitLabel };
}

/** The bench's sections, in the order a full run measures them. */
export const SECTION_ORDER = [
  'bundle',
  'live',
  'lighthouse',
  'grid',
  'requests',
  'transfer',
  'chart',
  'render',
  'betlog',
  'server',
  'scale',
];

const atMost = 'at most';
const atLeast = 'at least';
const exactly = 'exactly';

export const TARGETS = [
  target('bundle', 'appInitialJsGzipKb', 'app initial JS (gzip)', atMost, BUDGETS.appJs / KB, { unit: 'KB' }),
  target('bundle', 'appCssGzipKb', 'app CSS (gzip)', atMost, BUDGETS.appCss / KB, { unit: 'KB' }),
  target('bundle', 'widgetJsGzipKb', 'widget at first paint (gzip)', atMost, BUDGETS.widget / KB, { unit: 'KB' }),
  target('bundle', 'widgetAllJsGzipKb', 'widget with every lazy part (gzip)', atMost, BUDGETS.widgetAll / KB, {
    unit: 'KB',
  }),

  target('lighthouse', 'performance', 'performance score (mobile)', atLeast, 98),
  target('lighthouse', 'accessibility', 'accessibility score', exactly, 100),
  target('lighthouse', 'lcpMs', 'largest contentful paint', atMost, 1_200, { unit: 'ms' }),
  target('lighthouse', 'tbtMs', 'total blocking time', atMost, 100, { unit: 'ms' }),

  target('grid', 'firstPriceOverFastestBookMs', 'first price after the tap, over the fastest book', atMost, 50, {
    unit: 'ms',
  }),

  target('requests', 'pricingMade', 'pricing requests (books + fair engine)', atMost, (r) => r.pricingMinimum, {
    limitLabel: 'the minimum',
  }),
  target('requests', 'stakeAndFormatRequests', 'requests on stake and format changes', exactly, 0),

  target('transfer', 'ours.all.compressedKb', 'one journey, compressed', atMost, 400, { unit: 'KB' }),
  target('transfer', 'ours.all.decodedKb', 'one journey, decoded', atMost, 2_048, { unit: 'KB' }),
  target('transfer', 'ours.all.largestResponse.compressedKb', 'largest response, compressed', atMost, 100, {
    unit: 'KB',
  }),
  target('transfer', 'ours.leagueToGamesMs', 'league chosen -> games listed', atMost, 1_000, { unit: 'ms' }),

  target('chart', 'chartCodeGzipKb', "a leg's price history: code the tap loads (gzip)", atMost, 12, { unit: 'KB' }),
  target('chart', 'tapToChartMs', "a leg's price history: tap -> chart drawn (cold)", atMost, 1_500, { unit: 'ms' }),

  target('render', 'oneBookUpdateCommits', "one book's new prices: commits", exactly, 1),
  target(
    'render',
    'oneBookUpdateComponentsInOtherColumns',
    "one book's new prices: components in other books' columns",
    exactly,
    0,
  ),

  target('betlog', 'graderCalls', '100 parlays graded: grader calls', atMost, (r) => r.graderCallsAllowed, {
    limitLabel: 'ceil(unsettled legs / 25)',
  }),
  target('betlog', 'gradeToSummaryMs.median', '100 parlays: grading to the summary, median', atMost, 2_000, {
    unit: 'ms',
  }),
  target('betlog', 'openLogMs.median', 'a log of 100 parlays on screen (return visit), median', atMost, 1_000, {
    unit: 'ms',
  }),

  target('server', 'liveOverheadRatio', 'a miss: our proxy (live mode) p50 / the sandbox alone p50', atMost, 1.3, {
    unit: 'x',
  }),
  target('server', 'cachedVsDirectRps', 'a hit: answered per second / the sandbox alone', atLeast, 2, { unit: 'x' }),
  target('server', 'coalescing.upstreamCalls', 'identical requests at once -> upstream calls', exactly, 1),
  target('server', 'coalescing.twoSlipsUpstreamCalls', 'requests for two slips at once -> upstream calls', exactly, 2),

  target('scale', 'upstreamGrowth', 'upstream calls, most readers / fewest (cache on)', atMost, 1.2, { unit: 'x' }),
  target('scale', 'cacheOnErrors', 'errors with the cache on, every reader count', exactly, 0, {
    read: (r) => r.runs?.filter((run) => run.cache).reduce((sum, run) => sum + run.errors, 0),
  }),
  target('scale', 'mostReaders.servedPerSecond', 'most readers, cache on: answered per second', atLeast, 400, {
    read: (r) => mostReaders(r)?.servedPerSecond,
  }),
  target('scale', 'mostReaders.p99Ms', 'most readers, cache on: p99', atMost, 1_000, {
    unit: 'ms',
    read: (r) => mostReaders(r)?.p99Ms,
  }),
  target(
    'scale',
    'cdn.originRequestsPerBookPerPeriod',
    'article slip through a CDN: requests to us per book per freshness period',
    atMost,
    1,
  ),
  target('scale', 'cdn.errors', 'article slip through a CDN: errors', exactly, 0),
  target('scale', 'cdn.p99Ms', 'article slip through a CDN: p99 at the cache', atMost, 100, { unit: 'ms' }),
  target('scale', 'redisStopped.errors', 'Redis stopped mid-run: errors', exactly, 0),
  target('scale', 'redisStopped.p99Ms', 'Redis stopped mid-run: p99', atMost, 2_000, { unit: 'ms' }),
  target('scale', 'redisStalled.errors', 'Redis frozen mid-run: errors', exactly, 0),
  target('scale', 'redisStalled.p99Ms', 'Redis frozen mid-run: p99', atMost, 1_500, { unit: 'ms' }),

  target('live', 'changeToScreenP95Ms', 'a price changed -> on screen, p95', atMost, 1_000, { unit: 'ms' }),
  target('live', 'oddsPollsIn60s', '/fixtures/odds requests in 60 s with a stream open', exactly, 0),
  target(
    'live',
    'upstreamStreams.manyReaders',
    'upstream streams, many readers / one reader',
    exactly,
    (r) => r.upstreamStreams?.oneReader,
    {
      limitLabel: 'as for one reader',
    },
  ),
  target('live', 'fanOut.dropped', 'readers dropped', exactly, 0),
  target('live', 'fanOut.deliveryP95Ms', 'a change -> every reader, p95', atMost, 1_000, { unit: 'ms' }),
  target('live', 'fanOut.memoryPerReaderKb', 'memory per reader (after GC)', atMost, 50, { unit: 'KB' }),
  target('live', 'slowClientMaxBufferedKb', 'most held for a reader that stopped reading', atMost, 256, { unit: 'KB' }),
  target('live', 'failover.resumedAfterMs', 'leader killed -> streams resumed', atMost, 10_000, { unit: 'ms' }),
  target('live', 'failover.changesLost', 'leader killed -> changes lost', exactly, 0),
];

/** The cache-on run with the most readers. */
function mostReaders(scale) {
  return (scale.runs ?? []).filter((run) => run.cache).sort((a, b) => b.readers - a.readers)[0];
}

/** The value at a dotted path; undefined when any step is missing. */
function at(object, path) {
  return path
    .split('.')
    .reduce((value, key) => (value === null || value === undefined ? undefined : value[key]), object);
}

/** The figure a target reads from its section's results (undefined: not measured). */
export function figureOf(item, sectionResults) {
  if (sectionResults === undefined || sectionResults === null) return undefined;
  const value = item.read ? item.read(sectionResults) : at(sectionResults, item.figure);
  return value === null ? undefined : value;
}

export function limitOf(item, sectionResults) {
  return typeof item.limit === 'function' ? item.limit(sectionResults ?? {}) : item.limit;
}

/** True or false; null when the figure (or a limit read from the results) was not measured. */
export function meets(item, sectionResults) {
  const value = figureOf(item, sectionResults);
  const limit = limitOf(item, sectionResults);
  if (typeof value !== 'number' || typeof limit !== 'number') return null;
  if (item.compare === atMost) return value <= limit;
  if (item.compare === atLeast) return value >= limit;
  return value === limit;
}

const SIGNS = { [atMost]: '≤', [atLeast]: '≥', [exactly]: '=' };

/** The target as the summary writes it: `≤ 1,200 ms`, `≥ 98`, `= 0`, `≤ the minimum (11)`. */
export function describeTarget(item, sectionResults, number = (value) => value.toLocaleString('en-US')) {
  const limit = limitOf(item, sectionResults);
  const unit = item.unit === '' ? '' : item.unit === 'x' ? 'x' : ` ${item.unit}`;
  const shown = typeof limit === 'number' ? `${number(limit)}${unit}` : '?';
  return item.limitLabel ? `${SIGNS[item.compare]} ${item.limitLabel} (${shown})` : `${SIGNS[item.compare]} ${shown}`;
}

export function targetsOf(section) {
  return TARGETS.filter((item) => item.section === section);
}

/** Whether every target of the section holds; null when one of its figures was not measured. */
export function withinTargets(section, sectionResults) {
  const verdicts = targetsOf(section).map((item) => meets(item, sectionResults));
  if (verdicts.includes(false)) return false;
  return verdicts.includes(null) ? null : true;
}

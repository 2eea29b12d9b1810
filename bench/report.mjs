// npm run bench:report (and the end of npm run bench): writes the figures of docs/performance.md
// from bench/results.json, so the doc says what the last measurements said and nothing typed by hand.
// The doc keeps its prose; each generated part sits between markers, `<!-- bench:NAME -->…<!--
// /bench:NAME -->`, and NAME says which writer below fills it. The rows are the console table's
// (bench/lib/table.mjs), the targets bench/targets.mjs's.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { number, summaryRows } from './lib/table.mjs';
import { SECTION_ORDER } from './targets.mjs';

const DOC_PATH = 'docs/performance.md';
const RESULTS_PATH = 'bench/results.json';
/** The doc is a reference, read whole: it says what is measured, how, and the last figures. */
export const DOC_MAX_LINES = 300;
const repoFile = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** The doc and the results as they are on disk. */
export function readDocAndResults() {
  return {
    doc: readFileSync(repoFile(DOC_PATH), 'utf8'),
    results: JSON.parse(readFileSync(repoFile(RESULTS_PATH), 'utf8')),
  };
}

const MARKED = /<!-- bench:([a-z0-9-]+) -->([\s\S]*?)<!-- \/bench:\1 -->/g;

/** The day of an ISO time. */
const day = (when) => (typeof when === 'string' ? when.slice(0, 10) : '–');
/** A table cell: a `|` would end the cell. */
const cell = (text) => String(text).replaceAll('|', '\\|');

function table(headers, rows) {
  return [
    `| ${headers.join(' | ')} |`,
    `|${headers.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n');
}

/** The machine, the full run, and each section: when, how long against its limit, the load at its start. */
function runBlock(results) {
  const { machine = {} } = results;
  const system = String(machine.os ?? '').split(' ');
  const took = results.durationS === undefined ? '' : `, ${number(results.durationS)} s`;
  const lines = [
    `Measured on ${machine.cpus} vCPUs (${machine.cpuModel}), ${number(machine.memoryGb)} GB, ${system[0]} ${system.at(-1)}, ` +
      `Node ${String(machine.node).replace(/^v/, '')}, Chromium ${String(machine.chromium).split('.')[0]}, a machine shared with other work.`,
    `Full run${results.quick ? ' (BENCH_QUICK)' : ''}: ${day(results.generatedAt)}${took}, 1-minute load average ` +
      `${number(machine.loadAverageAtStart)} at the start and ${number(machine.loadAverageAtEnd)} at the end. A section ` +
      `that started above ${number(machine.loadedAbove ?? 0.75 * machine.cpus)} is marked LOADED: its timings are not to be trusted.`,
  ];
  const rows = SECTION_ORDER.filter((name) => results[name] !== undefined).map((name) => {
    const { run, incomplete } = results[name];
    const state = [
      run?.loaded ? 'LOADED' : '',
      incomplete ? `incomplete: ${incomplete.reason}` : '',
      run?.stoppedAtLimit ? 'measured all, stopped at its limit' : '',
    ]
      .filter(Boolean)
      .join('; ');
    return [
      name,
      run ? `${day(run.measuredAt)}${run.alone ? ', on its own' : ''}${run.quick ? ', BENCH_QUICK' : ''}` : '–',
      run ? `${number(run.tookS)} s (${number(run.limitS)} s)` : '–',
      run ? number(run.loadAtStart) : '–',
      state,
    ];
  });
  return `\n${lines.join('\n')}\n\n${table(['Section', 'Measured', 'Took (limit)', 'Load at start', ''], rows)}\n`;
}

function summaryBlock(results) {
  const rows = summaryRows(results).map((row) => [row.section, row.figure, row.value, row.target, row.verdict]);
  return `\n${table(['Section', 'Figure', 'Result', 'Target', ''], rows)}\n`;
}

/** Every marker's writer. */
const WRITERS = {
  run: runBlock,
  summary: summaryBlock,
};

/** The doc with every marked part written from `results`; throws on a marker no writer knows. */
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
  const lines = written.split('\n').length;
  if (lines > DOC_MAX_LINES) throw new Error(`${DOC_PATH} would be ${lines} lines, more than ${DOC_MAX_LINES}.`);
  if (written === doc) {
    console.log(`${DOC_PATH} already says what ${RESULTS_PATH} holds.`);
    return;
  }
  writeFileSync(repoFile(DOC_PATH), written);
  console.log(`Wrote the figures of ${DOC_PATH} from ${RESULTS_PATH}.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();

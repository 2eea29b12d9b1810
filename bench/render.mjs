// Render cost: the real price grid (bench/harness, built on preact/compat with the app's aliases, as
// users run it) with 10 books and 12 legs of sandbox data, counted with Preact's `options` hooks.
//
// Preact's internal option and property names are mangled in its build (preact/hooks/dist/hooks.mjs
// reads them the same way): options.__r is `_render` (a component's render function is about to run,
// given its vnode), options.__c is `_commit` (a tree was diffed and is committed, given the root vnode),
// vnode.__c is `_component`, vnode.__e is `_dom` (the first DOM node the vnode rendered).
//
// Counting: every component whose render ran between two commits belongs to the second (a component
// re-rendered within the same diff, for a setState during render, counts once). A commit's time runs
// from the first render after the previous commit to the commit hook (performance.now()). Preact's
// structural components are left out, as React DevTools leaves out their React counterparts:
// Fragment, a context's Provider, and memo()'s wrapper (its render only creates the wrapped
// component, which is counted); so the counts name the app's and its libraries' components. Each rendered component is attributed to a book by the grid
// column its first DOM node sits in.
//
// Commits, as React counts them: Preact commits each dirty component of its render queue on its own
// (`__c` once per component), all in one flush of the queue, one task, with no paint between. React
// renders the same updates together and commits them once. So `...Commits` counts flushes (render
// passes: what the user can see change), and `...PreactCommits` Preact's own commit hooks.
// BENCH_RENDER_COMMITS=1 logs each commit of a leg added (its pass, ms after the tap, components);
// BENCH_RENDER_PROFILE=/tmp/name writes a CPU profile of each leg added (/tmp/name-0.cpuprofile...).
/* global window, document -- functions passed to the page (addInitScript, evaluate, waitForFunction) run in the browser */
import { writeFileSync } from 'node:fs';
import { encodeSlip, moneylineLegs, ALL_BOOKS } from './lib/sandbox-legs.mjs';
import { spreadOf } from './lib/stats.mjs';

const LEGS = 12;
const CHANGED_BOOK = 'DraftKings';

/** Runs in the page before the harness loads; the harness calls `__installRenderCounter(options, Fragment)`. */
function preactCounterScript() {
  const BOOKS = window.__benchBooks ?? [];
  const TEXT_NODE = 3;
  const commits = [];
  /** Components rendered since the last commit (vnodes, in render order, each once). */
  let rendered = new Set();
  let firstRenderAt = null;

  function nameOf(type) {
    return type?.displayName || type?.name || 'Anonymous';
  }

  /** Fragment, a context's Provider (the context object itself), compat's memo() wrapper. */
  function isStructural(type, fragment) {
    return (
      type === fragment ||
      type.Provider === type ||
      (typeof type.type === 'function' && nameOf(type).startsWith('Memo('))
    );
  }

  function columnBook(node) {
    const element = node?.nodeType === TEXT_NODE ? node.parentElement : node;
    const cell = element?.closest?.('#price-grid td, #price-grid th');
    if (!cell || cell.cellIndex < 1) return null;
    const header = cell.closest('table')?.tHead?.rows[0]?.cells[cell.cellIndex];
    // The header as spoken (short labels shown only to the eye left out): "BetMGM (UK)", not "BetMGM UK".
    const spoken = header?.cloneNode(true);
    for (const hidden of spoken?.querySelectorAll('[aria-hidden="true"]') ?? []) hidden.remove();
    const text = spoken?.textContent ?? '';
    return [...BOOKS].sort((a, b) => b.length - a.length).find((book) => text.startsWith(book)) ?? '?';
  }

  /** Which flush of Preact's render queue a commit belongs to (a render() call outside one counts alone). */
  let pass = 0;
  let inPass = false;
  let outsidePasses = 0;
  window.__installRenderCounter = (options, fragment) => {
    // Preact flushes its queue of dirty components in one microtask (its default `defer`), with a
    // commit of its own per dirty component; the flush is what React would commit once.
    const previousDebounce = options.debounceRendering;
    options.debounceRendering = (flush) =>
      (previousDebounce ?? ((callback) => Promise.resolve().then(callback)))(() => {
        pass += 1;
        inPass = true;
        try {
          flush();
        } finally {
          inPass = false;
        }
      });
    const previousRender = options.__r;
    const previousCommit = options.__c;
    options.__r = (vnode) => {
      previousRender?.(vnode);
      firstRenderAt ??= performance.now();
      if (typeof vnode.type === 'function' && !isStructural(vnode.type, fragment)) rendered.add(vnode);
    };
    options.__c = (root, commitQueue) => {
      const at = performance.now();
      const out = {
        at,
        pass: inPass ? pass : `outside-${++outsidePasses}`,
        components: 0,
        byComponent: {},
        byBook: {},
        renderMs: at - (firstRenderAt ?? at),
      };
      for (const vnode of rendered) {
        const name = nameOf(vnode.type);
        out.components += 1;
        out.byComponent[name] = (out.byComponent[name] ?? 0) + 1;
        const book = columnBook(vnode.__e);
        if (book !== null) out.byBook[book] = (out.byBook[book] ?? 0) + 1;
      }
      rendered = new Set();
      firstRenderAt = null;
      commits.push(out);
      previousCommit?.(root, commitQueue);
    };
  };
  window.__benchCommits = commits;
}

async function waitForGrid(page, legCount) {
  await page.waitForFunction(
    (legs) => {
      const table = document.querySelector('#price-grid table');
      if (!table || table.tBodies[0]?.rows.length !== legs) return false;
      const parlay = [...(table.tFoot?.rows ?? [])].find((row) => row.cells[0]?.textContent?.trim() === 'Parlay');
      // The books' cells: the row header and the fair price's cell left out.
      const fairColumn = [...(table.tHead?.rows[0]?.cells ?? [])].findIndex((header) =>
        /Fair price/.test(header.textContent ?? ''),
      );
      const cells = parlay ? [...parlay.cells].filter((_, index) => index !== 0 && index !== fairColumn) : [];
      return cells.length === 10 && cells.every((cell) => /^[+-]\d{3,}/.test(cell.textContent?.trim() ?? ''));
    },
    legCount,
    { timeout: 30_000 },
  );
}

/** Waits for the page to go quiet (no commit for `quietMs`), then sums what happened since `mark`. */
async function collect(page, mark, quietMs = 400) {
  await page.waitForFunction(
    ([quiet]) => {
      const commits = window.__benchCommits;
      const last = commits.at(-1)?.at ?? 0;
      return performance.now() - last > quiet;
    },
    [quietMs],
    { polling: 50 },
  );
  return page.evaluate(
    ([from]) => {
      // The grid's "Updated N s ago" line ticks every second on its own; such a commit is the
      // clock's, not the update's.
      const isClockTick = (commit) => Object.keys(commit.byComponent).every((name) => name === 'FreshnessLine');
      const commits = window.__benchCommits.slice(from).filter((commit) => !isClockTick(commit));
      const byComponent = {};
      const byBook = {};
      for (const commit of commits) {
        for (const [name, count] of Object.entries(commit.byComponent))
          byComponent[name] = (byComponent[name] ?? 0) + count;
        for (const [book, count] of Object.entries(commit.byBook)) byBook[book] = (byBook[book] ?? 0) + count;
      }
      const startedAt = window.__benchMarkAt ?? commits[0]?.at ?? 0;
      return {
        commits: commits.length,
        renderPasses: new Set(commits.map((commit) => commit.pass)).size,
        renderMs: commits.reduce((sum, commit) => sum + commit.renderMs, 0),
        componentsRendered: commits.reduce((sum, commit) => sum + commit.components, 0),
        byComponent,
        byBook,
        perCommit: commits.map((commit) => ({
          pass: commit.pass,
          afterMs: Number((commit.at - startedAt).toFixed(1)),
          components: commit.components,
          renderMs: Number(commit.renderMs.toFixed(2)),
          byComponent: commit.byComponent,
        })),
      };
    },
    [mark],
  );
}

async function markNow(page) {
  return page.evaluate(() => {
    window.__benchMarkAt = performance.now();
    return window.__benchCommits.length;
  });
}

export async function measureRender({ browser, origin, repeats = 5, log = () => {}, signal, progress = {} }) {
  progress.expected = { samples: repeats };
  const picks = await moneylineLegs(origin, LEGS);
  const legs = picks.map((pick) => pick.leg);
  const url = `${origin}/?${new URLSearchParams({ legs: encodeSlip(legs.slice(0, LEGS - 1)), books: ALL_BOOKS.join(','), add: encodeSlip(legs.slice(LEGS - 1)) })}`;
  const samples = [];
  progress.samples = samples;
  for (let index = 0; index < repeats; index++) {
    signal?.throwIfAborted();
    const context = await browser.newContext({ viewport: { width: 1600, height: 1200 } });
    try {
      await context.addInitScript((books) => {
        window.__benchBooks = books;
      }, ALL_BOOKS);
      await context.addInitScript(preactCounterScript);
      const page = await context.newPage();
      await page.goto(url);
      await page.waitForFunction(() => window.__renderBench?.ready === true);
      await waitForGrid(page, LEGS - 1);
      await collect(page, await markNow(page));

      let mark = await markNow(page);
      const cdp = process.env.BENCH_RENDER_PROFILE ? await context.newCDPSession(page) : null;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
      }
      await page.evaluate(() => window.__renderBench.addLeg());
      await waitForGrid(page, LEGS);
      const legAdded = await collect(page, mark);
      if (cdp) {
        const { profile } = await cdp.send('Profiler.stop');
        writeFileSync(`${process.env.BENCH_RENDER_PROFILE}-${index}.cpuprofile`, JSON.stringify(profile));
      }

      mark = await markNow(page);
      const changed = await page.evaluate((book) => window.__renderBench.changeBookPrices(book), CHANGED_BOOK);
      if (!changed) throw new Error(`${CHANGED_BOOK} has no priced answer to change.`);
      const oneBook = await collect(page, mark);
      samples.push({ legAdded, oneBook });
      if (process.env.BENCH_RENDER_COMMITS === '1')
        for (const commit of legAdded.perCommit) log(`    leg added, a commit: ${JSON.stringify(commit)}`);
      log(
        `  render ${index + 1}/${repeats}: one book -> ${oneBook.renderPasses} pass(es) (${oneBook.commits} commits), ${oneBook.renderMs.toFixed(2)} ms, ${oneBook.componentsRendered} components ${JSON.stringify(oneBook.byBook)}; leg added -> ${legAdded.commits} commits in ${legAdded.renderPasses} passes, ${legAdded.renderMs.toFixed(1)} ms, ${legAdded.componentsRendered} components`,
      );
    } finally {
      await context.close();
    }
  }
  return summariseRender(progress);
}

/** Medians over the repeats (each figure's spread beside it) and the last repeat's breakdowns. */
export function summariseRender({ samples }) {
  const spread = (pick, digits = 0) => spreadOf(samples.map(pick), digits);
  const last = samples.at(-1);
  const otherBooks = (byBook) =>
    Object.entries(byBook)
      .filter(([book]) => book !== CHANGED_BOOK)
      .reduce((sum, [, count]) => sum + count, 0);
  const figures = {
    oneBookUpdateCommits: spread((sample) => sample.oneBook.renderPasses),
    oneBookUpdatePreactCommits: spread((sample) => sample.oneBook.commits),
    oneBookUpdateMs: spread((sample) => sample.oneBook.renderMs, 2),
    oneBookUpdateComponents: spread((sample) => sample.oneBook.componentsRendered),
    oneBookUpdateComponentsInChangedColumn: spread((sample) => sample.oneBook.byBook[CHANGED_BOOK] ?? 0),
    oneBookUpdateComponentsInOtherColumns: spread((sample) => otherBooks(sample.oneBook.byBook)),
    legAddedCommits: spread((sample) => sample.legAdded.renderPasses),
    legAddedPreactCommits: spread((sample) => sample.legAdded.commits),
    legAddedMs: spread((sample) => sample.legAdded.renderMs, 2),
    legAddedComponents: spread((sample) => sample.legAdded.componentsRendered),
  };
  return {
    renderer: 'preact/compat',
    books: ALL_BOOKS.length,
    legs: LEGS,
    changedBook: CHANGED_BOOK,
    ...Object.fromEntries(Object.entries(figures).map(([figure, values]) => [figure, values?.median ?? null])),
    spread: figures,
    oneBookUpdateByComponent: last?.oneBook.byComponent ?? null,
    legAddedFirstCommit: last?.legAdded.perCommit[0] ?? null,
    legAddedByComponent: last?.legAdded.byComponent ?? null,
    repeats: samples.length,
  };
}

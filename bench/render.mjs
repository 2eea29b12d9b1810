// Render cost: the real price grid (bench/harness, on React DOM's profiling build: React as the app
// ships it, with <Profiler> timings) with 10 books and 12 legs of sandbox data, measured with
// React's <Profiler> (render time of each commit) and a React DevTools-style hook (which components
// actually rendered in each commit).
//
// Counting: React calls __REACT_DEVTOOLS_GLOBAL_HOOK__.onCommitFiberRoot after every commit, the
// interface React DevTools is written against. The committed fiber tree is walked the way React
// DevTools walks it: a subtree whose child list is the same object as in the previous commit was not
// visited; a component fiber rendered when it is new or carries React's PerformedWork flag (its
// function ran; a memo bail-out does not set it). Each rendered component is attributed to a book by
// the grid column its first DOM element sits in. React commits once per render pass, so `...Commits`
// counts what the user can see change.
// BENCH_RENDER_COMMITS=1 logs each commit of a leg added (ms after the tap, components);
// BENCH_RENDER_PROFILE=/tmp/name writes a CPU profile of each leg added (/tmp/name-0.cpuprofile...).
/* global window, document -- functions passed to the page (addInitScript, evaluate, waitForFunction) run in the browser */
import { writeFileSync } from 'node:fs';
import { encodeSlip, moneylineLegs, ALL_BOOKS } from './lib/sandbox-legs.mjs';
import { spreadOf } from './lib/stats.mjs';

const LEGS = 12;

/** Runs in the page before React loads: the hook React DOM reports its commits to. */
function devtoolsHookScript() {
  // React's work tags and the PerformedWork flag (react-reconciler's ReactWorkTags, ReactFiberFlags).
  const FUNCTION = 0;
  const CLASS = 1;
  const FORWARD_REF = 11;
  const SIMPLE_MEMO = 15;
  const HOST = 5;
  const PERFORMED_WORK = 1;
  const COMPONENT_TAGS = new Set([FUNCTION, CLASS, FORWARD_REF, SIMPLE_MEMO]);
  const BOOKS = window.__benchBooks ?? [];
  const commits = [];
  let profiledSeen = 0;

  function nameOf(fiber) {
    const type = fiber.type;
    return type?.displayName || type?.name || 'Anonymous';
  }

  function firstElement(fiber) {
    for (let node = fiber.child; node; node = node.child) if (node.tag === HOST) return node.stateNode;
    return null;
  }

  function columnBook(element) {
    const cell = element?.closest?.('#price-grid td, #price-grid th');
    if (!cell || cell.cellIndex < 1) return null;
    const header = cell.closest('table')?.tHead?.rows[0]?.cells[cell.cellIndex];
    // The header as spoken (short labels shown only to the eye left out): "BetMGM (UK)", not "BetMGM UK".
    const spoken = header?.cloneNode(true);
    for (const hidden of spoken?.querySelectorAll('[aria-hidden="true"]') ?? []) hidden.remove();
    const text = spoken?.textContent ?? '';
    return [...BOOKS].sort((a, b) => b.length - a.length).find((book) => text.startsWith(book)) ?? '?';
  }

  function record(fiber, out) {
    const name = nameOf(fiber);
    out.components += 1;
    out.byComponent[name] = (out.byComponent[name] ?? 0) + 1;
    const book = columnBook(firstElement(fiber));
    if (book === null) return;
    out.byBook[book] = (out.byBook[book] ?? 0) + 1;
    const key = `${book}: ${name}`;
    out.byBookComponent[key] = (out.byBookComponent[key] ?? 0) + 1;
  }

  function visit(fiber, inNewSubtree, out) {
    const isNew = inNewSubtree || fiber.alternate === null;
    if (COMPONENT_TAGS.has(fiber.tag) && (isNew || (fiber.flags & PERFORMED_WORK) !== 0)) record(fiber, out);
    const childrenVisited = isNew || fiber.child !== fiber.alternate.child;
    if (!childrenVisited) return;
    for (let child = fiber.child; child; child = child.sibling) visit(child, isNew, out);
  }

  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false,
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) {
      const id = this.renderers.size + 1;
      this.renderers.set(id, renderer);
      return id;
    },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      const out = {
        at: performance.now(),
        components: 0,
        byComponent: {},
        byBook: {},
        byBookComponent: {},
        renderMs: 0,
      };
      visit(root.current, false, out);
      // The <Profiler>'s onRender calls for this commit came just before this one.
      const profiled = window.__renderBench?.profilerCommits ?? [];
      for (const entry of profiled.slice(profiledSeen)) out.renderMs += entry.actualDuration;
      profiledSeen = profiled.length;
      commits.push(out);
    },
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
      const byBookComponent = {};
      for (const commit of commits) {
        for (const [key, count] of Object.entries(commit.byBookComponent))
          byBookComponent[key] = (byBookComponent[key] ?? 0) + count;
        for (const [name, count] of Object.entries(commit.byComponent))
          byComponent[name] = (byComponent[name] ?? 0) + count;
        for (const [book, count] of Object.entries(commit.byBook)) byBook[book] = (byBook[book] ?? 0) + count;
      }
      const startedAt = window.__benchMarkAt ?? commits[0]?.at ?? 0;
      return {
        commits: commits.length,
        renderMs: commits.reduce((sum, commit) => sum + commit.renderMs, 0),
        componentsRendered: commits.reduce((sum, commit) => sum + commit.components, 0),
        byComponent,
        byBook,
        byBookComponent,
        perCommit: commits.map((commit) => ({
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
      await context.addInitScript(devtoolsHookScript);
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
      // A book best at nothing, its prices moved shorter: only its own column has anything new to show.
      const changedBook = await page.evaluate(() => window.__renderBench.changeBookPrices());
      if (changedBook === null) throw new Error('No book priced every leg below the best of the others.');
      const oneBook = { ...(await collect(page, mark)), changedBook };
      samples.push({ legAdded, oneBook });
      if (process.env.BENCH_RENDER_COMMITS === '1')
        for (const commit of legAdded.perCommit) log(`    leg added, a commit: ${JSON.stringify(commit)}`);
      log(
        `  render ${index + 1}/${repeats}: one book (${changedBook}) -> ${oneBook.commits} commit(s), ${oneBook.renderMs.toFixed(2)} ms, ${oneBook.componentsRendered} components ${JSON.stringify(oneBook.byBook)}; leg added -> ${legAdded.commits} commits, ${legAdded.renderMs.toFixed(1)} ms, ${legAdded.componentsRendered} components`,
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
  const otherBooks = ({ byBook, changedBook }) =>
    Object.entries(byBook)
      .filter(([book]) => book !== changedBook)
      .reduce((sum, [, count]) => sum + count, 0);
  const figures = {
    oneBookUpdateCommits: spread((sample) => sample.oneBook.commits),
    oneBookUpdateMs: spread((sample) => sample.oneBook.renderMs, 2),
    oneBookUpdateComponents: spread((sample) => sample.oneBook.componentsRendered),
    oneBookUpdateComponentsInChangedColumn: spread((sample) => sample.oneBook.byBook[sample.oneBook.changedBook] ?? 0),
    oneBookUpdateComponentsInOtherColumns: spread((sample) => otherBooks(sample.oneBook)),
    legAddedCommits: spread((sample) => sample.legAdded.commits),
    legAddedMs: spread((sample) => sample.legAdded.renderMs, 2),
    legAddedComponents: spread((sample) => sample.legAdded.componentsRendered),
  };
  return {
    renderer: 'react-dom',
    books: ALL_BOOKS.length,
    legs: LEGS,
    changedBooks: samples.map((sample) => sample.oneBook.changedBook),
    ...Object.fromEntries(Object.entries(figures).map(([figure, values]) => [figure, values?.median ?? null])),
    spread: figures,
    oneBookUpdateByComponent: last?.oneBook.byComponent ?? null,
    // Which components rendered in the columns whose prices did not change ("Betway: PriceCell").
    oneBookUpdateInOtherColumns: last
      ? Object.fromEntries(
          Object.entries(last.oneBook.byBookComponent).filter(
            ([key]) => !key.startsWith(`${last.oneBook.changedBook}: `),
          ),
        )
      : null,
    legAddedFirstCommit: last?.legAdded.perCommit[0] ?? null,
    legAddedByComponent: last?.legAdded.byComponent ?? null,
    repeats: samples.length,
  };
}

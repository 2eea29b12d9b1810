// Scripts the benchmark puts into the page before the app runs (Playwright addInitScript). They
// run in the browser, so they use only browser APIs and must be self-contained.
/* global window, document, MutationObserver, requestAnimationFrame, location -- functions passed to the page (addInitScript, evaluate, waitForFunction) run in the browser */

/**
 * Watches the price grid and notes, on the page's own clock (performance.now()), when the first
 * book's parlay price and when the last book's answer reach the DOM, and the frame that paints
 * each (the next requestAnimationFrame). Armed with the number of legs of the slip being priced,
 * so the previous slip's prices never count (the grid shows no other slip's prices meanwhile).
 */
export function gridProbeScript() {
  const probe = {
    expectedLegs: 0,
    clickAt: null,
    firstPriceAt: null,
    firstPriceFrameAt: null,
    settledAt: null,
    settledFrameAt: null,
    pricedBooks: 0,
    snapshot() {
      const table = document.querySelector('#price-grid table');
      if (!table) return null;
      const legRows = table.tBodies[0]?.rows.length ?? 0;
      const parlayRow = [...(table.tFoot?.rows ?? [])].find((row) => row.cells[0]?.textContent?.trim() === 'Parlay');
      if (!parlayRow) return { legRows, books: 0, priced: 0, waiting: true };
      // The books' cells: the row header and the fair price's cell (when shown) left out.
      const fairColumn = [...(table.tHead?.rows[0]?.cells ?? [])].findIndex((header) =>
        /Fair price/.test(header.textContent ?? ''),
      );
      const cells = [...parlayRow.cells].filter((_, index) => index !== 0 && index !== fairColumn);
      const priced = cells.filter((cell) => /^[+-]\d{3,}/.test(cell.textContent?.trim() ?? '')).length;
      const waiting = /Asking|Waiting for /.test(table.textContent ?? '');
      return { legRows, books: cells.length, priced, waiting };
    },
    check() {
      const now = performance.now();
      const state = probe.snapshot();
      if (!state || state.legRows !== probe.expectedLegs) return;
      if (probe.firstPriceAt === null && state.priced > 0) {
        probe.firstPriceAt = now;
        requestAnimationFrame((frame) => (probe.firstPriceFrameAt = frame));
      }
      if (probe.settledAt === null && !state.waiting && state.books > 0) {
        probe.settledAt = now;
        probe.pricedBooks = state.priced;
        requestAnimationFrame((frame) => (probe.settledFrameAt = frame));
      }
    },
    arm(expectedLegs) {
      Object.assign(probe, {
        expectedLegs,
        clickAt: null,
        firstPriceAt: null,
        firstPriceFrameAt: null,
        settledAt: null,
        settledFrameAt: null,
        pricedBooks: 0,
      });
    },
  };
  window.__gridProbe = probe;
  document.addEventListener(
    'click',
    (event) => {
      if (probe.expectedLegs > 0 && probe.clickAt === null) probe.clickAt = event.timeStamp;
    },
    true,
  );
  new MutationObserver(() => probe.check()).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: false,
  });
}

/**
 * The naive strategy, for comparison: the app's per-book /parlay/odds requests that leave in the
 * same task (one per chosen book, for one slip) are merged into ONE request for all those books,
 * and every waiting caller gets that one answer (each reads its own book from it). The network
 * sees one request, whose answer waits for the slowest book, exactly as a client that asks for all
 * books at once would. Everything else (page, grid code, rendering) is the unchanged production app.
 */
export function naiveStrategyScript() {
  const realFetch = window.fetch.bind(window);
  let batch = null;
  const isParlay = (url, init) =>
    init?.method === 'POST' &&
    typeof init.body === 'string' &&
    new URL(url, location.href).pathname === '/api/v3/parlay/odds';

  function send(group) {
    const body = JSON.parse(group.firstInit.body);
    body.sportsbooks = group.books;
    const headers = new Headers(group.firstInit.headers);
    const answer = realFetch(group.url, { method: 'POST', headers, body: JSON.stringify(body) }).then(
      async (response) => ({
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers],
        text: await response.text(),
      }),
    );
    for (const waiter of group.waiters) {
      answer.then(
        (copy) =>
          waiter.resolve(
            new Response(copy.text, { status: copy.status, statusText: copy.statusText, headers: copy.headers }),
          ),
        waiter.reject,
      );
    }
  }

  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!isParlay(url, init)) return realFetch(input, init);
    const { entries, sportsbooks } = JSON.parse(init.body);
    const key = `${url}\n${JSON.stringify(entries)}`;
    if (!batch) {
      batch = new Map();
      // Everything asked in this task goes together; a 0 ms timer is the end of the task.
      setTimeout(() => {
        const groups = batch;
        batch = null;
        for (const group of groups.values()) send(group);
      }, 0);
    }
    let group = batch.get(key);
    if (!group) {
      group = { url, firstInit: init, books: [], waiters: [] };
      batch.set(key, group);
    }
    for (const book of sportsbooks) if (!group.books.includes(book)) group.books.push(book);
    return new Promise((resolve, reject) => {
      group.waiters.push({ resolve, reject });
      init.signal?.addEventListener('abort', () => reject(init.signal.reason), { once: true });
    });
  };
}

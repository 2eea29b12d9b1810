/**
 * The fault matrix: the real odds service's ways of failing, played by a fault server on loopback
 * behind a second instance of our server in LIVE mode (e2e/support/fault-stack.ts). For each: the user sees
 * a clear message in the right place (one banner above the grid for a failed request, the book's
 * own column for a bad part of an answer), the slip is intact, and the books that answered keep
 * their prices. No response the browser gets ever carries the server's key. The reporter prints
 * the table (fault, what the user saw, pass/fail) after the run.
 */
import { readFileSync } from 'node:fs';
import { expect, PAGE_CLOCK_THROUGH_TIMEOUTS_MS, runPageClockUntil, test } from './support/world.ts';
import type { Page, TestInfo } from '@playwright/test';
import {
  receivedRequests,
  setFaultRules,
  UNREQUESTED_BOOK_PRICE,
  type FaultRule,
} from '../server/testing/fault-upstream.ts';
import { CANARY_KEY, E2E_BASE_PORT, faultStack } from './support/fault-config.ts';
import { annotateCase, annotateSaw, ANNOTATION, MATRIX } from './support/fault-matrix-annotations.ts';
import {
  AMERICAN_PRICE,
  bookColumns,
  columnNames,
  expectAllBooksAnswered,
  gridCell,
  openBookExplanation,
  priceGrid,
  slipLegs,
} from './support/locators.ts';
import { openWithSlip, pricingTimedOutAtOurServer } from './support/network.ts';
import { moneylineLeg, sandboxGames, totalLeg, type E2eLeg } from './support/sandbox-data.ts';

const stack = faultStack(E2E_BASE_PORT);
const BOOKS = ['BetMGM', 'DraftKings', 'Novig'] as const;
/** Whole-request faults hit these books' requests; Novig's are answered normally. */
const FAILING = ['BetMGM', 'DraftKings'];
const HEALTHY = 'Novig';
let legs: [E2eLeg, E2eLeg, E2eLeg];

/** Every response the page got, headers and body, for the canary check after each test. */
let responseTexts: Promise<string>[] = [];

test.beforeEach(async ({ page, request }) => {
  await setFaultRules(stack.faultOrigin, []);
  const [first, second, third] = await sandboxGames(request, 3);
  legs = [moneylineLeg(first), moneylineLeg(second, 'home'), totalLeg(third)];
  responseTexts = [];
  page.on('response', (response) => {
    // A body the page abandoned (a cancelled query) may never arrive: wait for it a little only.
    const body = Promise.race([
      response.text().catch(() => ''),
      new Promise<string>((resolve) => setTimeout(() => resolve('(body never arrived)'), 1500)),
    ]);
    // Full headers can no longer be read once the page has closed: the ones that came with the
    // response event (all but a few cookies) still carry a leaked key if there was one.
    const headers = response.allHeaders().catch(() => response.headers());
    responseTexts.push((async () => `${response.url()}\n${JSON.stringify(await headers)}\n${await body}`)());
  });
});

test.afterEach(async ({ page }, testInfo) => {
  const isRow = testInfo.annotations.some((annotation) => annotation.type === ANNOTATION.case);
  if (isRow)
    annotateSaw(
      testInfo,
      await whatTheUserSaw(page).catch((error: Error) => `(could not read the page: ${error.message.split('\n')[0]})`),
    );
  await setFaultRules(stack.faultOrigin, []);
  const texts = await Promise.all(responseTexts);
  const leaking = texts.filter((text) => text.includes(CANARY_KEY)).map((text) => text.split('\n')[0]);
  expect(leaking, 'responses carrying the server’s key').toEqual([]);
});

async function fail(rules: FaultRule[]): Promise<void> {
  await setFaultRules(stack.faultOrigin, rules);
}

/** A short account of the grid: the banner's title and scope, then each book's outcome (never waits). */
async function whatTheUserSaw(page: Page): Promise<string> {
  const parts: string[] = [];
  const banner = priceGrid(page).getByRole('alert');
  if ((await banner.count()) === 1) {
    const [title = '', body = ''] = await banner.locator('p').allInnerTexts();
    const scope = /(No book’s prices could be loaded\.|No prices from [^;]+;)/.exec(body)?.[1] ?? '';
    const [action] = await priceGrid(page)
      .getByText(/^(Retrying automatically in \d+ s\.|Retrying now…)$/)
      .allInnerTexts();
    parts.push(`banner “${title}”${action ? ` (${action})` : ''}: ${scope.replace(/;$/, '')}`);
  }
  if ((await priceGrid(page).getByRole('grid').count()) === 0) return parts.join(' | ') || 'no grid';
  const columns = await columnNames(page);
  const parlayCells = await priceGrid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Parlay', exact: true }) })
    .getByRole('gridcell')
    .allInnerTexts();
  const priced: string[] = [];
  for (const book of BOOKS) {
    const column = columns.indexOf(book) - 1;
    const text = (parlayCells[column] ?? '').trim();
    if (AMERICAN_PRICE.test(text)) {
      priced.push(book);
    } else if (!text.includes('Request failed') && column >= 0 && !text.startsWith('Asking')) {
      // The book's explanation, opened from its status as a user would.
      const explanation = await openBookExplanation(page, book);
      const [headline = '', detail = ''] = await explanation.locator('p').allInnerTexts();
      parts.push(
        `${book}: “${headline}${detail ? ` — ${detail.length > 60 ? `${detail.slice(0, 59)}…` : detail}` : ''}”`,
      );
    }
  }
  if (priced.length > 0) parts.push(`${priced.join(', ')} priced`);
  return parts.join(' | ');
}

async function expectSlipIntact(page: Page): Promise<void> {
  await expect(slipLegs(page)).toHaveCount(legs.length);
  for (const [index, leg] of legs.entries()) await expect(slipLegs(page).nth(index)).toContainText(leg.name);
}

async function expectPriced(page: Page, books: readonly string[]): Promise<void> {
  for (const book of books) await expect(await gridCell(page, 'Parlay', book)).toHaveText(AMERICAN_PRICE);
}

/**
 * A failed request: one banner above the grid naming the books it hit, each of those books' notes
 * pointing to it, the healthy book priced, the slip kept.
 */
async function expectRequestFailure(page: Page, title: string, options: { action?: RegExp } = {}): Promise<void> {
  const banner = priceGrid(page).getByRole('alert');
  await expect(banner).toContainText(title);
  await expect(banner).toContainText(
    `No prices from ${FAILING.join(', ')}; the other books keep theirs. Your slip is kept.`,
  );
  await expect(page.getByRole('alert')).toHaveCount(1);
  const bannerBox = await banner.boundingBox();
  const tableBox = await priceGrid(page).getByRole('grid').boundingBox();
  expect(bannerBox && tableBox && bannerBox.y + bannerBox.height <= tableBox.y, 'the banner sits above the grid').toBe(
    true,
  );
  if (options.action) await expect(priceGrid(page).getByText(options.action)).toBeVisible();
  for (const book of FAILING) {
    await expect(await gridCell(page, 'Parlay', book)).toContainText('Request failed');
    await expect(await openBookExplanation(page, book, 'Request failed')).toContainText(
      `No price from ${book}: the request failed (see the message above).`,
    );
  }
  await expectPriced(page, [HEALTHY]);
  await expectSlipIntact(page);
}

/** A bad part of an answer: explained in that book's column, no banner, the other books priced. */
async function expectBookExplained(page: Page, book: string, headline: string, detail: string): Promise<void> {
  await expectAllBooksAnswered(page);
  const notes = await openBookExplanation(page, book);
  await expect(notes).toContainText(headline);
  await expect(notes).toContainText(detail);
  await expect(notes.getByRole('button', { name: `Retry ${book}` })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectPriced(
    page,
    BOOKS.filter((other) => other !== book),
  );
  await expectSlipIntact(page);
}

function row(testInfo: TestInfo, label: string): void {
  annotateCase(testInfo, MATRIX.faults, label);
}

const wholeRequest: {
  label: string;
  rule: Omit<FaultRule, 'books'>;
  title: string;
  action?: RegExp;
  /** Our server gives up on the upstream and answers 504 (see pricingTimedOutAtOurServer). */
  serverTimesOut?: true;
}[] = [
  {
    label: '401 {"error":"API key is required"}',
    rule: { fault: 'unauthorized-missing-key' },
    title: 'Odds service refused access',
  },
  {
    label: '401 {"error":"Invalid or inactive API key"}',
    rule: { fault: 'unauthorized-invalid-key' },
    title: 'Odds service refused access',
  },
  { label: '403 (plan does not include it)', rule: { fault: 'forbidden' }, title: 'Odds not available here' },
  {
    label: '429 with Retry-After: 3',
    rule: { fault: 'rate-limited', retryAfterSeconds: 3 },
    title: 'Too many requests',
    action: /^Retrying automatically in [123] s\.$/,
  },
  {
    label: '429 without Retry-After',
    rule: { fault: 'rate-limited-no-retry-after' },
    title: 'Too many requests',
    action: /^Retrying automatically in [2345] s\.$/,
  },
  { label: '500 with a JSON error', rule: { fault: 'server-error' }, title: 'Odds service problem' },
  { label: '502 with an HTML page', rule: { fault: 'bad-gateway-html' }, title: 'Odds service problem' },
  // Our server never passes on an answer that is not JSON: it answers 502 with its own JSON error.
  { label: '200 with an empty body', rule: { fault: 'empty-200' }, title: 'Odds service problem' },
  { label: '200 with malformed JSON', rule: { fault: 'malformed-json' }, title: 'Odds service problem' },
  {
    label: '200 with a truncated body (connection drops)',
    rule: { fault: 'truncated' },
    title: 'Odds service problem',
  },
  // Three tries of LIVE_UPSTREAM_TIMEOUT_MS each, in real time at our server.
  {
    label: 'upstream slower than our timeout',
    rule: { fault: 'slow' },
    title: 'Taking too long',
    serverTimesOut: true,
  },
  { label: 'connection reset', rule: { fault: 'reset' }, title: 'Odds service problem' },
  { label: '500 whose body and headers repeat our key', rule: { fault: 'echo-key' }, title: 'Odds service problem' },
];

for (const fault of wholeRequest) {
  test(`whole request: ${fault.label}`, async ({ page }, testInfo) => {
    row(testInfo, fault.label);
    // A countdown (429) is read as it runs. Every other failure shows at once (refused) or after
    // the page has asked twice more, 1 s then 2 s later: the test moves the page's clock through
    // that backoff. A failing book's refresh counts from its last try, so it stays ahead of the
    // moved clock; the healthy book's may come meanwhile and keeps its price.
    const stepsTheClock = fault.action === undefined;
    // A limit, not a wait: room for the page's clock to be moved through three slow tries on a loaded machine.
    if (stepsTheClock) test.setTimeout(45_000);
    await fail([{ ...fault.rule, books: FAILING }]);
    const serverGaveUp = fault.serverTimesOut ? pricingTimedOutAtOurServer(page) : null;
    await openWithSlip(page, legs, { books: [...BOOKS] });
    if (stepsTheClock)
      await runPageClockUntil(
        page,
        (timeout) => expect(priceGrid(page).getByRole('alert')).toContainText(fault.title, { timeout }),
        { maxMs: PAGE_CLOCK_THROUGH_TIMEOUTS_MS },
      );
    await serverGaveUp;
    await expectRequestFailure(page, fault.title, fault);
  });
}

test('a book’s part: `data` as an array', async ({ page }, testInfo) => {
  row(testInfo, '`data` as an array (DraftKings)');
  await fail([{ fault: 'data-array', books: ['DraftKings'] }]);
  await openWithSlip(page, legs, { books: [...BOOKS] });
  await expectBookExplained(
    page,
    'DraftKings',
    'No answer from DraftKings',
    "The odds service's reply had nothing for DraftKings.",
  );
});

test('a book’s part: the price as a string', async ({ page }, testInfo) => {
  row(testInfo, 'price as a string (DraftKings)');
  await fail([{ fault: 'price-string', books: ['DraftKings'] }]);
  await openWithSlip(page, legs, { books: [...BOOKS] });
  await expectBookExplained(
    page,
    'DraftKings',
    "DraftKings didn't answer",
    "DraftKings's part of the answer could not be read, so no price is shown for it.",
  );
});

test('a book’s part: legs shorter than the slip', async ({ page }, testInfo) => {
  row(testInfo, '`legs` shorter than the slip (BetMGM)');
  await fail([{ fault: 'legs-short', books: ['BetMGM'] }]);
  await openWithSlip(page, legs, { books: [...BOOKS] });
  await expectBookExplained(
    page,
    'BetMGM',
    "BetMGM didn't answer",
    "BetMGM's part of the answer could not be read, so no price is shown for it.",
  );
});

test('a requested book missing from the answer', async ({ page }, testInfo) => {
  row(testInfo, 'requested book missing (Novig)');
  await fail([{ fault: 'absent', books: ['Novig'] }]);
  await openWithSlip(page, legs, { books: [...BOOKS] });
  await expectBookExplained(page, 'Novig', 'No answer from Novig', "The odds service's reply had nothing for Novig.");
});

test('unknown extra fields everywhere change nothing', async ({ page }, testInfo) => {
  row(testInfo, 'unknown extra fields (every answer)');
  await fail([{ fault: 'extra-fields' }]);
  await openWithSlip(page, legs, { books: [...BOOKS] });
  await expectAllBooksAnswered(page);
  await expectPriced(page, BOOKS);
  for (const book of BOOKS) await expect(await gridCell(page, 'Parlay', book)).toHaveText(AMERICAN_PRICE);
  expect(await bookColumns(page)).toEqual([...BOOKS]);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectSlipIntact(page);
});

test('books that were not requested are ignored', async ({ page }, testInfo) => {
  row(testInfo, 'books that were not requested (every answer)');
  // Each answer also carries the other chosen books, and unchosen ones, at a price no book quotes.
  await fail([{ fault: 'extra-books' }]);
  await openWithSlip(page, legs, { books: [...BOOKS] });
  await expectAllBooksAnswered(page);
  await expectPriced(page, BOOKS);
  expect(await bookColumns(page)).toEqual([...BOOKS]);
  await expect(priceGrid(page)).not.toContainText(`+${UNREQUESTED_BOOK_PRICE}`);
  await expect(priceGrid(page)).not.toContainText(/FanDuel|Blue Book|Unibet/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectSlipIntact(page);
});

test('a key or credentials sent by the browser never reach the odds service', async ({ page }) => {
  await page.goto('/');
  await receivedRequests(stack.faultOrigin, { clear: true });
  const statuses = await page.evaluate(async () => {
    const headers = {
      'X-Api-Key': 'browser-key',
      Authorization: 'Bearer browser-token',
      'Content-Type': 'application/json',
    };
    const body = JSON.stringify({
      sportsbooks: ['DraftKings'],
      entries: [
        { fixture_id: 'A1', market: 'Moneyline', name: 'Home' },
        { fixture_id: 'A2', market: 'Moneyline', name: 'Away' },
      ],
    });
    const answers = await Promise.all([
      fetch('/api/v3/leagues?sport=credentials-check&key=browser-key', { headers }),
      fetch('/api/v3/parlay/odds?key=browser-key', { method: 'POST', headers, body, credentials: 'include' }),
    ]);
    return Promise.all(
      answers.map(async (answer) => {
        await answer.text();
        return answer.status;
      }),
    );
  });
  expect(statuses).toEqual([200, 200]);
  const seen = (await receivedRequests(stack.faultOrigin)).filter(
    (request) => request.query.includes('credentials-check') || request.path === '/api/v3/parlay/odds',
  );
  expect(seen.map((request) => request.path).sort()).toEqual(['/api/v3/leagues', '/api/v3/parlay/odds']);
  for (const request of seen) {
    expect(request.headers['x-api-key']).toBe(CANARY_KEY);
    expect(request.headers.authorization).toBeUndefined();
    expect(request.headers.cookie).toBeUndefined();
    expect(request.query).not.toContain('key=');
  }
});

// Last in this file (the project runs it in order): everything above has gone through the server.
test('the live server’s own output never carries its key', async () => {
  const output = readFileSync(stack.logPath, 'utf8');
  expect(output).toContain(`Proxying odds requests to 127.0.0.1:${stack.faultPort}`);
  expect(output.includes(CANARY_KEY) ? output : '').toBe('');
});

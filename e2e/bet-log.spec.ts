/**
 * The bet log end to end: a parlay logged at a book in today's world; the same browser storage
 * (IndexedDB, carried into a new browser context) then opened in a world three days on, where a
 * second server's sandbox has played the games: every leg graded, the parlay settled, CLV per leg
 * and for the parlay; at the laptop's and the phone's sizes, axe clean.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, newWorldContext, test, worldNowMs } from './support/world.ts';
import { axeViolations } from './support/axe.ts';
import { expectAllBooksAnswered, priceGrid } from './support/locators.ts';
import { openWithSlip } from './support/network.ts';
import { moneylineLeg, sandboxGames, totalLeg } from './support/sandbox-data.ts';

const DAY_MS = 86_400_000;
const LATER_MS = 3 * DAY_MS;
const port = Number(process.env.E2E_PORT ?? 5183);
/** Our server over a sandbox three days on (the fault stack has the next two ports). */
const laterPort = port + 5;
const BOOK = 'DraftKings';

const SIZES = [
  { name: 'laptop', viewport: { width: 1280, height: 800 }, phone: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true },
] as const;

async function startLaterServer(): Promise<ChildProcess> {
  const world = { start: Date.parse(process.env.E2E_CLOCK ?? ''), anchor: process.env.E2E_CLOCK_ANCHOR_MS ?? '' };
  // One process (no npx in between), so that stopping it stops the server.
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(laterPort),
      SANDBOX_LATENCY: 'zero',
      SANDBOX_FAILURES: '0',
      ODDS_API_KEY: '',
      PROXY_RATE_LIMIT: '6000',
      // A cold sandbox works out the day's results on its first questions: seconds on a loaded machine.
      UPSTREAM_TIMEOUT_MS: '30000',
      // The page is served from the first server's origin; its questions are sent on to this one.
      ALLOWED_ORIGINS: `http://127.0.0.1:${port}`,
      STATIC_ROOT: `dist/e2e-app-${port}`,
      SANDBOX_CLOCK: new Date(world.start + LATER_MS).toISOString(),
      SANDBOX_CLOCK_ANCHOR_MS: world.anchor,
    },
    stdio: 'ignore',
  });
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${laterPort}/health`).then(
          (response) => response.ok,
          () => false,
        ),
      {
        timeout: 60_000,
      },
    )
    .toBe(true);
  return server;
}

/** The page's API answered by the later world's server; its live streams are not needed there. */
async function answerFromLaterWorld(context: BrowserContext): Promise<void> {
  await context.route('**/api/v3/**', async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.includes('/stream/')) return route.abort();
    url.host = `127.0.0.1:${laterPort}`;
    return route.fulfill({ response: await route.fetch({ url: url.toString() }) });
  });
}

async function logBet(page: Page, phone: boolean): Promise<void> {
  if (phone) {
    const ranking = priceGrid(page).getByRole('list', { name: 'Books ranked by payout' });
    await expect(ranking).toBeVisible();
    await expect(priceGrid(page).getByText(/^Asking/)).toHaveCount(0);
    await ranking.getByRole('listitem').filter({ hasText: BOOK }).getByRole('button').first().click();
  } else await expectAllBooksAnswered(page);
  await priceGrid(page)
    .getByRole('button', { name: `I placed this at ${BOOK}` })
    .click();
  const form = page.getByRole('dialog', { name: `Log this bet at ${BOOK}` });
  await expect(form.getByRole('textbox', { name: /^Stake/ })).toHaveValue('10');
  await form.getByRole('textbox', { name: /^Stake/ }).fill('25');
  expect(await axeViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Log bet' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Logged: $25.00 on a 3-leg parlay at DraftKings' }),
  ).toBeVisible();
}

// One later-world server on one port: these tests share it, one after the other.
test.describe.configure({ mode: 'serial' });
let laterServer: ChildProcess | undefined;
test.beforeAll(async () => {
  laterServer = await startLaterServer();
});
test.afterAll(() => {
  laterServer?.kill();
});

for (const size of SIZES) {
  test(`${size.name}: a parlay logged today is graded, settled and shows its CLV once its games are over`, async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size.viewport);
    const [first, second, third] = await sandboxGames(request, 3);
    const legs = [moneylineLeg(first), moneylineLeg(second, 'home'), totalLeg(third)];
    await openWithSlip(page, legs, { books: [BOOK, 'Fanatics', 'BetMGM'] });
    await logBet(page, size.phone);

    await page.getByRole('banner').getByRole('link', { name: 'Bet log' }).click();
    const bet = page.getByRole('article', { name: `3-leg parlay at ${BOOK}` });
    await expect(bet).toContainText('Open');
    const storageState = await page.context().storageState({ indexedDB: true });

    // Three days on: a new browser context with the same storage, its API from the later world.
    const later = await newWorldContext(browser, { storageState, viewport: size.viewport });
    await later.clock.setSystemTime(worldNowMs() + LATER_MS);
    await answerFromLaterWorld(later);
    const laterPage = await later.newPage();
    await laterPage.goto('/#bet-log');
    const graded = laterPage.getByRole('article', { name: `3-leg parlay at ${BOOK}` });
    const legItems = graded.getByRole('list', { name: /: legs$/ }).getByRole('listitem');
    // A cold page in a new context: its first paint, its chunks and its stored bets, on a loaded machine.
    await expect(legItems).toHaveCount(3, { timeout: 30_000 });
    // The first questions to a cold later world take a while.
    await expect(graded).not.toContainText('Not graded yet', { timeout: 45_000 });
    for (const [index, leg] of legs.entries()) {
      await expect(legItems.nth(index)).toContainText(leg.name);
      await expect(legItems.nth(index)).toContainText(/^.*(Won|Lost|Push or void|Half Won|Half Lost) · taken/);
      await expect(legItems.nth(index)).toContainText(
        /Close [+-]\d{3,}: CLV ([+−]\d+\.\d|0\.0)%; fair [+-]\d{3,}: CLV/,
      );
    }
    await expect(graded).toContainText(/(Won: \$[\d,]+\.\d{2}|Lost: -\$25\.00|Push \(stake back\))/);
    await expect(graded).toContainText(
      new RegExp(`Parlay CLV ([+−]\\d+\\.\\d|0\\.0)% vs ${BOOK}, ([+−]\\d+\\.\\d|0\\.0)% vs fair`),
    );
    const summary = laterPage.getByRole('region', { name: 'Your bets: summary' });
    await expect(summary.getByRole('definition').first()).toHaveText(/^[01]-[01]-[01]$/);
    await expect(summary).toContainText(/Average CLV([+−]\d+\.\d|0\.0)%/);
    expect(await axeViolations(laterPage)).toEqual([]);
    await later.close();
  });
}

/**
 * Nothing lost without a word, on a laptop (1280 x 800) and a phone (390 x 844): a share link opened
 * over a saved slip says so and Undo brings the saved slip back (a reload keeps it); a removed leg
 * comes back with Undo; offline, the live mark never shows green; when our server stops answering
 * while the browser says online, "No connection" shows and then clears by itself once the server
 * answers again, and a leg added meanwhile wipes none of the prices already shown.
 */
import { expect, runPageClockUntil, stopPageClock, test } from './support/world.ts';
import type { Page } from '@playwright/test';
import {
  AMERICAN_PRICE,
  chooseLeague,
  escapeRegExp,
  expectAllBooksAnswered,
  expectSlipGamesKnown,
  gameRow,
  priceGrid,
  rowAcrossBooks,
  selectionButton,
  slipLegs,
  slipPanel,
} from './support/locators.ts';
import { openWithSlip } from './support/network.ts';
import { moneylineLeg, sandboxGames, totalLeg, type E2eLeg } from './support/sandbox-data.ts';

const VIEWPORTS = [
  { name: 'laptop', width: 1280, height: 800, phone: false },
  { name: 'phone', width: 390, height: 844, phone: true },
] as const;

const BOOKS = ['DraftKings', 'BetMGM', 'Fanatics'];

/** Every request to our API: aborted as a server that cannot be reached is. */
const API_ROUTE = '**/api/**';

function undoLine(page: Page) {
  return slipPanel(page).getByRole('button', { name: 'Undo' });
}

function slipLegNames(page: Page): Promise<string[]> {
  return slipLegs(page).evaluateAll((items) => items.map((item) => item.textContent ?? ''));
}

/** The freshness line while prices arrive by stream (its green dot is only ever drawn there). */
function liveLine(page: Page) {
  return page.getByTitle('Prices change here as the books change them');
}

/** Each leg's price at every book, read from the table in one go per leg. */
async function legPrices(page: Page, legs: readonly E2eLeg[]): Promise<string[][]> {
  const rows = [];
  for (const leg of legs) {
    const row = await rowAcrossBooks(page, new RegExp(`^${escapeRegExp(leg.name)}\\s*${escapeRegExp(leg.market)}`));
    rows.push(row.map(({ text }) => text));
  }
  return rows;
}

/** The whole-request failure shown above the grid ("No connection" and what to do). */
function failureBanner(page: Page) {
  return priceGrid(page).getByRole('alert');
}

async function showTable(page: Page, phone: boolean): Promise<void> {
  if (phone) await priceGrid(page).getByRole('button', { name: 'Table view' }).click();
  await expectAllBooksAnswered(page);
}

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name} (${viewport.width} x ${viewport.height})`, () => {
    test.use({
      viewport: { width: viewport.width, height: viewport.height },
      ...(viewport.phone ? { isMobile: true, hasTouch: true } : {}),
    });
    // Each test opens the app more than once, or moves the page's clock a step at a time, waiting
    // for the page after each: on a loaded machine that is more than the suite's 30 s.
    test.setTimeout(90_000);

    test('a share link over a saved slip, and a removed leg, are taken back with Undo', async ({ page, request }) => {
      const [first, second] = await sandboxGames(request, 2);
      const saved = [moneylineLeg(first), totalLeg(first)];
      const linked = [moneylineLeg(second, 'home')];
      const savedNames = saved.map((leg) => expect.stringContaining(leg.name));

      await test.step('a slip of two legs is saved', async () => {
        await openWithSlip(page, saved, { books: BOOKS });
        await expect(slipLegs(page)).toHaveCount(2);
        await expect
          .poll(() => page.evaluate(() => localStorage.getItem('parlay-builder') ?? ''))
          .toContain(saved[1]?.name ?? '');
      });

      await test.step('a share link opens its own slip over it, says so, and Undo brings the saved one back', async () => {
        await openWithSlip(page, linked, { books: BOOKS });
        await expect(slipPanel(page)).toContainText(
          'This link opened its own slip (1 leg) in place of the one you had saved (2 legs). Undo brings yours back.',
        );
        await expect(slipLegs(page)).toHaveCount(1);
        // On a phone the prices sit above the slip: the slip moves down as they arrive, and a tap
        // whose press and release straddle the move lands on nothing (seen under load).
        await expect(priceGrid(page).getByText(/^Asking/)).toHaveCount(0);
        await expectSlipGamesKnown(page);
        await undoLine(page).click();
        await expect(slipLegs(page)).toHaveCount(2);
        expect(await slipLegNames(page)).toEqual(savedNames);
        await expect(undoLine(page)).toHaveCount(0);
      });

      await test.step('after a reload the saved slip is still there', async () => {
        await page.reload();
        await expect(slipLegs(page)).toHaveCount(2);
        expect(await slipLegNames(page)).toEqual(savedNames);
        await expect(undoLine(page)).toHaveCount(0);
      });

      await test.step('a single leg removed comes back with Undo', async () => {
        const [, removed] = saved;
        if (!removed) throw new Error('the saved slip has two legs');
        await slipPanel(page)
          .getByRole('button', { name: `Remove ${removed.name} (${removed.market}) from slip` })
          .click();
        await expect(slipLegs(page)).toHaveCount(1);
        await expect(slipPanel(page)).toContainText(`Removed ${removed.name} (${removed.market}).`);
        await undoLine(page).click();
        await expect(slipLegs(page)).toHaveCount(2);
        expect(await slipLegNames(page)).toEqual(savedNames);
      });
    });

    test('offline and back: the live mark tells the truth, prices return by themselves, none shown is wiped', async ({
      page,
      context,
      request,
    }) => {
      const [first, second, third] = await sandboxGames(request, 3);
      const legs = [moneylineLeg(first), totalLeg(second)];
      const added = moneylineLeg(third, 'home');
      await openWithSlip(page, legs, { books: BOOKS });
      await showTable(page, viewport.phone);
      await expect(liveLine(page)).toHaveText(/Live$/);

      await test.step('offline: "Not live: offline", never a green Live', async () => {
        await context.setOffline(true);
        await expect(priceGrid(page).getByText(/^Not live: offline · prices from /)).toBeVisible();
        await expect(liveLine(page)).toHaveCount(0);
        await expect(page.getByText('You’re offline')).toBeVisible();
        await context.setOffline(false);
        await expect(page.getByText('You’re offline')).toHaveCount(0);
        await expect(priceGrid(page).getByText(/^Not live: offline/)).toHaveCount(0);
      });

      // The game whose line is added later, drawn while the server still answers.
      await chooseLeague(page, 'NBA');
      const addButton = selectionButton(await gameRow(page, third), added);
      // A game row's lines load once it is near the screen: a whole league's odds, slow on a loaded machine.
      await expect(addButton).toBeVisible({ timeout: 20_000 });
      for (const row of await legPrices(page, legs)) for (const price of row) expect(price).toMatch(AMERICAN_PRICE);

      await test.step('the server stops answering: a leg added keeps the prices shown, "No connection" says why', async () => {
        // From here the page's time moves only as the test moves it: the failed asks' retries and the
        // recovery's probes come on the page's clock, the slip's 30 s refresh never within the test.
        await stopPageClock(page);
        await page.route(API_ROUTE, (route) => route.abort('connectionrefused'));
        await addButton.click();
        await expect(addButton).toHaveAttribute('aria-pressed', 'true');
        await expect(slipLegs(page)).toHaveCount(3);
        // The failed asks are retried (1 s, then 2 s) before the failure is shown. A second between
        // steps: a step past the failure would run the recovery's first probe while the server is
        // still away, and put its next one further off.
        await runPageClockUntil(
          page,
          (timeout) => expect(failureBanner(page)).toContainText('No connection', { timeout }),
          { betweenStepsMs: 1_000 },
        );
        for (const row of await legPrices(page, legs)) for (const price of row) expect(price).toMatch(AMERICAN_PRICE);
      });

      await test.step('the server answers again: the banner clears by itself and every leg is priced', async () => {
        await page.unroute(API_ROUTE);
        // Nothing clicked, nothing reloaded: the recovery's next probe (2 s after the failure) finds the
        // server and the failed asks are asked again, long before the slip's own 30 s refresh.
        await runPageClockUntil(page, (timeout) => expect(failureBanner(page)).toHaveCount(0, { timeout }), {
          betweenStepsMs: 1_000,
        });
        // The page's time runs again: an answer slow on a loaded machine is retried on it.
        await page.clock.resume();
        await expectAllBooksAnswered(page);
        for (const row of await legPrices(page, [...legs, added]))
          for (const price of row) expect(price).toMatch(AMERICAN_PRICE);
      });
    });
  });
}

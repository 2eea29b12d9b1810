/**
 * Reading the grid, on a laptop (1280 x 800) and a phone (390 x 844): the verdict in plain words with
 * the stake beside it; live and cancelled legs; explanations next to their control (Escape closes,
 * focus returns) and the book chooser on Escape; the grid as one tab stop with arrow keys; numbers
 * that never run together (five-digit prices, the fractional ladder, whole book names); book names
 * in view over many legs; books sorted by clicking a row's heading.
 */
import { expect, test } from './support/world.ts';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import {
  bookColumnHeader,
  bookColumns,
  escapeRegExp,
  fairCell,
  gridCell,
  gridRow,
  legRow,
  priceGrid,
  slipLegs,
} from './support/locators.ts';
import { forceParlayScenario, openWithSlip } from './support/network.ts';
import {
  activeFixtures,
  fixtureOdds,
  moneylineLeg,
  pickLeg,
  sandboxGames,
  spreadLeg,
  totalLeg,
  upcomingFixtures,
  type E2eLeg,
} from './support/sandbox-data.ts';

const BOOKS = ['DraftKings', 'BetMGM', 'Fanatics', 'Novig'];

const VIEWPORTS = [
  { name: 'laptop', width: 1280, height: 800, phone: false },
  { name: 'phone', width: 390, height: 844, phone: true },
] as const;

/**
 * Every book has answered, in the table or the phone's list: a price (or "No book has a price") shows
 * and no book is still being asked. (Only counting "Asking…" passed before the grid had started asking, on a loaded CI run.)
 */
async function expectAnswered(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const text = await priceGrid(page).innerText();
        const verdict = /[+\u2212-]\d{3}|\d\/\d|\d\.\d\d|No book has a price/.test(text);
        return verdict && !text.includes('Asking');
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** The phone shows a ranked list: its "Table" button shows the grid itself. */
async function showTable(page: Page, phone: boolean): Promise<Locator> {
  if (phone) await priceGrid(page).getByRole('button', { name: 'Table view' }).click();
  const grid = priceGrid(page).getByRole('grid');
  await expect(grid).toBeVisible();
  return grid;
}

/** Cells whose text spills out of them (a price running into its neighbour). */
function spilledCells(grid: Locator): Promise<string[]> {
  return grid.evaluate((table) =>
    [...table.querySelectorAll('td, th')].flatMap((cell) => {
      const box = cell.getBoundingClientRect();
      // Text for screen readers only (clipped to a pixel) is never seen, so never runs into anything.
      const shown = [...cell.querySelectorAll('span')].filter((span) => span.closest('.sr-only') === null);
      const spilt = shown.some((span) => {
        const inner = span.getBoundingClientRect();
        return inner.width > 0 && (inner.left < box.left - 0.5 || inner.right > box.right + 0.5);
      });
      return spilt ? [(cell.textContent ?? '').trim()] : [];
    }),
  );
}

/**
 * Underdogs' moneylines from upcoming NBA games, added until the legs multiply to `product`. About 140
 * gives a five-digit American parlay price (+10000 to +99999, books' margins taken), about 2,000 six.
 */
async function longShotLegs(request: APIRequestContext, target = 140): Promise<E2eLeg[]> {
  const legs: E2eLeg[] = [];
  let product = 1;
  for (const fixture of (await upcomingFixtures(request, 'nba')).slice(0, 10)) {
    if (product >= target) break;
    const odds = (await fixtureOdds(request, fixture.id, { markets: ['moneyline'] })).filter(
      (odd) => odd.market === 'Moneyline' && odd.is_main,
    );
    const longest = odds.reduce((best, odd) => (odd.price > best.price ? odd : best));
    legs.push(pickLeg(fixture.id, odds, 'Moneyline', (odd) => odd.name === longest.name));
    product *= longest.price >= 100 ? 1 + longest.price / 100 : 1 + 100 / -longest.price;
  }
  return legs;
}

/**
 * The service reports this game in play: its odds answers say `live` (the world clock's games are
 * not all in play at a set hour, so the test says it of one upcoming game, as the service would).
 */
async function reportLive(page: Page, fixtureId: string): Promise<void> {
  await page.route('**/api/v3/fixtures/odds*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data?: { id?: string; status?: string; is_live?: boolean }[] };
    for (const fixture of body.data ?? []) {
      if (fixture.id === fixtureId) Object.assign(fixture, { status: 'live', is_live: true });
    }
    await route.fulfill({ response, json: body });
  });
}

/** The numbers in a row of the table, book by book in column order (NaN where a book has none). */
async function americanPrices(page: Page, rowHeader: string | RegExp | Locator, books: readonly string[]) {
  const prices: number[] = [];
  for (const book of books) {
    const text = (await (await gridCell(page, rowHeader, book)).innerText()).trim();
    prices.push(Number(/^[+-]\d+/.exec(text)?.[0] ?? Number.NaN));
  }
  return prices;
}

function decreasing(values: readonly number[]): boolean {
  const known = values.filter((value) => !Number.isNaN(value));
  return known.every((value, index) => index === 0 || value <= (known[index - 1] ?? Infinity));
}

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name} (${viewport.width} x ${viewport.height})`, () => {
    test.use({
      viewport: { width: viewport.width, height: viewport.height },
      ...(viewport.phone ? { isMobile: true, hasTouch: true } : {}),
    });

    test('three legs at four books: a one-line verdict with the stake beside it; the grid one tab stop with arrow keys; books sorted by a row’s heading', async ({
      page,
      request,
    }) => {
      // One slip read three ways: a test for each opened it three times (a page load, a hydration and
      // every book's answers each), for checks that change nothing the next one reads.
      test.slow();
      const [first, second, third] = await sandboxGames(request, 3);
      const legs = [moneylineLeg(first), moneylineLeg(second, 'home'), totalLeg(third)];
      await openWithSlip(page, legs, { books: BOOKS, fairValue: true });
      await expectAnswered(page);
      await test.step('a one-line verdict names the best book, its price and payout, with the stake beside it', async () => {
        const book = BOOKS.map(escapeRegExp).join('|');
        // Whole amounts are written without cents, as the stake is (+3800 on $10 pays "$390").
        const verdict = priceGrid(page).getByText(/^Best at /);
        await expect(verdict).toHaveText(
          new RegExp(
            `^Best at (${book})( and (${book}))?: [+-]\\d{3,} pays \\$[\\d,]+(\\.\\d{2})? on \\$10, (\\$[\\d,]+(\\.\\d{2})?|under 1¢) more than (${book})$`,
          ),
        );
        const named = /^Best at ([^:]+?)(?: and [^:]+)?:/.exec(await verdict.innerText())?.[1];
        // The named book is the one that pays most: first in the phone's ranking, first by payout in the table.
        if (viewport.phone) {
          await expect(
            priceGrid(page).getByRole('list', { name: 'Books ranked by payout' }).getByRole('listitem').first(),
          ).toContainText(named ?? '?');
        } else {
          const prices = await americanPrices(page, 'Parlay', BOOKS);
          const best = Math.max(...prices.filter((price) => !Number.isNaN(price)));
          expect(prices[BOOKS.indexOf(named ?? '')]).toBe(best);
        }

        // The stake sits beside the payout it changes: both in view at once, a line apart at most.
        const stake = priceGrid(page).getByRole('textbox', { name: 'Stake ($)' });
        await verdict.scrollIntoViewIfNeeded();
        await expect(stake).toBeInViewport();
        await expect(verdict).toBeInViewport();
        const [stakeBox, verdictBox] = [await stake.boundingBox(), await verdict.boundingBox()];
        expect(Math.abs((stakeBox?.y ?? 0) - (verdictBox?.y ?? 1000))).toBeLessThan(60);
        await stake.fill('25');
        await expect(verdict).toContainText('on $25,');

        // Fair value (shown by this link) in plain words; the method's jargon only in the "How?" explanation.
        const fairLine = priceGrid(page).getByText(/fair value(;| the other books)/);
        await expect(fairLine).toHaveText(
          new RegExp(
            `^(Every book is below fair value; (${book}) costs you least\\.|Every book is above fair value; (${book}) pays most\\.|.+ pays? above fair value; the other books are below it\\.)$`,
          ),
        );
        await expect(priceGrid(page).getByText(/power method|OpticOdds AI/)).toHaveCount(0);
        expect(await axeViolations(page)).toEqual([]);
      });
      const grid = await showTable(page, viewport.phone);
      await test.step('the grid is one tab stop, with arrow keys moving between its cells', async () => {
        // Many links and buttons (bet links, row headings, statuses), one tab stop.
        expect(await grid.locator('a[href], button').count()).toBeGreaterThanOrEqual(5);
        await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);
        const corner = grid.getByRole('columnheader', { name: 'Leg' });
        await corner.focus();
        await page.keyboard.press('Shift+Tab');
        expect(await grid.evaluate((element) => element.contains(document.activeElement))).toBe(false);
        await page.keyboard.press('Tab');
        await expect(corner).toBeFocused();
        await page.keyboard.press('Tab');
        expect(await grid.evaluate((element) => element.contains(document.activeElement))).toBe(false);

        await corner.focus();
        await page.keyboard.press('ArrowDown');
        await expect(
          legRow(page, legs[0] as E2eLeg)
            .getByRole('rowheader')
            .getByRole('button'),
        ).toBeFocused();
        // Fair value is shown (the link asks): the fair column first, then the books.
        await page.keyboard.press('ArrowRight');
        expect(
          await fairCell(page, legRow(page, legs[0] as E2eLeg)).evaluate((cell) =>
            cell.contains(document.activeElement),
          ),
        ).toBe(true);
        await page.keyboard.press('ArrowRight');
        const order = await bookColumns(page);
        const firstBook = await gridCell(page, legRow(page, legs[0] as E2eLeg), order[0] ?? '');
        expect(await firstBook.evaluate((cell) => cell.contains(document.activeElement))).toBe(true);
        await page.keyboard.press('End');
        const lastBook = await gridCell(page, legRow(page, legs[0] as E2eLeg), order.at(-1) ?? '');
        expect(await lastBook.evaluate((cell) => cell.contains(document.activeElement))).toBe(true);
        await page.keyboard.press('Control+End');
        // The last row's last cell, and the one tab stop moved with the focus.
        expect(
          await grid.evaluate((table) => {
            const lastRow = (table as HTMLTableElement).rows[(table as HTMLTableElement).rows.length - 1];
            const lastCell = lastRow?.cells[lastRow.cells.length - 1];
            return (
              lastCell?.contains(document.activeElement) === true &&
              document.activeElement?.getAttribute('tabindex') === '0'
            );
          }),
        ).toBe(true);
        await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);
      });
      await test.step('books sort by clicking a row’s heading (aria-sort, keyboard too); no separate edge sort', async () => {
        const usersOrder = await bookColumns(page);
        await expect(page.getByRole('combobox', { name: 'Sort books' })).toHaveCount(0);
        await expect(priceGrid(page).getByRole('rowheader', { name: /^Edge vs fair/ })).toBeVisible();
        await expect(gridRow(page, /^Edge vs fair/).getByRole('button')).toHaveCount(0);

        const parlayHeading = priceGrid(page).getByRole('rowheader', { name: 'Parlay', exact: true });
        await parlayHeading.getByRole('button').click();
        await expect(parlayHeading).toHaveAttribute('aria-sort', 'descending');
        const byParlay = await americanPrices(page, 'Parlay', await bookColumns(page));
        expect(decreasing(byParlay), byParlay.join(', ')).toBe(true);

        const legHeading = legRow(page, legs[2] as E2eLeg).getByRole('rowheader');
        await legHeading.getByRole('button').focus();
        await page.keyboard.press('Enter');
        await expect(legHeading).toHaveAttribute('aria-sort', 'descending');
        await expect(parlayHeading).not.toHaveAttribute('aria-sort');
        expect(decreasing(await americanPrices(page, legRow(page, legs[2] as E2eLeg), await bookColumns(page)))).toBe(
          true,
        );
        await page.keyboard.press('Enter');
        await expect(legHeading).not.toHaveAttribute('aria-sort');
        expect(await bookColumns(page)).toEqual(usersOrder);
        expect(await axeViolations(page)).toEqual([]);
      });
    });

    test('a live game’s leg says its price moves fast, and a cancelled game’s leg reads “Cancelled” at every book', async ({
      page,
      request,
    }) => {
      const cancelled = (await activeFixtures(request, 'nba')).find((fixture) => fixture.status === 'cancelled');
      if (!cancelled) throw new Error('The sandbox broke its promise: no cancelled NBA game this week');
      const cancelledLeg: E2eLeg = { fixtureId: cancelled.id, market: 'Moneyline', name: cancelled.home_team_display };
      const [liveGame, other] = await sandboxGames(request, 2);
      const live = moneylineLeg(liveGame);
      await reportLive(page, liveGame.fixture.id);
      const books = ['DraftKings', 'Fanatics', 'BetMGM'];
      await openWithSlip(page, [live, cancelledLeg, moneylineLeg(other)], { books });

      const fast = /(Live|Half-time): price moves fast/;
      await expect(slipLegs(page).filter({ hasText: live.name }).first()).toContainText(fast);
      await expect(slipLegs(page).filter({ hasText: cancelledLeg.name }).first()).toContainText('Cancelled');
      await expectAnswered(page);
      if (viewport.phone) {
        await expect(priceGrid(page).getByRole('list', { name: 'Legs on live games' })).toContainText(fast);
        const ranking = priceGrid(page).getByRole('list', { name: 'Books ranked by payout' });
        for (const book of books) {
          await ranking
            .getByRole('button', { name: new RegExp(escapeRegExp(book)) })
            .first()
            .click();
          const legPrices = priceGrid(page).getByRole('list', { name: `${book}: price of each leg` });
          const cancelledItem = legPrices.getByRole('listitem').filter({ hasText: cancelledLeg.name });
          await expect(cancelledItem).toContainText('Cancelled');
          await expect(cancelledItem).not.toContainText('Not offered');
        }
      } else {
        await expect(legRow(page, live).getByRole('rowheader')).toContainText(fast);
        for (const book of books) {
          const cell = await gridCell(page, legRow(page, cancelledLeg), book);
          await expect(cell).toHaveText('Cancelled');
        }
      }
      expect(await axeViolations(page)).toEqual([]);
    });

    test('an explanation opens next to its status with focus in it; Escape closes it and returns focus; the book chooser closes on Escape', async ({
      page,
      request,
    }) => {
      const [first, second, third] = await sandboxGames(request, 3);
      await forceParlayScenario(page, { BetMGM: 'missing:1' });
      await openWithSlip(page, [moneylineLeg(first), moneylineLeg(second, 'home'), totalLeg(third)], {
        books: BOOKS,
        fairValue: true,
      });
      await expectAnswered(page);
      if (viewport.phone) {
        // The phone's ranked list opens a book in place, the same way: focus in it, Escape hands it back.
        const row = priceGrid(page)
          .getByRole('list', { name: 'Books ranked by payout' })
          .getByRole('button', { name: /BetMGM/ })
          .first();
        await row.click();
        const details = page.getByRole('group', { name: 'BetMGM: leg prices and details' });
        await expect(details).toBeFocused();
        await expect(details).toBeInViewport();
        await expect(details).toContainText("BetMGM doesn't offer 1 of your legs");
        await expect(row).toHaveAttribute('aria-controls', (await details.getAttribute('id')) ?? '?');
        // The ranked list around it is scanned whole in phone.spec.ts.
        expect(await axeViolations(page, details)).toEqual([]);
        await page.keyboard.press('Escape');
        await expect(details).toHaveCount(0);
        await expect(row).toBeFocused();
        await expect(row).toHaveAttribute('aria-expanded', 'false');
      }
      await showTable(page, viewport.phone);
      const status = (await gridCell(page, 'Parlay', 'BetMGM')).getByRole('button', {
        name: 'Not offered at BetMGM: why',
      });
      await status.click();
      const explanation = page.getByRole('dialog', { name: 'BetMGM: why no price' });
      await expect(explanation).toBeFocused();
      await expect(explanation).toBeInViewport();
      await expect(explanation).toContainText("BetMGM doesn't offer 1 of your legs");
      // Next to what opened it: just below the status, not under the whole table.
      // Measured until the grid stops moving (a book's answer arriving can shift the row under it).
      const gapBelowStatus = async () => {
        const [statusBox, panelBox] = [await status.boundingBox(), await explanation.boundingBox()];
        return (panelBox?.y ?? 0) - ((statusBox?.y ?? 0) + (statusBox?.height ?? 0));
      };
      await expect.poll(gapBelowStatus).toBeGreaterThanOrEqual(0);
      await expect.poll(gapBelowStatus).toBeLessThan(16);
      // A row above it growing (a book's answer adding a line) moves the status: the panel follows.
      await legRow(page, moneylineLeg(first)).evaluate((row) => {
        (row as HTMLElement).style.height = `${row.getBoundingClientRect().height + 40}px`;
      });
      await expect.poll(gapBelowStatus).toBeGreaterThanOrEqual(0);
      await expect.poll(gapBelowStatus).toBeLessThan(16);
      // Non-modal: it changes nothing around it but its status's aria-expanded.
      expect(await axeViolations(page, explanation)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(explanation).toHaveCount(0);
      await expect(status).toBeFocused();
      await expect(status).toHaveAttribute('aria-expanded', 'false');

      // The fair-value explanation from the keyboard, the same way.
      const how = priceGrid(page).getByRole('button', { name: 'How fair value is worked out' });
      await how.focus();
      await page.keyboard.press('Enter');
      const fair = page.getByRole('dialog', { name: 'How fair value is worked out' });
      await expect(fair).toBeFocused();
      await expect(fair).toContainText('power method');
      await page.keyboard.press('Escape');
      await expect(fair).toHaveCount(0);
      await expect(how).toBeFocused();

      const chooser = page.getByRole('region', { name: 'Sportsbooks' });
      const change = chooser.getByRole('button', { name: 'Change sportsbooks' });
      await change.click();
      await chooser.getByRole('checkbox', { name: 'Novig' }).focus();
      await page.keyboard.press('Escape');
      await expect(chooser.getByRole('checkbox')).toHaveCount(0);
      await expect(change).toBeFocused();
    });

    test('numbers never run together: five-digit prices fit their cells, fractions read as books print them, book names stay whole', async ({
      page,
      request,
    }) => {
      const legs = await longShotLegs(request);
      const books = [
        'DraftKings',
        'BetMGM',
        'Fanatics',
        'BetRivers',
        'Hard Rock',
        'Novig',
        'Betway',
        'Bwin',
        'Unibet',
        'BetMGM (UK)',
      ];
      await openWithSlip(page, legs, { books });
      await expectAnswered(page);
      const grid = await showTable(page, viewport.phone);
      // A book's parlay is re-asked when one of its legs' prices moves on the stream, so read until one shows.
      await expect
        .poll(async () => {
          const parlayTexts = await gridRow(page, 'Parlay').getByRole('gridcell').allInnerTexts();
          return parlayTexts.filter((text) => /^\+\d{5}/.test(text.trim())).length;
        })
        .toBeGreaterThan(0);

      expect(await spilledCells(grid)).toEqual([]);

      // "BetMGM" on one line, never "BetM GM".
      const lines = await bookColumnHeader(page, 'BetMGM').evaluate((header) => {
        const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.textContent?.trim() === 'BetMGM') {
            const range = document.createRange();
            range.selectNodeContents(node);
            return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
          }
        }
        return 0;
      });
      expect(lines).toBe(1);

      await page.getByRole('combobox', { name: 'Odds format' }).selectOption('Fractional');
      await expect(gridRow(page, 'Parlay').getByRole('gridcell').first()).toHaveText(/^≈?\d+\/\d+/);
      const fractions = (await grid.getByRole('gridcell').allInnerTexts()).flatMap((text) => {
        const match = /^≈?(\d+)\/(\d+)/.exec(text.trim());
        return match ? [[Number(match[1]), Number(match[2])] as const] : [];
      });
      expect(fractions.length).toBeGreaterThan(10);
      for (const [numerator, denominator] of fractions) {
        const readable = (numerator <= 100 && denominator <= 100) || denominator === 1 || numerator === 1;
        expect(readable, `${numerator}/${denominator}`).toBe(true);
      }
      expect(await spilledCells(grid)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);

      // A price that moves flashes its cell for 2.5 s: every number stays readable (4.5:1) at the
      // flash's strongest, the best price's green and a fraction's small exact decimal included.
      // Each cell is held at the flash's first frame for the scan. The phone's table is made of the
      // same cells, narrower: checked once, at the laptop's size.
      if (viewport.phone) return;
      const bestBackground = () =>
        grid.evaluate((table) => {
          const best = table.querySelector('td.bg-best-soft');
          return best ? getComputedStyle(best).backgroundColor : 'no best cell';
        });
      const bestGreen = await bestBackground();
      const holdFlash = (className: string, held: boolean) =>
        grid.evaluate(
          (table, [name, on]) => {
            for (const cell of table.querySelectorAll('td')) {
              cell.classList.toggle(name, on);
              cell.style.animationPlayState = on ? 'paused' : '';
            }
          },
          [className, held] as const,
        );
      for (const direction of ['up', 'down']) {
        const flashClass = `price-moved-${direction}`;
        await holdFlash(flashClass, true);
        // The scan below sees the flash's colour, not the best price's own green.
        expect(await bestBackground()).not.toBe(bestGreen);
        expect(await axeViolations(page, grid), `${direction} flash`).toEqual([]);
        await holdFlash(flashClass, false);
      }
    });

    test('six-digit long shots (+100000 and up) fit their cells too', async ({ page, request }) => {
      const books = ['DraftKings', 'BetMGM', 'Fanatics', 'BetRivers', 'Hard Rock', 'Novig', 'Betway', 'Bwin', 'Unibet'];
      await openWithSlip(page, await longShotLegs(request, 2_000), { books });
      await expectAnswered(page);
      const grid = await showTable(page, viewport.phone);
      await expect
        .poll(async () => {
          const parlayTexts = await gridRow(page, 'Parlay').getByRole('gridcell').allInnerTexts();
          return parlayTexts.filter((text) => /^\+\d{6}/.test(text.trim())).length;
        })
        .toBeGreaterThan(0);
      expect(await spilledCells(grid)).toEqual([]);
    });

    test('with many legs the book names stay in view while the parlay, payout and edge rows are read', async ({
      page,
      request,
    }) => {
      const fixtures = (await upcomingFixtures(request, 'nba')).slice(0, 4);
      const legs = (
        await Promise.all(
          fixtures.map(async (fixture) => {
            const game = {
              fixture,
              label: `${fixture.away_team_display} @ ${fixture.home_team_display}`,
              odds: await fixtureOdds(request, fixture.id),
            };
            return [moneylineLeg(game), totalLeg(game), spreadLeg(game, 'home')];
          }),
        )
      ).flat();
      expect(legs).toHaveLength(12);
      await openWithSlip(page, legs, { books: BOOKS, fairValue: true });
      await expectAnswered(page);
      await showTable(page, viewport.phone);
      const box = priceGrid(page).getByRole('region', { name: 'Price table' });
      await box.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await box.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      const payout = priceGrid(page).getByRole('rowheader', { name: /^Payout/ });
      const edge = priceGrid(page).getByRole('rowheader', { name: /^Edge vs fair/ });
      const header = bookColumnHeader(page, 'DraftKings');
      for (const part of [payout, edge, header]) await expect(part).toBeInViewport();
      // The table did scroll inside its box: the header held, the legs moved under it. Read before
      // the trial click below, which may scroll the header into view by its own means.
      expect(await box.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
      const regionBox = await box.boundingBox();
      const headerBox = await header.boundingBox();
      expect((headerBox?.y ?? 0) + 1).toBeGreaterThanOrEqual(regionBox?.y ?? 0);
      // Not only laid out in view: on top, not scrolled under anything (a trial click checks what
      // would receive it, and clicks nothing).
      await header.click({ trial: true, timeout: 5000 });
    });
  });
}

/** The phone layout: 390 px wide, the grid scrolls sideways inside itself and the page never does. */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { AMERICAN_PRICE, bookColumnHeader, expectAllBooksAnswered, gridCell, gridRow, pricedParlayCells, priceGrid } from './support/locators.ts';
import { openWithSlip } from './support/network.ts';
import { moneylineLeg, sandboxGames, totalLeg } from './support/sandbox-data.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test('at 390 px the grid of ten books is usable without the page scrolling sideways', async ({ page, request }) => {
  const [first, second, third] = await sandboxGames(request, 3);
  await openWithSlip(page, [moneylineLeg(first), moneylineLeg(second, 'home'), totalLeg(third)]);
  await expectAllBooksAnswered(page);
  await expect.poll(() => pricedParlayCells(page).count()).toBeGreaterThanOrEqual(6);

  expect(await pageOverflow(page)).toBe(0);
  const scroller = priceGrid(page).getByRole('region', { name: 'Prices by sportsbook (scrolls sideways)' });
  const lastBook = bookColumnHeader(page, 'Unibet');
  const parlayHeader = gridRow(page, 'Parlay').getByRole('rowheader');
  await scroller.scrollIntoViewIfNeeded();
  await expect(scroller).toBeInViewport();
  await expect(bookColumnHeader(page, 'BetMGM')).toBeInViewport();
  await expect(lastBook).not.toBeInViewport();

  // Scroll the grid sideways to its last book: the book comes into view, the leg names stay put, the page does not move.
  await scroller.hover();
  await page.mouse.wheel(3000, 0);
  await expect(lastBook).toBeInViewport();
  await expect(await gridCell(page, 'Parlay', 'Unibet')).toBeInViewport();
  await expect(await gridCell(page, 'Parlay', 'Unibet')).toHaveText(AMERICAN_PRICE);
  await expect(parlayHeader).toBeInViewport();
  expect(await pageOverflow(page)).toBe(0);
  expect(await page.evaluate(() => window.scrollX)).toBe(0);

  // Without a pointer: the scroller takes focus and scrolls with the keys.
  await scroller.focus();
  await expect(scroller).toBeFocused();
  const scrolledTo = await scroller.evaluate((element) => element.scrollLeft);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeLessThan(scrolledTo);
  expect(await axeViolations(page)).toEqual([]);
});

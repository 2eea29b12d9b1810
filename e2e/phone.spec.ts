/**
 * The phone layout, 390 x 844: the ten books as a list ranked by payout (price, payout, edge), each
 * opening to its leg prices; the page never scrolls sideways; the table is one tap away and scrolls
 * inside itself.
 */
import { expect, test } from './support/world.ts';
import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import {
  AMERICAN_PRICE,
  bookColumnHeader,
  expectAllBooksAnswered,
  gridCell,
  gridRow,
  priceGrid,
} from './support/locators.ts';
import { openWithSlip } from './support/network.ts';
import { moneylineLeg, sandboxGames, totalLeg } from './support/sandbox-data.ts';
import { SPORTSBOOKS } from '../src/domain/sportsbooks.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

const ALL_BOOKS: readonly string[] = SPORTSBOOKS;

test('at 390 px all ten books are listed by payout with price, payout and edge, and the page never scrolls sideways', async ({
  page,
  request,
}) => {
  const [first, second, third] = await sandboxGames(request, 3);
  const legs = [moneylineLeg(first), moneylineLeg(second, 'home'), totalLeg(third)];
  await openWithSlip(page, legs);

  const ranking = priceGrid(page).getByRole('list', { name: 'Books ranked by payout' });
  const rows = ranking.getByRole('listitem').filter({ has: page.getByRole('button') });
  await expect(rows).toHaveCount(10);
  await expect(priceGrid(page).getByText(/^Asking/)).toHaveCount(0);
  for (const book of ALL_BOOKS) await expect(rows.filter({ hasText: book }).first()).toBeVisible();
  const texts = await rows.allInnerTexts();
  // Priced books first, best payout first: price, payout and edge against fair on each row.
  const priced = texts.filter((text) => /[+-]\d{3,}/.test(text));
  expect(priced.length).toBeGreaterThanOrEqual(6);
  const payouts = priced.map((text) => Number(/\$([\d,]+(?:\.\d{2})?)/.exec(text)?.[1]?.replace(/,/g, '')));
  expect(payouts).toEqual([...payouts].sort((a, b) => b - a));
  for (const text of priced) expect(text).toMatch(/[−+]?\d+\.\d%/);
  await expect(priceGrid(page).getByText(/^Fair parlay: [+-]\d{3,}/)).toBeVisible();
  expect(await pageOverflow(page)).toBe(0);

  // A book opens to its price for each leg.
  const best = rows.first();
  await best.getByRole('button').click();
  const legPrices = best.getByRole('list', { name: /: price of each leg$/ }).getByRole('listitem');
  await expect(legPrices).toHaveCount(3);
  for (const [index, leg] of legs.entries()) await expect(legPrices.nth(index)).toContainText(leg.name);
  expect(await pageOverflow(page)).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
});

test('at 390 px the table is one tap away and scrolls sideways inside itself', async ({ page, request }) => {
  const [first, second] = await sandboxGames(request, 2);
  await openWithSlip(page, [moneylineLeg(first), moneylineLeg(second, 'home')]);
  await priceGrid(page).getByRole('button', { name: 'Table view' }).click();
  await expectAllBooksAnswered(page);

  const scroller = priceGrid(page).getByRole('region', { name: 'Price table' });
  const lastBook = bookColumnHeader(page, 'Unibet');
  const parlayHeader = gridRow(page, 'Parlay').getByRole('rowheader');
  await scroller.scrollIntoViewIfNeeded();
  await expect(bookColumnHeader(page, 'BetMGM')).toBeInViewport();
  await expect(lastBook).not.toBeInViewport();

  // Scroll the table to its last book: the book comes into view, the leg names stay put, the page does not move.
  await scroller.hover();
  await page.mouse.wheel(3000, 0);
  await expect(lastBook).toBeInViewport();
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
});

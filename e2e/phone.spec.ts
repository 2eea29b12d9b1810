/**
 * The phone layout, 390 x 844: the ten books as a list ranked by payout (price, payout, edge), each
 * opening to its leg prices; the page never scrolls sideways; the table is one tap away and scrolls
 * inside itself.
 */
import { expect, test } from './support/world.ts';
import type { Locator, Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import {
  AMERICAN_PRICE,
  bookColumnHeader,
  chooseLeague,
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
  // An analyst's link: edges shown beside each book.
  await openWithSlip(page, legs, { books: ALL_BOOKS, fairValue: true });

  const ranking = priceGrid(page).getByRole('list', { name: 'Books ranked by payout' });
  const rows = ranking.getByRole('listitem').filter({ has: page.getByRole('button') });
  await expect(rows).toHaveCount(10);
  await expect(priceGrid(page).getByText(/^Asking/)).toHaveCount(0);
  for (const book of ALL_BOOKS) await expect(rows.filter({ hasText: book }).first()).toBeVisible();
  // Edges need the fair price, worked out from the books' answers after they land: read the rows once it shows.
  await expect(priceGrid(page).getByText(/^Fair parlay: [+-]\d{3,}/)).toBeVisible();
  const texts = await rows.allInnerTexts();
  // Priced books first, best payout first: price, payout and edge against fair on each row.
  const priced = texts.filter((text) => /[+-]\d{3,}/.test(text));
  expect(priced.length).toBeGreaterThanOrEqual(6);
  const payouts = priced.map((text) => Number(/\$([\d,]+(?:\.\d{2})?)/.exec(text)?.[1]?.replace(/,/g, '')));
  expect(payouts).toEqual([...payouts].sort((a, b) => b - a));
  for (const text of priced) expect(text).toMatch(/[−+]?\d+\.\d%/);
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
  await openWithSlip(page, [moneylineLeg(first), moneylineLeg(second, 'home')], { books: ALL_BOOKS });
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

/** Width and height of each element a locator matches, for a "44 x 44 on a phone" check. */
async function boxesOf(elements: Locator): Promise<{ name: string; width: number; height: number }[]> {
  return elements.evaluateAll((nodes) =>
    nodes.map((node) => {
      const box = node.getBoundingClientRect();
      return {
        name: node.getAttribute('aria-label') ?? node.textContent?.trim() ?? '',
        width: Math.round(box.width),
        height: Math.round(box.height),
      };
    }),
  );
}

test('every control a thumb needs is at least 44 x 44: day filters, team search, All markets, Table, the books’ links', async ({
  page,
  request,
}) => {
  const [first, second] = await sandboxGames(request, 2);
  await openWithSlip(page, [moneylineLeg(first), moneylineLeg(second, 'home')]);
  await chooseLeague(page, 'NBA');
  const games = page.getByRole('region', { name: 'Games' });
  await expect(games.getByRole('button', { name: /^All markets for / }).first()).toBeVisible();
  const ranking = priceGrid(page).getByRole('list', { name: 'Books ranked by payout' });
  await expect(ranking.getByText(/^Asking/)).toHaveCount(0);

  const controls = [
    ...(await boxesOf(games.getByRole('group', { name: 'Show games' }).getByRole('button'))),
    ...(await boxesOf(games.getByRole('searchbox', { name: 'Find a team' }))),
    ...(await boxesOf(games.getByRole('button', { name: /^All markets for / }).first())),
    ...(await boxesOf(priceGrid(page).getByRole('button', { name: 'Table view' }))),
    ...(await boxesOf(ranking.getByRole('link', { name: /^Bet at / }))),
  ];
  // Three day filters, the search, a game's markets, Table and at least one book's link.
  expect(controls.length).toBeGreaterThanOrEqual(7);
  expect(controls.filter((control) => control.width < 44 || control.height < 44)).toEqual([]);
});

test('the bottom bar shows the slip’s best parlay price while the grid is out of view', async ({ page, request }) => {
  const [first, second] = await sandboxGames(request, 2);
  await openWithSlip(page, [moneylineLeg(first), moneylineLeg(second, 'home')]);
  await expect(
    priceGrid(page)
      .getByRole('list', { name: 'Books ranked by payout' })
      .getByText(/^Asking/),
  ).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  const bar = page.getByRole('navigation', { name: 'Slip shortcut' });
  await expect(bar).toBeVisible();
  await expect(bar).toContainText(/Slip: 2 legs/);
  await expect(bar).toContainText(/Best [+-]\d{3,} at [A-Za-z ()]+ · pays \$[\d,]+\.\d{2}/);
  // The best in the bar is the top of the ranking.
  const top = await priceGrid(page)
    .getByRole('list', { name: 'Books ranked by payout' })
    .getByRole('listitem')
    .first()
    .innerText();
  const barText = await bar.innerText();
  const barBook = /at ([A-Za-z ()]+?) ·/.exec(barText)?.[1] ?? '';
  expect(top).toContain(barBook);
});

test('the bottom bar steps aside by hiding in its place once the grid is in view: the page does not shorten', async ({
  page,
  request,
}) => {
  const [first, second, third] = await sandboxGames(request, 3);
  await openWithSlip(page, [moneylineLeg(first), moneylineLeg(second, 'home'), moneylineLeg(third)]);
  await page.evaluate(() => window.scrollTo(0, 0));
  const bar = page.getByRole('navigation', { name: 'Slip shortcut' });
  await expect(bar).toBeVisible();
  // Hidden, the bar is out of the accessibility tree: its element, by its label.
  const barElement = page.locator('nav[aria-label="Slip shortcut"]');
  const barHeight = () => barElement.evaluate((nav) => nav.getBoundingClientRect().height);
  expect(await barHeight()).toBeGreaterThanOrEqual(44);
  // The grid in view: the bar steps aside. Taken out, it would shorten the page by its height, and
  // at the page's end the browser would pull everything on screen down by as much.
  await priceGrid(page).evaluate((grid) => grid.scrollIntoView({ block: 'start' }));
  await expect(bar).toBeHidden();
  await expect(barElement).toHaveCount(1);
  // Its place kept (its height follows its words, which go on following the prices).
  expect(await barHeight()).toBeGreaterThanOrEqual(44);
  await expect(barElement.getByRole('link')).toHaveCount(0);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px "Share" opens the system share sheet where there is one, with the slip's link`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    // A browser with a share sheet: record what it is asked to share.
    await page.addInitScript(() => {
      const shared: unknown[] = [];
      Object.assign(window, { sharedForTest: shared });
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: unknown) => {
          shared.push(data);
          return Promise.resolve();
        },
      });
    });
    const [first] = await sandboxGames(request, 1);
    await openWithSlip(page, [moneylineLeg(first)]);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sharedForTest: { url: string }[] }).sharedForTest))
      .toEqual([{ url: expect.stringMatching(/[?&]legs=/) }]);
    await expect(page.getByRole('button', { name: 'Copy share link' })).toHaveCount(0);
  });
}

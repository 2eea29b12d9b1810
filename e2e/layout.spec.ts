/**
 * Ten books at a glance: at laptop widths every book's column is inside the viewport with nothing to
 * scroll sideways and the grid is the first thing in view; on the demo article the widget stays
 * within its height limits. (Phones: phone.spec.ts.)
 */
import { expect, test } from './support/world.ts';
import type { Page } from '@playwright/test';
import { bookColumnHeader, bookColumns, expectAllBooksAnswered, gridRow, priceGrid } from './support/locators.ts';
import { forcePricing, openWithSlip, requestedBooks } from './support/network.ts';
import { moneylineLeg, sandboxGames, totalLeg } from './support/sandbox-data.ts';
import { SPORTSBOOKS } from '../src/domain/sportsbooks.ts';
import { regionFirst } from '../src/domain/book-regions.ts';

// The app's reader is in the US: the six US books first, then the four UK ones.
const ALL_BOOKS: readonly string[] = regionFirst(SPORTSBOOKS, (book) => book, 'us');

async function horizontalOverflow(page: Page): Promise<{ page: number; table: number }> {
  return page.evaluate(() => {
    const scroller = document.querySelector('[role="region"][aria-label="Price table"]');
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      table: scroller ? scroller.scrollWidth - scroller.clientWidth : Number.NaN,
    };
  });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width} x ${viewport.height} all ten books and three legs fit, the grid first in view, nothing scrolls sideways`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const [first, second, third] = await sandboxGames(request, 3);
    await openWithSlip(page, [moneylineLeg(first), moneylineLeg(second, 'home'), totalLeg(third)], {
      books: ALL_BOOKS,
    });
    await expectAllBooksAnswered(page);
    expect(await bookColumns(page)).toEqual(ALL_BOOKS);

    expect(await horizontalOverflow(page)).toEqual({ page: 0, table: 0 });
    for (const book of ALL_BOOKS) {
      const header = bookColumnHeader(page, book);
      await expect(header).toBeInViewport({ ratio: 1 });
      const box = await header.boundingBox();
      // A price column of at most 88 px.
      expect(box?.width ?? Infinity).toBeLessThanOrEqual(88);
    }
    // The prices are the first thing in view: the whole parlay row without scrolling the page.
    await expect(gridRow(page, 'Parlay')).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
}

test('on the demo article the widget keeps to its height limits, even with a book that failed', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // A failed book shows single-bet stand-ins; the ranked list labels them itself, with no extra line.
  await forcePricing(page, (request) =>
    requestedBooks(request).includes('Bwin') ? { scenario: { Bwin: 'failed' } } : null,
  );
  await page.goto('/demo/');
  const full = page.locator('#nba-builder');
  const grid = page.locator('#epl-pick');
  // The full-mode builder at 800 px wide with a league chosen: its games scroll in a box.
  await full.evaluate((element: HTMLElement) => {
    element.style.display = 'block';
    element.style.width = '800px';
  });
  await expect(
    full
      .getByRole('region', { name: 'Games' })
      .getByRole('button', { name: /^All markets for / })
      .first(),
  ).toBeVisible();
  await expect.poll(async () => (await full.boundingBox())?.width).toBe(800);
  const fullHeight = (await full.boundingBox())?.height ?? Infinity;
  // Its games box takes what 1,000 px leaves (widget-heights.spec.ts): the empty slip says how to start
  // in one line, and the grid shows once it has a leg.
  expect(fullHeight).toBeLessThanOrEqual(1000);

  // Grid mode with the article's two-leg preset, priced.
  await expect(grid.getByRole('heading', { name: 'Your slip (2 legs)' })).toBeVisible();
  await expect(priceGrid(page).first()).toBeVisible();
  await expect(grid.getByText(/^Asking/)).toHaveCount(0);
  await expect(grid.getByText('Retry', { exact: false }).first()).toBeVisible();
  const gridHeight = (await grid.boundingBox())?.height ?? Infinity;
  // With the affiliate disclosure (three lines in the sidebar), 44 px controls and, in a list this
  // narrow, each book's 44 px "Bet at" link under its row, and the stake beside the one-line verdict
  // above the list: about 990 px for four books.
  expect(gridHeight).toBeLessThanOrEqual(1020);
  test.info().annotations.push({
    type: 'widget heights',
    description: `full ${Math.round(fullHeight)} px at 800 px wide; grid ${Math.round(gridHeight)} px`,
  });
});

/** The page's scroll height beside the bottom of its last visible piece of content (or the window, if taller). */
async function emptyScrollBelowContent(page: Page): Promise<{ document: number; content: number }> {
  return page.evaluate(() => {
    const contentBottom = Math.max(
      ...[...document.body.children]
        .filter((element) => getComputedStyle(element).display !== 'none')
        .map((element) => element.getBoundingClientRect().bottom + window.scrollY),
    );
    return {
      document: document.documentElement.scrollHeight,
      content: Math.round(Math.max(contentBottom, window.innerHeight)),
    };
  });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px the widget never lengthens its host page: the article and /embed are as tall as their content`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/demo/');
    const full = page.locator('#nba-builder');
    // A league chosen: a week of games (hundreds of rows, each with words for screen readers) in its box.
    await expect(
      full
        .getByRole('region', { name: 'Games' })
        .getByRole('button', { name: /^All markets for / })
        .first(),
    ).toBeVisible();
    await expect(page.locator('#epl-pick').getByRole('heading', { name: 'Your slip (2 legs)' })).toBeVisible();
    const article = await emptyScrollBelowContent(page);
    expect(article.document - article.content).toBeLessThanOrEqual(40);

    await page.goto('/embed?leagues=nba');
    await expect(page.getByRole('button', { name: /^All markets for / }).first()).toBeVisible();
    const embed = await emptyScrollBelowContent(page);
    expect(embed.document - embed.content).toBeLessThanOrEqual(40);
    test.info().annotations.push({
      type: 'host page heights',
      description: `${viewport.width} px: article ${article.document} px for ${article.content} px of content; /embed ${embed.document} px for ${embed.content}`,
    });
  });
}

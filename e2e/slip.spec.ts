/** The slip survives: share links, reloads, clear all with undo; clashing legs are caught before any book is asked. */
import { expect, newWorldContext, test } from './support/world.ts';
import {
  addLegsThroughGames,
  AMERICAN_PRICE,
  bookColumns,
  expectAllBooksAnswered,
  openBookChooser,
  gridCell,
  pricedParlayCells,
  priceGrid,
  slipLegs,
  slipPanel,
} from './support/locators.ts';
import { openWithSlip, recordRequests } from './support/network.ts';
import { moneylineLeg, sandboxGames, totalLeg } from './support/sandbox-data.ts';

test.describe('share link', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('the copied share link restores the slip, books, odds format and fair-value choice in a new page', async ({
    page,
    request,
    browser,
  }) => {
    const [first, second] = await sandboxGames(request, 2);
    const legs = [moneylineLeg(first), totalLeg(first), moneylineLeg(second, 'home')];
    await page.goto('/');
    await addLegsThroughGames(page, 'NBA', [
      { game: first, legs: legs.slice(0, 2) },
      { game: second, legs: legs.slice(2) },
    ]);
    const bookChooser = await openBookChooser(page);
    await bookChooser.getByRole('button', { name: 'None' }).click();
    for (const book of ['DraftKings', 'Fanatics', 'Novig']) await page.getByRole('checkbox', { name: book }).check();
    await page.getByRole('combobox', { name: 'Odds format' }).selectOption('Decimal');
    // The app opens for a bettor: fair value is the analyst's one switch away.
    await expect(priceGrid(page).getByRole('checkbox', { name: 'Fair value' })).not.toBeChecked();
    await priceGrid(page).getByRole('checkbox', { name: 'Fair value' }).check();

    await page.getByRole('button', { name: 'Copy share link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());

    // A new page in a fresh browser context: nothing saved, only the link.
    const context = await newWorldContext(browser);
    try {
      const opened = await context.newPage();
      await opened.goto(link);
      await expect(slipLegs(opened)).toHaveCount(3);
      for (const [index, leg] of legs.entries()) await expect(slipLegs(opened).nth(index)).toContainText(leg.name);
      await expect(slipLegs(opened).first()).toContainText(first.label);
      await expect(opened.getByRole('combobox', { name: 'Odds format' })).toHaveValue('decimal');
      await expect(priceGrid(opened).getByRole('grid')).toBeVisible();
      // The link's books replace the defaults as the page settles: read the columns until they agree.
      await expect.poll(() => bookColumns(opened)).toEqual(['DraftKings', 'Fanatics', 'Novig']);
      await expect(priceGrid(opened).getByRole('checkbox', { name: 'Fair value' })).toBeChecked();
      await expect(priceGrid(opened).getByRole('columnheader', { name: /^Fair price/ })).toBeVisible();
      await expectAllBooksAnswered(opened);
      await expect(await gridCell(opened, 'Parlay', 'DraftKings')).toHaveText(/^\d+\.\d{2}/);
    } finally {
      await context.close();
    }
  });
});

test('a reload keeps the slip and the stake', async ({ page, request }) => {
  const [first, second] = await sandboxGames(request, 2);
  const legs = [moneylineLeg(first), moneylineLeg(second, 'home')];
  await page.goto('/');
  await addLegsThroughGames(page, 'NBA', [
    { game: first, legs: legs.slice(0, 1) },
    { game: second, legs: legs.slice(1) },
  ]);
  await page.getByLabel('Stake ($)').fill('25');
  await expect(page.getByRole('rowheader', { name: /^Payout/ })).toContainText('for $25.00');

  await page.reload();
  await expect(slipLegs(page)).toHaveCount(2);
  for (const [index, leg] of legs.entries()) await expect(slipLegs(page).nth(index)).toContainText(leg.name);
  await expect(page.getByLabel('Stake ($)')).toHaveValue('25');
  await expectAllBooksAnswered(page);
  await expect(page.getByRole('rowheader', { name: /^Payout/ })).toContainText('for $25.00');

  // Saved in the browser, not only in the address bar: the bare address brings it back too.
  await page.goto('/');
  await expect(slipLegs(page)).toHaveCount(2);
  // The chosen league too: the picker folds to it.
  await expect(page.getByRole('region', { name: 'Leagues' })).toContainText('NBA');
});

test('clear all empties the slip, and undo brings every leg back', async ({ page, request }) => {
  const [first, second, third] = await sandboxGames(request, 3);
  const legs = [moneylineLeg(first), moneylineLeg(second, 'home'), totalLeg(third)];
  await openWithSlip(page, legs, { books: ['DraftKings', 'Fanatics'] });
  await expect(slipLegs(page)).toHaveCount(3);
  await expectAllBooksAnswered(page);

  await slipPanel(page).getByRole('button', { name: 'Clear all' }).click();
  await expect(slipPanel(page).getByRole('heading', { name: 'Your slip', exact: true })).toBeVisible();
  await expect(slipLegs(page)).toHaveCount(0);
  await expect(slipPanel(page).getByRole('status')).toContainText('Slip cleared (3 legs).');
  await expect(priceGrid(page).getByText('Your slip is empty')).toBeVisible();
  await expect(slipPanel(page).getByRole('button', { name: 'Clear all' })).toBeDisabled();

  await slipPanel(page).getByRole('button', { name: 'Undo' }).click();
  await expect(slipPanel(page).getByRole('heading', { name: 'Your slip (3 legs)' })).toBeVisible();
  for (const [index, leg] of legs.entries()) await expect(slipLegs(page).nth(index)).toContainText(leg.name);
  await expect(pricedParlayCells(page)).toHaveCount(2);
});

test('clashing legs (both sides of a total) are flagged before any book is asked', async ({ page, request }) => {
  const [first, second] = await sandboxGames(request, 2);
  const over = totalLeg(first, 'Over');
  const under = totalLeg(first, 'Under');
  const other = moneylineLeg(second);
  const requests = recordRequests(page);
  await openWithSlip(page, [over, under, other], { books: ['DraftKings', 'Fanatics'] });

  await expect(slipPanel(page).getByRole('alert')).toContainText('Some legs clash');
  await expect(slipLegs(page).nth(0)).toContainText(
    `⚠ Clashes with ${under.name}: one Total Points selection per game.`,
  );
  await expect(slipLegs(page).nth(1)).toContainText(
    `⚠ Clashes with ${over.name}: one Total Points selection per game.`,
  );
  await expect(slipLegs(page).nth(2)).toContainText(other.name);
  await expect(slipLegs(page).nth(2)).not.toContainText('Clashes');
  await expect(priceGrid(page).getByRole('status')).toContainText('Fix the clashing legs in your slip first');
  await expect(priceGrid(page).getByRole('status')).toContainText(
    'No book will combine these, so no book has been asked.',
  );
  // Settled: the legs' games are known (their odds have loaded), and still no book was asked.
  await expect(slipLegs(page).first()).toContainText(first.label);
  await expect(slipLegs(page).last()).toContainText(second.label);
  await expect(priceGrid(page).getByRole('grid')).toHaveCount(0);
  expect(requests.pricing).toEqual([]);

  // Removing one side lets the books be asked.
  await page.getByRole('button', { name: `Remove ${under.name} (Total Points) from slip` }).click();
  await expect(pricedParlayCells(page)).toHaveCount(2);
  expect(requests.pricing.length).toBeGreaterThan(0);
  await expect(await gridCell(page, 'Parlay', 'DraftKings')).toHaveText(AMERICAN_PRICE);
});

/** The main path: a league, three legs from two games, and the grid priced at the books side by side. */
import { expect, test } from './support/world.ts';
import {
  addLegsThroughGames,
  AMERICAN_PRICE,
  bookColumns,
  expectAllBooksAnswered,
  gridCell,
  gridRow,
  legRow,
  pricedParlayCells,
  priceGrid,
  slipLegs,
  slipPanel,
} from './support/locators.ts';
import { openWithSlip } from './support/network.ts';
import { moneylineLeg, sandboxGames, totalLeg } from './support/sandbox-data.ts';
import { SPORTSBOOKS } from '../src/domain/sportsbooks.ts';
import { regionFirst } from '../src/domain/book-regions.ts';

// The app's reader is in the US: the six US books first, then the four UK ones.
const ALL_BOOKS: readonly string[] = regionFirst(SPORTSBOOKS, (book) => book, 'us');

test('choose a league, add three legs from two games, and see the parlay priced at six or more books', async ({
  page,
  request,
}) => {
  const [first, second] = await sandboxGames(request, 2);
  const legs = [moneylineLeg(first), totalLeg(first), moneylineLeg(second, 'home')];

  // A bettor comparing all ten books (a US visitor starts with the six US ones: region.spec.ts).
  await page.goto(`/?books=${encodeURIComponent(ALL_BOOKS.join(','))}`);
  await expect(priceGrid(page).getByText('Your slip is empty')).toBeVisible();
  await addLegsThroughGames(page, 'NBA', [
    { game: first, legs: legs.slice(0, 2) },
    { game: second, legs: legs.slice(2) },
  ]);

  await expect(slipPanel(page).getByRole('heading', { name: 'Your slip (3 legs)' })).toBeVisible();
  await expect(slipLegs(page)).toHaveCount(3);
  for (const [index, leg] of legs.entries()) await expect(slipLegs(page).nth(index)).toContainText(leg.name);

  // Every book has a column, and each answers on its own.
  await expect(priceGrid(page).getByRole('grid')).toBeVisible();
  expect(await bookColumns(page)).toEqual(ALL_BOOKS);
  await expectAllBooksAnswered(page);
  await expect.poll(() => pricedParlayCells(page).count()).toBeGreaterThanOrEqual(6);

  // A book that prices the parlay shows its price for every leg and a payout.
  await expect(await gridCell(page, 'Parlay', 'DraftKings')).toHaveText(AMERICAN_PRICE);
  for (const leg of legs)
    await expect(await gridCell(page, legRow(page, leg), 'DraftKings')).toHaveText(AMERICAN_PRICE);
  await expect(await gridCell(page, /^Payout/, 'DraftKings')).toHaveText(
    /^\$[\d,]+(\.\d{2})? \(to win \$[\d,]+\.\d{2}\)\s*$/,
  );
  // The best price is marked.
  await expect(gridRow(page, 'Parlay').getByText('Best').first()).toBeVisible();
});

test('a same-game parlay shows each book’s same-game adjustment against its legs multiplied', async ({
  page,
  request,
}) => {
  const [game] = await sandboxGames(request, 1);
  const legs = [moneylineLeg(game, 'home'), totalLeg(game, 'Over')];

  // The same-game figures are the analyst's: shown with fair value, which this link asks for.
  await openWithSlip(page, legs, { fairValue: true });
  await expectAllBooksAnswered(page);

  const adjustments = gridRow(page, /^Same-game adjustment/);
  await expect(adjustments).toBeVisible();
  // Books pay less than their legs multiplied for legs of one game: a negative adjustment, as a percentage.
  await expect(await gridCell(page, adjustments, 'DraftKings')).toHaveText(/^−\d+\.\d%$/);
  await expect(await gridCell(page, adjustments, 'Fanatics')).toHaveText(/^−\d+\.\d%$/);
  await expect(await gridCell(page, 'Parlay', 'DraftKings')).toHaveText(AMERICAN_PRICE);
});

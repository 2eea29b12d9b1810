/** What the user changes around the grid: odds format, stake, CSV download. None of them re-asks the books. */
import { readFile } from 'node:fs/promises';
import { expect, stopPageClock, test } from './support/world.ts';
import type { Page } from '@playwright/test';
import {
  AMERICAN_PRICE,
  chooseLeague,
  DECIMAL_PRICE,
  escapeRegExp,
  expectAllBooksAnswered,
  fairCell,
  gameRow,
  gridCell,
  legRow,
  pricedParlayCells,
  selectionButton,
} from './support/locators.ts';
import { openWithSlip, recordRequests } from './support/network.ts';
import { moneylineLeg, sandboxGames, totalLeg, type E2eLeg, type SandboxGame } from './support/sandbox-data.ts';

const BOOKS = ['BetMGM', 'DraftKings', 'Fanatics', 'Novig'];
let game: SandboxGame;
let legs: [E2eLeg, E2eLeg, E2eLeg];

test.beforeEach(async ({ request }) => {
  const [first, second, third] = await sandboxGames(request, 3);
  game = first;
  legs = [moneylineLeg(first), moneylineLeg(second, 'home'), totalLeg(third)];
});

async function openPricedSlip(page: Page, options: { fairValue?: boolean } = {}) {
  await openWithSlip(page, legs, { books: BOOKS, ...options });
  await expectAllBooksAnswered(page);
  await expect(pricedParlayCells(page)).toHaveCount(BOOKS.length);
}

test('changing the odds format changes every price shown, without asking the books again', async ({ page }) => {
  await openPricedSlip(page);
  // The games list shows prices too: the first leg's game row.
  await chooseLeague(page, 'NBA');
  const row = await gameRow(page, game);
  const [leg] = legs;
  await expect(selectionButton(row, leg)).toHaveAccessibleName(/, best [+-]\d{3,} at /);
  await expect(await gridCell(page, legRow(page, leg), 'DraftKings')).toHaveText(AMERICAN_PRICE);
  // The rows near the screen have their lines: nothing is in flight when the format changes. The
  // page's clock then stops, so no refresh on the clock's beat can fall inside the check: any odds
  // request would be the format change's own.
  await page.waitForLoadState('networkidle');
  await stopPageClock(page);

  const requests = recordRequests(page);
  await page.getByRole('combobox', { name: 'Odds format' }).selectOption('Decimal');

  await expect(pricedParlayCells(page, DECIMAL_PRICE)).toHaveCount(BOOKS.length);
  for (const book of BOOKS) {
    for (const slipLeg of legs)
      await expect(await gridCell(page, legRow(page, slipLeg), book)).toHaveText(DECIMAL_PRICE);
  }
  await expect(selectionButton(row, leg)).toHaveAccessibleName(
    new RegExp(`^${escapeRegExp(leg.name)}, Moneyline, best \\d+\\.\\d{2} at `),
  );
  await page.getByRole('combobox', { name: 'Odds format' }).selectOption('Implied probability');
  await expect(await gridCell(page, 'Parlay', 'DraftKings')).toHaveText(/^\d+(\.\d+)?%/);
  expect(requests.odds).toEqual([]);
});

test('changing the stake updates every payout, without asking the books again', async ({ page }) => {
  await openPricedSlip(page);
  const payout = await gridCell(page, /^Payout/, 'DraftKings');
  await expect(payout).toHaveText(/^\$[\d,]+\.\d{2} \(to win/);
  const atTen = Number((await payout.textContent())?.match(/^\$([\d,]+\.\d{2})/)?.[1]?.replace(/,/g, ''));

  // As above: with the page's clock stopped, no refresh on the beat falls inside the check.
  await stopPageClock(page);
  const requests = recordRequests(page);
  await page.getByLabel('Stake ($)').fill('20');

  await expect(page.getByRole('rowheader', { name: /^Payout/ })).toContainText('for $20.00');
  // Twice the stake, twice the payout (each rounded to the cent from the exact price).
  const candidates = [-0.01, 0, 0.01].map((cents) =>
    (2 * atTen + cents).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  );
  await expect(payout).toHaveText(new RegExp(`^\\$(${candidates.map(escapeRegExp).join('|')}) \\(to win \\$`));
  expect(requests.odds).toEqual([]);
});

test('Download CSV gives the grid with the fair price and a column per book, and each book’s edge', async ({
  page,
}) => {
  // An analyst's link: fair value, edges and the books' maximum stakes shown.
  await openPricedSlip(page, { fairValue: true });
  // Novig's limit comes with its leg prices, which may land after the parlay's: wait for it as a user would see it.
  await expect(await gridCell(page, /^Payout/, 'Novig')).toContainText('takes at most');
  // The fair parlay price is worked out from the books' answers: the CSV carries it once it shows.
  await expect(fairCell(page, 'Parlay')).toHaveText(AMERICAN_PRICE);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^parlay-prices-\d{4}-\d{2}-\d{2}\.csv$/);

  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...rows] = csv.trimEnd().split('\r\n');
  expect(header?.split(',')).toEqual([
    'Leg',
    'Market',
    'Game',
    'Fair',
    'Fair (decimal)',
    ...BOOKS.flatMap((book) => [book, `${book} (decimal)`]),
    'Game start (UTC)',
    'Game status',
    ...BOOKS.flatMap((book) => [`${book} time (UTC)`, `${book} age (min)`]),
  ]);
  // Novig, an exchange, states the most it takes.
  expect(rows.map((row) => row.split(',')[0])).toEqual([
    ...legs.map((leg) => leg.name),
    'Parlay',
    'Payout for 10.00 stake',
    'Maximum stake',
    'Edge vs fair (return per 1 staked)',
    'Status',
  ]);
  // Fair parlay, then each book's price in the chosen format and in decimal.
  expect(rows.find((row) => row.startsWith('Parlay,'))).toMatch(
    /^Parlay,,,[+-]\d{3,},\d+\.\d{4},[+-]\d{3,},\d+\.\d{4},/,
  );
  const edges =
    rows
      .find((row) => row.startsWith('Edge vs fair'))
      ?.split(',')
      .slice(5, 5 + 2 * BOOKS.length) ?? [];
  expect(edges.filter((_, index) => index % 2 === 0)).toEqual(BOOKS.map(() => expect.stringMatching(/^-?\d+\.\d%$/)));
});

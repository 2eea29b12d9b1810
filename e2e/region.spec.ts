/**
 * The bettor's own region, on a laptop (1280 x 800) and a phone (390 x 844): an en-GB browser opens
 * in the UK (legal line, pounds, fractional odds, the UK books), an en-US one with the US books only;
 * `?region=` is honoured and the chooser remembered across a reload; the other region's books are
 * one tap away in the book chooser, marked; and no two amounts ever run together, in either region.
 */
import { expect, test } from './support/world.ts';
import type { Page } from '@playwright/test';
import { bookColumns, expectAllBooksAnswered, openBookChooser, priceGrid, slipPanel } from './support/locators.ts';

/** Every chosen book has answered, in the table (laptop) or the ranked list (phone). */
async function expectAnswered(page: Page, phone: boolean): Promise<void> {
  if (!phone) return expectAllBooksAnswered(page);
  await expect(priceGrid(page).getByRole('list', { name: 'Books ranked by payout' })).toBeVisible({ timeout: 15_000 });
  await expect(priceGrid(page).getByText(/^Best at /)).toBeVisible({ timeout: 15_000 });
  await expect(priceGrid(page).getByText(/^Asking/)).toHaveCount(0);
}
import { openWithSlip } from './support/network.ts';
import { moneylineLeg, sandboxGames, totalLeg, type E2eLeg } from './support/sandbox-data.ts';

const VIEWPORTS = [
  { name: 'laptop', width: 1280, height: 800, phone: false },
  { name: 'phone', width: 390, height: 844, phone: true },
] as const;

const UK_BOOKS = ['BetMGM (UK)', 'Betway', 'Bwin', 'Unibet'];
const US_BOOKS = ['BetMGM', 'BetRivers', 'DraftKings', 'Fanatics', 'Hard Rock', 'Novig'];

/** An amount straight after a digit or a closing bracket: two amounts read as one ("US$131.10US$131.60"). */
const AMOUNTS_RUN_TOGETHER = /[\d)](?:US\$|CA\$|A\$|\$|£|€)/;

const regionSelect = (page: Page) => page.getByRole('combobox', { name: 'Region' });
const oddsFormatSelect = (page: Page) => page.getByRole('combobox', { name: 'Odds format' });
const legalLine = (page: Page) => page.getByRole('contentinfo');

/** The books the grid prices, whichever view shows them (the phone's ranked list or the table). */
async function pricedBooks(page: Page, phone: boolean): Promise<string[]> {
  if (!phone) return (await bookColumns(page)).sort();
  const list = priceGrid(page).getByRole('list', { name: 'Books ranked by payout' });
  await expect(list).toBeVisible();
  const names = await list
    .locator(':scope > li')
    .evaluateAll((items) => items.map((item) => item.querySelector('button > span:nth-child(2)')?.textContent ?? ''));
  // A name may carry its region's mark after it ("DraftKings US"): the longest book name it starts with.
  const known = [...UK_BOOKS, ...US_BOOKS].sort((a, b) => b.length - a.length);
  return names.map((name) => known.find((book) => name.startsWith(book)) ?? name).sort();
}

/** Every amount on the page, in the grid (both views), the verdict and the slip, as read and as spoken. */
async function expectNoAmountsRunTogether(page: Page, phone: boolean): Promise<void> {
  const texts = [
    await priceGrid(page).evaluate((grid) => grid.textContent ?? ''),
    await slipPanel(page).evaluate((slip) => slip.textContent ?? ''),
    await priceGrid(page).innerText(),
  ];
  if (phone) {
    // Each ranked book is one button: its name is what a screen reader says.
    const list = priceGrid(page).getByRole('list', { name: 'Books ranked by payout' });
    texts.push(await list.ariaSnapshot());
    await priceGrid(page).getByRole('button', { name: 'Table view' }).click();
    texts.push(await priceGrid(page).evaluate((grid) => grid.textContent ?? ''));
  }
  texts.push(await priceGrid(page).getByRole('grid').ariaSnapshot());
  for (const text of texts) expect(text.match(AMOUNTS_RUN_TOGETHER)?.index, text).toBeUndefined();
  const download = page.waitForEvent('download');
  await priceGrid(page).getByRole('button', { name: 'Download CSV' }).click();
  const csvPath = await (await download).path();
  const { readFile } = await import('node:fs/promises');
  expect(await readFile(csvPath, 'utf8')).not.toMatch(AMOUNTS_RUN_TOGETHER);
}

async function slipOf(request: Parameters<typeof sandboxGames>[0]): Promise<E2eLeg[]> {
  const [first, second] = await sandboxGames(request, 2);
  return [moneylineLeg(first), totalLeg(first), moneylineLeg(second, 'home')];
}

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name} (${viewport.width} x ${viewport.height})`, () => {
    test.use({
      viewport: { width: viewport.width, height: viewport.height },
      ...(viewport.phone ? { isMobile: true, hasTouch: true } : {}),
    });

    test.describe('in an en-GB browser', () => {
      test.use({ locale: 'en-GB' });

      test('opens in the UK: 18+ and its help line, pounds, fractional odds and the UK books, no amounts run together', async ({
        page,
        request,
      }) => {
        await openWithSlip(page, await slipOf(request));
        await expect(regionSelect(page)).toHaveValue('uk');
        await expect(legalLine(page)).toContainText('18+');
        await expect(legalLine(page).getByRole('link', { name: 'BeGambleAware.org' })).toBeVisible();
        await expect(legalLine(page)).not.toContainText('GAMBLER');
        await expect(oddsFormatSelect(page)).toHaveValue('fractional');
        await expect(priceGrid(page).getByLabel('Stake (£)')).toBeVisible();
        await expectAnswered(page, viewport.phone);
        await expect(priceGrid(page).getByText(/^Best at .* pays £[\d,.]+ on £10/)).toBeVisible();
        expect(await pricedBooks(page, viewport.phone)).toEqual(UK_BOOKS);
        await expect(page.getByRole('region', { name: 'Sportsbooks' })).toContainText('4 of 10 chosen');
        await expectNoAmountsRunTogether(page, viewport.phone);
      });

      test('the US books are one tap away in the book chooser, marked as US books', async ({ page, request }) => {
        await openWithSlip(page, await slipOf(request));
        const chooser = await openBookChooser(page);
        const draftKings = chooser.getByRole('checkbox', { name: 'DraftKings (US)' });
        await expect(draftKings).not.toBeChecked();
        await expect(chooser.getByRole('checkbox', { name: 'Betway', exact: true })).toBeChecked();
        await draftKings.click();
        await expect(page.getByRole('region', { name: 'Sportsbooks' })).toContainText('5 of 10 chosen');
        await expectAnswered(page, viewport.phone);
        expect(await pricedBooks(page, viewport.phone)).toEqual([...UK_BOOKS, 'DraftKings'].sort());
      });
    });

    test.describe('in an en-US browser', () => {
      test.use({ locale: 'en-US' });

      test('opens in the US with the US books only, dollars, American odds, 21+', async ({ page, request }) => {
        await openWithSlip(page, await slipOf(request));
        await expect(regionSelect(page)).toHaveValue('us');
        await expect(legalLine(page)).toContainText('21+');
        await expect(legalLine(page).getByRole('link', { name: '1-800-GAMBLER' })).toBeVisible();
        await expect(oddsFormatSelect(page)).toHaveValue('american');
        await expectAnswered(page, viewport.phone);
        expect(await pricedBooks(page, viewport.phone)).toEqual(US_BOOKS);
        await expect(priceGrid(page)).not.toContainText('Betway');
        await expectNoAmountsRunTogether(page, viewport.phone);
      });

      test('honours ?region=uk, and remembers the region chosen across a reload', async ({ page }) => {
        await page.goto('/?region=uk');
        await expect(regionSelect(page)).toHaveValue('uk');
        await expect(legalLine(page)).toContainText('18+');
        // The link's word is taken once: the address bar drops it, and the choice is the bettor's.
        await expect(page).not.toHaveURL(/region=/);
        await page.reload();
        await expect(regionSelect(page)).toHaveValue('uk');

        await regionSelect(page).selectOption('us');
        await expect(legalLine(page)).toContainText('21+');
        await expect(oddsFormatSelect(page)).toHaveValue('american');
        await page.reload();
        await expect(regionSelect(page)).toHaveValue('us');
        await expect(page.getByRole('region', { name: 'Sportsbooks' })).toContainText('6 of 10 chosen');
      });
    });
  });
}

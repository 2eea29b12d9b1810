/**
 * After the bet, before it: a leg on an injured player says so (slip, grid and the phone's ranked
 * list), a leg on a player ruled out is explained where a book leaves it out, and each leg opens
 * its price history (opening and current price at each book, a chart and the same figures as a
 * table), at a laptop's size and a phone's; axe-clean with the chart open.
 */
import { expect, test } from './support/world.ts';
import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { AMERICAN_PRICE, legRow, openBookExplanation, priceGrid, slipLegs } from './support/locators.ts';
import { openWithSlip } from './support/network.ts';
import { injuredPlayerLeg, moneylineLeg, ruledOutPlayerLeg, type E2eLeg } from './support/sandbox-data.ts';

const BOOKS = ['DraftKings', 'BetMGM', 'Fanatics'];

async function openPriceHistory(page: Page, leg: E2eLeg) {
  const opener = page.getByRole('button', { name: `Price history of ${leg.name} (${leg.market})` });
  // Every book answered first: on a phone the ranked list above the slip grows as books answer, and
  // a tap taken while it grows lands beside the moving button (once in CI, under load).
  await expect(priceGrid(page).getByText(/^Asking/)).toHaveCount(0);
  await opener.click();
  const dialog = page.getByRole('dialog', { name: `Price history: ${leg.name}` });
  await expect(dialog).toBeVisible();
  return { opener, dialog };
}

for (const size of [
  { name: 'laptop', viewport: { width: 1280, height: 800 }, phone: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true },
]) {
  test.describe(`at ${size.viewport.width} x ${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport, isMobile: size.phone, hasTouch: size.phone });
    // axe over the whole page with the dialog open takes seconds on a loaded machine.
    test.slow();

    test('a leg on an injured player says so, with the injury, in the slip and the grid', async ({ page, request }) => {
      const { leg, injury, game } = await injuredPlayerLeg(request);
      const other = moneylineLeg(game, 'home');
      await openWithSlip(page, [leg, other], { books: BOOKS });
      const note = `${injury.status} · ${injury.type ?? ''}`.replace(/ · $/, '');
      await expect(slipLegs(page).nth(0)).toContainText(leg.name);
      await expect(slipLegs(page).nth(0)).toContainText(note);
      await expect(slipLegs(page).nth(1)).toContainText(other.name);
      await expect(slipLegs(page).nth(1)).not.toContainText(note);
      // The phone's prices are a ranked list, with the legs on injured players above it; the table
      // (and its leg rows) is the laptop's.
      if (size.phone) {
        const injured = priceGrid(page).getByRole('group', { name: 'Legs on injured players' });
        await expect(injured).toContainText(`${leg.name}: Injury: ${note}`);
        await expect(injured).not.toContainText(other.name);
      } else await expect(legRow(page, leg)).toContainText(note);
    });

    test('a leg on a player ruled out: the slip warns, and where a book leaves it out it says why', async ({
      page,
      request,
    }) => {
      const { leg, injury, game } = await ruledOutPlayerLeg(request);
      await openWithSlip(page, [leg, moneylineLeg(game, 'home')], { books: BOOKS });
      const warning = `${injury.player.name} is ruled out`;
      await expect(slipLegs(page).nth(0)).toContainText(warning);
      const book = BOOKS[0] ?? 'DraftKings';
      if (size.phone) {
        const ranking = priceGrid(page).getByRole('list', { name: 'Books ranked by payout' });
        await expect(priceGrid(page).getByRole('group', { name: 'Legs on injured players' })).toContainText(warning);
        await ranking
          .getByRole('button', { name: new RegExp(book) })
          .first()
          .click();
        const details = page.getByRole('group', { name: `${book}: leg prices and details` });
        await expect(details).toContainText(`Not offered: ‘${leg.name}’.`);
        await expect(details).toContainText(warning);
      } else {
        const explanation = await openBookExplanation(page, book, 'Not offered');
        await expect(explanation).toContainText(`Not offered: ‘${leg.name}’.`);
        await expect(explanation).toContainText(warning);
      }
    });

    test("a leg's chart shows each book's opening and current price, keyboard in and out, axe-clean", async ({
      page,
      request,
    }) => {
      const { game } = await injuredPlayerLeg(request);
      const leg = moneylineLeg(game);
      await openWithSlip(page, [leg], { books: BOOKS });
      const { opener, dialog } = await openPriceHistory(page, leg);
      const table = dialog.getByRole('table', { name: new RegExp(`at each book, since the line opened`) });
      const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
      await expect(rows).toHaveCount(BOOKS.length);
      for (const book of BOOKS) {
        const row = rows.filter({ has: page.getByRole('rowheader', { name: book }) });
        await expect(row.getByRole('cell').nth(0)).toHaveText(AMERICAN_PRICE);
        await expect(row.getByRole('cell').nth(1)).toHaveText(AMERICAN_PRICE);
      }
      const chart = dialog.getByTestId('line-chart');
      await expect(chart).toBeVisible();
      await expect(chart.locator('g[data-book] circle')).toHaveCount(2 * BOOKS.length);
      if (size.phone) {
        // A full-width sheet on a phone.
        const box = await dialog.boundingBox();
        expect(box?.width).toBeGreaterThanOrEqual(size.viewport.width - 1);
      }

      await dialog.getByRole('button', { name: 'Last 24 hours' }).click();
      await expect(dialog.getByRole('table', { name: /over the last 24 hours/ })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    });
  });
}

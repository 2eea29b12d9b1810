/**
 * Nothing lost without a word, on a laptop (1280 x 800) and a phone (390 x 844): a share link opened
 * over a saved slip says so and gives the saved one back; one removed leg comes back with undo; the
 * live mark is never green while offline; a server that refused and then answers brings the prices
 * back by itself.
 */
import { expect, test } from './support/world.ts';
import type { Page } from '@playwright/test';
import { priceGrid, slipLegs, slipPanel } from './support/locators.ts';
import { openWithSlip } from './support/network.ts';
import { moneylineLeg, sandboxGames, totalLeg } from './support/sandbox-data.ts';

const VIEWPORTS = [
  { name: 'laptop', width: 1280, height: 800, phone: false },
  { name: 'phone', width: 390, height: 844, phone: true },
] as const;

const BOOKS = ['DraftKings', 'BetMGM', 'Novig'];

const refuseApi = (page: Page) => page.route('**/api/v3/**', (route) => route.abort('connectionrefused'));

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name} (${viewport.width} x ${viewport.height})`, () => {
    test.use({
      viewport: { width: viewport.width, height: viewport.height },
      ...(viewport.phone ? { isMobile: true, hasTouch: true } : {}),
    });

    test('a share link over a saved slip says so, and undo gives the saved slip back', async ({ page, request }) => {
      const [first, second] = await sandboxGames(request, 2);
      const saved = [moneylineLeg(first), totalLeg(first)];
      await openWithSlip(page, saved, { books: BOOKS });
      await expect(slipLegs(page)).toHaveCount(2);
      // Saved: a later visit without a link opens it.
      await page.goto('/');
      await expect(slipLegs(page)).toHaveCount(2);

      await openWithSlip(page, [moneylineLeg(second, 'home')], { books: BOOKS });
      await expect(slipPanel(page).getByRole('status')).toContainText(
        'This link opened its own slip (1 leg) in place of the one you had saved (2 legs).',
      );
      await slipPanel(page).getByRole('button', { name: 'Undo' }).click();
      await expect(slipLegs(page)).toHaveCount(2);
      await expect(slipLegs(page).first()).toContainText(saved[0]?.name ?? '');
      await page.goto('/');
      await expect(slipLegs(page)).toHaveCount(2);
    });

    test('one removed leg comes back in its place with undo', async ({ page, request }) => {
      const [first, second] = await sandboxGames(request, 2);
      const legs = [moneylineLeg(first), totalLeg(first), moneylineLeg(second, 'home')];
      await openWithSlip(page, legs, { books: BOOKS });
      const middle = legs[1];
      if (!middle) throw new Error('No leg');
      await slipPanel(page)
        .getByRole('button', { name: `Remove ${middle.name} (${middle.market}) from slip` })
        .click();
      await expect(slipLegs(page)).toHaveCount(2);
      await expect(slipPanel(page).getByRole('status')).toContainText(`Removed ${middle.name} (${middle.market}).`);
      await slipPanel(page).getByRole('button', { name: 'Undo' }).click();
      await expect(slipLegs(page)).toHaveCount(3);
      await expect(slipLegs(page).nth(1)).toContainText(middle.name);
    });

    test('offline and back: the live mark tells the truth, and a refusing server is asked again by itself', async ({
      page,
      context,
      request,
    }) => {
      const [first, second] = await sandboxGames(request, 2);
      await openWithSlip(page, [moneylineLeg(first), moneylineLeg(second, 'home')], { books: BOOKS });
      await expect(priceGrid(page).getByText(/^Best at /)).toBeVisible({ timeout: 15_000 });

      await context.setOffline(true);
      await expect(priceGrid(page).getByText('You’re offline')).toBeVisible();
      await expect(priceGrid(page).getByText('Live', { exact: true })).toHaveCount(0);
      await expect(priceGrid(page).getByText(/^Not live: offline/)).toBeVisible();
      await context.setOffline(false);
      await expect(priceGrid(page).getByText('You’re offline')).toHaveCount(0);

      // The browser says online, but the server refuses: a changed slip cannot be priced.
      await refuseApi(page);
      await slipPanel(page)
        .getByRole('button', { name: /^Remove .* from slip$/ })
        .first()
        .click();
      await expect(priceGrid(page).getByText('No connection')).toBeVisible({ timeout: 15_000 });
      await page.unroute('**/api/v3/**');
      // Nobody presses Try again: the app hears the server again and asks by itself.
      await expect(priceGrid(page).getByText('No connection')).toHaveCount(0, { timeout: 20_000 });
      await expect(priceGrid(page).getByText(/^Best at /)).toBeVisible({ timeout: 15_000 });
    });
  });
}

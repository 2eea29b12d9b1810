/** axe-core (WCAG 2.x A/AA) on the main states of the page. The phone layout is checked in phone.spec.ts. */
import { expect, test } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { expectAllBooksAnswered, gridCell, openGame, priceGrid, slipPanel } from './support/locators.ts';
import { forcePricing, openWithSlip } from './support/network.ts';
import { moneylineLeg, sandboxGames, totalLeg, type E2eLeg, type SandboxGame } from './support/sandbox-data.ts';

let game: SandboxGame;
let legs: [E2eLeg, E2eLeg, E2eLeg];

test.beforeEach(async ({ request }) => {
  const [first, second, third] = await sandboxGames(request, 3);
  game = first;
  legs = [moneylineLeg(first), moneylineLeg(second, 'home'), totalLeg(third)];
});

test('the first visit, and a league’s games with one game’s markets open', async ({ page }) => {
  await page.goto('/');
  await expect(priceGrid(page).getByText('Your slip is empty')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Leagues' }).getByRole('button', { name: 'NBA', exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('region', { name: 'Leagues' }).getByRole('button', { name: 'NBA', exact: true }).click();
  const markets = await openGame(page, game);
  await expect(markets.getByRole('heading', { name: 'Moneyline' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('the grid with prices and every kind of explanation', async ({ page }) => {
  await forcePricing(page, () => ({ scenario: { BetMGM: 'missing:1', DraftKings: 'uncombinable', Novig: 'failed', Bwin: 'absent' } }));
  await openWithSlip(page, legs);
  await expectAllBooksAnswered(page);
  await expect(await gridCell(page, 'Notes', 'Fanatics')).toHaveText('Fanatics prices all 3 legs');
  const draftKings = await gridCell(page, 'Notes', 'DraftKings');
  await draftKings.getByRole('button', { name: 'Find the conflict at DraftKings' }).click();
  await expect(draftKings.getByRole('status')).toContainText('No single leg causes it; several legs clash.');
  expect(await axeViolations(page)).toEqual([]);
});

test('a whole-request failure above the grid', async ({ page }) => {
  await forcePricing(page, () => ({ fault: 'unauthorized-invalid-key' }));
  await openWithSlip(page, legs, { books: ['DraftKings', 'Fanatics'] });
  await expect(priceGrid(page).getByRole('alert')).toContainText('Odds service refused access');
  expect(await axeViolations(page)).toEqual([]);
});

test('clashing legs flagged in the slip', async ({ page }) => {
  await openWithSlip(page, [totalLeg(game, 'Over'), totalLeg(game, 'Under')]);
  await expect(slipPanel(page).getByRole('alert')).toContainText('Some legs clash');
  await expect(priceGrid(page).getByText('Fix the clashing legs in your slip first')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

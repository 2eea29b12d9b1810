/** axe-core (WCAG 2.x A/AA) on the main states of the page. The phone layout is checked in phone.spec.ts. */
import { SPORTSBOOKS } from '../src/domain/sportsbooks.ts';
import { expect, test } from './support/world.ts';
import { axeViolations } from './support/axe.ts';
import { chooseLeague, expectAllBooksAnswered, gridCell, openGame, priceGrid, slipPanel } from './support/locators.ts';
import { forcePricing, openWithSlip, requestedBooks } from './support/network.ts';
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
  await expect(
    page.getByRole('region', { name: 'Leagues' }).getByRole('button', { name: 'NBA', exact: true }),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await chooseLeague(page, 'NBA');
  const markets = await openGame(page, game);
  await markets
    .getByRole('button', { name: /^Moneyline/ })
    .first()
    .click();
  await expect(
    markets.getByRole('button', { name: new RegExp(`^${game.fixture.home_team_display}, Moneyline, best `) }).first(),
  ).toBeVisible();
  // The games list around it is scanned whole in first-minute.spec.ts.
  expect(await axeViolations(page, markets)).toEqual([]);
});

test('the grid with prices, and every kind of explanation opened from the keyboard', async ({ page }) => {
  await forcePricing(page, (request) =>
    // OpticOdds AI is not a book: it is never forced here.
    requestedBooks(request).includes('OpticOdds AI')
      ? null
      : { scenario: { BetMGM: 'missing:1', DraftKings: 'uncombinable', Novig: 'failed', Bwin: 'absent' } },
  );
  // Fair value shown, for its explanation too.
  await openWithSlip(page, legs, { books: SPORTSBOOKS, fairValue: true });
  await expectAllBooksAnswered(page);
  expect(await axeViolations(page)).toEqual([]);

  // Each status is a button reached by arrow keys in the grid (one tab stop): Enter opens the
  // book's explanation next to it.
  for (const [book, status, says] of [
    ['BetMGM', 'Not offered', "BetMGM doesn't offer 1 of your legs"],
    ['DraftKings', "Won't combine", "DraftKings won't combine these legs in one parlay"],
    ['Novig', 'Retry', 'Novig'],
    ['Bwin', 'No answer', 'No answer from Bwin'],
  ] as const) {
    const status_ = (await gridCell(page, 'Parlay', book)).getByRole('button', { name: `${status} at ${book}: why` });
    await status_.focus();
    await expect(status_).toBeFocused();
    await page.keyboard.press('Enter');
    const explanation = page.getByRole('dialog', { name: `${book}: why no price` });
    await expect(explanation).toContainText(says);
    // Non-modal: it changes nothing around it but its status's aria-expanded.
    expect(await axeViolations(page, explanation)).toEqual([]);
  }

  const draftKings = (await gridCell(page, 'Parlay', 'DraftKings')).getByRole('button', {
    name: "Won't combine at DraftKings: why",
  });
  await draftKings.focus();
  await page.keyboard.press('Enter');
  const explanation = page.getByRole('dialog', { name: 'DraftKings: why no price' });
  await explanation.getByRole('button', { name: 'Find the conflict at DraftKings' }).press('Enter');
  await expect(explanation.getByRole('status')).toContainText('No single leg causes it; several legs clash.');

  // The fair-value explanation, from the fair column's header.
  await priceGrid(page).getByRole('button', { name: 'How fair value is worked out' }).press('Enter');
  const fairValue = page.getByRole('dialog', { name: 'How fair value is worked out' });
  await expect(fairValue).toContainText('power method');
  expect(await axeViolations(page, fairValue)).toEqual([]);
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

test('the scan itself reports what it is there to catch, on a page as large as the app’s', async ({ page }) => {
  await page.goto('/');
  await expect(priceGrid(page).getByText('Your slip is empty')).toBeVisible();
  // A button with no name and grey text on grey, added to the real page among its passing elements
  // (outside the root React renders into, so that hydration cannot take them away).
  await page.evaluate(() => {
    const nameless = document.createElement('button');
    nameless.id = 'axe-canary-button';
    const faint = document.createElement('p');
    faint.id = 'axe-canary-text';
    faint.textContent = 'Odds may change';
    faint.style.cssText = 'color: #777; background: #888';
    document.body.append(nameless, faint);
  });
  // Exactly these two: the text outside every landmark is a best-practice finding ("region"), not
  // WCAG's, so the scan keeps to the WCAG tags as well.
  const found = await axeViolations(page);
  expect(found.map(({ id, targets }) => ({ id, targets })).sort((a, b) => a.id.localeCompare(b.id))).toEqual([
    { id: 'button-name', targets: ['#axe-canary-button'] },
    { id: 'color-contrast', targets: ['#axe-canary-text'] },
  ]);
});

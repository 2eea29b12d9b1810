/**
 * Words for bettors, at 1280 x 800 and 390 x 844: league search finds the abbreviations bettors type;
 * a link over the leg limit says the limit; game headers and book names are never cut off or
 * hyphenated (each element's text fits its box).
 */
import { expect, test } from './support/world.ts';
import type { Locator } from '@playwright/test';
import { chooseLeague, priceGrid } from './support/locators.ts';
import { openWithSlip } from './support/network.ts';
import { moneylineLeg, sandboxGames } from './support/sandbox-data.ts';
import { MAX_SLIP_LEGS } from '../src/domain/slip.ts';

const VIEWPORTS = [
  { name: 'laptop', width: 1280, height: 800, phone: false },
  { name: 'phone', width: 390, height: 844, phone: true },
] as const;

/** Elements among these whose text does not fit their box (clipped or spilling). */
async function cutOff(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((nodes) =>
    nodes
      .filter((node) => node.scrollWidth > node.clientWidth + 1)
      .map((node) => `${(node as HTMLElement).innerText}: ${node.scrollWidth} > ${node.clientWidth}`),
  );
}

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name} (${viewport.width} x ${viewport.height})`, () => {
    test.use({
      viewport: { width: viewport.width, height: viewport.height },
      ...(viewport.phone ? { isMobile: true, hasTouch: true } : {}),
    });

    test('league search finds EPL, UCL-style abbreviations and college sports by what bettors type', async ({
      page,
    }) => {
      await page.goto('/');
      const search = page.getByRole('searchbox', { name: 'Find a league' });
      const found = page.getByRole('group', { name: 'Leagues found' }).getByRole('button');
      for (const [typed, league] of [
        ['EPL', 'England - Premier League'],
        ['NCAAF', 'NCAAF'],
        ['college basketball', 'NCAAB'],
        ['laliga', 'Spain - La Liga'],
      ] as const) {
        await search.fill(typed);
        await expect(found.first()).toHaveText(league);
      }
    });

    test('a link with more legs than a slip holds says the limit, not that legs could not be read', async ({
      page,
    }) => {
      // The notice is about the link itself: the legs' games need not exist.
      const legs = Array.from({ length: MAX_SLIP_LEGS + 2 }, (_, index) => ({
        fixtureId: `E2ELIMIT${index}`,
        market: 'Moneyline',
        name: 'Home',
      }));
      await openWithSlip(page, legs);
      await expect(
        page.getByText(
          `This link has ${MAX_SLIP_LEGS + 2} legs; a slip holds at most ${MAX_SLIP_LEGS} legs, so the last 2 were left out.`,
        ),
      ).toBeVisible();
      await expect(page.getByText(/could not be read/)).toHaveCount(0);
    });

    test('game headers and book names are whole: no cut-off times or leagues, no hyphenated books', async ({
      page,
      request,
    }) => {
      const [first, second] = await sandboxGames(request, 2);
      await openWithSlip(page, [moneylineLeg(first), moneylineLeg(second, 'home')], {
        books: ['DraftKings', 'BetRivers', 'Fanatics', 'BetMGM', 'Hard Rock'],
      });
      await chooseLeague(page, 'NBA');
      const headers = page
        .getByRole('region', { name: 'Games' })
        .getByRole('listitem')
        .locator('> div:first-of-type > span > span:last-child');
      await expect(headers.first()).toBeVisible();
      expect(await cutOff(headers)).toEqual([]);
      await expect(headers.first()).toHaveText(/^(\d{1,2}:\d{2}\s?[AP]M|Time TBC) · \S/);

      if (viewport.phone) await priceGrid(page).getByRole('button', { name: 'Table view' }).click();
      const bookHeaders = priceGrid(page).getByRole('columnheader');
      await expect(bookHeaders.filter({ hasText: 'DraftKings' })).toBeVisible();
      // Whole words only: the short names the books go by, never a soft hyphen.
      const shown = await priceGrid(page).getByRole('columnheader').locator('[aria-hidden="true"]').allInnerTexts();
      expect(shown.join(' ')).not.toMatch(/\u00AD|-\n/);
      expect(shown).toEqual(expect.arrayContaining(['DK', 'Rivers', 'Fanatics', 'BetMGM']));
      expect(await cutOff(priceGrid(page).getByRole('columnheader').locator('[aria-hidden="true"]'))).toEqual([]);
    });
  });
}

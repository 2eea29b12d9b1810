/**
 * A sport whose listing names no main markets (the service may leave `main_markets` out or list an
 * empty one; the sandbox does so on asking, X-Sandbox-Main-Markets): its game rows show the spread,
 * total and winner their odds carry, under their headings, never a row of dashes under none. On a
 * laptop (1280 x 800) the listing leaves the field out; on a phone (390 x 844) it lists none.
 */
import { expect, test } from './support/world.ts';
import { chooseLeague, gameRow, selectionButton } from './support/locators.ts';
import { moneylineLeg, sandboxGames, spreadLeg, totalLeg } from './support/sandbox-data.ts';

const VIEWPORTS = [
  { name: 'laptop', width: 1280, height: 800, phone: false, listing: 'omitted' },
  { name: 'phone', width: 390, height: 844, phone: true, listing: 'empty' },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name} (${viewport.width} x ${viewport.height})`, () => {
    test.use({
      viewport: { width: viewport.width, height: viewport.height },
      ...(viewport.phone ? { isMobile: true, hasTouch: true } : {}),
    });
    // A whole league's game lines at ten books: more than the suite's 30 s on a loaded machine.
    test.setTimeout(60_000);

    test(`basketball listed with its main markets ${viewport.listing}: NBA rows show the lines their odds carry`, async ({
      page,
      request,
    }) => {
      const [game] = await sandboxGames(request, 1);
      // The catalog the page reads lists basketball without main markets; games and odds are as ever.
      await page.route(/\/api\/v3\/(sports|leagues)(\/active)?(\?|$)/, (route) =>
        route.continue({
          headers: { ...route.request().headers(), 'x-sandbox-main-markets': `basketball=${viewport.listing}` },
        }),
      );
      const listed = page.waitForResponse((response) => response.url().includes('/api/v3/leagues/active'));
      await page.goto('/');
      await chooseLeague(page, 'NBA');
      const { data } = (await (await listed).json()) as { data: { id: string; sport: { main_markets?: unknown } }[] };
      const nba = data.find((league) => league.id === 'nba');
      expect(nba?.sport.main_markets).toEqual(viewport.listing === 'empty' ? [] : undefined);
      const row = await gameRow(page, game);
      const [spread, total, winner] = [spreadLeg(game), totalLeg(game), moneylineLeg(game)];
      // A game row's lines load once it is near the screen: a whole league's odds, slow on a loaded machine.
      await expect(selectionButton(row, winner)).toBeVisible({ timeout: 20_000 });
      for (const leg of [spread, total, winner]) await expect(selectionButton(row, leg)).toBeVisible();
      for (const heading of ['Spread', 'Total', 'Winner'])
        await expect(row.getByText(heading, { exact: true })).toBeVisible();
      await expect(row.getByText(/No main lines/)).toHaveCount(0);

      await selectionButton(row, total).click();
      await expect(selectionButton(row, total)).toHaveAttribute('aria-pressed', 'true');
    });
  });
}

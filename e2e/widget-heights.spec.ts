/**
 * The widget in an article's box, at a laptop's and a phone's width: the full builder with a league
 * chosen at most 1,000 px tall (its games scroll inside), and the grid-only builder in a 400 px column
 * with four books priced, each book's "Bet" link on its row. Run at any world instant (E2E_CLOCK):
 * live games add a "Live now" heading above the day's.
 */
import { expect, test } from './support/world.ts';
import { allowPublicHostPages } from './support/public-host-pages.ts';
import type { Locator } from '@playwright/test';
import { encodeSlip } from '../src/domain/slip.ts';
import { moneylineLeg, sandboxGames } from './support/sandbox-data.ts';

// Host pages of other sites are served here with page.route.
allowPublicHostPages();

const FULL_LIMIT_PX = 1000;
/** Four books, each with its "Bet" on its row, in a 400 px column. */
const GRID_LIMIT_PX = 600;
const BOOKS = 'DraftKings,BetMGM,Fanatics,Hard Rock';

async function heightOf(element: Locator): Promise<number> {
  return element.evaluate((node) => Math.round(node.getBoundingClientRect().height));
}

/** How many game rows lie wholly inside the games list's box, as it first shows. */
async function wholeGamesInBox(games: Locator): Promise<number> {
  return games.evaluate((box) => {
    const outer = box.getBoundingClientRect();
    return [...box.querySelectorAll('li')].filter((row) => {
      const inner = row.getBoundingClientRect();
      const isGame = [...row.querySelectorAll('button')].some((button) =>
        (button.textContent ?? '').includes('All markets for '),
      );
      return isGame && inner.height > 0 && inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1;
    }).length;
  });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px the full builder stays within ${FULL_LIMIT_PX} px and the grid builder’s books are a line each`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const [first, second] = await sandboxGames(request, 2);
    const legs = encodeSlip([moneylineLeg(first), moneylineLeg(second, 'home')]);
    const origin = baseURL ?? '';
    const hostOrigin = `http://localhost:${new URL(origin).port}`;
    // An article's column: 800 px on a laptop (the demo article's), the screen's width on a phone.
    await page.route(`${hostOrigin}/article`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><meta name="viewport" content="width=device-width, initial-scale=1">
          <title>Article</title><body style="margin:0">
          <div style="max-width:800px"><parlay-builder id="full" leagues="nba" books="${BOOKS}"></parlay-builder></div>
          <div style="width:min(400px,100%)"><parlay-builder id="grid" mode="grid" books="${BOOKS}" legs="${legs}"></parlay-builder></div>
          <script src="${origin}/widget/parlay-builder.js"></script>`,
      }),
    );
    await page.setViewportSize(viewport);
    await page.goto(`${hostOrigin}/article`);

    await test.step('the full builder, a league chosen: its games scroll in their box', async () => {
      const full = page.locator('#full');
      const games = full.getByRole('region', { name: 'Upcoming games' });
      // The page's first widget, on a cold browser: more than the usual 8 s on a loaded machine.
      await expect(games.getByRole('button', { name: /^All markets for / }).first()).toBeVisible({ timeout: 20_000 });
      await expect(full.getByRole('heading', { name: 'Your slip' })).toBeVisible();
      const height = await heightOf(full);
      const shown = await wholeGamesInBox(games);
      test.info().annotations.push({
        type: 'full builder',
        description: `${viewport.width} px: ${height} px tall, ${shown} whole games before its list scrolls`,
      });
      expect(height).toBeLessThanOrEqual(FULL_LIMIT_PX);
      expect(shown).toBeGreaterThanOrEqual(2);
    });

    await test.step('the grid builder, four books priced: each "Bet" on its book’s row', async () => {
      const grid = page.locator('#grid');
      const ranked = grid.getByRole('list', { name: 'Books ranked by payout' });
      await expect(ranked.getByRole('listitem')).toHaveCount(4);
      await expect(ranked.getByText(/^Asking/)).toHaveCount(0);
      await expect(ranked.getByRole('link', { name: /^Bet at .+ \(opens in a new tab\)$/ })).toHaveCount(4);
      const rows = await ranked.getByRole('listitem').evaluateAll((items) =>
        items.map((item) => {
          const link = item.querySelector('a')?.getBoundingClientRect();
          const row = item.querySelector('button')?.getBoundingClientRect();
          return { onRow: link !== undefined && row !== undefined && link.top < row.bottom && link.bottom > row.top };
        }),
      );
      expect(rows).toEqual(Array.from({ length: 4 }, () => ({ onRow: true })));
      const height = await heightOf(grid);
      test.info().annotations.push({ type: 'grid builder', description: `${viewport.width} px: ${height} px tall` });
      expect(height).toBeLessThanOrEqual(GRID_LIMIT_PX);
    });
  });
}

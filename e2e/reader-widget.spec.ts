/**
 * The widget as an affiliate's reader meets it, at 1280 x 800 and 390 x 844: the games, the slip, the
 * books ranked with price and payout, one "Bet" link per book (44 px tall), the affiliate disclosure
 * and the legal line; the analyst's controls only with controls="analyst"; a league with no games said
 * in words; at least two games in view before the games list scrolls; books by region.
 * (The host page's height: layout.spec.ts.)
 */
import { expect, test } from './support/world.ts';
import type { Locator } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { priceGrid, settingsNote } from './support/locators.ts';
import { encodeSlip } from '../src/domain/slip.ts';
import { moneylineLeg, sandboxGames } from './support/sandbox-data.ts';

const DEFAULT_DISCLOSURE = /^We may earn a commission if you bet through a link here\./;

/** The smallest width and height among the elements a locator matches. */
async function smallestBox(elements: Locator): Promise<{ width: number; height: number; count: number }> {
  const boxes = await elements.evaluateAll((nodes) =>
    nodes.map((node) => {
      const box = node.getBoundingClientRect();
      return { width: box.width, height: box.height };
    }),
  );
  return {
    width: Math.min(...boxes.map((box) => box.width)),
    height: Math.min(...boxes.map((box) => box.height)),
    count: boxes.length,
  };
}

/** How many game rows lie wholly inside the games list's scroll box, as it first shows. */
async function gamesFullyInBox(games: Locator): Promise<{ count: number; box: string; rows: string }> {
  return games.evaluate((box) => {
    const outer = box.getBoundingClientRect();
    const rows = [...box.querySelectorAll('li')].filter((item) =>
      [...item.querySelectorAll('button')].some((button) =>
        (button.getAttribute('aria-label') ?? button.textContent ?? '').includes('markets'),
      ),
    );
    const inside = rows.filter((row) => {
      const inner = row.getBoundingClientRect();
      return inner.height > 0 && inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1;
    });
    const span = (rect: DOMRect) => `${Math.round(rect.top)}-${Math.round(rect.bottom)}`;
    return {
      count: inside.length,
      // Said in a failure: where the box and the first rows are.
      box: span(outer),
      rows: rows
        .slice(0, 4)
        .map((row) => span(row.getBoundingClientRect()))
        .join(', '),
    };
  });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} x ${viewport.height}`, () => {
    test.use({ viewport });

    test('a reader’s widget: books ranked with price and payout, a 44 px "Bet" link each, the disclosure and the legal line, no analyst controls; axe clean', async ({
      page,
      request,
    }) => {
      const [first, second] = await sandboxGames(request, 2);
      const legs = encodeSlip([moneylineLeg(first), moneylineLeg(second, 'home')]);
      // /embed takes affiliate links only to the operator's partner hosts (EMBED_AFFILIATE_HOSTS: partner.example).
      const affiliateLinks = JSON.stringify({ DraftKings: 'https://partner.example/dk?legs={legs}' });
      await page.goto(
        `/embed?leagues=nba&books=DraftKings,BetMGM,Fanatics,Bwin&legs=${encodeURIComponent(legs)}&affiliate-links=${encodeURIComponent(affiliateLinks)}`,
      );
      const ranked = page.getByRole('list', { name: 'Books ranked by payout' });
      await expect(ranked.getByRole('listitem')).toHaveCount(4);
      await expect(ranked.getByText(/^Asking/)).toHaveCount(0);
      // Each priced row: the parlay price and the payout, best payout first.
      const rowTexts = await ranked.getByRole('listitem').allInnerTexts();
      const payouts = rowTexts.map((text) => Number(/\$([\d,]+(?:\.\d{2})?)/.exec(text)?.[1]?.replace(/,/g, '')));
      expect(payouts.every((payout) => payout > 0)).toBe(true);
      expect(payouts).toEqual([...payouts].sort((a, b) => b - a));
      for (const text of rowTexts) expect(text).toMatch(/[+-]\d{3,}/);

      // A link per book, beside its row, at least 44 px square.
      const betLinks = ranked.getByRole('link', { name: /^Bet at .+ \(opens in a new tab\)$/ });
      await expect(betLinks).toHaveCount(4);
      const smallest = await smallestBox(betLinks);
      expect(smallest.height).toBeGreaterThanOrEqual(44);
      expect(smallest.width).toBeGreaterThanOrEqual(44);
      await expect(ranked.getByRole('link', { name: 'Bet at DraftKings (opens in a new tab)' })).toHaveAttribute(
        'href',
        /^https:\/\/partner\.example\/dk\?legs=/,
      );
      // Bwin is a UK book: a US reader is told so.
      await expect(ranked.getByRole('listitem').filter({ hasText: 'Bwin' })).toContainText('UK');

      await expect(page.getByText(DEFAULT_DISCLOSURE)).toBeVisible();
      await expect(page.getByText(/Gambling problem\? Call/)).toBeVisible();
      await expect(page.getByRole('region', { name: 'Upcoming games' })).toBeVisible();

      for (const control of [
        page.getByRole('combobox', { name: 'Sort books' }),
        page.getByRole('checkbox', { name: 'Fair value' }),
        page.getByRole('button', { name: 'Download CSV' }),
        page.getByRole('heading', { name: 'Sportsbooks' }),
      ])
        await expect(control).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
    });

    test('controls="analyst" adds sorting, the fair-value switch, CSV and the book chooser; a bad value stays a reader’s widget and says so', async ({
      page,
      request,
    }) => {
      const [first, second] = await sandboxGames(request, 2);
      const legs = encodeURIComponent(encodeSlip([moneylineLeg(first), moneylineLeg(second, 'home')]));
      await page.goto(`/embed?controls=analyst&books=DraftKings,BetMGM&legs=${legs}`);
      await expect(page.getByRole('checkbox', { name: 'Fair value' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Sportsbooks' })).toBeVisible();
      // Wide enough for the table: its row headings sort the books.
      if (viewport.width >= 1280)
        await expect(
          priceGrid(page).getByRole('rowheader', { name: 'Parlay', exact: true }).getByRole('button'),
        ).toBeVisible();

      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`/embed?controls=expert&books=DraftKings,BetMGM&legs=${legs}`);
      await expect(settingsNote(page)).toContainText('controls: “expert” is not one of reader, analyst.');
      await expect(page.getByRole('list', { name: 'Books ranked by payout' })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: 'Fair value' })).toHaveCount(0);
      expect(errors).toEqual([]);
    });

    test('a league with no games this week is said in words, not as an error', async ({ page }) => {
      await page.goto('/embed?leagues=curling_world_tour');
      const status = page.getByRole('status').filter({ hasText: 'No games this week in “curling_world_tour”' });
      await expect(status).toBeVisible();
      await expect(status).toContainText('Choose a league below to see its games.');
      await expect(page.getByRole('alert')).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
    });

    // Two whole games and the next begun: the box is what a 1,000 px builder leaves (widget-heights.spec.ts).
    test('the demo article’s builder shows at least two games before its games list scrolls', async ({ page }) => {
      await page.goto('/demo/');
      const builder = page.locator('#nba-builder');
      const games = builder.getByRole('region', { name: 'Upcoming games' });
      await expect(games.getByRole('button', { name: /^All markets for / }).first()).toBeVisible();
      const shown = await gamesFullyInBox(games);
      expect(shown.count, `box ${shown.box}, first rows ${shown.rows}`).toBeGreaterThanOrEqual(2);
    });

    test('books by region: an affiliate can keep to UK books, and a US reader sees US books first with UK ones marked', async ({
      page,
      request,
    }) => {
      const [first, second] = await sandboxGames(request, 2);
      const legs = encodeURIComponent(encodeSlip([moneylineLeg(first), moneylineLeg(second, 'home')]));
      await page.goto(`/embed?book-region=uk&legs=${legs}`);
      const ranked = page.getByRole('list', { name: 'Books ranked by payout' });
      await expect(ranked.getByRole('listitem')).toHaveCount(4);
      for (const book of ['BetMGM (UK)', 'Betway', 'Bwin', 'Unibet'])
        await expect(ranked.getByRole('listitem').filter({ hasText: book })).toHaveCount(1);

      // The analyst's book chooser: the US books first, the UK ones marked.
      await page.goto(`/embed?controls=analyst&legs=${legs}`);
      await page.getByRole('button', { name: 'Change sportsbooks' }).click();
      const boxes = page.getByRole('group', { name: 'Sportsbooks to compare' }).getByRole('checkbox');
      await expect(boxes).toHaveCount(10);
      const labels = await boxes.evaluateAll((inputs) => inputs.map((input) => input.parentElement?.textContent));
      expect(labels).toEqual([
        'BetMGM',
        'BetRivers',
        'DraftKings',
        'Fanatics',
        'Hard Rock',
        'Novig',
        'BetMGM (UK)',
        'Betway (UK)',
        'Bwin (UK)',
        'Unibet (UK)',
      ]);
    });
  });
}

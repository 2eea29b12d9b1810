/**
 * Numbers that agree with each other, on a laptop (1280 x 800) and a phone (390 x 844): in fractional
 * odds every fraction pays what the payout beside it says and two different prices never share a
 * label; the verdict names the best "so far" while books are still out; a changed slip keeps each
 * book's last prices in view, marked as updating, until its answer arrives.
 */
import { expect, test } from './support/world.ts';
import type { Page, Route } from '@playwright/test';
import { expectSlipGamesKnown, priceGrid } from './support/locators.ts';
import { openWithSlip, requestedBooks } from './support/network.ts';
import { moneylineLeg, sandboxGames, totalLeg } from './support/sandbox-data.ts';

const VIEWPORTS = [
  { name: 'laptop', width: 1280, height: 800, phone: false },
  { name: 'phone', width: 390, height: 844, phone: true },
] as const;

const TEN_BOOKS = [
  'DraftKings',
  'BetMGM',
  'Fanatics',
  'BetRivers',
  'Hard Rock',
  'Novig',
  'Betway',
  'Bwin',
  'Unibet',
  'BetMGM (UK)',
];

/** A price as shown in fractional odds: `7/5`, or `≈29/2 15.63` (the fraction only approximates the price). */
const FRACTIONAL_LABEL = /^(≈)?(\d+)\/(\d+)(?:\s+(\d+\.\d+))?/;

interface ReadPrice {
  label: string;
  /** The decimal odds the label says: the fraction's own, or the decimal beside an approximate one. */
  decimal: number;
  approximate: boolean;
}

/** What a bettor reads from a price's text; throws on text that is neither a bare nor a marked fraction. */
function readFraction(text: string): ReadPrice {
  const match = FRACTIONAL_LABEL.exec(text.trim());
  if (!match) throw new Error(`Not a fractional price: ${JSON.stringify(text)}`);
  const [label = '', approximate, numerator, denominator, decimal] = match;
  if (approximate !== undefined && decimal === undefined) throw new Error(`≈ without its decimal: ${label}`);
  if (approximate === undefined && decimal !== undefined)
    throw new Error(`A decimal beside an exact fraction: ${label}`);
  return {
    label: label.trim(),
    decimal: decimal === undefined ? 1 + Number(numerator) / Number(denominator) : Number(decimal),
    approximate: approximate !== undefined,
  };
}

function money(text: string): number {
  const amount = /\$([\d,]+(?:\.\d+)?)/.exec(text)?.[1];
  if (amount === undefined) throw new Error(`No amount in ${JSON.stringify(text)}`);
  return Number(amount.replaceAll(',', ''));
}

/**
 * The payout a bettor works out from what they read, against the payout shown: to the cent from a bare
 * fraction or a two-place decimal; within the last place of a three-place one (a short price).
 */
function expectPayoutAgrees(price: ReadPrice, payout: number, stake: number, where: string): void {
  const places = /\.(\d+)$/.exec(price.label)?.[1]?.length ?? 2;
  const tolerance = 0.006 + (places > 2 ? stake * 10 ** -places : 0);
  expect(Math.abs(payout - stake * price.decimal), `${where}: ${price.label} pays ${payout}`).toBeLessThanOrEqual(
    tolerance,
  );
}

/** Labels shared by prices that pay differently: none may be. */
function sharedLabels(pairs: readonly { label: string; payout: number }[]): string[] {
  const payoutByLabel = new Map<string, number>();
  const shared: string[] = [];
  for (const { label, payout } of pairs) {
    const seen = payoutByLabel.get(label);
    if (seen !== undefined && Math.abs(seen - payout) > 0.005) shared.push(`${label}: ${seen} and ${payout}`);
    payoutByLabel.set(label, payout);
  }
  return shared;
}

/** Every chosen book has answered: the verdict no longer says "so far" and nothing is asked. */
async function expectAllAnswered(page: Page): Promise<void> {
  await expect(priceGrid(page).getByText(/^Best at /)).toBeVisible({ timeout: 15_000 });
  await expect(priceGrid(page)).not.toContainText('Asking');
  await expectSlipGamesKnown(page);
}

/** The table's rows as text, read in one go (a live price may re-sort the columns between two reads). */
async function readTable(page: Page): Promise<{ header: string; cells: string[] }[]> {
  return priceGrid(page)
    .getByRole('grid')
    .evaluate((table) =>
      [...table.querySelectorAll('tr')].map((row) => ({
        header: row.querySelector('th')?.innerText.trim() ?? '',
        cells: [...row.querySelectorAll('td')].map((cell) => cell.innerText.trim()),
      })),
    );
}

/** Holds the browser's pricing requests for the books `holds` names until released. */
function holdPricing(page: Page, holds: (books: string[]) => boolean) {
  const held: Route[] = [];
  let holding = true;
  const ready = page.route('**/api/v3/parlay/odds*', async (route) => {
    if (holding && holds(requestedBooks(route.request()))) held.push(route);
    else await route.continue();
  });
  return {
    ready,
    held: () => held.length,
    release: async () => {
      holding = false;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name} (${viewport.width} x ${viewport.height})`, () => {
    test.use({
      viewport: { width: viewport.width, height: viewport.height },
      ...(viewport.phone ? { isMobile: true, hasTouch: true } : {}),
    });

    test('in fractional odds every price pays what it reads, and two different prices never share a label', async ({
      page,
      request,
    }) => {
      const [first, second] = await sandboxGames(request, 2);
      // A same-game pair and a second game, at all ten books: the parlays sit between 3/1 and 30/1.
      const legs = [moneylineLeg(first), totalLeg(first), moneylineLeg(second, 'home')];
      await openWithSlip(page, legs, { books: TEN_BOOKS, format: 'fractional' });
      await expectAllAnswered(page);
      const stake = 10;

      // The verdict's price and payout agree.
      const verdict = (
        await priceGrid(page)
          .getByText(/^Best at /)
          .innerText()
      ).trim();
      const said = /^Best at [^:]+: (\S+(?: \(\d+\.\d+\))?) pays (\$[\d,.]+) on \$10/.exec(verdict);
      expect(said, verdict).not.toBeNull();
      expectPayoutAgrees(readFraction((said?.[1] ?? '').replace(/[()]/g, '')), money(said?.[2] ?? ''), stake, verdict);

      if (viewport.phone) {
        // The ranked list: each book's parlay price beside its payout.
        const rows = await priceGrid(page)
          .getByRole('list', { name: 'Books ranked by payout' })
          .locator(':scope > li')
          .evaluateAll((items) =>
            items.map((item) =>
              [...item.querySelectorAll('button > span')].map((span) => (span as HTMLElement).innerText),
            ),
          );
        const pairs = rows.flatMap(([, , price = '', payout = '']) => {
          if (!FRACTIONAL_LABEL.test(price.trim())) return [];
          const read = readFraction(price);
          expectPayoutAgrees(read, money(payout), stake, `list: ${price}`);
          return [{ label: read.label, payout: money(payout) }];
        });
        expect(pairs.length).toBeGreaterThan(5);
        expect(sharedLabels(pairs)).toEqual([]);
        await priceGrid(page).getByRole('button', { name: 'Table view' }).click();
      }

      const rows = await readTable(page);
      const parlay = rows.find((row) => row.header.startsWith('Parlay'));
      const payouts = rows.find((row) => row.header.startsWith('Payout'));
      if (!parlay || !payouts) throw new Error('No parlay or payout row');
      const pairs = parlay.cells.flatMap((text, index) => {
        if (!FRACTIONAL_LABEL.test(text)) return [];
        const read = readFraction(text);
        const payout = money(payouts.cells[index] ?? '');
        expectPayoutAgrees(read, payout, stake, `table column ${index}`);
        return [{ label: read.label, payout }];
      });
      expect(pairs.length).toBeGreaterThan(5);
      expect(sharedLabels(pairs)).toEqual([]);

      // Leg rows: two cells that read alike are the same price, so both are the best or neither is.
      for (const row of rows.filter(
        (candidate) => candidate.header !== '' && legs.some((leg) => candidate.header.startsWith(leg.name)),
      )) {
        const bestByLabel = new Map<string, Set<boolean>>();
        for (const text of row.cells) {
          if (!FRACTIONAL_LABEL.test(text)) continue;
          const { label } = readFraction(text);
          bestByLabel.set(label, (bestByLabel.get(label) ?? new Set()).add(text.includes('(best)')));
        }
        const mixed = [...bestByLabel].filter(([, marks]) => marks.size > 1).map(([label]) => label);
        expect(mixed, `${row.header}: one label, best and not best`).toEqual([]);
      }
    });

    test('the verdict names the best so far, and how many books are still out, until every book has answered', async ({
      page,
      request,
    }) => {
      const [first, second] = await sandboxGames(request, 2);
      const pricing = holdPricing(page, (books) => books.includes('Bwin'));
      await pricing.ready;
      await openWithSlip(page, [moneylineLeg(first), moneylineLeg(second, 'home')], {
        books: ['DraftKings', 'BetMGM', 'Bwin'],
        fairValue: true,
      });
      const soFar = priceGrid(page).getByText(
        /^Best so far at (DraftKings|BetMGM)( and BetMGM)? \(1 book still out\): /,
      );
      await expect(soFar).toBeVisible({ timeout: 15_000 });
      await expect(priceGrid(page).getByText(/^Best at /)).toHaveCount(0);
      // Fair value (shown by this link) waits for the same book.
      await expect(priceGrid(page).getByText(/^So far \(1 book still out\), /)).toBeVisible();
      expect(pricing.held()).toBeGreaterThan(0);
      // The phone's bottom bar, away from the grid, says the same.
      const bar = page.getByRole('navigation', { name: 'Slip shortcut' });
      if (viewport.phone) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect(bar).toContainText(/Best so far [+-]\d{3,} at (DraftKings|BetMGM) · pays .+ · 1 book still out/);
      }

      await pricing.release();
      await expect(priceGrid(page).getByText(/^Best at /)).toBeVisible();
      await expect(priceGrid(page).getByText(/so far/i)).toHaveCount(0);
      if (viewport.phone) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect(bar).toContainText(/Best [+-]\d{3,} at .+ · pays [^·]+$/);
        await expect(bar).not.toContainText(/so far|still out/);
      }
    });

    test('a changed slip keeps each book’s last prices in view, marked as updating, until its answer arrives', async ({
      page,
      request,
    }) => {
      const [first, second, third] = await sandboxGames(request, 3);
      const removed = moneylineLeg(third);
      const books = ['DraftKings', 'BetMGM', 'Fanatics'];
      await openWithSlip(page, [moneylineLeg(first), moneylineLeg(second, 'home'), removed], { books });
      await expectAllAnswered(page);

      const pricing = holdPricing(page, () => true);
      await pricing.ready;
      await page.getByRole('button', { name: `Remove ${removed.name} (${removed.market}) from slip` }).click();
      await expect.poll(() => pricing.held()).toBe(books.length);
      // Every book still shows a price (the one before), marked as updating; no price blanks to "Asking…".
      await expect(priceGrid(page).getByText(/^updating/)).toHaveCount(books.length);
      const prices = viewport.phone
        ? priceGrid(page).getByRole('list', { name: 'Books ranked by payout' })
        : priceGrid(page).getByRole('grid');
      await expect(prices).not.toContainText('Asking');

      await pricing.release();
      await expect(priceGrid(page).getByText(/^updating/)).toHaveCount(0);
      await expectAllAnswered(page);
    });
  });
}

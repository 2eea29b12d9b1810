/**
 * Fair value in the grid: a cross-game parlay's fair price (no request of its own) and every book's
 * edge; a same-game parlay priced by OpticOdds AI (one request, and never a column); a leg with no
 * two-sided market says why; sorting by the parlay row orders the books by edge too.
 */
import { expect, test } from './support/world.ts';
import type { Request } from '@playwright/test';
import {
  AMERICAN_PRICE,
  bookColumns,
  expectAllBooksAnswered,
  fairCell,
  gridCell,
  legRow,
  priceGrid,
  rowAcrossBooks,
} from './support/locators.ts';
import { openWithSlip, recordRequests, requestedBooks } from './support/network.ts';
import {
  fixtureOdds,
  moneylineLeg,
  sandboxGames,
  spreadLeg,
  totalLeg,
  upcomingFixtures,
  type E2eLeg,
} from './support/sandbox-data.ts';
import { SPORTSBOOKS } from '../src/domain/sportsbooks.ts';
import { regionFirst } from '../src/domain/book-regions.ts';

// The app's reader is in the US: the six US books first, then the four UK ones.
const ALL_BOOKS: readonly string[] = regionFirst(SPORTSBOOKS, (book) => book, 'us');
const ENGINE = 'OpticOdds AI';
const EDGE = /^[−+]?\d+\.\d%/;

function isEngineRequest(request: Request): boolean {
  return requestedBooks(request).includes(ENGINE);
}

/** A signed percentage as shown (`−12.3%`, `+1.0%`) as a number. */
function edgeValue(text: string): number {
  const match = /([−+]?)(\d+\.\d)%/.exec(text);
  if (!match) return Number.NaN;
  return (match[1] === '−' ? -1 : 1) * Number(match[2]);
}

test('a cross-game parlay shows each leg’s fair price, the fair parlay and all ten books’ edges, with no request of its own', async ({
  page,
  request,
}) => {
  const [first, second, third] = await sandboxGames(request, 3);
  const legs = [moneylineLeg(first), moneylineLeg(second, 'home'), totalLeg(third)];
  const requests = recordRequests(page);
  await openWithSlip(page, legs, { books: ALL_BOOKS, fairValue: true });
  await expectAllBooksAnswered(page);
  expect(await bookColumns(page)).toEqual(ALL_BOOKS);

  await expect(priceGrid(page).getByRole('columnheader', { name: /^Fair price/ })).toBeVisible();
  for (const leg of legs) await expect(fairCell(page, legRow(page, leg))).toHaveText(AMERICAN_PRICE);
  await expect(fairCell(page, 'Parlay')).toHaveText(AMERICAN_PRICE);
  await expect(fairCell(page, /^Payout/)).toHaveText(/^\$[\d,]+/);

  // Every book that priced the parlay has an edge, the best one marked; the rest say they have none.
  const edges: { book: string; american: number }[] = [];
  for (const book of ALL_BOOKS) {
    const parlay = (await (await gridCell(page, 'Parlay', book)).innerText()).trim();
    const edge = await gridCell(page, /^Edge vs fair/, book);
    if (AMERICAN_PRICE.test(parlay)) {
      await expect(edge).toHaveText(EDGE);
      edges.push({ book, american: Number(parlay.match(/^[+-]\d+/)?.[0]) });
    } else {
      await expect(edge).toHaveAccessibleName('No edge');
    }
  }
  expect(edges.length).toBeGreaterThanOrEqual(6);
  // Against one fair chance the best edge is the best price: the book(s) with the highest parlay
  // price are marked (two books may show the same edge to a tenth of a percent, only one the best price).
  // Prices and marks are read together, again until they agree: a live move between two readings
  // may change the best book.
  await expect(async () => {
    const shown: { book: string; american: number; marked: boolean }[] = [];
    for (const { book } of edges) {
      const parlay = ((await (await gridCell(page, 'Parlay', book)).textContent()) ?? '').trim();
      const edge = (await (await gridCell(page, /^Edge vs fair/, book)).textContent()) ?? '';
      shown.push({ book, american: Number(parlay.match(/^[+-]\d+/)?.[0]), marked: edge.includes('(best edge)') });
    }
    const bestPrice = Math.max(...shown.map(({ american }) => american));
    const marked = shown.filter((entry) => entry.marked);
    expect(marked.length).toBeGreaterThanOrEqual(1);
    for (const entry of marked) expect(entry.american).toBe(bestPrice);
  }).toPass({ timeout: 15_000 });
  // The fair price came from the odds the grid already had: OpticOdds AI was never asked.
  expect(requests.pricing.filter(isEngineRequest)).toEqual([]);
});

test('a same-game parlay’s fair price comes from OpticOdds AI, asked once, and splits each book’s adjustment', async ({
  page,
  request,
}) => {
  const [game, other] = await sandboxGames(request, 2);
  // A team's moneyline and its own spread: strongly correlated.
  const legs = [moneylineLeg(game, 'home'), spreadLeg(game, 'home')];
  const requests = recordRequests(page);
  const engineAnswers: { price: number }[] = [];
  page.on('response', async (response) => {
    if (!isEngineRequest(response.request())) return;
    const body = (await response.json()) as { data: Record<string, { price: number }> };
    const answer = body.data[ENGINE];
    if (answer) engineAnswers.push(answer);
  });
  await openWithSlip(page, legs, { books: ALL_BOOKS, fairValue: true });
  await expectAllBooksAnswered(page);

  await expect(fairCell(page, 'Parlay')).toHaveText(AMERICAN_PRICE);
  await expect.poll(() => engineAnswers.length).toBe(1);
  const engine = requests.pricing.filter(isEngineRequest);
  expect(engine).toHaveLength(1);
  // Alone in its request, every entry priced with our fair leg price.
  const sent = engine[0]?.postDataJSON() as {
    sportsbooks: string[];
    entries: { name: string; price_decimal: number }[];
  };
  expect(sent.sportsbooks).toEqual([ENGINE]);
  expect(sent.entries.map((entry) => entry.name)).toEqual(legs.map((leg) => leg.name));
  for (const entry of sent.entries) expect(entry.price_decimal).toBeGreaterThan(1);
  // Its answer is the fair price shown (American odds, as the engine quoted it, to the nearest whole).
  const american = engineAnswers[0]?.price ?? Number.NaN;
  const shown = Number((await fairCell(page, 'Parlay').innerText()).replace(/[^\d+-]/g, ''));
  // Compared as decimal odds: near even money +100 and -100 are the same price, 200 apart as numbers.
  const asDecimal = (price: number) => (price > 0 ? 1 + price / 100 : 1 + 100 / Math.abs(price));
  expect(Math.abs(asDecimal(shown) / asDecimal(american) - 1)).toBeLessThanOrEqual(0.01);
  // OpticOdds AI is a pricing engine, never a column.
  expect(await bookColumns(page)).toEqual(ALL_BOOKS);

  // The fair column's same-game figure is real correlation; each book that priced it shows its extra margin.
  await expect(fairCell(page, /^Same-game adjustment/)).toHaveText(/^[−+]\d+\.\d%/);
  const extraMargins = await priceGrid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: /^Extra margin/ }) })
    .getByRole('gridcell')
    .allInnerTexts();
  expect(extraMargins.filter((text) => EDGE.test(text.trim())).length).toBeGreaterThanOrEqual(1);

  // A new slip (another leg added) is one more request to the engine.
  await openWithSlip(page, [...legs, moneylineLeg(other)], { fairValue: true });
  await expectAllBooksAnswered(page);
  await expect(fairCell(page, 'Parlay')).toHaveText(AMERICAN_PRICE);
  expect(requests.pricing.filter(isEngineRequest)).toHaveLength(2);
});

test('a leg with no two-sided market says why there is no fair price, and the parlay has none', async ({
  page,
  request,
}) => {
  const [nfl] = await upcomingFixtures(request, 'nfl');
  if (!nfl) throw new Error('No upcoming NFL game');
  const scorers = await fixtureOdds(request, nfl.id, { markets: ['anytime_touchdown_scorer'] });
  const scorer = scorers[0];
  if (!scorer) throw new Error('No anytime touchdown scorer in the NFL game');
  const oneSided: E2eLeg = { fixtureId: nfl.id, market: scorer.market, name: scorer.name };
  const [nba] = await sandboxGames(request, 1);
  await openWithSlip(page, [moneylineLeg(nba), oneSided], { fairValue: true });
  await expectAllBooksAnswered(page);

  const why = fairCell(page, legRow(page, oneSided)).getByRole('button', {
    name: `No fair price for ${oneSided.name}: why`,
  });
  await expect(why).toBeVisible();
  await expect(fairCell(page, legRow(page, moneylineLeg(nba)))).toHaveText(AMERICAN_PRICE);
  await expect(
    fairCell(page, 'Parlay').getByRole('button', { name: 'No fair price for the parlay: why' }),
  ).toBeVisible();
  await why.click();
  const explanation = page.getByRole('dialog', { name: 'How fair value is worked out' });
  await expect(explanation).toContainText(
    `“${oneSided.name}” is a one-sided market (there is no bet against it), so there is no other side to take the book's margin out of.`,
  );
  await expect(explanation).toContainText('A leg has no fair price, so the parlay has none.');
});

test('sorting by the parlay row (the payout and edge order alike) puts the best edge first and keeps books without one last', async ({
  page,
  request,
}) => {
  const [first, second] = await sandboxGames(request, 2);
  await openWithSlip(page, [moneylineLeg(first), totalLeg(second)], { books: ALL_BOOKS, fairValue: true });
  await expectAllBooksAnswered(page);
  await expect(fairCell(page, 'Parlay')).toHaveText(AMERICAN_PRICE);

  // No separate edge sort: for one slip it is the payout order, the parlay row heading's.
  await expect(priceGrid(page).getByRole('combobox', { name: 'Sort books' })).toHaveCount(0);
  await priceGrid(page).getByRole('button', { name: 'Parlay', exact: true }).click();
  await expect(priceGrid(page).getByRole('rowheader', { name: 'Parlay', exact: true })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  // Order and edges read together, and again until a price that moved mid-read has been re-sorted.
  const isSortedByEdge = (edges: number[]): boolean => {
    const known = edges.filter((edge) => !Number.isNaN(edge));
    const knownFirst = edges.slice(0, known.length).every((edge) => !Number.isNaN(edge));
    return knownFirst && known.every((edge, index) => index === 0 || (known[index - 1] ?? edge) >= edge);
  };
  let columns: { book: string; text: string }[] = [];
  await expect
    .poll(async () => {
      columns = await rowAcrossBooks(page, /^Edge vs fair/);
      return isSortedByEdge(columns.map(({ text }) => edgeValue(text)));
    })
    .toBe(true);
  const order = columns.map(({ book }) => book);
  expect([...order].sort()).toEqual([...ALL_BOOKS].sort());
  const edges = columns.map(({ text }) => edgeValue(text));
  const known = edges.filter((edge) => !Number.isNaN(edge));
  expect(known.length).toBeGreaterThanOrEqual(6);
  expect(known).toEqual([...known].sort((a, b) => b - a));
  // Books without an edge (no parlay price) come after every book with one.
  expect(edges.slice(0, known.length).every((edge) => !Number.isNaN(edge))).toBe(true);
  expect(columns[0]?.text).toContain('(best edge)');

  await priceGrid(page).getByRole('button', { name: 'Parlay', exact: true }).click();
  expect(await bookColumns(page)).toEqual(ALL_BOOKS);
});

for (const viewport of [
  { name: 'laptop', width: 1280, height: 800, phone: false },
  { name: 'phone', width: 390, height: 844, phone: true },
] as const) {
  test.describe(`on a ${viewport.name} (${viewport.width} x ${viewport.height})`, () => {
    test.use({
      viewport: { width: viewport.width, height: viewport.height },
      ...(viewport.phone ? { isMobile: true, hasTouch: true } : {}),
    });

    test('the app opens for a bettor without fair value; one switch shows it, and it is remembered', async ({
      page,
      request,
    }) => {
      const [first, second] = await sandboxGames(request, 2);
      await openWithSlip(page, [moneylineLeg(first), moneylineLeg(second, 'home')]);
      // Prices, payouts and the verdict; none of the analyst's numbers.
      await expect(priceGrid(page).getByText(/^Best at /)).toBeVisible({ timeout: 15_000 });
      const fairSwitch = priceGrid(page).getByRole('checkbox', { name: 'Fair value' });
      await expect(fairSwitch).not.toBeChecked();
      const analystWords = /Fair parlay|Edge vs fair|fair value[;.]|above fair|below fair|Same-game adj|takes at most/;
      await expect(priceGrid(page).getByText(analystWords)).toHaveCount(0);
      await expect(priceGrid(page).getByRole('columnheader', { name: /^Fair price/ })).toHaveCount(0);

      await fairSwitch.check();
      const fairShown = viewport.phone
        ? priceGrid(page).getByText(/^Fair parlay: [+-]\d{3,}/)
        : priceGrid(page).getByRole('columnheader', { name: /^Fair price/ });
      await expect(fairShown).toBeVisible();

      // Remembered: the app opened again without a link keeps the slip and the switch.
      await page.goto('/');
      await expect(priceGrid(page).getByRole('checkbox', { name: 'Fair value' })).toBeChecked();
      await expect(fairShown).toBeVisible();
    });
  });
}

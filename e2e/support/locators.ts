/** Finding things on the page as a user does: by role and name (the slip, the grid, a game's markets). */
import { expect, type Locator, type Page } from '@playwright/test';
import { dayHeading, kickoffTime } from '../../src/domain/display.ts';
import type { E2eLeg, SandboxGame } from './sandbox-data.ts';
import { worldNowMs } from './world.ts';

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A whole price in American odds, as a cell starts with it (badges and arrows may follow). */
export const AMERICAN_PRICE = /^[+-]\d{3,}/;
/** Decimal odds, e.g. `7.25`. */
export const DECIMAL_PRICE = /^\d+\.\d{2}(?!\d)/;

export function slipPanel(page: Page): Locator {
  return page.getByRole('region', { name: /^Your slip/ });
}

export function slipLegs(page: Page): Locator {
  return page.getByRole('list', { name: 'Legs on your slip' }).getByRole('listitem');
}

export function priceGrid(page: Page): Locator {
  return page.getByRole('region', { name: 'Prices by sportsbook', exact: true });
}

/** A row of the grid by its row header: a leg's name (and market), or `Parlay`, `Payout`, `Notes`… */
export function gridRow(page: Page, rowHeader: string | RegExp): Locator {
  const header =
    typeof rowHeader === 'string'
      ? page.getByRole('rowheader', { name: rowHeader, exact: true })
      : page.getByRole('rowheader', { name: rowHeader });
  return priceGrid(page).getByRole('row').filter({ has: header });
}

/** A leg's row: its header is the selection name followed by the market. */
export function legRow(page: Page, leg: E2eLeg): Locator {
  return gridRow(page, new RegExp(`^${escapeRegExp(leg.name)}\\s*${escapeRegExp(leg.market)}`));
}

/**
 * A book's column header, as assistive tech names it: the book, then perhaps its "Bet at <book>" link
 * and the bet log's "I placed this at <book>" (loaded lazily, so present or not yet).
 */
function bookHeaderText(book: string): RegExp {
  return new RegExp(`^${escapeRegExp(book)}(\\s*Bet at .*)?(\\s*I placed this at .*)?$`, 's');
}

export function bookColumnHeader(page: Page, book: string): Locator {
  return priceGrid(page).getByRole('columnheader', { name: bookHeaderText(book) });
}

/**
 * The grid read in one go: its column headers as spoken (words shown only to the eye left out, the
 * "Bet at" link cut: `Leg`, `Fair price` when fair value is shown, then the books in their order),
 * and the text of each cell of the first row whose header matches `rowHeader` (none: no row asked
 * for or found). One read, because a live price can re-sort the columns between two.
 */
async function readGrid(page: Page, rowHeader?: RegExp): Promise<{ columns: string[]; cells: string[] | null }> {
  return priceGrid(page)
    .getByRole('grid')
    .evaluate(
      (grid, wanted) => {
        const spokenText = (element: Element): string => {
          const spoken = element.cloneNode(true) as HTMLElement;
          for (const hidden of spoken.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
          return (spoken.textContent ?? '').replace(/(How fair value is worked out|Bet at ).*$/s, '').trim();
        };
        const columns = [...grid.querySelectorAll('thead th')].map(spokenText);
        if (!wanted) return { columns, cells: null };
        const pattern = new RegExp(wanted.source, wanted.flags);
        const row = [...grid.querySelectorAll('tbody tr, tfoot tr')].find((candidate) => {
          const header = candidate.querySelector('th');
          return header !== null && pattern.test((header.textContent ?? '').trim());
        });
        const cells = row ? [...row.querySelectorAll('td')].map((cell) => (cell as HTMLElement).innerText) : null;
        return { columns, cells };
      },
      rowHeader ? { source: rowHeader.source, flags: rowHeader.flags } : null,
    );
}

const isBookColumn = (name: string): boolean => name !== 'Leg' && name !== 'Fair price';

/** The grid's column headers as spoken: `Leg`, `Fair price` when fair value is shown, then the books. */
export async function columnNames(page: Page): Promise<string[]> {
  return (await readGrid(page)).columns;
}

/** The books' columns in order. */
export async function bookColumns(page: Page): Promise<string[]> {
  return (await columnNames(page)).filter(isBookColumn);
}

/** The books in column order with a row's text at each, read in one go (no row found: none). */
export async function rowAcrossBooks(page: Page, rowHeader: RegExp): Promise<{ book: string; text: string }[]> {
  const { columns, cells } = await readGrid(page, rowHeader);
  if (!cells) return [];
  // The first column is the row header, not a cell.
  return columns
    .map((book, column) => ({ book, text: cells[column - 1] ?? '' }))
    .filter(({ book }) => isBookColumn(book));
}

/** The cell where a row meets a book's column (columns follow the header's order). */
export async function gridCell(page: Page, rowHeader: string | RegExp | Locator, book: string): Promise<Locator> {
  await expect(bookColumnHeader(page, book)).toBeVisible();
  const column = (await columnNames(page)).indexOf(book);
  const row = typeof rowHeader === 'string' || rowHeader instanceof RegExp ? gridRow(page, rowHeader) : rowHeader;
  // The first column is the row header, not a cell.
  return row.getByRole('gridcell').nth(column - 1);
}

/** The fair column's cell in a row (fair value shown). */
export function fairCell(page: Page, rowHeader: string | RegExp | Locator): Locator {
  const row = typeof rowHeader === 'string' || rowHeader instanceof RegExp ? gridRow(page, rowHeader) : rowHeader;
  return row.getByRole('gridcell').first();
}

/**
 * Opens a book's explanation from its status in the parlay row (`Not offered`, `Won't combine`,
 * `Retry`, `No answer`) and returns it (below the table).
 */
export async function openBookExplanation(page: Page, book: string, status?: string): Promise<Locator> {
  const cell = await gridCell(page, 'Parlay', book);
  const statusButton = cell.getByRole('button', {
    name: status === undefined ? new RegExp(` at ${escapeRegExp(book)}: why$`) : `${status} at ${book}: why`,
  });
  // The button toggles: an explanation already open stays open.
  if ((await statusButton.getAttribute('aria-expanded')) !== 'true') await statusButton.click();
  const explanation = page.getByRole('dialog', { name: `${book}: why no price` });
  await expect(explanation).toBeVisible();
  return explanation;
}

/**
 * Waits until the slip's legs name their games. Legs from a link arrive without them ("Loading
 * game…") and learn them from the legs' odds, which may answer after the prices: the longer line
 * can wrap and move what is below it, and a click whose press and release straddle that move lands
 * on nothing (seen under load: a button focused, its action not taken).
 */
export async function expectSlipGamesKnown(page: Page): Promise<void> {
  await expect(slipPanel(page).getByText('Loading game…')).toHaveCount(0);
}

/** Waits until no book in the grid is still being asked, and the slip's games are known. */
export async function expectAllBooksAnswered(page: Page): Promise<void> {
  await expect(priceGrid(page).getByRole('grid')).toBeVisible();
  await expect(priceGrid(page).getByText(/^Asking/)).toHaveCount(0);
  await expect(priceGrid(page).getByText(/^Waiting for /)).toHaveCount(0);
  await expectSlipGamesKnown(page);
}

/** The parlay row's cells priced by a book (the fair price left out; the grid must be showing a parlay). */
export function pricedParlayCells(page: Page, pricePattern: RegExp = AMERICAN_PRICE): Locator {
  return gridRow(page, 'Parlay')
    .getByRole('gridcell')
    .filter({ hasText: pricePattern })
    .filter({ hasNotText: 'fair price' });
}

/** A game's row in the games list (its lines load once it is near the screen: it is scrolled to). */
export async function gameRow(page: Page, game: SandboxGame): Promise<Locator> {
  // A baseball series (or a doubleheader) lists the same matchup on several days: find the row
  // under the game's day heading with its kick-off time, as a user would read the list.
  const locale = await page.evaluate(() => navigator.language);
  const day = game.fixture.is_live ? 'Live now' : dayHeading(game.fixture.start_date, new Date(worldNowMs()), locale);
  const row = page
    .getByRole('region', { name: 'Games' })
    .getByRole('region', { name: day, exact: true })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `All markets for ${game.label}`, exact: true }) })
    .filter({ hasText: kickoffTime(game.fixture.start_date, locale) });
  await row.scrollIntoViewIfNeeded();
  return row;
}

/** Opens a game's full market list ("All markets") and returns it. */
export async function openGame(page: Page, game: SandboxGame): Promise<Locator> {
  const row = await gameRow(page, game);
  await row.getByRole('button', { name: `All markets for ${game.label}`, exact: true }).click();
  const markets = page.getByRole('region', { name: `Markets for ${game.label}` });
  await expect(markets).toBeVisible();
  return markets;
}

/** A selection's toggle (a game row's main line, or one in an opened market). */
export function selectionButton(scope: Locator, leg: E2eLeg): Locator {
  return scope.getByRole('button', {
    name: new RegExp(`^${escapeRegExp(leg.name)}, ${escapeRegExp(leg.market)}, best `),
  });
}

/** Unfolds the book chooser ("Change sportsbooks") and returns it. */
export async function openBookChooser(page: Page): Promise<Locator> {
  const chooser = page.getByRole('region', { name: 'Sportsbooks' });
  const change = chooser.getByRole('button', { name: 'Change sportsbooks' });
  const firstBook = chooser.getByRole('checkbox').first();
  // Folded (phone) or open (laptop): wait for the chooser to be drawn before asking which.
  await expect(change.or(firstBook).first()).toBeVisible();
  // A tap on the prerendered first screen before the app has taken it over does nothing: tap again.
  await expect(async () => {
    if (await change.isVisible()) await change.click();
    await expect(firstBook).toBeVisible({ timeout: 2_000 });
  }).toPass();
  return chooser;
}

/** Chooses a league in the league picker. */
export async function chooseLeague(page: Page, league: string): Promise<void> {
  const leagues = page.getByRole('region', { name: 'Leagues' });
  const chip = leagues.getByRole('button', { name: league, exact: true });
  // The first league picked folds the picker to one line naming it: Change reopens it, and a league
  // picked in the reopened picker shows pressed. One or the other, never both.
  const folded = leagues.getByRole('button', { name: 'Change leagues' });
  await expect(folded.or(chip)).toBeVisible();
  if (await folded.isVisible()) await folded.click();
  await chip.click();
  await expect(folded.or(chip.and(page.locator('[aria-pressed="true"]')))).toBeVisible();
  if (await folded.isVisible()) await expect(leagues).toContainText(league);
}

/**
 * Chooses a league, then adds each leg from its game's row (main lines: spread, total, winner), as
 * a user does.
 */
export async function addLegsThroughGames(
  page: Page,
  league: string,
  picks: readonly { game: SandboxGame; legs: readonly E2eLeg[] }[],
): Promise<void> {
  await chooseLeague(page, league);
  for (const { game, legs } of picks) {
    const row = await gameRow(page, game);
    for (const leg of legs) {
      const button = selectionButton(row, leg);
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'true');
    }
  }
}

/** The widget's folded note about settings it could not use (for the host's developer). */
export function settingsNote(page: Page): Locator {
  return page.locator('details').filter({ hasText: 'Some of this widget’s settings could not be used' });
}

/** Finding things on the page as a user does: by role and name (the slip, the grid, a game's markets). */
import { expect, type Locator, type Page } from '@playwright/test';
import type { E2eLeg, SandboxGame } from './sandbox-data.ts';

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
  const header = typeof rowHeader === 'string' ? page.getByRole('rowheader', { name: rowHeader, exact: true }) : page.getByRole('rowheader', { name: rowHeader });
  return priceGrid(page).getByRole('row').filter({ has: header });
}

/** A leg's row: its header is the selection name followed by the market. */
export function legRow(page: Page, leg: E2eLeg): Locator {
  return gridRow(page, new RegExp(`^${escapeRegExp(leg.name)}\\s*${escapeRegExp(leg.market)}`));
}

/** A book's column header: its name, then perhaps a "Bet at <book>" link. */
export function bookHeaderText(book: string): RegExp {
  return new RegExp(`^${escapeRegExp(book)}(\\s*Bet at .*)?$`, 's');
}

export function bookColumnHeader(page: Page, book: string): Locator {
  return priceGrid(page).getByRole('columnheader', { name: bookHeaderText(book) });
}

/** The cell where a row meets a book's column (columns follow the header's order). */
export async function gridCell(page: Page, rowHeader: string | RegExp | Locator, book: string): Promise<Locator> {
  await expect(bookColumnHeader(page, book)).toBeVisible();
  const headers = await priceGrid(page).getByRole('columnheader').allTextContents();
  const column = headers.findIndex((text) => bookHeaderText(book).test(text.trim()));
  const row = typeof rowHeader === 'string' || rowHeader instanceof RegExp ? gridRow(page, rowHeader) : rowHeader;
  // The first column is the row header, not a cell.
  return row.getByRole('cell').nth(column - 1);
}

/** Waits until no book in the grid is still being asked. */
export async function expectAllBooksAnswered(page: Page): Promise<void> {
  await expect(priceGrid(page).getByRole('table')).toBeVisible();
  await expect(priceGrid(page).getByText(/^Asking/)).toHaveCount(0);
  await expect(priceGrid(page).getByText(/^Waiting for /)).toHaveCount(0);
}

/** The parlay row's priced cells (the price grid must be showing a parlay). */
export function pricedParlayCells(page: Page, pricePattern: RegExp = AMERICAN_PRICE): Locator {
  return gridRow(page, 'Parlay').getByRole('cell').filter({ hasText: pricePattern });
}

/** Opens a game in the games list and returns its markets. */
export async function openGame(page: Page, game: SandboxGame): Promise<Locator> {
  const games = page.getByRole('region', { name: 'Games' });
  await games.getByRole('button', { name: new RegExp(`^${escapeRegExp(game.label)}\\s`) }).click();
  const markets = page.getByRole('region', { name: `Markets for ${game.label}` });
  await expect(markets).toBeVisible();
  return markets;
}

/** A selection's toggle in an opened game's markets. */
export function selectionButton(markets: Locator, leg: E2eLeg): Locator {
  return markets.getByRole('button', { name: new RegExp(`^${escapeRegExp(leg.name)}, ${escapeRegExp(leg.market)}, best `) });
}

/** Chooses a league, then adds each leg by opening its game and tapping the selection, as a user does. */
export async function addLegsThroughGames(page: Page, league: string, picks: readonly { game: SandboxGame; legs: readonly E2eLeg[] }[]): Promise<void> {
  await page.getByRole('region', { name: 'Leagues' }).getByRole('button', { name: league, exact: true }).click();
  for (const { game, legs } of picks) {
    const markets = await openGame(page, game);
    for (const leg of legs) {
      const button = selectionButton(markets, leg);
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'true');
    }
  }
}

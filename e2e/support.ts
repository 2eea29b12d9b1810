/** Shared e2e helpers: real legs from the sandbox (through our proxy), forced outcomes, share links, the grid. */
import { expect, type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { encodeSlip } from '../src/domain/slip.ts';

export interface WireOdd {
  sportsbook: string;
  market: string;
  name: string;
  is_main: boolean;
  player_id: string | null;
  price: number;
}

export interface WireFixture {
  id: string;
  home_team_display: string;
  away_team_display: string;
  is_live: boolean;
  start_date: string;
}

export interface E2eLeg {
  fixtureId: string;
  market: string;
  name: string;
}

/** Games that start at least an hour from now, so none goes live (or finishes) during a test. */
const MIN_LEAD_MS = 60 * 60 * 1000;

export async function upcomingFixtures(request: APIRequestContext, league = 'nba'): Promise<WireFixture[]> {
  const response = await request.get(`/api/v3/fixtures/active?league=${league}`);
  const body = (await response.json()) as { data: WireFixture[] };
  const soonest = Date.now() + MIN_LEAD_MS;
  return body.data.filter((fixture) => !fixture.is_live && Date.parse(fixture.start_date) > soonest);
}

export async function fixtureOdds(request: APIRequestContext, fixtureId: string, books = ['DraftKings', 'BetMGM', 'Fanatics', 'BetRivers', 'Hard Rock']): Promise<WireOdd[]> {
  const query = books.map((book) => `sportsbook=${encodeURIComponent(book)}`).join('&');
  const response = await request.get(`/api/v3/fixtures/odds?fixture_id=${fixtureId}&${query}`);
  const body = (await response.json()) as { data: { odds: WireOdd[] }[] };
  return body.data[0]?.odds ?? [];
}

/** The first main selection of a market in a game, as a slip leg. */
export function pickLeg(fixtureId: string, odds: readonly WireOdd[], market: string, predicate: (odd: WireOdd) => boolean = () => true): E2eLeg {
  const odd = odds.find((candidate) => candidate.market === market && candidate.is_main && predicate(candidate));
  if (!odd) throw new Error(`No main ${market} selection in ${fixtureId}`);
  return { fixtureId, market: odd.market, name: odd.name };
}

/** One upcoming game with its odds, and the ways a test takes legs from it. */
export interface SandboxGame {
  fixture: WireFixture;
  /** How the app names the game: `Away @ Home`. */
  label: string;
  odds: WireOdd[];
}

type Games<Count extends 1 | 2 | 3> = Count extends 1
  ? [SandboxGame]
  : Count extends 2
    ? [SandboxGame, SandboxGame]
    : [SandboxGame, SandboxGame, SandboxGame];

/**
 * Asked once per worker and league: every test takes its legs from the same few games, which
 * start an hour or more from now, so they stay valid for the whole run (and the run stays well
 * inside our proxy's per-client request limit).
 */
const gamesByLeague = new Map<string, Promise<SandboxGame[]>>();

async function loadGames(request: APIRequestContext, league: string): Promise<SandboxGame[]> {
  const fixtures = await upcomingFixtures(request, league);
  const labelOf = (fixture: WireFixture) => `${fixture.away_team_display} @ ${fixture.home_team_display}`;
  const labelCounts = new Map<string, number>();
  for (const fixture of fixtures) labelCounts.set(labelOf(fixture), (labelCounts.get(labelOf(fixture)) ?? 0) + 1);
  const chosen = fixtures.filter((fixture) => labelCounts.get(labelOf(fixture)) === 1).slice(0, 3);
  // Read whole before the request context that fetched them goes away with its test.
  return Promise.all(chosen.map(async (fixture) => ({ fixture, label: labelOf(fixture), odds: await fixtureOdds(request, fixture.id) })));
}

/** `count` upcoming games of a league whose names are unique in its listing (so a row is unambiguous). */
export async function sandboxGames<Count extends 1 | 2 | 3>(request: APIRequestContext, count: Count, league = 'nba'): Promise<Games<Count>> {
  let loading = gamesByLeague.get(league);
  if (!loading) {
    loading = loadGames(request, league);
    gamesByLeague.set(league, loading);
    loading.catch(() => gamesByLeague.delete(league));
  }
  const games = (await loading).slice(0, count);
  if (games.length < count) throw new Error(`Only ${games.length} usable ${league} games in the sandbox`);
  return games as Games<Count>;
}

export function moneylineLeg(game: SandboxGame, side: 'away' | 'home' = 'away'): E2eLeg {
  const team = side === 'away' ? game.fixture.away_team_display : game.fixture.home_team_display;
  return pickLeg(game.fixture.id, game.odds, 'Moneyline', (odd) => odd.name === team);
}

export function totalLeg(game: SandboxGame, side: 'Over' | 'Under' = 'Over'): E2eLeg {
  return pickLeg(game.fixture.id, game.odds, 'Total Points', (odd) => odd.name.startsWith(`${side} `));
}

/** The main point spread of one team, e.g. `Boston Celtics -1.5`. */
export function spreadLeg(game: SandboxGame, side: 'away' | 'home' = 'away'): E2eLeg {
  const team = side === 'away' ? game.fixture.away_team_display : game.fixture.home_team_display;
  return pickLeg(game.fixture.id, game.odds, 'Point Spread', (odd) => odd.name.startsWith(`${team} `));
}

/** Opens the app on a share link carrying these legs (and books, and format). */
export async function openWithSlip(page: Page, legs: readonly E2eLeg[], options: { books?: readonly string[]; format?: string } = {}): Promise<void> {
  const params = new URLSearchParams({ legs: encodeSlip(legs) });
  if (options.books) params.set('books', options.books.join(','));
  if (options.format) params.set('format', options.format);
  await page.goto(`/?${params.toString()}`);
}

export interface ForcedHeaders {
  /** `X-Sandbox-Scenario`: how named books answer. */
  scenario?: string;
  /** `X-Sandbox-Fault`: the whole request fails. */
  fault?: string;
}

/**
 * Adds sandbox headers to the browser's pricing requests, chosen per request (the app asks each
 * book on its own, so one request is one book).
 */
export async function forcePricing(page: Page, choose: (request: Request) => ForcedHeaders | null): Promise<void> {
  await page.route('**/api/v3/parlay/odds', async (route) => {
    const forced = choose(route.request());
    const headers = { ...route.request().headers() };
    if (forced?.scenario) headers['x-sandbox-scenario'] = forced.scenario;
    if (forced?.fault) headers['x-sandbox-fault'] = forced.fault;
    await route.continue({ headers });
  });
}

/** Adds the sandbox's X-Sandbox-Scenario header to the browser's pricing requests. */
export async function forceParlayScenario(page: Page, scenario: string | ((request: Request) => string | null)): Promise<void> {
  await forcePricing(page, (request) => {
    const value = typeof scenario === 'function' ? scenario(request) : scenario;
    return value ? { scenario: value } : null;
  });
}

/** The books a pricing request asked for. */
export function requestedBooks(request: Request): string[] {
  const body = request.postDataJSON() as { sportsbooks?: string[] } | null;
  return body?.sportsbooks ?? [];
}

/** The legs (selection names) a pricing request asked about. */
export function requestedLegNames(request: Request): string[] {
  const body = request.postDataJSON() as { entries?: { name: string }[] } | null;
  return (body?.entries ?? []).map((entry) => entry.name);
}

function isPricingRequest(request: Request): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/api/v3/parlay/odds';
}

function isOddsRequest(request: Request): boolean {
  return isPricingRequest(request) || new URL(request.url()).pathname === '/api/v3/fixtures/odds';
}

/** Collects the page's requests to the odds service from now on: pricing (/parlay/odds) and all odds. */
export function recordRequests(page: Page): { pricing: Request[]; odds: Request[] } {
  const recorded = { pricing: [] as Request[], odds: [] as Request[] };
  page.on('request', (request) => {
    if (isPricingRequest(request)) recorded.pricing.push(request);
    if (isOddsRequest(request)) recorded.odds.push(request);
  });
  return recorded;
}

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

/** axe-core over the whole page (WCAG 2.x A and AA); the violations, compactly, for a readable failure. */
export async function axeViolations(page: Page): Promise<{ id: string; impact: string | null | undefined; targets: string[] }[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

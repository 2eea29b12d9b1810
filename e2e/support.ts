/** Shared e2e helpers: real legs from the sandbox (through our proxy), forced outcomes, share links. */
import type { APIRequestContext, Page, Request } from '@playwright/test';
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

export async function upcomingFixtures(request: APIRequestContext, league = 'nba'): Promise<WireFixture[]> {
  const response = await request.get(`/api/v3/fixtures/active?league=${league}`);
  const body = (await response.json()) as { data: WireFixture[] };
  return body.data.filter((fixture) => !fixture.is_live);
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

/** Opens the app on a share link carrying these legs (and books, and format). */
export async function openWithSlip(page: Page, legs: readonly E2eLeg[], options: { books?: readonly string[]; format?: string } = {}): Promise<void> {
  const params = new URLSearchParams({ legs: encodeSlip(legs) });
  if (options.books) params.set('books', options.books.join(','));
  if (options.format) params.set('format', options.format);
  await page.goto(`/?${params.toString()}`);
}

/** Adds the sandbox's X-Sandbox-Scenario header to the browser's pricing requests. */
export async function forceParlayScenario(page: Page, scenario: string | ((request: Request) => string | null)): Promise<void> {
  await page.route('**/api/v3/parlay/odds', async (route) => {
    const value = typeof scenario === 'function' ? scenario(route.request()) : scenario;
    const headers = { ...route.request().headers() };
    if (value) headers['x-sandbox-scenario'] = value;
    await route.continue({ headers });
  });
}

/** The books a pricing request asked for. */
export function requestedBooks(request: Request): string[] {
  const body = request.postDataJSON() as { sportsbooks?: string[] } | null;
  return body?.sportsbooks ?? [];
}

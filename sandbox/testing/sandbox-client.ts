/** Shared helpers for the sandbox tests: an app on a fixed clock and typed request shortcuts. */
import type { Hono } from 'hono';
import { SPORTSBOOKS, type Sportsbook } from '../../src/domain/sportsbooks.ts';
import { createSandboxApp, type SandboxOptions } from '../app.ts';
import { API_PREFIX } from '../../src/domain/odds/api-prefix.ts';

export const TEST_KEY = 'test-key';
/** Saturday 22 November 2025, 15:00 UTC (10:00 in New York): a busy sports weekend. */
export const FIXED_NOW = Date.parse('2025-11-22T15:00:00Z');

export interface Clock {
  now: () => number;
  set(ms: number): void;
  advance(ms: number): void;
}

export function testClock(startMs = FIXED_NOW): Clock {
  let current = startMs;
  return {
    now: () => current,
    set: (ms) => {
      current = ms;
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

/** The small catalog unless a test asks for the realistic one (`catalog: 'realistic'`). */
export function makeApp(overrides: Partial<SandboxOptions> = {}): Hono {
  return createSandboxApp({
    apiKey: TEST_KEY,
    now: () => FIXED_NOW,
    latency: 'zero',
    randomFailures: false,
    catalog: 'small',
    ...overrides,
  });
}

interface CompetitorWire {
  id: string;
  name: string;
  abbreviation: string;
  base_id: number;
  numerical_id: number;
  logo: string | null;
}

export interface FixtureWire {
  id: string;
  numerical_id: number;
  game_id: string;
  start_date: string;
  status: string;
  is_live: boolean;
  home_team_display: string;
  away_team_display: string;
  home_competitors: CompetitorWire[];
  away_competitors: CompetitorWire[];
  sport: { id: string; name: string };
  league: { id: string; name: string };
  season_type: string;
  venue_name: string;
}

export interface OddWire {
  id: string;
  sportsbook: Sportsbook;
  market: string;
  market_id: string;
  name: string;
  selection: string;
  normalized_selection: string;
  selection_line: 'over' | 'under' | null;
  points: number | null;
  price: number;
  is_main: boolean;
  grouping_key: string;
  player_id: string | null;
  team_id: string | null;
  timestamp: number;
  deep_link: { android: string; desktop: string; ios: string };
  limits: { max: number } | null;
  order_book?: { price: number; size: number }[];
  source_ids: Record<string, string>;
}

export interface FixtureWithOddsWire extends FixtureWire {
  odds: OddWire[];
}

interface LegWire {
  fixture_id: string;
  market: string;
  name: string;
  price: number;
}

export interface BookResultWire {
  error: string | null;
  missing_entries: { fixture_id: string; market: string; name: string; price: null }[] | null;
  legs: LegWire[] | null;
  price: number | string | null;
  deep_link_urls?: { android: string; desktop: string; ios: string } | null;
}

export interface ParlayEntry {
  fixture_id: string;
  market: string;
  name: string;
}

export interface JsonResponse<T> {
  status: number;
  body: T;
  headers: Headers;
}

export async function getJson<T>(
  app: Hono,
  path: string,
  headers: Record<string, string> = { 'X-Api-Key': TEST_KEY },
): Promise<JsonResponse<T>> {
  const response = await app.request(path, { headers });
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}

export async function activeFixtures(app: Hono, query: string): Promise<FixtureWire[]> {
  const fixtures: FixtureWire[] = [];
  for (let page = 1; ; page++) {
    const { body } = await getJson<{ data: FixtureWire[]; has_more: boolean }>(
      app,
      `${API_PREFIX}/fixtures/active?${query}&page=${page}`,
    );
    fixtures.push(...body.data);
    if (!body.has_more) return fixtures;
  }
}

/** Upcoming games only (not started, not delayed or cancelled): the ones a test can always bet on. */
export async function upcomingFixtures(app: Hono, query: string): Promise<FixtureWire[]> {
  return (await activeFixtures(app, query)).filter((fixture) => fixture.status === 'unplayed');
}

/** Odds of one fixture at the given books (chunked: the service takes five books per call). */
export async function oddsOf(
  app: Hono,
  fixtureId: string,
  books: readonly Sportsbook[] = SPORTSBOOKS,
): Promise<OddWire[]> {
  const odds: OddWire[] = [];
  for (let start = 0; start < books.length; start += 5) {
    const bookQuery = books
      .slice(start, start + 5)
      .map((book) => `sportsbook=${encodeURIComponent(book)}`)
      .join('&');
    const { body } = await getJson<{ data: FixtureWithOddsWire[] }>(
      app,
      `${API_PREFIX}/fixtures/odds?fixture_id=${encodeURIComponent(fixtureId)}&${bookQuery}`,
    );
    odds.push(...(body.data[0]?.odds ?? []));
  }
  return odds;
}

export function priceAt(odds: readonly OddWire[], book: Sportsbook, entry: ParlayEntry): number | undefined {
  return odds.find((odd) => odd.sportsbook === book && odd.market === entry.market && odd.name === entry.name)?.price;
}

export async function postParlay<T = { data: Record<string, BookResultWire> }>(
  app: Hono,
  body: unknown,
  options: { query?: string; headers?: Record<string, string> } = {},
): Promise<JsonResponse<T>> {
  const response = await app.request(`${API_PREFIX}/parlay/odds${options.query ?? ''}`, {
    method: 'POST',
    headers: { 'X-Api-Key': TEST_KEY, 'Content-Type': 'application/json', ...options.headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}

export function entryOf(odd: OddWire, fixtureId: string): ParlayEntry {
  return { fixture_id: fixtureId, market: odd.market, name: odd.name };
}

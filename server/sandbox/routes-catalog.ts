/** GET /sports, /leagues, /fixtures/active and /fixtures/odds. */
import type { Context } from 'hono';
import { SPORTSBOOKS, sportsbookSlug, type Sportsbook } from '../../src/domain/sportsbooks.ts';
import { bookKey, profileOf } from './books.ts';
import { bookAmericanPrice, bookOffers, priceBucket, PRICE_BUCKET_MS } from './book-pricing.ts';
import { LEAGUES, marketOf, SPORTS } from './catalog-sports.ts';
import { errorResponse } from './guards.ts';
import { plannedCatalogLatencyMs, sleep } from './latency.ts';
import { fixtureStatus, type ScheduledFixture } from './schedule.ts';
import { LATENCY_HEADER_ERROR, latencyModeFor, type SandboxState } from './sandbox-state.ts';
import { fixtureJson, ODDS_FORMAT_ERROR, oddJson, parseOddsFormat } from './wire.ts';

export const FIXTURES_PAGE_SIZE = 25;
export const MAX_ODDS_SPORTSBOOKS = 5;
export const MAX_ODDS_FIXTURES = 5;

type Handler = (context: Context) => Promise<Response>;

function queryList(context: Context, ...names: string[]): string[] {
  return names.flatMap((name) => context.req.queries(name) ?? []).map((value) => value.trim()).filter((value) => value !== '');
}

/** Waits the catalog's realistic latency; returns an error response if the latency header is bad. */
async function catalogDelay(context: Context, state: SandboxState): Promise<Response | null> {
  const mode = latencyModeFor(context, state);
  if (mode === null) return errorResponse(context, 400, LATENCY_HEADER_ERROR);
  if (mode === 'realistic') {
    await sleep(plannedCatalogLatencyMs(state.seed, context.req.path, priceBucket(state.now()), context.req.url));
  }
  return null;
}

export function sportsHandler(state: SandboxState): Handler {
  return async (context) => {
    const delayed = await catalogDelay(context, state);
    if (delayed) return delayed;
    const data = SPORTS.map((sport) => ({
      id: sport.id,
      name: sport.name,
      numerical_id: sport.numericalId,
      main_markets: sport.mainMarketIds.map((id) => {
        const market = marketOf(sport, id);
        return { id: market.id, name: market.name, numerical_id: market.numericalId };
      }),
    }));
    return context.json({ data });
  };
}

export function leaguesHandler(state: SandboxState): Handler {
  return async (context) => {
    const delayed = await catalogDelay(context, state);
    if (delayed) return delayed;
    const sports = queryList(context, 'sport').map((sport) => sport.toLowerCase());
    const data = LEAGUES.filter((league) => sports.length === 0 || sports.includes(league.sportId)).map((league) => {
      const sport = SPORTS.find((candidate) => candidate.id === league.sportId);
      return {
        id: league.id,
        name: league.name,
        numerical_id: league.numericalId,
        sport: { id: league.sportId, name: sport?.name ?? league.sportId, numerical_id: sport?.numericalId ?? null },
        region: league.region,
        region_code: league.regionCode,
        gender: league.gender,
      };
    });
    return context.json({ data });
  };
}

function parseInstant(value: string | undefined): number | null | undefined {
  if (value === undefined || value === '') return undefined;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : parsed;
}

export function activeFixturesHandler(state: SandboxState): Handler {
  return async (context) => {
    const leagues = queryList(context, 'league').map((value) => value.toLowerCase());
    const sports = queryList(context, 'sport').map((value) => value.toLowerCase());
    const ids = queryList(context, 'fixture_id', 'id');
    const teamIds = queryList(context, 'team_id');
    if (leagues.length + sports.length + ids.length + teamIds.length === 0) {
      return errorResponse(context, 400, 'At least one filter is required: sport, league, fixture_id, team_id');
    }
    const pageText = context.req.query('page') ?? '1';
    const page = Number(pageText);
    if (!/^\d+$/.test(pageText) || page < 1) return errorResponse(context, 400, 'page: expected a positive integer');
    const after = parseInstant(context.req.query('start_date_after'));
    const before = parseInstant(context.req.query('start_date_before'));
    if (after === null || before === null) return errorResponse(context, 400, 'start_date_after/start_date_before: expected an ISO 8601 date');
    const isLive = context.req.query('is_live');

    const delayed = await catalogDelay(context, state);
    if (delayed) return delayed;
    const nowMs = state.now();
    const matching = state.schedule.activeFixtures(nowMs).filter(
      (fixture) =>
        (leagues.length === 0 || leagues.includes(fixture.league.id)) &&
        (sports.length === 0 || sports.includes(fixture.sport.id)) &&
        (ids.length === 0 || ids.includes(fixture.id)) &&
        (teamIds.length === 0 || teamIds.includes(fixture.home.id) || teamIds.includes(fixture.away.id)) &&
        (after === undefined || fixture.startMs >= after) &&
        (before === undefined || fixture.startMs <= before) &&
        (isLive === undefined || (fixtureStatus(fixture, nowMs) === 'live') === (isLive === 'true')),
    );
    const totalPages = Math.max(1, Math.ceil(matching.length / FIXTURES_PAGE_SIZE));
    const data = matching.slice((page - 1) * FIXTURES_PAGE_SIZE, page * FIXTURES_PAGE_SIZE).map((fixture) => fixtureJson(fixture, nowMs));
    return context.json({ data, page, total_pages: totalPages, has_more: page < totalPages });
  };
}

/** Display names match case-insensitively; the vendor's ids (`betmgm_uk`) and slugs also work. */
export function bookFromQuery(value: string): Sportsbook | null {
  const lower = value.toLowerCase();
  return SPORTSBOOKS.find((book) => book.toLowerCase() === lower || bookKey(book) === lower || sportsbookSlug(book) === lower) ?? null;
}

function oddsOf(state: SandboxState, fixture: ScheduledFixture, books: readonly Sportsbook[], markets: readonly string[], mainOnly: boolean, format: NonNullable<ReturnType<typeof parseOddsFormat>>) {
  const board = state.boardFor(fixture);
  const bucket = priceBucket(state.now());
  const timestampSeconds = (bucket * PRICE_BUCKET_MS) / 1000;
  const selections = board.selections.filter(
    (selection) =>
      (!mainOnly || selection.isMain) &&
      (markets.length === 0 || markets.includes(selection.market.name.toLowerCase()) || markets.includes(selection.market.id)),
  );
  return books.flatMap((book) => {
    const profile = profileOf(book);
    return selections
      .filter((selection) => bookOffers(state.seed, profile, fixture, selection))
      .map((selection) => oddJson(selection, book, bookAmericanPrice(state.seed, profile, board, selection, bucket), timestampSeconds, format));
  });
}

export function fixtureOddsHandler(state: SandboxState): Handler {
  return async (context) => {
    const bookNames = [...new Set(queryList(context, 'sportsbook'))];
    const fixtureIds = [...new Set(queryList(context, 'fixture_id', 'id'))];
    if (bookNames.length === 0) return errorResponse(context, 400, 'At least one sportsbook is required');
    if (bookNames.length > MAX_ODDS_SPORTSBOOKS) return errorResponse(context, 400, `maximum ${MAX_ODDS_SPORTSBOOKS} sportsbooks allowed`);
    if (fixtureIds.length === 0) return errorResponse(context, 400, 'At least one fixture_id is required');
    if (fixtureIds.length > MAX_ODDS_FIXTURES) return errorResponse(context, 400, `maximum ${MAX_ODDS_FIXTURES} fixtures allowed`);
    const books: Sportsbook[] = [];
    for (const name of bookNames) {
      const book = bookFromQuery(name);
      if (!book) return errorResponse(context, 400, `unknown sportsbook ${JSON.stringify(name)}`);
      if (!books.includes(book)) books.push(book);
    }
    const format = parseOddsFormat(context.req.query('odds_format'));
    if (!format) return errorResponse(context, 400, ODDS_FORMAT_ERROR);
    const markets = queryList(context, 'market').map((market) => market.toLowerCase());
    const mainOnly = context.req.query('is_main') === 'true';

    const delayed = await catalogDelay(context, state);
    if (delayed) return delayed;
    const nowMs = state.now();
    const data = fixtureIds
      .map((id) => state.schedule.findFixture(id))
      .filter((fixture): fixture is ScheduledFixture => fixture !== null && fixtureStatus(fixture, nowMs) !== 'completed')
      .map((fixture) => ({ ...fixtureJson(fixture, nowMs), odds: oddsOf(state, fixture, books, markets, mainOnly, format) }));
    return context.json({ data });
  };
}

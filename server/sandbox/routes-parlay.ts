/** POST /parlay/odds: validate, resolve entries against the catalog, quote each book, wait, answer. */
import type { Context } from 'hono';
import { toIdentifier } from '../../src/domain/identifiers.ts';
import { sportsbookSlug, type Sportsbook } from '../../src/domain/sportsbooks.ts';
import { profileOf } from './books.ts';
import { priceBucket } from './book-pricing.ts';
import { errorResponse } from './guards.ts';
import { plannedBookLatencyMs, sleep } from './latency.ts';
import { quoteBook, type BookQuoteResult, type QuoteContext, type ResolvedEntry } from './parlay-pricer.ts';
import { parseParlayRequest, type ParlayEntryInput } from './parlay-request.ts';
import { parlayResponseBody } from './parlay-response.ts';
import { sameGameFixtureIds } from './parlay-rules.ts';
import { checkScenarioAgainstEntries, directivesFor, EMPTY_SCENARIO, parseScenario } from './scenario.ts';
import { fixtureStatus } from './schedule.ts';
import { LATENCY_HEADER_ERROR, latencyModeFor, type SandboxState } from './sandbox-state.ts';
import { ODDS_FORMAT_ERROR, parseOddsFormat } from './wire.ts';

function isTrueFlag(value: string | undefined): boolean {
  return value !== undefined && ['true', '1', 'yes'].includes(value.toLowerCase());
}

function resolveEntries(state: SandboxState, entries: readonly ParlayEntryInput[]): ResolvedEntry[] {
  const nowMs = state.now();
  return entries.map((entry, index) => {
    const fixture = state.schedule.findFixture(entry.fixture_id.trim());
    // A finished game has no odds any more: its entries are missing everywhere.
    if (!fixture || fixtureStatus(fixture, nowMs) === 'completed') return { index, entry, board: null, selection: null };
    const board = state.boardFor(fixture);
    return { index, entry, board, selection: board.find(entry.market, entry.name) };
  });
}

function requestKeyOf(entries: readonly ParlayEntryInput[]): string {
  return entries.map((entry) => `${entry.fixture_id}|${toIdentifier(entry.market)}|${toIdentifier(entry.name)}`).join(';');
}

export function parlayOddsHandler(state: SandboxState) {
  return async (context: Context): Promise<Response> => {
    const format = parseOddsFormat(context.req.query('odds_format'));
    if (!format) return errorResponse(context, 400, ODDS_FORMAT_ERROR);
    const latencyMode = latencyModeFor(context, state);
    if (latencyMode === null) return errorResponse(context, 400, LATENCY_HEADER_ERROR);
    const scenarioText = context.req.header('x-sandbox-scenario') ?? context.req.query('sandbox_scenario');
    const scenario = scenarioText === undefined ? { ok: true as const, value: EMPTY_SCENARIO } : parseScenario(scenarioText);
    if (!scenario.ok) return errorResponse(context, 400, scenario.error);

    const parsed = parseParlayRequest(await context.req.text());
    if (!parsed.ok) return errorResponse(context, 400, parsed.error);
    const { sportsbooks, entries } = parsed.value;
    const scenarioProblem = checkScenarioAgainstEntries(scenario.value, entries.length);
    if (scenarioProblem) return errorResponse(context, 400, scenarioProblem);

    const resolved = resolveEntries(state, entries);
    const requestKey = requestKeyOf(entries);
    const bucket = priceBucket(state.now());
    const quoteContext: QuoteContext = {
      seed: state.seed,
      bucket,
      requestKey,
      randomFailures: state.randomFailures,
      allowMissingEntries: isTrueFlag(context.req.query('allow_missing_entries')),
    };
    const sameGame = sameGameFixtureIds(resolved.map(({ board, entry }) => ({ fixtureId: board?.fixture.id ?? entry.fixture_id }))).size > 0;

    const results = new Map<Sportsbook, BookQuoteResult>();
    const latencyHeaders: Record<string, string> = {};
    let slowestMs = 0;
    for (const book of sportsbooks) {
      const directives = directivesFor(scenario.value, book);
      if (directives?.outcome?.kind === 'absent') continue;
      results.set(book, quoteBook(quoteContext, profileOf(book), resolved, directives?.outcome ?? null));
      const plannedMs = plannedBookLatencyMs(book, { seed: state.seed, bucket, requestKey, sameGame });
      // A forced `slow:` applies even in zero-latency mode: it exists to test client timeouts.
      const waitMs = directives?.latencyMs ?? (latencyMode === 'realistic' ? plannedMs : 0);
      latencyHeaders[`x-latency-${sportsbookSlug(book)}`] = String(waitMs);
      slowestMs = Math.max(slowestMs, waitMs);
    }
    await sleep(slowestMs);
    const body = parlayResponseBody(results, { format, includeDeepLinks: isTrueFlag(context.req.query('always_include_deep_link')) });
    return context.json(body, 200, latencyHeaders);
  };
}

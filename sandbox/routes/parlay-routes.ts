/**
 * POST /parlay/odds: validate, resolve entries against the catalog, quote each book (or the
 * `OpticOdds AI` engine), wait like the live service, answer. The answer carries the live
 * service's `x-latency-start`, `x-latency-end` and `x-latency-time` (seconds, for the whole
 * answer) and no per-book or rate-limit headers. In the realistic catalog Bwin's result is keyed
 * `Blue Book` about half the time (per request and 30 s bucket), as in the vendor's own example.
 */
import type { Context } from 'hono';
import { toIdentifier } from '../../src/domain/identifiers.ts';
import { FAIR_PRICING_ENGINE } from '../../src/domain/odds/pricing-engine.ts';
import { profileOf } from '../odds/books.ts';
import { priceBucket } from '../odds/book-pricing.ts';
import { errorResponse } from './guards.ts';
import { jsonAnswer } from './json-answer.ts';
import { unitHash } from '../shared/hash.ts';
import { plannedBookLatencyMs, sleep } from '../faults/latency.ts';
import { quoteBook, type QuoteContext, type ResolvedEntry } from '../pricing/parlay-pricer.ts';
import { parseParlayRequest, type ParlayEntryInput } from '../pricing/parlay-request.ts';
import { parlayResponseBody, type LabelledResult } from '../pricing/parlay-response.ts';
import { sameGameFixtureIds } from '../pricing/parlay-rules.ts';
import { plannedEngineLatencyMs, quoteEngine } from '../pricing/pricing-engine.ts';
import { checkScenarioAgainstEntries, directivesFor, EMPTY_SCENARIO, parseScenario } from '../faults/scenario.ts';
import { hasOdds } from '../schedule/schedule.ts';
import { LATENCY_HEADER_ERROR, latencyModeFor, type SandboxState } from '../state.ts';
import { ODDS_FORMAT_ERROR, parseOddsFormat } from '../odds/wire.ts';

/** The other label the vendor's example answers a Bwin request under. */
const BWIN_OTHER_LABEL = 'Blue Book';

function isTrueFlag(value: string | undefined): boolean {
  return value !== undefined && ['true', '1', 'yes'].includes(value.toLowerCase());
}

function resolveEntries(state: SandboxState, entries: readonly ParlayEntryInput[]): ResolvedEntry[] {
  const nowMs = state.now();
  return entries.map((entry, index) => {
    const fixture = state.schedule.findFixture(entry.fixture_id.trim());
    // A finished or cancelled game has no odds: its entries are missing everywhere.
    if (!fixture || !hasOdds(fixture, nowMs)) return { index, entry, board: null, selection: null };
    const board = state.boardFor(fixture);
    return { index, entry, board, selection: board.find(entry.market, entry.name) };
  });
}

function requestKeyOf(entries: readonly ParlayEntryInput[]): string {
  return entries
    .map((entry) => `${entry.fixture_id}|${toIdentifier(entry.market)}|${toIdentifier(entry.name)}`)
    .join(';');
}

/** Seconds with decimals, as the live service writes them (`1.94298`). */
function seconds(milliseconds: number): string {
  return (milliseconds / 1000).toFixed(5);
}

export function parlayOddsHandler(state: SandboxState) {
  return async (context: Context): Promise<Response> => {
    const startedAt = performance.now();
    const startedAtMs = state.now();
    const format = parseOddsFormat(context.req.query('odds_format'));
    if (!format) return errorResponse(context, 400, ODDS_FORMAT_ERROR);
    const latencyMode = latencyModeFor(context, state);
    if (latencyMode === null) return errorResponse(context, 400, LATENCY_HEADER_ERROR);
    const scenarioText = context.req.header('x-sandbox-scenario') ?? context.req.query('sandbox_scenario');
    const scenario =
      scenarioText === undefined ? { ok: true as const, value: EMPTY_SCENARIO } : parseScenario(scenarioText);
    if (!scenario.ok) return errorResponse(context, 400, scenario.error);

    const parsed = parseParlayRequest(await context.req.text());
    if (!parsed.ok) return errorResponse(context, 400, parsed.error);
    const request = parsed.value;
    const scenarioProblem = checkScenarioAgainstEntries(scenario.value, request.entries.length);
    if (scenarioProblem) return errorResponse(context, 400, scenarioProblem);

    const resolved = resolveEntries(state, request.entries);
    const requestKey = requestKeyOf(request.entries);
    const nowMs = state.now();
    const bucket = priceBucket(nowMs);
    const results: LabelledResult[] = [];
    let slowestMs = 0;

    if (request.kind === 'engine') {
      // The engine is not a book: only the `*` directives of a forcing header reach it.
      const directives = scenario.value.otherBooks;
      const result = quoteEngine(request.entries, resolved, directives?.outcome ?? null);
      if (result) results.push({ label: FAIR_PRICING_ENGINE, book: null, result });
      slowestMs =
        directives?.latencyMs ??
        (latencyMode === 'realistic' ? plannedEngineLatencyMs(state.seed, bucket, requestKey) : 0);
    } else {
      const quoteContext: QuoteContext = {
        seed: state.seed,
        nowMs,
        odds: state.odds,
        bucket,
        requestKey,
        randomFailures: state.randomFailures,
        allowMissingEntries: isTrueFlag(context.req.query('allow_missing_entries')),
      };
      const sameGame =
        sameGameFixtureIds(resolved.map(({ board, entry }) => ({ fixtureId: board?.fixture.id ?? entry.fixture_id })))
          .size > 0;
      const bwinRelabelled = state.catalog.liveHabits && unitHash(state.seed, 'bwin-label', bucket, requestKey) < 0.5;
      for (const book of request.sportsbooks) {
        const directives = directivesFor(scenario.value, book);
        if (directives?.outcome?.kind === 'absent') continue;
        const label = book === 'Bwin' && bwinRelabelled ? BWIN_OTHER_LABEL : book;
        results.push({
          label,
          book,
          result: quoteBook(quoteContext, profileOf(book), resolved, directives?.outcome ?? null),
        });
        const plannedMs = plannedBookLatencyMs(book, { seed: state.seed, bucket, requestKey, sameGame });
        // A forced `slow:` applies even in zero-latency mode: it exists to test client timeouts.
        slowestMs = Math.max(slowestMs, directives?.latencyMs ?? (latencyMode === 'realistic' ? plannedMs : 0));
      }
    }
    await sleep(slowestMs);
    const body = parlayResponseBody(results, {
      format,
      includeDeepLinks: isTrueFlag(context.req.query('always_include_deep_link')),
    });
    const elapsedMs = performance.now() - startedAt;
    return jsonAnswer(context, body, 200, {
      'x-latency-start': seconds(startedAtMs),
      'x-latency-end': seconds(startedAtMs + elapsedMs),
      'x-latency-time': seconds(elapsedMs),
    });
  };
}

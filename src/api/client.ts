/**
 * The odds client: one function per endpoint, each parsing its answer at the boundary.
 * Used by the app (through its own server, no key), the tests and the scripts (sandbox, with a key).
 */
import type { Sportsbook } from '../domain/sportsbooks.ts';
import { ApiError } from './errors.ts';
import { DEFAULT_TIMEOUT_MS, requestJson } from './http.ts';
import type { FetchFunction, HttpTransport } from './http.ts';
import type {
  BookQuote,
  Fixture,
  FixturePage,
  FixtureWithOdds,
  League,
  Market,
  ParlayEntry,
  Player,
  Sport,
} from './types.ts';
import { FAIR_PRICING_ENGINE } from '../domain/odds/pricing-engine.ts';
import type { EngineAnswer } from './parse/parse-engine.ts';

/** The service's per-call limits on /fixtures/odds. */
const MAX_SPORTSBOOKS_PER_ODDS_CALL = 5;
export const MAX_FIXTURES_PER_ODDS_CALL = 5;
/** listAllActiveFixtures stops here even if the service says there is more. */
export const MAX_FIXTURE_PAGES = 20;

export interface OddsClientOptions {
  /** Prefix under which `/api/v3/...` lives: `''` (same origin) or e.g. `http://127.0.0.1:4010`. */
  baseUrl: string;
  /** Defaults to the global fetch, looked up at call time. */
  fetch?: FetchFunction;
  /** Only for scripts and tests against the sandbox; the browser app never holds a key. */
  apiKey?: string;
  /** Per request, including reading the body. Default 12 s. */
  timeoutMs?: number;
  /**
   * Hears what an answer held that the app could not use (odds from books outside the ten,
   * unreadable odds, results for books nobody asked for). Default: a console warning, so nothing is
   * dropped unnoticed.
   */
  onDropped?: (report: DroppedReport) => void;
}

interface DroppedReport {
  /** The endpoint, e.g. `/fixtures/odds`. */
  path: string;
  count: number;
  /** What was dropped and why, in words. */
  detail: string;
}

function warnDropped({ path, count, detail }: DroppedReport): void {
  console.warn(`parlay-builder: ${path}: ${count} ${count === 1 ? 'item' : 'items'} dropped (${detail}).`);
}

interface RequestOptions {
  /** Aborting it rejects with the signal's reason (an AbortError), never with an ApiError. */
  signal?: AbortSignal;
}

interface PriceParlayOptions extends RequestOptions {
  /**
   * Receives how long the service took to answer (ms), from its `x-latency-time` header (seconds),
   * when the answer carries it (a browser on another origin reads it only if our server exposes it).
   * With one book per request, that is the book's quote time.
   */
  onQuoteTime?: (ms: number) => void;
}

/** `x-latency-time: 1.94298` (seconds, the whole answer) in milliseconds; null when absent or unreadable. */
export function readQuoteTimeMs(headers: Headers): number | null {
  const value = headers.get('x-latency-time');
  const seconds = value === null || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
}

export interface OddsClient {
  listSports(options?: RequestOptions): Promise<Sport[]>;
  listLeagues(params?: { sport?: string }, options?: RequestOptions): Promise<League[]>;
  /** Leagues with upcoming games, of these sports, in one request. */
  listActiveLeagues(params: { sports: readonly string[] }, options?: RequestOptions): Promise<League[]>;
  /** The markets a game has odds in (names as /parlay/odds takes them). */
  listActiveMarkets(params: { fixtureId: string }, options?: RequestOptions): Promise<Market[]>;
  listActiveFixtures(
    params: { leagues: readonly string[]; page?: number },
    options?: RequestOptions,
  ): Promise<FixturePage>;
  listAllActiveFixtures(params: { leagues: readonly string[] }, options?: RequestOptions): Promise<Fixture[]>;
  getFixtureOdds(
    params: {
      fixtureIds: readonly string[];
      sportsbooks: readonly Sportsbook[];
      markets?: readonly string[];
      mainLinesOnly?: boolean;
    },
    options?: RequestOptions,
  ): Promise<FixtureWithOdds[]>;
  priceParlay(
    params: { entries: readonly ParlayEntry[]; sportsbooks: readonly Sportsbook[] },
    options?: PriceParlayOptions,
  ): Promise<BookQuote[]>;
  /**
   * The correlation engine's combined price for these legs at our own prices (`OpticOdds AI`,
   * asked alone, every entry priced): a fair same-game price from fair leg prices.
   */
  priceWithEngine(params: { entries: readonly PricedEntry[] }, options?: RequestOptions): Promise<EngineAnswer>;
  /** A league's players, every page (for finding a game by a player's name). */
  listLeaguePlayers(params: { league: string }, options?: RequestOptions): Promise<Player[]>;
}

/** A leg with a price of ours for the engine (exact decimal odds). */
interface PricedEntry extends ParlayEntry {
  decimalPrice: number;
}

function unique<Item>(items: readonly Item[]): Item[] {
  return [...new Set(items)];
}

/** `items` in runs of at most `size` (the service's per-call limits). */
export function chunk<Item>(items: readonly Item[], size: number): Item[][] {
  const chunks: Item[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/**
 * Runs requests in parallel under one signal: when one fails the others are aborted (their
 * answers would be thrown away), and the caller's abort still reaches every one of them.
 */
async function allOrNothing<Result>(
  callerSignal: AbortSignal | undefined,
  run: (signal: AbortSignal) => Promise<Result>[],
): Promise<Result[]> {
  const group = new AbortController();
  const onCallerAbort = () => group.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    return await Promise.all(run(group.signal));
  } catch (error) {
    group.abort(error);
    throw error;
  } finally {
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}

/** Merges per-chunk answers: one entry per fixture, requested order first, odds in chunk order. */
function mergeFixtureOdds(fixtureIds: readonly string[], answers: readonly FixtureWithOdds[][]): FixtureWithOdds[] {
  const byId = new Map<string, FixtureWithOdds>();
  for (const answer of answers) {
    for (const { fixture, odds } of answer) {
      const known = byId.get(fixture.id);
      if (known) known.odds.push(...odds);
      else byId.set(fixture.id, { fixture, odds: [...odds] });
    }
  }
  const ordered: FixtureWithOdds[] = [];
  for (const id of fixtureIds) {
    const found = byId.get(id);
    if (found) ordered.push(found);
    byId.delete(id);
  }
  // Anything the service sent that was not asked for (it should not) goes last rather than lost.
  return [...ordered, ...byId.values()];
}

/**
 * The answers' schemas (and the schema library) load with the first request, not with the page: the
 * widget's first paint is smaller by them, and the module arrives while the request is in flight.
 */
function loadSchemas(): Promise<typeof import('./parse/schemas.ts')> {
  const schemas = import('./parse/schemas.ts');
  // Awaited after the request; a failed load rejects there, not as an unhandled rejection here.
  schemas.catch(() => undefined);
  return schemas;
}

/** Fetches the parlay answers' parser ahead of the first answer (a page that will price a slip at once). */
export function preloadParlayParser(): void {
  import('./parse/parse-parlay.ts').catch(() => undefined);
}

export function createOddsClient(options: OddsClientOptions): OddsClient {
  const transport: HttpTransport = {
    baseUrl: options.baseUrl,
    // Looked up per call (tests may stub it) and never called as a method (browsers reject that).
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
  const onDropped = options.onDropped ?? warnDropped;

  const listActiveFixtures: OddsClient['listActiveFixtures'] = async ({ leagues, page = 1 }, { signal } = {}) => {
    // The service rejects an unfiltered listing; no leagues simply means no fixtures.
    if (leagues.length === 0) return { fixtures: [], page, hasMore: false };
    const schemas = loadSchemas();
    const body = await requestJson(transport, {
      method: 'GET',
      path: '/fixtures/active',
      query: { league: unique(leagues), page },
      signal,
    });
    const parsed = (await schemas).parseFixturePageBody(body, page);
    return { fixtures: parsed.items, page: parsed.page, hasMore: parsed.hasMore };
  };

  return {
    async listSports({ signal } = {}) {
      const schemas = loadSchemas();
      const body = await requestJson(transport, { method: 'GET', path: '/sports', signal });
      return (await schemas).parseSportsBody(body).items;
    },

    async listLeagues({ sport } = {}, { signal } = {}) {
      const schemas = loadSchemas();
      const body = await requestJson(transport, { method: 'GET', path: '/leagues', query: { sport }, signal });
      return (await schemas).parseLeaguesBody(body).items;
    },

    async listActiveLeagues({ sports }, { signal } = {}) {
      if (sports.length === 0) return [];
      const schemas = loadSchemas();
      const body = await requestJson(transport, {
        method: 'GET',
        path: '/leagues/active',
        query: { sport: unique(sports) },
        signal,
      });
      return (await schemas).parseLeaguesBody(body).items;
    },

    async listActiveMarkets({ fixtureId }, { signal } = {}) {
      const schemas = loadSchemas();
      const body = await requestJson(transport, {
        method: 'GET',
        path: '/markets/active',
        query: { fixture_id: fixtureId },
        signal,
      });
      return (await schemas).parseMarketsBody(body).items;
    },

    listActiveFixtures,

    async listAllActiveFixtures({ leagues }, { signal } = {}) {
      const fixtures = new Map<string, Fixture>();
      for (let page = 1; page <= MAX_FIXTURE_PAGES; page += 1) {
        const answer = await listActiveFixtures({ leagues, page }, { signal });
        // A fixture can move between pages while we page; keep its first sighting.
        for (const fixture of answer.fixtures) if (!fixtures.has(fixture.id)) fixtures.set(fixture.id, fixture);
        if (!answer.hasMore) break;
      }
      return [...fixtures.values()];
    },

    async getFixtureOdds({ fixtureIds, sportsbooks, markets, mainLinesOnly = false }, { signal } = {}) {
      const fixtureChunks = chunk(unique(fixtureIds), MAX_FIXTURES_PER_ODDS_CALL);
      const bookChunks = chunk(unique(sportsbooks), MAX_SPORTSBOOKS_PER_ODDS_CALL);
      if (fixtureChunks.length === 0 || bookChunks.length === 0) return [];
      const schemas = loadSchemas();
      const answers = await allOrNothing(signal, (groupSignal) =>
        fixtureChunks.flatMap((fixtureChunk) =>
          bookChunks.map(async (bookChunk) => {
            const body = await requestJson(transport, {
              method: 'GET',
              path: '/fixtures/odds',
              query: {
                fixture_id: fixtureChunk,
                sportsbook: bookChunk,
                market: markets && markets.length > 0 ? unique(markets) : undefined,
                is_main: mainLinesOnly ? 'true' : undefined,
              },
              signal: groupSignal,
            });
            const parsed = (await schemas).parseFixtureOddsBody(body);
            if (parsed.dropped > 0)
              onDropped({ path: '/fixtures/odds', count: parsed.dropped, detail: parsed.droppedDetail });
            return parsed.items;
          }),
        ),
      );
      return mergeFixtureOdds(fixtureIds, answers);
    },

    async priceParlay({ entries, sportsbooks }, { signal, onQuoteTime } = {}) {
      if (sportsbooks.length === 0) return [];
      // The parser is loaded on first use, so the app's first paint does not wait for it; it is
      // asked for alongside the request, not after the answer: on a page still loading, its
      // download would otherwise queue for a free connection behind the other requests (bench/).
      const parser = import('./parse/parse-parlay.ts');
      parser.catch(() => undefined);
      const body = await requestJson(transport, {
        method: 'POST',
        path: '/parlay/odds',
        // Books' own bet-slip links come only when asked for.
        query: { always_include_deep_link: 'true' },
        body: {
          sportsbooks: unique(sportsbooks),
          entries: entries.map(({ fixture_id, market, name }) => ({ fixture_id, market, name })),
        },
        signal,
        onResponseHeaders: onQuoteTime
          ? (headers) => {
              const ms = readQuoteTimeMs(headers);
              if (ms !== null) onQuoteTime(ms);
            }
          : undefined,
      });
      // Per-book problems are quotes, but an answer that is not even an object is the call's failure.
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new ApiError({ kind: 'invalid_response', message: 'invalid_response: unexpected /parlay/odds body' });
      }
      const { parseParlayAnswer } = await parser;
      return parseParlayAnswer(body, { sportsbooks, entries }, (names) =>
        onDropped({
          path: '/parlay/odds',
          count: names.length,
          detail: `results for books not asked for: ${names.slice(0, 5).join(', ')}`,
        }),
      );
    },

    async priceWithEngine({ entries }, { signal } = {}) {
      const engine = import('./parse/parse-engine.ts');
      engine.catch(() => undefined);
      const body = await requestJson(transport, {
        method: 'POST',
        path: '/parlay/odds',
        body: {
          sportsbooks: [FAIR_PRICING_ENGINE],
          entries: entries.map(({ fixture_id, market, name, decimalPrice }) => ({
            fixture_id,
            market,
            name,
            price_decimal: decimalPrice,
          })),
        },
        signal,
      });
      const { parseEngineAnswer } = await engine;
      return parseEngineAnswer(body);
    },

    // Only a search asks for players: the paging and its parser load then, never with the page.
    listLeaguePlayers: ({ league }, { signal } = {}) =>
      import('./players.ts').then((players) =>
        players.listLeaguePlayers(
          (page) => requestJson(transport, { method: 'GET', path: '/players', query: { league, page }, signal }),
          () => new ApiError({ kind: 'invalid_response', message: 'invalid_response: unexpected /players body' }),
        ),
      ),
  };
}

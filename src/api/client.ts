/**
 * The odds client: one function per endpoint, each parsing its answer at the boundary, grouped by
 * what they ask about (the catalog, the books' odds, parlay prices, players). What the screens after
 * the bet read (line history, results, grades, injuries) is a client of its own on the same
 * transport (bet-tracking/endpoints.ts), so the widget, which shows none of it, never loads it.
 * Used by the app (through its own server, no key), the tests and the scripts (sandbox, with a key).
 */
import { createCatalogEndpoints, type CatalogEndpoints } from './catalog-endpoints.ts';
import { ApiError } from './errors.ts';
import { DEFAULT_TIMEOUT_MS, requestJson, type FetchFunction, type HttpTransport } from './http.ts';
import { createOddsEndpoints, type OddsEndpoints } from './odds-endpoints.ts';
import { createPricingEndpoints, type PricingEndpoints } from './pricing-endpoints.ts';
import type { DroppedReport, Player, RequestOptions } from './types.ts';

export interface OddsClientOptions {
  /** Prefix under which `/api/v3/...` lives: `''` (same origin) or e.g. `http://127.0.0.1:4010`. */
  baseUrl: string;
  /** Defaults to the global fetch, looked up at call time. */
  fetch?: FetchFunction;
  /** Only for scripts and tests against the sandbox; the browser app never holds a key. */
  apiKey?: string;
  /**
   * The base URL is our server, which answers the GET form of /parlay/odds a CDN can keep; the odds
   * service itself (the in-process sandbox of the component tests) does not.
   */
  sharedParlayForm?: boolean;
  /** Per request, including reading the body. Default 12 s. */
  timeoutMs?: number;
  /**
   * Hears what an answer held that the app could not use (odds from books outside the ten,
   * unreadable odds, results for books nobody asked for). Default: a console warning, so nothing is
   * dropped unnoticed.
   */
  onDropped?: (report: DroppedReport) => void;
}

interface PlayerEndpoints {
  /** A league's players, every page (for finding a game by a player's name). */
  listLeaguePlayers(params: { league: string }, options?: RequestOptions): Promise<Player[]>;
}

export type OddsClient = CatalogEndpoints & OddsEndpoints & PricingEndpoints & PlayerEndpoints;

export function warnDropped({ path, count, detail }: DroppedReport): void {
  console.warn(`parlay-builder: ${path}: ${count} ${count === 1 ? 'item' : 'items'} dropped (${detail}).`);
}

function createPlayerEndpoints(transport: HttpTransport): PlayerEndpoints {
  return {
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

/**
 * Telling a blocked request from a lost connection is needed only once a request has failed: its
 * code loads beside the first paint, not in it, from the moment the client exists (so it hears the
 * page's CSP refusals from the first request on).
 */
function blockCheckFor(browserFetch: FetchFunction, baseUrl: string): HttpTransport['checkBlocked'] {
  if (typeof document === 'undefined') return undefined;
  const loaded = import('./blocked-requests.ts').then((module) => module.browserBlockCheck(browserFetch, baseUrl));
  return async (url) => {
    const check = await loaded.catch(() => undefined);
    return check ? check(url) : null;
  };
}

/** How every endpoint reaches the service: the options' base URL, fetch, key and timeout. */
export function createTransport(options: OddsClientOptions): HttpTransport {
  // Looked up per call (tests may stub it) and never called as a method (browsers reject that).
  const browserFetch: FetchFunction = (input, init) => globalThis.fetch(input, init);
  return {
    baseUrl: options.baseUrl,
    fetch: options.fetch ?? browserFetch,
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    // CSP and CORS apply to the browser's own fetch only.
    checkBlocked: options.fetch === undefined ? blockCheckFor(browserFetch, options.baseUrl) : undefined,
  };
}

export function createOddsClient(options: OddsClientOptions): OddsClient {
  const transport = createTransport(options);
  const onDropped = options.onDropped ?? warnDropped;
  return {
    ...createCatalogEndpoints(transport),
    ...createOddsEndpoints(transport, onDropped),
    ...createPricingEndpoints(transport, onDropped, options.sharedParlayForm),
    ...createPlayerEndpoints(transport),
  };
}

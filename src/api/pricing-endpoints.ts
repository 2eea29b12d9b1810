/** /parlay/odds: a parlay priced at books, and the correlation engine's price at our own prices. */
import type { Sportsbook } from '../domain/sportsbooks.ts';
import { FAIR_PRICING_ENGINE } from '../domain/odds/pricing-engine.ts';
import { sharedParlayQuestion } from '../domain/odds/shared-parlay-query.ts';
import { ApiError } from './errors.ts';
import { requestJson, unique, type HttpTransport, type JsonRequest } from './http.ts';
import type { EngineAnswer } from './parse/parse-engine.ts';
import type { BookQuote, DroppedReport, ParlayEntry, RequestOptions } from './types.ts';

interface PriceParlayOptions extends RequestOptions {
  /**
   * Receives how long the service took to answer (ms), from its `x-latency-time` header (seconds),
   * when the answer carries it (a browser on another origin reads it only if our server exposes it).
   * With one book per request, that is the book's quote time.
   */
  onQuoteTime?: (ms: number) => void;
  /**
   * Asked in the GET form (one book, from our server): the same question for every reader of a slip,
   * named by its URL, which a CDN keeps a few seconds. For a first look at a slip; a price that may
   * have moved is asked by POST, which no CDN or browser cache answers.
   */
  shared?: boolean;
}

/** A leg with a price of ours for the engine (exact decimal odds). */
interface PricedEntry extends ParlayEntry {
  decimalPrice: number;
}

export interface PricingEndpoints {
  priceParlay(
    params: { entries: readonly ParlayEntry[]; sportsbooks: readonly Sportsbook[] },
    options?: PriceParlayOptions,
  ): Promise<BookQuote[]>;
  /**
   * The correlation engine's combined price for these legs at our own prices (`OpticOdds AI`,
   * asked alone, every entry priced): a fair same-game price from fair leg prices.
   */
  priceWithEngine(params: { entries: readonly PricedEntry[] }, options?: RequestOptions): Promise<EngineAnswer>;
}

/** `x-latency-time: 1.94298` (seconds, the whole answer) in milliseconds; null when absent or unreadable. */
export function readQuoteTimeMs(headers: Headers): number | null {
  const value = headers.get('x-latency-time');
  const seconds = value === null || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
}

/** Fetches the parlay answers' parser ahead of the first answer (a page that will price a slip at once). */
export function preloadParlayParser(): void {
  import('./parse/parse-parlay.ts').catch(() => undefined);
}

/**
 * How a parlay is asked, and the order its answer's legs come in. A first look at one book from our
 * server is the GET form (shared-parlay-query.ts), which always brings the books' bet-slip links and
 * answers in its URL's order; anything else is a POST, answered in the order asked.
 */
function pricingQuestion(
  sportsbooks: readonly Sportsbook[],
  entries: readonly ParlayEntry[],
  sharedForm: boolean,
): { request: Pick<JsonRequest, 'method' | 'query' | 'body'>; answeredIn: readonly ParlayEntry[] } {
  const [onlyBook, ...otherBooks] = sportsbooks;
  if (sharedForm && onlyBook !== undefined && otherBooks.length === 0) {
    const { query, entries: inUrlOrder } = sharedParlayQuestion(onlyBook, entries);
    return { request: { method: 'GET', query }, answeredIn: inUrlOrder };
  }
  return {
    request: {
      method: 'POST',
      // Books' own bet-slip links come only when asked for.
      query: { always_include_deep_link: 'true' },
      body: {
        sportsbooks: unique(sportsbooks),
        entries: entries.map(({ fixture_id, market, name }) => ({ fixture_id, market, name })),
      },
    },
    answeredIn: entries,
  };
}

export function createPricingEndpoints(
  transport: HttpTransport,
  onDropped: (report: DroppedReport) => void,
  sharedForm = false,
): PricingEndpoints {
  return {
    async priceParlay({ entries, sportsbooks }, { signal, onQuoteTime, shared = false } = {}) {
      if (sportsbooks.length === 0) return [];
      // The parser is loaded on first use, so the app's first paint does not wait for it; it is
      // asked for alongside the request, not after the answer: on a page still loading, its
      // download would otherwise queue for a free connection behind the other requests (bench/).
      const parser = import('./parse/parse-parlay.ts');
      parser.catch(() => undefined);
      const asked = pricingQuestion(sportsbooks, entries, shared && sharedForm);
      const body = await requestJson(transport, {
        ...asked.request,
        path: '/parlay/odds',
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
      return parseParlayAnswer(body, { sportsbooks, entries, answeredIn: asked.answeredIn }, (names) =>
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
  };
}

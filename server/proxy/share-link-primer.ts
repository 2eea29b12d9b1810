/**
 * A share link's prices, asked for as the page is served: a link that carries a slip and its books
 * (`/?legs=…&books=…`) is a page that will, once its script has loaded and run (~0.7 s on the
 * bench), ask every book for the slip's parlay price, one request per book. The server knows that
 * much from the URL alone, so it asks the service then, and keeps each answer (or the call still in
 * flight) for the page's own request, which takes it once. The page's requests are the ones the app
 * makes anyway, unchanged: no preload and nothing in the HTML; a page that never asks costs only
 * the calls. Each question is one request of the page's client's (routes/parlay.ts): a token from
 * its rate-limit bucket, a call from its budget share; what comes back refusing that client (its
 * share spent) is handed to nobody else.
 */
import { parlayQuestionsFor } from '../../src/domain/parlay-questions.ts';
import { decodeSlip } from '../../src/domain/slip.ts';
import { isSportsbook, orderSportsbooks } from '../../src/domain/sportsbooks.ts';
import type { ParlayRequestBody } from '../../src/domain/odds/parlay-request-schema.ts';
import type { Served } from './answer-cache.ts';

/** What a page asks with: the app's /parlay/odds query (api/client.ts), one book per request. */
export const SHARE_LINK_PARLAY_QUERY = 'always_include_deep_link=true';

/**
 * Long enough for a slow phone to load and run the app, short beside the answers' own freshness
 * (a parlay answer is fresh for 5 s, then served stale for 20 s while it is asked again).
 */
const KEPT_MS = 10_000;
/** Pages being served at once whose answers are kept: beyond it, the oldest are dropped. */
const MAX_KEPT = 2_000;

/**
 * The parlay bodies a share link's page will send, one per book, by the rule the app asks by
 * (src/domain/parlay-questions.ts); none when the page would ask nothing (one leg or none, no book,
 * clashing legs) or the link is unreadable.
 */
export function shareLinkParlayBodies(search: URLSearchParams): ParlayRequestBody[] {
  const legsText = search.get('legs');
  const booksText = search.get('books');
  // Without books in the link, the page asks the books remembered in its own storage: unknown here.
  if (legsText === null || booksText === null) return [];
  const books = orderSportsbooks(
    booksText
      .split(',')
      .map((name) => name.trim())
      .filter(isSportsbook),
  );
  // A page opening is never a slip changing in quick succession.
  const parlay = parlayQuestionsFor({ legs: decodeSlip(legsText).legs, books, held: false });
  return parlay.ask ? parlay.questions.map(({ book, entries }) => ({ sportsbooks: [book], entries })) : [];
}

interface KeptAnswer {
  served: Promise<Served>;
  askedAt: number;
  expiresAt: number;
}

/** Answers asked for pages being served, by question key, each taken at most once. */
export class PrimedAnswers {
  readonly #kept = new Map<string, KeptAnswer>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** Asks (with `ask`) unless an answer to `key` is already kept. */
  prime(key: string, ask: () => Promise<Served>): void {
    this.#sweep();
    if (this.#kept.has(key)) return;
    const served = ask();
    // Whoever takes it handles a failure; one nobody takes must not become an unhandled rejection.
    served.catch(() => undefined);
    const askedAt = this.#now();
    this.#kept.set(key, { served, askedAt, expiresAt: askedAt + KEPT_MS });
    if (this.#kept.size > MAX_KEPT) {
      const oldest = this.#kept.keys().next();
      if (oldest.done !== true) this.#kept.delete(oldest.value);
    }
  }

  /**
   * The kept answer to `key`, once; undefined when there is none, it is too old, or it was asked
   * for before `notBefore` (a price it answers has moved since: the page must not be shown it).
   */
  take(key: string, notBefore = 0): Promise<Served> | undefined {
    const kept = this.#kept.get(key);
    if (kept === undefined) return undefined;
    this.#kept.delete(key);
    return this.#now() < kept.expiresAt && kept.askedAt >= notBefore ? kept.served : undefined;
  }

  #sweep(): void {
    const now = this.#now();
    // Kept in insertion order, so the expired ones are at the front.
    for (const [key, kept] of this.#kept) {
      if (kept.expiresAt > now) break;
      this.#kept.delete(key);
    }
  }
}

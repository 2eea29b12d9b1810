/**
 * The GET form of /parlay/odds, a parlay priced at one book named by its URL alone, so that a CDN
 * can keep the answer for every reader of the same slip: `?book=<book>&legs=<slip>`, the legs in
 * the share encoding (slip.ts), each leg's text sorted. One spelling per question: the app builds
 * it here and our server redirects any other spelling to it, so the cache is not split. The answer's
 * legs come in the URL's order, whatever order the slip had.
 */
import { encodeLegFields } from '../slip.ts';
import type { Sportsbook } from '../sportsbooks.ts';
import type { ParlayEntry } from './parlay.ts';

export interface SharedParlayQuestion<Entry extends ParlayEntry> {
  /** The query's parameters, in their canonical order and form (unencoded). */
  query: { book: Sportsbook; legs: string };
  /** The same entries (the caller's own objects) in the order the URL names them. */
  entries: Entry[];
}

/** The GET form's question for one book. */
export function sharedParlayQuestion<Entry extends ParlayEntry>(
  book: Sportsbook,
  entries: readonly Entry[],
): SharedParlayQuestion<Entry> {
  const legs = entries.map((entry) => ({
    entry,
    text: encodeLegFields([entry.fixture_id, entry.market, entry.name]),
  }));
  // By UTF-16 code units, the same in every browser and in Node.
  legs.sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  return {
    query: { book, legs: legs.map((leg) => leg.text).join(',') },
    entries: legs.map((leg) => leg.entry),
  };
}

/** The canonical query string (without `?`), encoded as the app's client encodes a query (`%20`, never `+`). */
export function sharedParlayQueryString(book: Sportsbook, entries: readonly ParlayEntry[]): string {
  return Object.entries(sharedParlayQuestion(book, entries).query)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
}

/**
 * The GET form of /parlay/odds, a parlay priced at one book named by its URL alone, so that a CDN
 * can keep the answer for every reader of the same slip: `?book=<book>&legs=<slip>`, the legs in
 * the share encoding (slip.ts), each leg's text sorted. One spelling per question: the app builds
 * it here and our server redirects any other spelling to it, so the cache is not split.
 */
import { encodeLegFields } from '../slip.ts';
import type { Sportsbook } from '../sportsbooks.ts';
import type { ParlayEntry } from './parlay.ts';

/** The query's parameters, in their canonical order and form (unencoded), for a question of one book. */
export function sharedParlayQuery(
  book: readonly [Sportsbook] | readonly Sportsbook[],
  entries: readonly ParlayEntry[],
): { book: string; legs: string } {
  const legs = entries.map((entry) => encodeLegFields([entry.fixture_id, entry.market, entry.name]));
  // By UTF-16 code units, the same in every browser and in Node.
  // Several books would name none: the GET form prices one.
  return { book: book.join(), legs: legs.sort().join(',') };
}

/** The canonical query string (without `?`), encoded as the app's client encodes a query (`%20`, never `+`). */
export function sharedParlayQueryString(book: Sportsbook, entries: readonly ParlayEntry[]): string {
  return Object.entries(sharedParlayQuery([book], entries))
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
}

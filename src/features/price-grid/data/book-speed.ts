/**
 * The order in which the chosen books are asked for a slip. Each book is its own request, and a
 * browser opens at most six connections to one server over HTTP/1.1, so with ten books four wait for
 * a free connection. Asked in the user's order, the fastest book (often late in that order) answered
 * ~140 ms late (bench/, docs/performance.md). So the books are asked by what this app instance has
 * seen of their quote times (the service's `x-latency-time` on each one-book answer): first as many of the fastest
 * as will have to share a connection, then the slowest, then the rest from slow to fast. The fast
 * books answer at once and free their connections for the queued ones, the slowest start at once
 * (they decide when the grid is complete), and each queued book rides on the connection of a fast
 * one. Over HTTP/2 the order makes no difference; before any timing is known it is the user's order.
 */
import type { OddsClient } from '../../../api/client.ts';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';

/** Browsers' limit of simultaneous HTTP/1.1 connections to one server (Chromium, Firefox, Safari). */
export const CONNECTIONS_PER_SERVER = 6;
/** Weight of the newest timing: books' speeds drift, and a same-game slip is slower at some books. */
const NEWEST_WEIGHT = 0.5;

export interface BookSpeeds {
  /** Notes how long a book took to quote (ms). */
  record(book: Sportsbook, ms: number): void;
  /** The books in the order to ask them (see above); books never timed go last, in the given order. */
  askingOrder(books: readonly Sportsbook[]): Sportsbook[];
}

export function createBookSpeeds(): BookSpeeds {
  const typicalMs = new Map<Sportsbook, number>();
  return {
    record(book, ms) {
      const previous = typicalMs.get(book);
      typicalMs.set(book, previous === undefined ? ms : NEWEST_WEIGHT * ms + (1 - NEWEST_WEIGHT) * previous);
    },
    askingOrder(books) {
      const timed = books
        .filter((book) => typicalMs.has(book))
        .sort((a, b) => (typicalMs.get(a) ?? 0) - (typicalMs.get(b) ?? 0));
      const untimed = books.filter((book) => !typicalMs.has(book));
      const waiting = Math.max(0, books.length - CONNECTIONS_PER_SERVER);
      const fastest = timed.slice(0, waiting);
      const rest = timed.slice(waiting).reverse();
      return [...fastest, ...rest, ...untimed];
    },
  };
}

/** One memory per odds client, i.e. per app instance (two widgets on a page each learn their own). */
const speedsByClient = new WeakMap<OddsClient, BookSpeeds>();

export function bookSpeedsOf(client: OddsClient): BookSpeeds {
  let speeds = speedsByClient.get(client);
  if (!speeds) {
    speeds = createBookSpeeds();
    speedsByClient.set(client, speeds);
  }
  return speeds;
}

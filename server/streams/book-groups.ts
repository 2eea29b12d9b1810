/**
 * The ten books split once into fixed groups of five (the service takes at most five books a
 * stream), so any reader's books map onto at most two upstream streams per sport, and every
 * reader of a sport shares the same ones.
 */
import { SPORTSBOOKS, type Sportsbook } from '../../src/domain/sportsbooks.ts';

/** The service's cap on books per request, and so per stream. */
const MAX_BOOKS_PER_UPSTREAM_STREAM = 5;

export const BOOK_GROUPS: readonly (readonly Sportsbook[])[] = Array.from(
  { length: Math.ceil(SPORTSBOOKS.length / MAX_BOOKS_PER_UPSTREAM_STREAM) },
  (_, group) => SPORTSBOOKS.slice(group * MAX_BOOKS_PER_UPSTREAM_STREAM, (group + 1) * MAX_BOOKS_PER_UPSTREAM_STREAM),
);

function bookGroupOf(book: Sportsbook): number {
  return Math.floor(SPORTSBOOKS.indexOf(book) / MAX_BOOKS_PER_UPSTREAM_STREAM);
}

/** The groups holding any of these books, in order. */
export function bookGroupsFor(books: Iterable<Sportsbook>): number[] {
  return [...new Set([...books].map(bookGroupOf))].sort((a, b) => a - b);
}

/** One upstream stream: a sport and a book group. */
export interface UpstreamStreamKey {
  sport: string;
  group: number;
}

export function upstreamStreamName(key: UpstreamStreamKey): string {
  return `${key.sport}:${key.group}`;
}

/**
 * Which games' odds a healthy live stream is bringing in, and at which books, per app instance
 * (per odds client). Odds and parlay queries read it to stop polling while their prices arrive by
 * stream, and poll again once it no longer covers them. Kept tiny: it is part of the first paint,
 * the stream itself is not (state/live-odds/ loads it later).
 */
import type { Sportsbook } from '../domain/sportsbooks.ts';
import type { OddsClient } from './client.ts';
import { isRefusedApiError } from './errors.ts';

/** Fixture id -> the books streamed for it. */
export type LiveCoverage = ReadonlyMap<string, ReadonlySet<Sportsbook>>;

const coverageByClient = new WeakMap<OddsClient, LiveCoverage>();

export function liveCoverageChanged(client: OddsClient, coverage: LiveCoverage): void {
  coverageByClient.set(client, coverage);
}

/** Whether every one of these games (at `book`, when given) is streamed now. */
export function isStreamed(client: OddsClient, fixtureIds: readonly string[], book?: Sportsbook): boolean {
  const coverage = coverageByClient.get(client);
  return (
    coverage !== undefined &&
    fixtureIds.length > 0 &&
    fixtureIds.every((id) => {
      const books = coverage.get(id);
      return books !== undefined && (book === undefined || books.has(book));
    })
  );
}

/**
 * A query's freshness and refresh while its prices may be streamed: polled every `interval` (and
 * stale after `staleMs`) unless streamed, then never polled and never stale, so neither a timer nor
 * a focus or remount asks again. Read on every query update, so the next answer or streamed row
 * applies the change; state/live-odds/ also nudges the observers when coverage changes. A refused
 * question is not polled either.
 */
export function pollUnlessStreamed(
  client: OddsClient,
  fixtureIds: readonly string[],
  staleMs: number,
  interval: () => number,
  book?: Sportsbook,
) {
  const streamed = () => isStreamed(client, fixtureIds, book);
  return {
    staleTime: () => (streamed() ? Number.POSITIVE_INFINITY : staleMs),
    refetchInterval: (query: { state: { error: Error | null } }) =>
      streamed() || isRefusedApiError(query.state.error) ? false : interval(),
  };
}

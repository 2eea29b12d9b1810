/**
 * Writes a live stream's event into the odds queries in place (the same query data the slip, the
 * price grid, game rows and opened markets read), so a streamed price shows wherever its odd is
 * shown and no screen asks for it again. Only queries already holding data are touched: one still
 * loading gets the service's answer, which is newer.
 */
import { notifyManager, type Query, type QueryClient } from '@tanstack/react-query';
import { toIdentifier } from '../../domain/identifiers.ts';
import { isRecord } from '../../domain/records.ts';
import { oddsKeys } from '../queries.ts';
import type { BookOdd, FixtureWithOdds } from '../types.ts';
import type { FixtureStatusChange, LockedOdd, OddsStreamEvent } from './parse-stream-event.ts';

/** What an odds query holds: one market of a game (every line), or a game's main lines in some markets. */
type OddsQueryScope = { kind: 'market'; marketId: string } | { kind: 'game-lines'; marketIds: readonly string[] };

function scopeOf(queryKey: readonly unknown[]): OddsQueryScope | null {
  const [, kind, , markets] = queryKey;
  if (typeof markets !== 'string') return null;
  if (kind === 'market') return { kind, marketId: markets };
  if (kind === 'game-lines') return { kind, marketIds: markets.split(',') };
  return null;
}

function isFixtureWithOdds(data: unknown): data is FixtureWithOdds {
  return isRecord(data) && isRecord(data.fixture) && Array.isArray(data.odds);
}

function marketMatches(odd: Pick<BookOdd, 'market' | 'marketId'>, marketId: string): boolean {
  return odd.marketId === marketId || toIdentifier(odd.market) === marketId;
}

function holds(scope: OddsQueryScope, odd: BookOdd): boolean {
  if (scope.kind === 'market') return marketMatches(odd, scope.marketId);
  return odd.isMain && scope.marketIds.some((marketId) => marketMatches(odd, marketId));
}

/** The same book's main line on the same side of the same market: the line a new main line replaces. */
function sameMainSide(a: BookOdd, b: BookOdd): boolean {
  return (
    a.isMain &&
    a.sportsbook === b.sportsbook &&
    a.marketId === b.marketId &&
    a.selection === b.selection &&
    a.selectionLine === b.selectionLine
  );
}

function withStreamedOdds(data: FixtureWithOdds, scope: OddsQueryScope, rows: readonly BookOdd[]): FixtureWithOdds {
  let odds = data.odds;
  for (const row of rows) {
    const index = odds.findIndex((odd) => odd.id === row.id);
    const known = odds[index];
    if (known !== undefined) {
      // A price older than the one held (rows replayed on resume, a poll that was newer) is kept out.
      if (known.timestamp !== null && row.timestamp !== null && row.timestamp < known.timestamp) continue;
      odds = holds(scope, row)
        ? odds.map((odd, at) => (at === index ? row : odd))
        : odds.filter((_, at) => at !== index);
    } else if (holds(scope, row)) {
      // A new main line replaces the old one (a line moving sends no locked event for the old).
      odds = [...(scope.kind === 'game-lines' ? odds.filter((odd) => !sameMainSide(odd, row)) : odds), row];
    }
  }
  return odds === data.odds ? data : { ...data, odds };
}

function withLocks(data: FixtureWithOdds, locks: readonly LockedOdd[]): FixtureWithOdds {
  const lockedIds = new Set(locks.map((lock) => lock.id));
  if (!data.odds.some((odd) => lockedIds.has(odd.id) && odd.locked !== true)) return data;
  return { ...data, odds: data.odds.map((odd) => (lockedIds.has(odd.id) ? { ...odd, locked: true } : odd)) };
}

function withStatus(data: FixtureWithOdds, change: FixtureStatusChange): FixtureWithOdds {
  const { fixture } = data;
  if (fixture.status === change.status && fixture.isLive === change.isLive) return data;
  return { ...data, fixture: { ...fixture, status: change.status, isLive: change.isLive } };
}

function groupByFixture<Row extends { fixtureId: string }>(rows: readonly Row[]): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) groups.set(row.fixtureId, [...(groups.get(row.fixtureId) ?? []), row]);
  return groups;
}

/** Every odds query of this game that holds data, with what it holds. */
function oddsQueriesOf(queryClient: QueryClient, fixtureId: string) {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: oddsKeys.all })
    .flatMap((query: Query) => {
      const scope = scopeOf(query.queryKey);
      const data: unknown = query.state.data;
      return query.queryKey[2] === fixtureId && scope !== null && isFixtureWithOdds(data)
        ? [{ queryKey: query.queryKey, scope, data }]
        : [];
    });
}

export function applyStreamEvent(queryClient: QueryClient, event: OddsStreamEvent): void {
  const update = (fixtureId: string, next: (data: FixtureWithOdds, scope: OddsQueryScope) => FixtureWithOdds) => {
    for (const { queryKey, scope, data } of oddsQueriesOf(queryClient, fixtureId)) {
      const updated = next(data, scope);
      if (updated !== data) queryClient.setQueryData(queryKey, updated);
    }
  };
  // One render for the whole event, however many queries it touches.
  notifyManager.batch(() => {
    switch (event.type) {
      case 'odds':
        for (const [fixtureId, rows] of groupByFixture(event.odds))
          update(fixtureId, (data, scope) => withStreamedOdds(data, scope, rows));
        break;
      case 'locked-odds':
        for (const [fixtureId, locks] of groupByFixture(event.locks))
          update(fixtureId, (data) => withLocks(data, locks));
        break;
      case 'fixture-status':
        for (const change of event.statuses) update(change.fixtureId, (data) => withStatus(data, change));
        break;
    }
  });
}

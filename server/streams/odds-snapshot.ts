/**
 * After a drop longer than the service's resume window, `last_entry_id` can no longer bring back
 * every change: the prices of the fixtures readers watch are asked of /fixtures/odds (five
 * fixtures and five books a call, the service's caps) and what differs from what we last knew is
 * sent on as `odds` (and an odd we knew that is no longer offered as `locked-odds`, the service's
 * "absent means suspended").
 */
import { isRecord } from '../../src/domain/records.ts';
import type { Sportsbook } from '../../src/domain/sportsbooks.ts';
import type { KnownOdds } from './known-odds.ts';
import { rowFromRecord, type StreamRow, type UpstreamEvent } from './stream-rows.ts';

/** The service's cap on fixtures per /fixtures/odds call. */
const FIXTURES_PER_CALL = 5;
/** At most this many fixtures are asked for (ten calls): the ones readers named first. */
export const MAX_SNAPSHOT_FIXTURES = 50;

export interface SnapshotScope {
  fixtureIds: readonly string[];
  /** Markets (names or ids) every reader narrowed to; null: every market. */
  markets: readonly string[] | null;
  /** True when every reader asked for main lines only. */
  mainOnly: boolean;
}

export interface SnapshotRequest {
  books: readonly Sportsbook[];
  scope: SnapshotScope;
  known: KnownOdds;
  /** When the gap began: an odd we never saw is sent only if it changed since. */
  gapStartMs: number;
  /** Odds the stream itself sent since it came back: its word is the newer, the snapshot's is skipped. */
  touchedKeys: ReadonlySet<string>;
}

/** GET below the service's base URL with our key; the parsed JSON answer, or null when it failed. */
export type FetchServiceJson = (path: string, query: URLSearchParams) => Promise<unknown>;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += size) result.push(items.slice(index, index + size));
  return result;
}

/** A /fixtures/odds odd as a stream row: the odd plus its fixture's fields. */
function rowsOfFixture(fixture: Record<string, unknown>): StreamRow[] {
  const odds = Array.isArray(fixture.odds) ? fixture.odds : [];
  const league = isRecord(fixture.league) ? fixture.league.id : undefined;
  return odds.flatMap((odd: unknown) => {
    if (!isRecord(odd)) return [];
    const row = rowFromRecord(
      { id: odd.id, fixture_id: fixture.id, ...odd, is_live: odd.is_live ?? fixture.is_live, league_id: league },
      'odds',
    );
    return row === null ? [] : [row];
  });
}

function inScope(row: StreamRow, request: SnapshotRequest, fixtures: ReadonlySet<string>): boolean {
  if (!fixtures.has(row.fixtureId) || row.book === null || !request.books.includes(row.book)) return false;
  if (request.scope.mainOnly && row.isMain !== true) return false;
  const markets = request.scope.markets;
  if (markets === null) return true;
  return row.market !== null && markets.some((market) => market === row.market?.name || market === row.market?.id);
}

function query(request: SnapshotRequest, fixtureIds: readonly string[]): URLSearchParams {
  const params = new URLSearchParams();
  for (const id of fixtureIds) params.append('fixture_id', id);
  for (const book of request.books) params.append('sportsbook', book);
  for (const market of request.scope.markets ?? []) params.append('market', market);
  if (request.scope.mainOnly) params.set('is_main', 'true');
  return params;
}

export async function takeSnapshot(fetchJson: FetchServiceJson, request: SnapshotRequest): Promise<UpstreamEvent[]> {
  const changed: StreamRow[] = [];
  const locked: StreamRow[] = [];
  const gapStartSeconds = Math.floor(request.gapStartMs / 1000);
  const fixtureIds = request.scope.fixtureIds.slice(0, MAX_SNAPSHOT_FIXTURES);
  for (const ids of chunks(fixtureIds, FIXTURES_PER_CALL)) {
    const answer = await fetchJson('/fixtures/odds', query(request, ids));
    // A failed call leaves its fixtures to the stream: nothing is marked locked on no evidence.
    if (!isRecord(answer) || !Array.isArray(answer.data)) continue;
    const offered = new Set<string>();
    for (const fixture of answer.data) {
      if (!isRecord(fixture)) continue;
      for (const row of rowsOfFixture(fixture)) {
        offered.add(row.key);
        if (request.touchedKeys.has(row.key)) continue;
        const known = request.known.get(row.key);
        const isNews =
          known === undefined
            ? row.changedAtSeconds === null || row.changedAtSeconds >= gapStartSeconds
            : known.locked || known.row.signature !== row.signature;
        if (isNews) changed.push(row);
      }
    }
    const asked = new Set(ids);
    for (const known of request.known.all()) {
      if (known.locked || offered.has(known.row.key) || request.touchedKeys.has(known.row.key)) continue;
      if (inScope(known.row, request, asked)) locked.push(known.row);
    }
  }
  const events: UpstreamEvent[] = [];
  if (changed.length > 0) events.push({ type: 'odds', entryId: null, rows: changed });
  if (locked.length > 0) events.push({ type: 'locked-odds', entryId: null, rows: locked });
  return events;
}

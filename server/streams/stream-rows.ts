/**
 * The rows of the service's stream payloads (`{"data": [rows], "entry_id", "type"}`), read once
 * when they arrive: what readers filter on (fixture, book, league, market, main line), what the
 * snapshot compares (the price), and the row's JSON text, which is what every reader is sent.
 */
import { isRecord } from '../../src/domain/records.ts';
import { sportsbookNamed, type Sportsbook } from '../../src/domain/sportsbooks.ts';

const STREAM_EVENT_TYPES = ['odds', 'locked-odds', 'fixture-status'] as const;
export type StreamEventType = (typeof STREAM_EVENT_TYPES)[number];

export function isStreamEventType(value: string): value is StreamEventType {
  return (STREAM_EVENT_TYPES as readonly string[]).includes(value);
}

export interface StreamRow {
  /** An odd (in `odds` and `locked-odds`) or a fixture's status. */
  kind: 'odd' | 'fixture-status';
  /** The odd's id (a locked line keeps its odd's key); `fixture:<id>` for a fixture's status. */
  key: string;
  fixtureId: string;
  /** Null for a fixture's status row. */
  book: Sportsbook | null;
  /** Lower-case league id; null when the row does not say. */
  leagueId: string | null;
  /** Lower-case market name and market id; null for a fixture's status row. */
  market: { name: string; id: string } | null;
  isMain: boolean | null;
  /** When the price last changed (epoch seconds), as the service says; null when it does not. */
  changedAtSeconds: number | null;
  /** What a snapshot compares: the price and the line (or the status). */
  signature: string;
  /** The row as JSON text. */
  text: string;
}

/** An event of one upstream stream; `entryId` is the service's, null for rows a snapshot made. */
export interface UpstreamEvent {
  type: StreamEventType;
  entryId: string | null;
  rows: readonly StreamRow[];
}

function text(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function leagueIdOf(record: Record<string, unknown>): string | null {
  const league = record.league;
  const id = text(record.league_id) ?? (isRecord(league) ? text(league.id) : null);
  return id === null ? null : id.toLowerCase();
}

/** A row read from the service's JSON; null when it names no fixture (nothing could route it). */
export function rowFromRecord(record: Record<string, unknown>, type: StreamEventType): StreamRow | null {
  const rowText = JSON.stringify(record);
  if (type === 'fixture-status') {
    const fixtureId = text(record.fixture_id) ?? text(record.id);
    if (fixtureId === null) return null;
    return {
      kind: 'fixture-status',
      key: `fixture:${fixtureId}`,
      fixtureId,
      book: null,
      leagueId: leagueIdOf(record),
      market: null,
      isMain: null,
      changedAtSeconds: null,
      signature: JSON.stringify([record.status ?? null, record.is_live ?? null]),
      text: rowText,
    };
  }
  const fixtureId = text(record.fixture_id);
  if (fixtureId === null) return null;
  const bookName = text(record.sportsbook) ?? text(record.sportsbook_id);
  const marketName = text(record.market);
  const marketId = text(record.market_id);
  const key =
    text(record.id) ?? [fixtureId, bookName ?? '', marketId ?? marketName ?? '', text(record.name) ?? ''].join(':');
  return {
    kind: 'odd',
    key,
    fixtureId,
    book: bookName === null ? null : sportsbookNamed(bookName),
    leagueId: leagueIdOf(record),
    market:
      marketName === null && marketId === null
        ? null
        : { name: (marketName ?? marketId ?? '').toLowerCase(), id: (marketId ?? '').toLowerCase() },
    isMain: typeof record.is_main === 'boolean' ? record.is_main : null,
    changedAtSeconds: typeof record.timestamp === 'number' ? record.timestamp : null,
    signature: JSON.stringify([record.price ?? null, record.points ?? null]),
    text: rowText,
  };
}

/** A payload's rows and entry id (`{"data": [...], "entry_id": "..."}`); null when it is not one. */
export function parsePayload(
  payload: string,
  type: StreamEventType,
): { rows: StreamRow[]; entryId: string | null } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.data)) return null;
  const rows = parsed.data.flatMap((item: unknown) => {
    const row = isRecord(item) ? rowFromRecord(item, type) : null;
    return row === null ? [] : [row];
  });
  return { rows, entryId: text(parsed.entry_id) };
}

/**
 * Whether the service's entry id `next` comes after `last` (`<ms>-<seq>`, compared as numbers);
 * ids of another form are only told apart by being different.
 */
export function isAfterEntryId(next: string, last: string | null): boolean {
  if (last === null) return true;
  const parse = (id: string) => /^(\d{1,16})-(\d{1,9})$/.exec(id);
  const a = parse(next);
  const b = parse(last);
  if (a === null || b === null) return next !== last;
  return Number(a[1]) - Number(b[1]) > 0 || (a[1] === b[1] && Number(a[2]) > Number(b[2]));
}

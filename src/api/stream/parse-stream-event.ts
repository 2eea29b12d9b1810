/**
 * The live odds stream's events, parsed at the boundary like every answer: the payload is
 * `{"data": [rows], "entry_id": "...", "type": "odds" | "locked-odds" | "fixture-status"}`. An odds
 * row is a /fixtures/odds odd plus its `fixture_id`; a locked row names the odd; a status row names
 * the game and its new status (its exact shape may differ, so only those fields are read). Anything
 * unreadable is counted and left out, never thrown: one bad frame must not stop the prices.
 */
import * as v from 'valibot';
import { toIdentifier } from '../../domain/identifiers.ts';
import { isRecord } from '../../domain/records.ts';
import { sportsbookNamed, type Sportsbook } from '../../domain/sportsbooks.ts';
import { parseOdd } from '../parse/schemas.ts';
import type { BookOdd } from '../types.ts';

/** A line the book has suspended (or taken down): it has no price until an odds row brings one. */
export interface LockedOdd {
  id: string;
  fixtureId: string;
  sportsbook: Sportsbook;
  market: string;
  marketId: string;
  name: string;
}

export interface FixtureStatusChange {
  fixtureId: string;
  /** As the service sends it: `live`, `cancelled`, ... (domain/game-status.ts reads it). */
  status: string;
  isLive: boolean;
}

export type OddsStreamEvent =
  | { type: 'odds'; entryId: string | null; odds: BookOdd[] }
  | { type: 'locked-odds'; entryId: string | null; locks: LockedOdd[] }
  | { type: 'fixture-status'; entryId: string | null; statuses: FixtureStatusChange[] };

export type OddsStreamEventType = OddsStreamEvent['type'];

export const ODDS_STREAM_EVENT_TYPES: readonly OddsStreamEventType[] = ['odds', 'locked-odds', 'fixture-status'];

export interface ParsedStreamEvent {
  /** Null when the frame as a whole could not be read. */
  event: OddsStreamEvent | null;
  /** Rows left out: unreadable, or of books outside the ten. A frame read as a whole is 0 or more; an unreadable frame counts 1. */
  dropped: number;
}

const nonEmptyText = v.pipe(v.string(), v.trim(), v.minLength(1));
const idText = v.pipe(
  v.union([nonEmptyText, v.number()]),
  v.transform((id) => String(id)),
);

const envelopeSchema = v.object({
  data: v.array(v.unknown()),
  entry_id: v.fallback(v.nullish(idText, null), null),
  type: v.fallback(v.nullish(v.string(), null), null),
});

const fixtureIdSchema = v.object({ fixture_id: idText });

const lockedRowSchema = v.object({
  id: idText,
  fixture_id: idText,
  sportsbook: v.string(),
  market: nonEmptyText,
  market_id: v.fallback(v.nullish(v.string(), null), null),
  name: nonEmptyText,
});

/** The game's id under `fixture_id` (or `id`, as a fixture listing has it), its status, whether in play. */
const statusRowSchema = v.object({
  fixture_id: v.fallback(v.nullish(idText, null), null),
  id: v.fallback(v.nullish(idText, null), null),
  status: nonEmptyText,
  is_live: v.fallback(v.nullish(v.boolean(), null), null),
});

function isEventType(value: string | null): value is OddsStreamEventType {
  return value !== null && (ODDS_STREAM_EVENT_TYPES as readonly string[]).includes(value);
}

function oddsOf(rows: readonly unknown[]): { odds: BookOdd[]; dropped: number } {
  const odds: BookOdd[] = [];
  let dropped = 0;
  for (const row of rows) {
    const fixture = v.safeParse(fixtureIdSchema, row);
    const parsed = fixture.success ? parseOdd(row, fixture.output.fixture_id) : null;
    if (parsed?.kind === 'odd') odds.push(parsed.odd);
    else dropped += 1;
  }
  return { odds, dropped };
}

function locksOf(rows: readonly unknown[]): { locks: LockedOdd[]; dropped: number } {
  const locks: LockedOdd[] = [];
  let dropped = 0;
  for (const row of rows) {
    const parsed = v.safeParse(lockedRowSchema, row);
    const sportsbook = parsed.success ? sportsbookNamed(parsed.output.sportsbook) : null;
    if (!parsed.success || sportsbook === null) {
      dropped += 1;
      continue;
    }
    const { id, fixture_id, market, market_id, name } = parsed.output;
    locks.push({ id, fixtureId: fixture_id, sportsbook, market, marketId: market_id ?? toIdentifier(market), name });
  }
  return { locks, dropped };
}

function statusesOf(rows: readonly unknown[]): { statuses: FixtureStatusChange[]; dropped: number } {
  const statuses: FixtureStatusChange[] = [];
  let dropped = 0;
  for (const row of rows) {
    const parsed = v.safeParse(statusRowSchema, row);
    const fixtureId = parsed.success ? (parsed.output.fixture_id ?? parsed.output.id) : null;
    if (!parsed.success || fixtureId === null) {
      dropped += 1;
      continue;
    }
    const { status, is_live } = parsed.output;
    statuses.push({ fixtureId, status, isLive: is_live ?? status.toLowerCase() === 'live' });
  }
  return { statuses, dropped };
}

const UNREADABLE: ParsedStreamEvent = { event: null, dropped: 1 };

/**
 * One event of the stream: `eventName` is the frame's `event:` (`message` when it had none, then the
 * payload's own `type` says); `data` the frame's data. A frame whose name and payload disagree is
 * unreadable: either could be the wrong one.
 */
export function parseStreamEvent(eventName: string, data: string): ParsedStreamEvent {
  let body: unknown;
  try {
    body = JSON.parse(data);
  } catch {
    return UNREADABLE;
  }
  if (!isRecord(body)) return UNREADABLE;
  const envelope = v.safeParse(envelopeSchema, body);
  if (!envelope.success) return UNREADABLE;
  const { data: rows, entry_id: entryId, type: payloadType } = envelope.output;
  const named = eventName === 'message' ? payloadType : eventName;
  if (!isEventType(named) || (payloadType !== null && payloadType !== named)) return UNREADABLE;
  switch (named) {
    case 'odds': {
      const { odds, dropped } = oddsOf(rows);
      return { event: { type: 'odds', entryId, odds }, dropped };
    }
    case 'locked-odds': {
      const { locks, dropped } = locksOf(rows);
      return { event: { type: 'locked-odds', entryId, locks }, dropped };
    }
    case 'fixture-status': {
      const { statuses, dropped } = statusesOf(rows);
      return { event: { type: 'fixture-status', entryId, statuses }, dropped };
    }
  }
}

/**
 * The rows of stream payloads, built by the same wire code as /fixtures/odds so a streamed price is
 * byte for byte what the odds endpoint answers then: an odd (`oddJson`) plus its fixture's fields
 * (`fixture_id`, `is_live`, `sportsbook_id`, `league_id`); for `fixture-status`, the fixture as
 * /fixtures/active lists it. Each row is serialised once, whatever the number of readers.
 */
import type { Sportsbook } from '../../src/domain/sportsbooks.ts';
import type { BookOdd } from '../odds/book-odds.ts';
import { bookKey } from '../odds/books.ts';
import { fixtureJson, oddJson } from '../odds/wire.ts';
import { fixtureStatus, isInPlay, type ScheduledFixture } from '../schedule/schedule.ts';
import type { StreamRequest } from './stream-request.ts';

export interface StreamRow {
  /** The odd's id, or the fixture's for a status row. */
  key: string;
  /** Null for a fixture's status. */
  book: Sportsbook | null;
  leagueId: string;
  /** Lower-case market name and id; null for a fixture's status. */
  market: { name: string; id: string; isMain: boolean } | null;
  /** The row as JSON text. */
  text: string;
}

export function oddRow(fixture: ScheduledFixture, book: Sportsbook, odd: BookOdd, nowMs: number): StreamRow {
  const { id, ...wire } = oddJson({ ...odd, book, format: 'american' });
  const json = {
    id,
    fixture_id: fixture.id,
    ...wire,
    is_live: isInPlay(fixtureStatus(fixture, nowMs)),
    sportsbook_id: bookKey(book),
    league_id: fixture.league.id,
  };
  return {
    key: id,
    book,
    leagueId: fixture.league.id,
    market: {
      name: odd.selection.market.name.toLowerCase(),
      id: odd.selection.market.id,
      isMain: odd.selection.isMain,
    },
    text: JSON.stringify(json),
  };
}

export function fixtureStatusRow(fixture: ScheduledFixture, nowMs: number): StreamRow {
  const json = { fixture_id: fixture.id, ...fixtureJson(fixture, nowMs) };
  return { key: fixture.id, book: null, leagueId: fixture.league.id, market: null, text: JSON.stringify(json) };
}

/** Whether a client's filters let the row through (a status row only knows its league). */
export function rowWanted(row: StreamRow, request: StreamRequest): boolean {
  if (request.leagues.size > 0 && !request.leagues.has(row.leagueId)) return false;
  if (row.book === null || row.market === null) return true;
  if (!request.books.has(row.book)) return false;
  if (request.isMain !== undefined && row.market.isMain !== request.isMain) return false;
  return request.markets.size === 0 || request.markets.has(row.market.name) || request.markets.has(row.market.id);
}

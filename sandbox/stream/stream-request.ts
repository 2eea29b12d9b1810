/**
 * What a client asks the odds stream for, read the service's way: `sportsbook` (repeated or
 * comma-separated, one to five; unknown books ignored), `market` (display name or id), `league`,
 * `is_main`, `last_entry_id`, `include_fixture_updates`.
 */
import type { Context } from 'hono';
import type { Sportsbook } from '../../src/domain/sportsbooks.ts';
import { bookFromQuery, parseBoolean, queryList, requestedBookNames } from '../routes/route-helpers.ts';
import { parseEntryId, type EntryId } from './entry-id.ts';

export interface StreamRequest {
  sportId: string;
  books: ReadonlySet<Sportsbook>;
  /** Lower-case market names and ids; empty = every market. */
  markets: ReadonlySet<string>;
  /** Lower-case league ids; empty = every league of the sport. */
  leagues: ReadonlySet<string>;
  isMain: boolean | undefined;
  lastEntryId: EntryId | null;
  includeFixtureUpdates: boolean;
}

export function parseStreamRequest(context: Context, sportId: string): StreamRequest | { error: string } {
  const requestedBooks = requestedBookNames(context);
  if ('error' in requestedBooks) return requestedBooks;
  const isMain = parseBoolean(context.req.query('is_main'));
  if (isMain === null) return { error: 'is_main: expected true or false' };
  const includeFixtureUpdates = parseBoolean(context.req.query('include_fixture_updates'));
  if (includeFixtureUpdates === null) return { error: 'include_fixture_updates: expected true or false' };
  const lastEntryText = context.req.query('last_entry_id');
  const lastEntryId = lastEntryText === undefined || lastEntryText === '' ? null : parseEntryId(lastEntryText);
  if (lastEntryText !== undefined && lastEntryText !== '' && lastEntryId === null)
    return { error: 'last_entry_id: expected an entry_id the stream sent (<milliseconds>-<sequence>)' };
  return {
    sportId: sportId.toLowerCase(),
    books: new Set(requestedBooks.names.map(bookFromQuery).filter((book) => book !== null)),
    markets: new Set(queryList(context, 'market').map((market) => market.toLowerCase())),
    leagues: new Set(queryList(context, 'league').map((league) => league.toLowerCase())),
    isMain,
    lastEntryId,
    includeFixtureUpdates: includeFixtureUpdates ?? false,
  };
}

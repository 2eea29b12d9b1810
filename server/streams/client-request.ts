/**
 * What a browser asks our stream for, read the service's way (repeated or comma-separated lists):
 * `sportsbook` (one to ten: our server splits them into the service's groups of five), `market`
 * (name or id), `league`, `is_main`, `include_fixture_updates`, and ours: `fixture_id` to narrow,
 * `last_event_id` (or the `Last-Event-ID` header an EventSource sends) to resume.
 */
import { SPORTSBOOKS, sportsbookNamed, type Sportsbook } from '../../src/domain/sportsbooks.ts';
import type { StreamRow } from './stream-rows.ts';

export interface ClientFilter {
  sport: string;
  books: ReadonlySet<Sportsbook>;
  /** Lower-case market names and ids; empty: every market. */
  markets: ReadonlySet<string>;
  /** Lower-case league ids; empty: every league. */
  leagues: ReadonlySet<string>;
  /** Empty: every fixture. */
  fixtureIds: ReadonlySet<string>;
  isMain: boolean | undefined;
  includeFixtureUpdates: boolean;
  /** Our event id the browser saw last; null for a fresh start. */
  lastEventId: string | null;
}

/** A list longer than this is not a page's view of a sport. */
const MAX_LIST_ITEMS = 100;
const MAX_ITEM_LENGTH = 200;
/** Sport ids are slugs; anything else is no sport the service has (an empty stream, as upstream). */
const SPORT_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export function isPlausibleSportId(sport: string): boolean {
  return SPORT_ID.test(sport);
}

function listOf(query: URLSearchParams, name: string): string[] | { error: string } {
  const items = query
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
  const unique = [...new Set(items)];
  if (unique.length > MAX_LIST_ITEMS) return { error: `${name}: at most ${MAX_LIST_ITEMS} values` };
  if (unique.some((item) => item.length > MAX_ITEM_LENGTH))
    return { error: `${name}: values of at most ${MAX_ITEM_LENGTH} characters` };
  return unique;
}

function booleanOf(query: URLSearchParams, name: string): boolean | undefined | { error: string } {
  const value = query.get(name);
  if (value === null || value === '') return undefined;
  const lower = value.toLowerCase();
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0') return false;
  return { error: `${name}: expected true or false` };
}

export function parseClientFilter(
  sport: string,
  query: URLSearchParams,
  lastEventIdHeader: string | undefined,
): ClientFilter | { error: string } {
  const books = listOf(query, 'sportsbook');
  const markets = listOf(query, 'market');
  const leagues = listOf(query, 'league');
  const fixtureIds = listOf(query, 'fixture_id');
  for (const list of [books, markets, leagues, fixtureIds]) if ('error' in list) return list;
  if (!Array.isArray(books) || !Array.isArray(markets) || !Array.isArray(leagues) || !Array.isArray(fixtureIds))
    return { error: 'unreadable query' };
  if (books.length === 0) return { error: 'At least one sportsbook is required' };
  if (books.length > SPORTSBOOKS.length) return { error: `maximum ${SPORTSBOOKS.length} sportsbooks allowed` };
  const isMain = booleanOf(query, 'is_main');
  if (typeof isMain === 'object') return isMain;
  const includeFixtureUpdates = booleanOf(query, 'include_fixture_updates');
  if (typeof includeFixtureUpdates === 'object') return includeFixtureUpdates;
  // The header is what an EventSource sends when it reconnects, newer than the page's first URL.
  const lastEventId = (lastEventIdHeader ?? query.get('last_event_id') ?? '').trim();
  return {
    sport: sport.toLowerCase(),
    // Unknown books are ignored, as the service ignores them.
    books: new Set(books.map(sportsbookNamed).filter((book) => book !== null)),
    markets: new Set(markets.map((market) => market.toLowerCase())),
    leagues: new Set(leagues.map((league) => league.toLowerCase())),
    fixtureIds: new Set(fixtureIds),
    isMain,
    includeFixtureUpdates: includeFixtureUpdates ?? false,
    lastEventId: lastEventId === '' || lastEventId.length > MAX_ITEM_LENGTH ? null : lastEventId,
  };
}

/** Whether this reader asked for the row. */
export function rowWanted(row: StreamRow, filter: ClientFilter): boolean {
  if (filter.fixtureIds.size > 0 && !filter.fixtureIds.has(row.fixtureId)) return false;
  if (filter.leagues.size > 0 && (row.leagueId === null || !filter.leagues.has(row.leagueId))) return false;
  if (row.kind === 'fixture-status') return filter.includeFixtureUpdates;
  if (row.book === null || !filter.books.has(row.book)) return false;
  if (filter.isMain !== undefined && row.isMain !== filter.isMain) return false;
  if (filter.markets.size === 0) return true;
  return row.market !== null && (filter.markets.has(row.market.name) || filter.markets.has(row.market.id));
}

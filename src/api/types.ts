/**
 * The typed shapes the app works with. Wire shapes are parsed into these at the boundary
 * (see schemas.ts); nothing past src/api sees raw JSON.
 */
import type { Sportsbook } from '../domain/sportsbooks.ts';

export interface Sport {
  id: string;
  name: string;
}

export interface League {
  id: string;
  name: string;
  sportId: string;
  sportName: string;
  region: string | null;
}

export interface Competitor {
  id: string | null;
  name: string;
  abbreviation: string | null;
  logo: string | null;
}

export interface Fixture {
  id: string;
  /** ISO 8601 UTC start time, as sent. */
  startDate: string;
  status: string;
  isLive: boolean;
  homeTeam: string;
  awayTeam: string;
  homeCompetitors: Competitor[];
  awayCompetitors: Competitor[];
  sportId: string;
  leagueId: string;
  leagueName: string;
}

export interface FixturePage {
  fixtures: Fixture[];
  page: number;
  hasMore: boolean;
}

export interface DeepLinks {
  desktop: string | null;
  ios: string | null;
  android: string | null;
}

/** One price of one selection at one book, from /fixtures/odds. */
export interface BookOdd {
  id: string;
  fixtureId: string;
  sportsbook: Sportsbook;
  /** Display market, exactly as /parlay/odds entries take it, e.g. `Point Spread`. */
  market: string;
  marketId: string;
  /** Display selection, exactly as /parlay/odds entries take it, e.g. `Houston Astros -1.5`. */
  name: string;
  selection: string;
  selectionLine: string | null;
  points: number | null;
  /** American odds as sent. */
  americanPrice: number;
  /** Exact decimal odds derived from americanPrice. */
  decimalPrice: number;
  isMain: boolean;
  groupingKey: string | null;
  playerId: string | null;
  teamId: string | null;
  /** Epoch seconds. */
  timestamp: number | null;
  deepLink: DeepLinks | null;
}

export interface FixtureWithOdds {
  fixture: Fixture;
  odds: BookOdd[];
}

/** A parlay leg as the pricer takes it. */
export interface ParlayEntry {
  fixture_id: string;
  market: string;
  name: string;
}

export interface PricedLeg {
  entry: ParlayEntry;
  americanPrice: number;
  decimalPrice: number;
}

/**
 * One requested book's answer, always exactly one per requested book, in request order.
 * - priced: every leg has a price and the book combines them; `legs` are in request-entry order
 *   (`legs[i].entry` is the request's `entries[i]`), prices exact decimal plus the American sent.
 * - missing: the book has no odds for some legs (`missingEntryIndexes` point into the request's
 *   entries, ascending; `unmatchedMissing` holds what the service sent, in its normalised form,
 *   that matched no leg).
 * - uncombinable: the book will not put these legs in one parlay (its own message kept).
 * - failed: the book's upstream failed, or its part of the answer could not be read.
 * - absent: the answer had nothing for this book.
 */
export type BookQuote =
  | {
      status: 'priced';
      book: Sportsbook;
      americanPrice: number;
      decimalPrice: number;
      legs: PricedLeg[];
      deepLinks: DeepLinks | null;
    }
  | {
      status: 'missing';
      book: Sportsbook;
      message: string;
      missingEntryIndexes: number[];
      unmatchedMissing: ParlayEntry[];
    }
  | { status: 'uncombinable'; book: Sportsbook; message: string }
  | { status: 'failed'; book: Sportsbook; message: string; reason: 'upstream' | 'invalid_response' }
  | { status: 'absent'; book: Sportsbook };

export type BookQuoteStatus = BookQuote['status'];

export type ApiErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'rate_limited'
  | 'bad_request'
  | 'not_found'
  | 'server'
  | 'network'
  | 'timeout'
  | 'invalid_response';

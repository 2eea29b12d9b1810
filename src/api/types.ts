/**
 * The typed shapes the app works with. Wire shapes are parsed into these at the boundary
 * (see schemas.ts); nothing past src/api sees raw JSON.
 */
import type { DeepLinks } from '../domain/odds/parlay.ts';
import type { Sportsbook } from '../domain/sportsbooks.ts';

// The parlay shapes are domain types; the client's answers are made of them.
export type { BookQuote, BookQuoteStatus, DeepLinks, ParlayEntry, PricedLeg } from '../domain/odds/parlay.ts';

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
  /** The sport's main markets (winner, then spread and total where the sport has them). */
  mainMarkets: Market[];
}

export interface Competitor {
  id: string | null;
  name: string;
  abbreviation: string | null;
  logo: string | null;
}

/** A player of a league's roster (GET /players), as far as finding his team's games needs. */
export interface Player {
  id: string | null;
  name: string;
  /** His team's id as the fixtures carry it; null when the service sent none. */
  teamId: string | null;
  teamName: string;
}

export interface Fixture {
  id: string;
  /** ISO 8601 UTC start time, as sent; '' when the service sent none (start time to be confirmed). */
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
  /** When this price last changed, epoch seconds (it can be hours old). */
  timestamp: number | null;
  deepLink: DeepLinks | null;
  /** The most the book takes on it (exchanges such as Novig), null when it does not say. */
  maxStake: number | null;
  /** Set from a live stream's `locked-odds` row: the book has suspended the line until it sends a price again. */
  locked?: boolean;
}

/** A market a game has odds in: `{id: 'point_spread', name: 'Point Spread'}`. */
export interface Market {
  id: string;
  name: string;
}

export interface FixtureWithOdds {
  fixture: Fixture;
  odds: BookOdd[];
}

export type ApiErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'rate_limited'
  | 'bad_request'
  | 'not_found'
  | 'server'
  | 'network'
  | 'timeout'
  | 'invalid_response'
  | 'blocked';

/** What blocked a request the page itself refused (api/blocked-requests.ts). */
export type BlockedBy = 'csp' | 'cors';

export interface RequestOptions {
  /** Aborting it rejects with the signal's reason (an AbortError), never with an ApiError. */
  signal?: AbortSignal;
}

/** What an answer held that the app could not use, as the client reports it. */
export interface DroppedReport {
  /** The endpoint, e.g. `/fixtures/odds`. */
  path: string;
  count: number;
  /** What was dropped and why, in words. */
  detail: string;
}

/**
 * What a parlay is to the pricer and what a book answers: the entries sent, and one quote per book.
 * Pure types and limits, shared by the client (src/api parses answers into these), the views and
 * our server's request checks.
 */
import type { Sportsbook } from '../sportsbooks.ts';

/** The pricer takes 2 to 50 entries (the interface's schema says at least 2; the guide says up to 50). */
export const MIN_PARLAY_ENTRIES = 2;
export const MAX_PARLAY_ENTRIES = 50;

/**
 * Fixture ids are opaque: `20261122DB4BA9B0` today, `mlb:3D5E0C0B1E12` for older ones. Anything of
 * 1 to 100 printable characters without spaces is accepted; nothing else about it is assumed.
 */
export function isFixtureId(value: unknown): value is string {
  return typeof value === 'string' && /^[^\s\p{C}]{1,100}$/u.test(value);
}

/** A parlay leg as the pricer takes it. */
export interface ParlayEntry {
  fixture_id: string;
  market: string;
  name: string;
}

/** A book's own links for a bet; any of them may be missing. */
export interface DeepLinks {
  desktop: string | null;
  ios: string | null;
  android: string | null;
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

/**
 * Where each of the ten books takes bets, for ordering and marking them by the reader's region. Apart
 * from sportsbooks.ts, which every first paint loads: only the grid, the book choices and the widget's
 * options need this.
 */
import type { Region } from './region.ts';
import { SPORTSBOOKS, type Sportsbook } from './sportsbooks.ts';

/** Where each book takes bets: four of the ten are UK books (BetMGM's UK site among them). */
const SPORTSBOOK_REGION: Readonly<Record<Sportsbook, Region>> = {
  BetMGM: 'us',
  'BetMGM (UK)': 'uk',
  BetRivers: 'us',
  Betway: 'uk',
  Bwin: 'uk',
  DraftKings: 'us',
  Fanatics: 'us',
  'Hard Rock': 'us',
  Novig: 'us',
  Unibet: 'uk',
};

export function sportsbookRegion(book: Sportsbook): Region {
  return SPORTSBOOK_REGION[book];
}

/** The books of one region, in the canonical order. */
export function sportsbooksOfRegion(region: Region): Sportsbook[] {
  return SPORTSBOOKS.filter((book) => SPORTSBOOK_REGION[book] === region);
}

/** The region's own books first, the others after, each group in its given order. */
export function regionFirst<T>(items: readonly T[], bookOf: (item: T) => Sportsbook, region: Region): T[] {
  const own = items.filter((item) => SPORTSBOOK_REGION[bookOf(item)] === region);
  return [...own, ...items.filter((item) => SPORTSBOOK_REGION[bookOf(item)] !== region)];
}

/**
 * The mark a book carries for a reader elsewhere ("UK" for a US reader, "US" for a UK one), so nobody
 * follows a link to a book they cannot bet at; null for the reader's own books, and where the name says it.
 */
export function sportsbookRegionMark(book: Sportsbook, readerRegion: Region): string | null {
  const region = SPORTSBOOK_REGION[book];
  if (region === readerRegion || book === 'BetMGM (UK)') return null;
  return region.toUpperCase();
}

/**
 * The closed set of sportsbooks the parlay pricer supports, by display name.
 * This is the only place the list lives: the interface calls it "current and subject to change".
 */
export const SPORTSBOOKS = [
  'BetMGM',
  'BetMGM (UK)',
  'BetRivers',
  'Betway',
  'Bwin',
  'DraftKings',
  'Fanatics',
  'Hard Rock',
  'Novig',
  'Unibet',
] as const;

export type Sportsbook = (typeof SPORTSBOOKS)[number];

const sportsbookSet: ReadonlySet<string> = new Set(SPORTSBOOKS);

export function isSportsbook(value: unknown): value is Sportsbook {
  return typeof value === 'string' && sportsbookSet.has(value);
}

/** Keeps known books in the canonical order, dropping unknown names and duplicates. */
export function orderSportsbooks(books: Iterable<string>): Sportsbook[] {
  const wanted = new Set(books);
  return SPORTSBOOKS.filter((book) => wanted.has(book));
}

/** A URL- and id-safe slug for a book, e.g. `BetMGM (UK)` -> `betmgm-uk`. */
export function sportsbookSlug(book: Sportsbook): string {
  return book
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

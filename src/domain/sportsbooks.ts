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

/**
 * What else the service calls each book. Ids follow the vendor's rule (the display name in the
 * normalised identifier form: `hard_rock`, `betmgm_uk_`); labels are other names answers have used
 * (the vendor's own example answers a request for Bwin under `Blue Book`).
 */
const OTHER_NAMES: Readonly<Record<Sportsbook, { id: string; labels: readonly string[] }>> = {
  BetMGM: { id: 'betmgm', labels: [] },
  'BetMGM (UK)': { id: 'betmgm_uk_', labels: ['BetMGM UK'] },
  BetRivers: { id: 'betrivers', labels: [] },
  Betway: { id: 'betway', labels: [] },
  Bwin: { id: 'bwin', labels: ['Blue Book'] },
  DraftKings: { id: 'draftkings', labels: [] },
  Fanatics: { id: 'fanatics', labels: [] },
  'Hard Rock': { id: 'hard_rock', labels: ['Hard Rock Bet'] },
  Novig: { id: 'novig', labels: [] },
  Unibet: { id: 'unibet', labels: [] },
};

export function sportsbookId(book: Sportsbook): string {
  return OTHER_NAMES[book].id;
}

/** Letters and digits only, lowercase: `BetMGM (UK)`, `betmgm_uk_` and `betmgm-uk` all read `betmgmuk`. */
function looseName(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const BOOK_BY_LOOSE_NAME: ReadonlyMap<string, Sportsbook> = new Map(
  SPORTSBOOKS.flatMap((book) =>
    [book, OTHER_NAMES[book].id, sportsbookSlug(book), ...OTHER_NAMES[book].labels].map(
      (name) => [looseName(name), book] as const,
    ),
  ),
);

/**
 * The book a name in an answer stands for: its display name in any case, its id, its slug or a known
 * label; null for a name none of the ten books goes by.
 */
export function sportsbookNamed(name: string): Sportsbook | null {
  if (isSportsbook(name)) return name;
  const loose = looseName(name);
  return loose === '' ? null : (BOOK_BY_LOOSE_NAME.get(loose) ?? null);
}

/**
 * A book's name for a narrow price column (about 4rem): whole words only, never hyphenated
 * (`Draft-Kings` reads as two words). The two names too long for it go by what bettors and the
 * books' own apps call them (DK, Rivers); a name of two words may take two lines. Screen readers
 * are given the display name instead.
 */
const COLUMN_LABELS: Readonly<Record<Sportsbook, string>> = {
  BetMGM: 'BetMGM',
  'BetMGM (UK)': 'BetMGM UK',
  BetRivers: 'Rivers',
  Betway: 'Betway',
  Bwin: 'Bwin',
  DraftKings: 'DK',
  Fanatics: 'Fanatics',
  'Hard Rock': 'Hard Rock',
  Novig: 'Novig',
  Unibet: 'Unibet',
};

export function sportsbookColumnLabel(book: Sportsbook): string {
  return COLUMN_LABELS[book];
}

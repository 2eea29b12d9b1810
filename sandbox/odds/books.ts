/**
 * The ten books' habits: margin, shading, rounding, coverage gaps, combination rules, same-game
 * margin, latency and reliability. The list of books itself comes from src/domain/sportsbooks.ts.
 */
import { SPORTSBOOKS, type Sportsbook } from '../../src/domain/sportsbooks.ts';

export type CombinationVariant = 'selections' | 'sportsbook' | 'games';

export const COMBINATION_MESSAGES: Readonly<Record<CombinationVariant, string>> = {
  selections: 'SelectionsCannotBeCombined',
  sportsbook: 'Cannot be combined into a parlay on the sportsbook.',
  games: 'Could not create parlay for all games.',
};

export const UPSTREAM_FAILURE_MESSAGE = 'Error with response. Try again later.';
export const MISSING_ODDS_MESSAGE = 'Missing odds for entries.';

export interface BookProfile {
  book: Sportsbook;
  /** Overround on a two-way market (implied probabilities sum to 1 + margin). */
  margin: number;
  soccerMargin: number;
  /** Spread (in logit) of the book's own view of each market against the fair line. */
  shading: number;
  /** Quotes American prices in steps of 5 (e.g. -115, +135). */
  roundsToFive: boolean;
  /** Shares of player-prop lines offered, US sports and soccer. */
  propCoverage: number;
  soccerPropCoverage: number;
  /** Share of college fixtures listed at all. */
  collegeCoverage: number;
  offersAlternateLines: boolean;
  /** Soccer two-way moneyline (stake back on a draw). */
  offersDrawNoBet: boolean;
  /** Which of the three combination messages this book sends. */
  combinationVariant: CombinationVariant;
  allowsMoneylineWithOwnSpread: boolean;
  /** Most legs the book accepts from one game, or null for no cap. */
  maxLegsPerGame: number | null;
  refusesSameGamePlayerProps: boolean;
  /**
   * The book's own margin on a same-game parlay, per leg beyond the first, on top of the fair
   * correlation (correlation.ts): it pays the fair correlated price times (1 - margin)^(legs - 1).
   */
  sameGameMargin: number;
  /** Typical response time for a parlay quote, and for one with a same-game part. */
  latencyMs: number;
  sameGameLatencyMs: number;
  /** Share of quotes whose upstream call fails (when random failures are on). */
  failureRate: number;
  /** An exchange: its odds carry a maximum stake (`limits.max`) and an `order_book`. */
  isExchange: boolean;
}

type ProfileSettings = Omit<BookProfile, 'book' | 'isExchange'>;

const PROFILES: Readonly<Record<Sportsbook, ProfileSettings>> = {
  BetMGM: {
    margin: 0.048,
    soccerMargin: 0.05,
    shading: 0.035,
    roundsToFive: true,
    propCoverage: 0.9,
    soccerPropCoverage: 0.7,
    collegeCoverage: 1,
    offersAlternateLines: true,
    offersDrawNoBet: false,
    combinationVariant: 'games',
    allowsMoneylineWithOwnSpread: false,
    maxLegsPerGame: 3,
    refusesSameGamePlayerProps: false,
    sameGameMargin: 0.1,
    latencyMs: 420,
    sameGameLatencyMs: 1900,
    failureRate: 0,
  },
  'BetMGM (UK)': {
    margin: 0.055,
    soccerMargin: 0.035,
    shading: 0.03,
    roundsToFive: false,
    propCoverage: 0.45,
    soccerPropCoverage: 1,
    collegeCoverage: 0.3,
    offersAlternateLines: true,
    offersDrawNoBet: true,
    combinationVariant: 'games',
    allowsMoneylineWithOwnSpread: false,
    maxLegsPerGame: 3,
    refusesSameGamePlayerProps: false,
    sameGameMargin: 0.11,
    latencyMs: 520,
    sameGameLatencyMs: 1700,
    failureRate: 0,
  },
  BetRivers: {
    margin: 0.05,
    soccerMargin: 0.055,
    shading: 0.035,
    roundsToFive: true,
    propCoverage: 0.85,
    soccerPropCoverage: 0.6,
    collegeCoverage: 1,
    offersAlternateLines: true,
    offersDrawNoBet: false,
    combinationVariant: 'sportsbook',
    allowsMoneylineWithOwnSpread: false,
    maxLegsPerGame: null,
    refusesSameGamePlayerProps: false,
    sameGameMargin: 0.11,
    latencyMs: 300,
    sameGameLatencyMs: 1200,
    failureRate: 0.03,
  },
  Betway: {
    margin: 0.052,
    soccerMargin: 0.045,
    shading: 0.03,
    roundsToFive: false,
    propCoverage: 0.75,
    soccerPropCoverage: 0.85,
    collegeCoverage: 0.9,
    offersAlternateLines: true,
    offersDrawNoBet: true,
    combinationVariant: 'sportsbook',
    allowsMoneylineWithOwnSpread: false,
    maxLegsPerGame: null,
    refusesSameGamePlayerProps: false,
    sameGameMargin: 0.08,
    latencyMs: 380,
    sameGameLatencyMs: 900,
    failureRate: 0,
  },
  Bwin: {
    margin: 0.055,
    soccerMargin: 0.04,
    shading: 0.035,
    roundsToFive: false,
    propCoverage: 0.6,
    soccerPropCoverage: 0.9,
    collegeCoverage: 0.5,
    offersAlternateLines: true,
    offersDrawNoBet: true,
    combinationVariant: 'sportsbook',
    allowsMoneylineWithOwnSpread: true,
    maxLegsPerGame: null,
    refusesSameGamePlayerProps: true,
    sameGameMargin: 0.07,
    latencyMs: 650,
    sameGameLatencyMs: 900,
    failureRate: 0.04,
  },
  DraftKings: {
    margin: 0.045,
    soccerMargin: 0.05,
    shading: 0.025,
    roundsToFive: false,
    propCoverage: 0.97,
    soccerPropCoverage: 0.85,
    collegeCoverage: 1,
    offersAlternateLines: true,
    offersDrawNoBet: false,
    combinationVariant: 'selections',
    allowsMoneylineWithOwnSpread: false,
    maxLegsPerGame: null,
    refusesSameGamePlayerProps: false,
    sameGameMargin: 0.13,
    latencyMs: 220,
    sameGameLatencyMs: 1600,
    failureRate: 0,
  },
  Fanatics: {
    margin: 0.047,
    soccerMargin: 0.052,
    shading: 0.03,
    roundsToFive: true,
    propCoverage: 0.95,
    soccerPropCoverage: 0.7,
    collegeCoverage: 1,
    offersAlternateLines: true,
    offersDrawNoBet: false,
    combinationVariant: 'sportsbook',
    allowsMoneylineWithOwnSpread: true,
    maxLegsPerGame: null,
    refusesSameGamePlayerProps: false,
    sameGameMargin: 0.08,
    latencyMs: 160,
    sameGameLatencyMs: 1500,
    failureRate: 0,
  },
  'Hard Rock': {
    margin: 0.05,
    soccerMargin: 0.055,
    shading: 0.035,
    roundsToFive: true,
    propCoverage: 0.8,
    soccerPropCoverage: 0.6,
    collegeCoverage: 1,
    offersAlternateLines: false,
    offersDrawNoBet: false,
    combinationVariant: 'sportsbook',
    allowsMoneylineWithOwnSpread: false,
    maxLegsPerGame: null,
    refusesSameGamePlayerProps: false,
    sameGameMargin: 0.09,
    latencyMs: 260,
    sameGameLatencyMs: 1100,
    failureRate: 0.02,
  },
  // An exchange: thin margins, thin coverage, quick answers.
  Novig: {
    margin: 0.035,
    soccerMargin: 0.035,
    shading: 0.02,
    roundsToFive: false,
    propCoverage: 0.4,
    soccerPropCoverage: 0.3,
    collegeCoverage: 0.45,
    offersAlternateLines: false,
    offersDrawNoBet: false,
    combinationVariant: 'sportsbook',
    allowsMoneylineWithOwnSpread: false,
    maxLegsPerGame: null,
    refusesSameGamePlayerProps: true,
    sameGameMargin: 0.05,
    latencyMs: 100,
    sameGameLatencyMs: 250,
    failureRate: 0,
  },
  Unibet: {
    margin: 0.055,
    soccerMargin: 0.05,
    shading: 0.035,
    roundsToFive: true,
    propCoverage: 0.7,
    soccerPropCoverage: 0.8,
    collegeCoverage: 1,
    offersAlternateLines: true,
    offersDrawNoBet: true,
    combinationVariant: 'sportsbook',
    allowsMoneylineWithOwnSpread: false,
    maxLegsPerGame: null,
    refusesSameGamePlayerProps: false,
    sameGameMargin: 0.07,
    latencyMs: 480,
    sameGameLatencyMs: 1200,
    failureRate: 0,
  },
};

const BOOK_PROFILES: ReadonlyMap<Sportsbook, BookProfile> = new Map(
  SPORTSBOOKS.map((book) => [book, { book, ...PROFILES[book], isExchange: book === 'Novig' }]),
);

export function profileOf(book: Sportsbook): BookProfile {
  const profile = BOOK_PROFILES.get(book);
  if (!profile) throw new Error(`No profile for ${book}`);
  return profile;
}

/** The vendor's style of book id in odd ids, e.g. `betmgm_uk`, `hard_rock`. */
export function bookKey(book: Sportsbook): string {
  return book
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

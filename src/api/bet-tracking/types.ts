/**
 * What the app reads after the bet: a line's price history at a book, a game's result, a
 * selection's grade, a player's injury. Prices are American (the client asks for them so);
 * instants are epoch milliseconds.
 */
import type { Sportsbook } from '../../domain/sportsbooks.ts';
import type { Fixture } from '../types.ts';

/** One price a book listed, and when; `locked`: the line was suspended from then (at that price). */
export interface PricePoint {
  price: number;
  points: number | null;
  at: number;
  locked: boolean;
}

/** A price with its line, as opening and closing lines are given. */
export interface LinePrice {
  price: number;
  points: number | null;
}

/** One selection's history at one book. */
export interface LineHistory {
  sportsbook: Sportsbook;
  /** The display market (`Point Spread`), as /parlay/odds and the grader take it. */
  market: string;
  marketId: string;
  name: string;
  selection: string;
  selectionLine: 'over' | 'under' | null;
  points: number | null;
  isMain: boolean;
  playerId: string | null;
  teamId: string | null;
  /** The first price listed; from the first entry when the service sends no `olv`. */
  opening: LinePrice | null;
  /** The last price before the start; null before the game has begun. */
  closing: LinePrice | null;
  /** Oldest first; empty unless the timeseries was asked for. */
  entries: PricePoint[];
}

export interface OddsHistory {
  fixture: Fixture;
  lines: LineHistory[];
}

export interface SideScore {
  total: number;
  /** Score by segment, as the service names them (`period_1`, ..., `overtime`). */
  periods: Readonly<Record<string, number>>;
}

export interface PlayerFigures {
  playerId: string;
  playerName: string;
  teamId: string | null;
  /** Figures by prop market id (`player_points`). */
  stats: Readonly<Record<string, number>>;
}

export interface GameResult {
  fixture: Fixture;
  /** Null before play begins and for a cancelled game. */
  scores: { home: SideScore; away: SideScore } | null;
  /** The segment in play (`3`), null when the game is not. */
  periodInPlay: string | null;
  players: PlayerFigures[];
  /** When the service last looked at it; null when it does not say. */
  checkedAt: number | null;
}

/** One selection to grade, as the grader takes it. */
export interface GradeRequest {
  fixtureId: string;
  /** The market's display label (`Moneyline`), not its id. */
  market: string;
  name: string;
  playerId?: string;
}

export const GRADE_RESULTS = ['Won', 'Lost', 'Refunded', 'Pending', 'Half Won', 'Half Lost'] as const;
type GradeResult = (typeof GRADE_RESULTS)[number];

export interface Grade {
  request: GradeRequest;
  result: GradeResult;
  /** The game's status in the grader's words (`Completed`, `Live`, `Cancelled`). */
  status: string;
  homeScore: number | null;
  awayScore: number | null;
  /** A prop's player figure. */
  playerScore: number | null;
}

/** A selection the service could not grade, in its words (and code, when it gives one). */
export interface GradeFailure {
  request: GradeRequest;
  message: string;
  code: number | null;
}

export interface GradeBatch {
  grades: Grade[];
  failures: GradeFailure[];
}

export const INJURY_STATUSES = ['Out', 'Doubtful', 'Questionable', 'Probable', 'Day-To-Day'] as const;
/** `Other`: a word the service uses that the app does not know (the raw word is in `statusText`). */
type InjuryStatus = (typeof INJURY_STATUSES)[number] | 'Other';

export interface Injury {
  playerId: string;
  playerName: string;
  position: string | null;
  teamId: string | null;
  teamName: string | null;
  leagueId: string | null;
  status: InjuryStatus;
  statusText: string;
  /** The injury (`Ankle`, `Illness`), when given. */
  type: string | null;
  description: string | null;
  /** A date (`2026-03-12`), when given. */
  expectedReturn: string | null;
  updatedAt: number | null;
}

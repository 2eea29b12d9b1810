/**
 * Grading one selection from a game's score, in the service's result words: Won, Lost, Refunded
 * (a push on a whole-number line, a two-way moneyline level at the end of its period, a void), Half
 * Won and Half Lost (a quarter line, e.g. -0.25 or 2.75: half the stake on each neighbouring half
 * line), Pending (not over yet). Bets on a latent the score says nothing about (first team to
 * score, yes/no game props) are not graded: the grader names them in errors.
 */
import type { FairSelection } from '../odds/fair-selection.ts';
import { segmentsOfPeriod, sumOf, type GameScore, type SideScores } from './game-score.ts';

export const GRADE_RESULTS = ['Won', 'Lost', 'Refunded', 'Pending', 'Half Won', 'Half Lost'] as const;
export type GradeResult = (typeof GRADE_RESULTS)[number];

export type Grading =
  | { kind: 'graded'; result: GradeResult; playerScore: number | null }
  | { kind: 'ungradable'; message: string; code: number };

/** The vendor's grader errors the sandbox can meet (its codes). */
export const GRADER_ERRORS = {
  gameNotFound: { message: 'Game not found', code: 100 },
  betTypeNotSupported: { message: 'Bet type not supported', code: 103 },
  unsupportedPeriod: { message: 'Unsupported bet period', code: 203 },
  unknownPlayer: { message: 'Unknown player', code: 212 },
} as const;

type Outcome = 'win' | 'push' | 'loss';

function outcomeOf(edge: number): Outcome {
  return edge > 1e-9 ? 'win' : edge < -1e-9 ? 'loss' : 'push';
}

/**
 * A bet that wins when `edge(line) > 0`: on a quarter line, half the stake on each half line beside
 * it, the two halves' outcomes combined.
 */
function settleLine(line: number, edge: (line: number) => number): GradeResult {
  const quarter = Math.abs(Math.round(line * 4) % 2) === 1;
  if (!quarter) return resultOf(outcomeOf(edge(line)));
  const low = outcomeOf(edge(line - 0.25));
  const high = outcomeOf(edge(line + 0.25));
  if (low === high) return resultOf(low);
  const outcomes = new Set([low, high]);
  if (outcomes.has('win')) return outcomes.has('push') ? 'Half Won' : 'Refunded';
  return 'Half Lost';
}

function resultOf(outcome: Outcome): GradeResult {
  return outcome === 'win' ? 'Won' : outcome === 'loss' ? 'Lost' : 'Refunded';
}

/** The score of the part of the game the selection's market settles on (null: not graded here). */
function periodScore(sportId: string, selection: FairSelection, score: GameScore): SideScores | null {
  const range = segmentsOfPeriod(sportId, selection.market.period);
  if (!range) return null;
  const regulation = sumOf(score.segments.slice(range.from, range.to));
  // Only the whole game's lines count overtime (the period lines of a game are regulation's).
  const overtime = selection.market.period === 'game' ? score.overtime : null;
  return overtime ? { home: regulation.home + overtime.home, away: regulation.away + overtime.away } : regulation;
}

const UNGRADED = { kind: 'ungradable', ...GRADER_ERRORS.betTypeNotSupported } as const;

/** Grades a team or game selection on its period's score. */
function gradeGameLine(selection: FairSelection, period: SideScores): Grading {
  const graded = (result: GradeResult): Grading => ({ kind: 'graded', result, playerScore: null });
  const { factor, points } = selection;
  const sideMargin = (side: 'home' | 'away' | null) =>
    side === 'away' ? period.away - period.home : period.home - period.away;
  const total = period.home + period.away;
  switch (selection.market.kind) {
    case 'moneyline':
    case 'draw_no_bet':
      // A two-way line level at the end of its period is a push.
      return graded(resultOf(outcomeOf(sideMargin(factor.side))));
    case 'moneyline_3way':
      if (factor.latent === 'draw') return graded(period.home === period.away ? 'Won' : 'Lost');
      return graded(sideMargin(factor.side) > 0 ? 'Won' : 'Lost');
    case 'spread':
      if (points === null) return UNGRADED;
      return graded(settleLine(points, (line) => sideMargin(factor.side) + line));
    case 'total':
      if (points === null) return UNGRADED;
      return graded(settleLine(points, (line) => factor.direction * (total - line)));
    case 'team_total': {
      if (points === null || factor.side === null) return UNGRADED;
      const teamScore = factor.side === 'home' ? period.home : period.away;
      return graded(settleLine(points, (line) => factor.direction * (teamScore - line)));
    }
    case 'odd_even':
      return graded((total % 2 === 1) === (selection.normalizedSelection === 'odd') ? 'Won' : 'Lost');
    default:
      return UNGRADED;
  }
}

/** Grades a player prop on his figure (null: he did not play, and books void the bet). */
function gradeProp(selection: FairSelection, figure: number | null): Grading {
  if (figure === null) return { kind: 'graded', result: 'Refunded', playerScore: null };
  const { points, factor } = selection;
  if (selection.market.kind === 'player_yes')
    return { kind: 'graded', result: figure > 0 ? 'Won' : 'Lost', playerScore: figure };
  if (points === null) return UNGRADED;
  return {
    kind: 'graded',
    result: settleLine(points, (line) => factor.direction * (figure - line)),
    playerScore: figure,
  };
}

export interface GradeInput {
  sportId: string;
  selection: FairSelection;
  score: GameScore;
  /** The player's figure for the selection's market, null when he did not play (props only). */
  playerFigure: number | null;
}

export function gradeSelection({ sportId, selection, score, playerFigure }: GradeInput): Grading {
  if (selection.isPlayerProp) return gradeProp(selection, playerFigure);
  const period = periodScore(sportId, selection, score);
  if (!period) return { kind: 'ungradable', ...GRADER_ERRORS.unsupportedPeriod };
  return gradeGameLine(selection, period);
}

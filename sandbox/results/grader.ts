/**
 * The grader: a selection (fixture, market label, name) graded from the game's result at an
 * instant. A game not over is Pending (with `show_live_results`, graded on the score so far while
 * it is in play); a cancelled game is void, graded Refunded with status `Cancelled`; a game over is
 * graded on its final score and figures.
 */
import type { SandboxState } from '../state.ts';
import { isInPlay } from '../schedule/schedule.ts';
import { fixtureResultAt } from './fixture-results.ts';
import { GRADER_ERRORS, gradeSelection } from './grade-selection.ts';
import { gradedJson } from './results-wire.ts';

export interface GradeQuestion {
  fixtureId: string;
  market: string;
  name: string;
  playerId?: string;
  showLiveResults: boolean;
}

export type GradeAnswer =
  | { kind: 'graded'; row: ReturnType<typeof gradedJson> }
  | { kind: 'error'; status: 400 | 404; message: string; code: number };

export function gradeAt(state: SandboxState, question: GradeQuestion, nowMs: number): GradeAnswer {
  const fixture = state.schedule.findFixture(question.fixtureId);
  if (!fixture) return { kind: 'error', status: 404, ...GRADER_ERRORS.gameNotFound };
  const selection = state.boardFor(fixture).find(question.market, question.name);
  if (!selection) return { kind: 'error', status: 400, ...GRADER_ERRORS.betTypeNotSupported };
  if (question.playerId !== undefined && selection.playerId !== question.playerId)
    return { kind: 'error', status: 400, ...GRADER_ERRORS.unknownPlayer };
  const result = fixtureResultAt(state, fixture, nowMs);
  const row = (grade: Parameters<typeof gradedJson>[0]['grade'], playerScore: number | null) => ({
    kind: 'graded' as const,
    row: gradedJson({ result, market: question.market, name: question.name, grade, playerScore }),
  });
  if (result.status === 'cancelled') return row('Refunded', null);
  const gradeNow = result.status === 'completed' || (question.showLiveResults && isInPlay(result.status));
  if (!gradeNow) return row('Pending', null);
  const line = selection.playerId === null ? undefined : result.players.find((p) => p.player.id === selection.playerId);
  const grading = gradeSelection({
    sportId: fixture.sport.id,
    selection,
    score: result.score,
    playerFigure: line ? (line.stats.get(selection.market.id) ?? 0) : null,
  });
  if (grading.kind === 'ungradable')
    return { kind: 'error', status: 400, message: grading.message, code: grading.code };
  return row(grading.result, grading.playerScore);
}

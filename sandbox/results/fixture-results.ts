/**
 * A game's result as /fixtures/results and the grader report it at an instant: the status it has
 * on /fixtures/active and /fixtures/odds at that instant (one function, fixtureStatus), the score so
 * far (final once completed), each segment's score, the segment in play, and every player's figures
 * for the props offered on him. A cancelled game has no score.
 */
import type { Player } from '../catalog/teams/teams.ts';
import { ruledOutFor } from '../injuries/injury-report.ts';
import { fixtureStatus, type FixtureStatus, type ScheduledFixture } from '../schedule/schedule.ts';
import type { SandboxState } from '../state.ts';
import { currentSegment, playedShare, scoreAt, sumOf, type GameScore } from './game-score.ts';
import { linesSoFar, playerLines, type PlayerLine } from './player-stats.ts';

export interface FixtureResult {
  fixture: ScheduledFixture;
  status: FixtureStatus;
  score: GameScore;
  players: readonly PlayerLine[];
  segmentInPlay: number | null;
}

export function fixtureResultAt(state: SandboxState, fixture: ScheduledFixture, nowMs: number): FixtureResult {
  const status = fixtureStatus(fixture, nowMs);
  const started = status !== 'cancelled' && nowMs >= fixture.liveFromMs;
  const playing = (player: Player) => !ruledOutFor(state.seed, player, fixture);
  return {
    fixture,
    status,
    score: started ? scoreAt(state.seed, fixture, nowMs) : { segments: [], overtime: null },
    players: started
      ? linesSoFar(playerLines(state.seed, state.catalog, fixture, playing), playedShare(fixture, nowMs))
      : [],
    segmentInPlay: currentSegment(fixture, nowMs),
  };
}

/** The game's total score (regulation plus overtime). */
export function totalScore(score: GameScore): { home: number; away: number } {
  const regulation = sumOf(score.segments);
  return score.overtime
    ? { home: regulation.home + score.overtime.home, away: regulation.away + score.overtime.away }
    : regulation;
}

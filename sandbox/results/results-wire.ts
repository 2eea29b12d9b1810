/** The vendor's shapes of a result (/fixtures/results) and of a graded selection (/grader/odds). */
import { fixtureJson } from '../odds/wire.ts';
import type { FixtureStatus } from '../schedule/schedule.ts';
import type { FixtureResult } from './fixture-results.ts';
import { totalScore } from './fixture-results.ts';
import type { GradeResult } from './grade-selection.ts';

function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

function sideScores(result: FixtureResult, side: 'home' | 'away') {
  const periods: Record<string, number> = {};
  result.score.segments.forEach((segment, index) => {
    periods[`period_${index + 1}`] = segment[side];
  });
  if (result.score.overtime) periods.overtime = result.score.overtime[side];
  return { total: totalScore(result.score)[side], periods };
}

/** One row of /fixtures/results. */
export function resultJson(result: FixtureResult, nowMs: number) {
  const started = result.status !== 'cancelled' && result.status !== 'unplayed' && result.status !== 'delayed';
  return {
    fixture: fixtureJson(result.fixture, nowMs),
    scores: started ? { home: sideScores(result, 'home'), away: sideScores(result, 'away') } : null,
    in_play: {
      period: result.segmentInPlay === null ? null : String(result.segmentInPlay),
      clock: null,
      last_play: null,
    },
    stats: {
      players: result.players.map((line) => ({
        player: { id: line.player.id, name: line.player.name },
        team: { id: line.team.id, name: line.team.name },
        stats: Object.fromEntries(line.stats),
      })),
    },
    last_checked_at: isoSeconds(nowMs),
  };
}

/** The grader's status words: the fixture's status, capitalised (`Completed`, `Live`). */
function graderStatus(status: FixtureStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export interface GradedRow {
  result: FixtureResult;
  market: string;
  name: string;
  grade: GradeResult;
  playerScore: number | null;
}

/** One graded selection, as GET /grader/odds answers it (and each row of the POST's `data`). */
export function gradedJson({ result, market, name, grade, playerScore }: GradedRow) {
  const total = totalScore(result.score);
  return {
    fixture_id: result.fixture.id,
    away_team_display: result.fixture.away.name,
    home_team_display: result.fixture.home.name,
    status: graderStatus(result.status),
    away_score: total.away,
    home_score: total.home,
    player_score: playerScore,
    market,
    name,
    result: grade,
  };
}

/**
 * How a game ends: its score, segment by segment, drawn from the same score model that prices its
 * markets (score-models.ts), deterministic from the seed and the fixture. Each segment (a quarter,
 * a period, an inning, a half) scores its share of the game: a normal model draws its margin and
 * total with the spread shrunk by the square root of its share, a Poisson model each side's goals.
 * A points game level at the end goes to overtime (only the whole game's lines count it). While a
 * game is in play the score so far is the share of each segment played.
 */
import { hash32, normalishHash, unitHash } from '../shared/hash.ts';
import { clamp, poissonPmf } from '../shared/math.ts';
import { gameModelFor } from '../odds/score-models.ts';
import type { PeriodId } from '../odds/markets.ts';
import { fixtureStatus, type ScheduledFixture } from '../schedule/schedule.ts';

export interface SideScores {
  home: number;
  away: number;
}

export interface GameScore {
  /** Each segment's score, in order (a single segment for sports scored as one piece). */
  segments: readonly SideScores[];
  /** Points scored after regulation (null: no overtime). */
  overtime: SideScores | null;
}

/** Segments a sport's game is scored in; other sports are scored as one piece. */
const SEGMENTS_BY_SPORT: Readonly<Record<string, number>> = {
  basketball: 4,
  football: 4,
  hockey: 3,
  baseball: 9,
  soccer: 2,
};

function segmentCount(sportId: string): number {
  return SEGMENTS_BY_SPORT[sportId] ?? 1;
}

/** The segments (0-based, end exclusive) a market's period covers; null for a period not graded here. */
export function segmentsOfPeriod(sportId: string, period: PeriodId): { from: number; to: number } | null {
  const count = segmentCount(sportId);
  if (period === 'game') return { from: 0, to: count };
  const quarters: Partial<Record<PeriodId, [number, number]>> =
    count === 4
      ? { h1: [0, 2], h2: [2, 4], q1: [0, 1], q2: [1, 2], q3: [2, 3], q4: [3, 4] }
      : count === 3
        ? { p1: [0, 1], p2: [1, 2], p3: [2, 3] }
        : count === 9
          ? { i1: [0, 1], f3: [0, 3], f5: [0, 5], f7: [0, 7] }
          : count === 2
            ? { h1: [0, 1], h2: [1, 2] }
            : {};
  const range = quarters[period];
  return range ? { from: range[0], to: range[1] } : null;
}

/** A Poisson draw by inverting its distribution at a uniform draw. */
function poissonDraw(mean: number, uniform: number): number {
  let cumulative = 0;
  for (let goals = 0; goals < 40; goals++) {
    cumulative += poissonPmf(mean, goals);
    if (uniform < cumulative) return goals;
  }
  return 40;
}

function drawSegment(seed: number, fixture: ScheduledFixture, index: number, fraction: number): SideScores {
  const game = gameModelFor(seed, fixture);
  const { model } = game;
  const parts = [seed, 'final', fixture.id, index] as const;
  if (model.scoring === 'poisson') {
    const homeMean = Math.max(0.05, (game.total + game.margin) / 2) * fraction;
    const awayMean = Math.max(0.05, (game.total - game.margin) / 2) * fraction;
    return {
      home: poissonDraw(homeMean, unitHash(...parts, 'home')),
      away: poissonDraw(awayMean, unitHash(...parts, 'away')),
    };
  }
  const shrink = Math.sqrt(fraction);
  const margin = game.margin * fraction + normalishHash(...parts, 'margin') * model.marginSd * shrink;
  const total = game.total * fraction + normalishHash(...parts, 'total') * model.totalSd * shrink;
  const home = Math.max(0, Math.round((total + margin) / 2));
  const away = Math.max(0, Math.round((total - margin) / 2));
  return { home, away };
}

/** Points added after a level game: a basket race, a field goal, an extra-inning run, a sudden-death goal. */
function overtimeOf(seed: number, fixture: ScheduledFixture, homeWinShare: number): SideScores {
  const homeWins = unitHash(seed, 'overtime', fixture.id) < homeWinShare;
  const sport = fixture.sport.id;
  const base = sport === 'basketball' ? 6 + (hash32(seed, 'overtime-base', fixture.id) % 7) : 0;
  const lead =
    sport === 'basketball' ? 1 + (hash32(seed, 'overtime-lead', fixture.id) % 6) : sport === 'football' ? 3 : 1;
  return homeWins ? { home: base + lead, away: base } : { home: base, away: base + lead };
}

const finals = new Map<string, GameScore>();
const FINALS_KEPT = 5_000;

/** The game's whole score, as it stands once the game is over. */
function finalScore(seed: number, fixture: ScheduledFixture): GameScore {
  const key = `${seed}|${fixture.id}`;
  const known = finals.get(key);
  if (known) return known;
  const count = segmentCount(fixture.sport.id);
  const segments = Array.from({ length: count }, (_, index) => drawSegment(seed, fixture, index, 1 / count));
  const regulation = sumOf(segments);
  const game = gameModelFor(seed, fixture);
  const drawsStand = game.model.scoring === 'poisson' && !game.model.overtimeDecides;
  const overtime =
    regulation.home === regulation.away && !drawsStand
      ? overtimeOf(seed, fixture, clamp(0.5 + game.margin / (4 * game.model.marginSd), 0.3, 0.7))
      : null;
  const score = { segments, overtime };
  if (finals.size >= FINALS_KEPT) finals.clear();
  finals.set(key, score);
  return score;
}

export function sumOf(segments: readonly SideScores[]): SideScores {
  return segments.reduce((sum, segment) => ({ home: sum.home + segment.home, away: sum.away + segment.away }), {
    home: 0,
    away: 0,
  });
}

/** How far into the game `nowMs` is, from 0 (not begun) to 1 (over). */
export function playedShare(fixture: ScheduledFixture, nowMs: number): number {
  const status = fixtureStatus(fixture, nowMs);
  if (status === 'completed') return 1;
  if (nowMs < fixture.liveFromMs || status === 'cancelled') return 0;
  return clamp((nowMs - fixture.liveFromMs) / (fixture.endMs - fixture.liveFromMs), 0, 0.999);
}

/** The score at `nowMs`: whole segments played, the current one in proportion, overtime only at the end. */
export function scoreAt(seed: number, fixture: ScheduledFixture, nowMs: number): GameScore {
  const share = playedShare(fixture, nowMs);
  const final = finalScore(seed, fixture);
  if (share >= 1) return final;
  const count = final.segments.length;
  const played = share * count;
  const segments = final.segments.slice(0, Math.ceil(played)).map((segment, index) => {
    const part = Math.min(1, played - index);
    return { home: Math.floor(segment.home * part), away: Math.floor(segment.away * part) };
  });
  return { segments, overtime: null };
}

/** The segment being played (1-based), or null when the game is not in play. */
export function currentSegment(fixture: ScheduledFixture, nowMs: number): number | null {
  const share = playedShare(fixture, nowMs);
  if (share <= 0 || share >= 1) return null;
  return Math.floor(share * segmentCount(fixture.sport.id)) + 1;
}

/**
 * The fair model of a game: team strengths (from the seed) give an expected margin and total; a
 * normal model (points, runs) or a Poisson goals model (hockey, soccer) turns them into coherent
 * probabilities for every line, for the whole game or a part of it (a half scores half as much,
 * with a spread shrunk by the square root).
 */
import type { LeagueModel } from '../catalog/catalog-sports.ts';
import { normalishHash, unitHash } from '../shared/hash.ts';
import { clamp, normalCdf, poissonPmf } from '../shared/math.ts';
import type { ScheduledFixture } from '../schedule/schedule.ts';

/** Probabilities a scoring model answers; `homeLine` is the home side's handicap (e.g. -5.5). */
export interface ScoreModel {
  scoring: 'normal' | 'poisson';
  homeWin: number;
  draw: number;
  homeCovers(homeLine: number): number;
  over(line: number): number;
  teamOver(side: 'home' | 'away', line: number): number;
  /** Chance nobody scores (Poisson only; 0 for points games). */
  noScore: number;
  bothScore: number;
  expectedMargin: number;
  expectedTotal: number;
  expectedTeam(side: 'home' | 'away'): number;
}

export interface GameModel {
  model: LeagueModel;
  /** The whole game's expected margin (home minus away) and total. */
  margin: number;
  total: number;
}

function teamStrength(seed: number, leagueId: string, teamName: string): number {
  return normalishHash(seed, 'strength', leagueId, teamName);
}

export function gameModelFor(seed: number, fixture: ScheduledFixture): GameModel {
  const model = fixture.league.model;
  const leagueId = fixture.league.id;
  const strengthGap = teamStrength(seed, leagueId, fixture.home.name) - teamStrength(seed, leagueId, fixture.away.name);
  const matchupNoise = normalishHash(seed, 'matchup', fixture.id) * model.strengthScale * 0.3;
  const margin = strengthGap * model.strengthScale + model.homeAdvantage + matchupNoise;
  const [lowTotal, highTotal] = model.totalRange;
  const total = lowTotal + unitHash(seed, 'total', fixture.id) * (highTotal - lowTotal);
  return { model, margin, total };
}

function normalScoreModel(margin: number, total: number, marginSd: number, totalSd: number): ScoreModel {
  // One team's score: half the total plus or minus half the margin.
  const teamSd = Math.max(0.5, Math.hypot(marginSd, totalSd) / 2);
  const teamMean = (side: 'home' | 'away') => (side === 'home' ? (total + margin) / 2 : (total - margin) / 2);
  return {
    scoring: 'normal',
    homeWin: normalCdf(margin / marginSd),
    draw: 0,
    homeCovers: (homeLine) => normalCdf((margin + homeLine) / marginSd),
    over: (line) => 1 - normalCdf((line - total) / Math.max(totalSd, 0.01)),
    teamOver: (side, line) => 1 - normalCdf((line - teamMean(side)) / teamSd),
    noScore: 0,
    bothScore: 1,
    expectedMargin: margin,
    expectedTotal: total,
    expectedTeam: teamMean,
  };
}

const MAX_GOALS = 14;

function poissonScoreModel(margin: number, total: number, overtimeDecides: boolean): ScoreModel {
  const homeMean = Math.max(0.05, (total + margin) / 2);
  const awayMean = Math.max(0.05, (total - margin) / 2);
  const cells: { home: number; away: number; probability: number }[] = [];
  for (let home = 0; home <= MAX_GOALS; home++) {
    for (let away = 0; away <= MAX_GOALS; away++) {
      cells.push({ home, away, probability: poissonPmf(homeMean, home) * poissonPmf(awayMean, away) });
    }
  }
  const sumWhere = (test: (cell: { home: number; away: number }) => boolean) =>
    cells.reduce((sum, cell) => (test(cell) ? sum + cell.probability : sum), 0);
  const regulationHomeWin = sumWhere((cell) => cell.home > cell.away);
  const tie = sumWhere((cell) => cell.home === cell.away);
  // Hockey moneylines include overtime: a tie goes to the stronger side slightly more often.
  const overtimeHomeShare = clamp(0.5 + margin / 6, 0.35, 0.65);
  return {
    scoring: 'poisson',
    homeWin: overtimeDecides ? regulationHomeWin + tie * overtimeHomeShare : regulationHomeWin,
    draw: overtimeDecides ? 0 : tie,
    homeCovers: (homeLine) => sumWhere((cell) => cell.home - cell.away + homeLine > 0),
    over: (line) => sumWhere((cell) => cell.home + cell.away > line),
    teamOver: (side, line) => sumWhere((cell) => (side === 'home' ? cell.home : cell.away) > line),
    noScore: Math.exp(-homeMean - awayMean),
    bothScore: (1 - Math.exp(-homeMean)) * (1 - Math.exp(-awayMean)),
    expectedMargin: margin,
    expectedTotal: total,
    expectedTeam: (side) => (side === 'home' ? homeMean : awayMean),
  };
}

/** The model of a share of the game (1 = the whole game); only the whole game goes to overtime. */
export function scoreModelFor(game: GameModel, fraction: number): ScoreModel {
  const { model } = game;
  if (model.scoring === 'poisson')
    return poissonScoreModel(game.margin * fraction, game.total * fraction, model.overtimeDecides && fraction === 1);
  const shrink = Math.sqrt(fraction);
  return normalScoreModel(
    game.margin * fraction,
    game.total * fraction,
    model.marginSd * shrink,
    model.totalSd * shrink,
  );
}

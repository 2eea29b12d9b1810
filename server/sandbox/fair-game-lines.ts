/**
 * The fair model of a game: team strengths (from the seed) give an expected margin and total; a
 * normal model (basketball, football, baseball) or a Poisson goals model (hockey, soccer) turns
 * them into coherent probabilities for moneylines, spreads and totals, main and alternate lines.
 */
import type { LeagueId } from './catalog-sports.ts';
import { selectionGroup, type FairSelection } from './fair-selection.ts';
import { normalishHash, unitHash } from './hash.ts';
import { clamp, formatLine, formatSignedLine, normalCdf, poissonPmf } from './math.ts';
import type { ScheduledFixture } from './schedule.ts';

interface LeagueModel {
  scoring: 'normal' | 'poisson';
  /** Expected margin per unit of strength difference, and the home edge, in points/goals/runs. */
  strengthScale: number;
  homeAdvantage: number;
  marginSd: number;
  totalRange: readonly [number, number];
  totalSd: number;
  /** Run line and puck line are always ±1.5 for the favourite. */
  fixedSpread: number | null;
  spreadAltStep: number;
  totalAltStep: number;
}

const LEAGUE_MODELS: Readonly<Record<LeagueId, LeagueModel>> = {
  nba: { scoring: 'normal', strengthScale: 4.5, homeAdvantage: 2.5, marginSd: 12.5, totalRange: [214, 238], totalSd: 17, fixedSpread: null, spreadAltStep: 3, totalAltStep: 5 },
  ncaab: { scoring: 'normal', strengthScale: 6, homeAdvantage: 3.5, marginSd: 11, totalRange: [132, 156], totalSd: 15, fixedSpread: null, spreadAltStep: 3, totalAltStep: 5 },
  nfl: { scoring: 'normal', strengthScale: 4.5, homeAdvantage: 1.8, marginSd: 13.5, totalRange: [37, 51], totalSd: 13, fixedSpread: null, spreadAltStep: 3, totalAltStep: 3 },
  ncaaf: { scoring: 'normal', strengthScale: 9, homeAdvantage: 3, marginSd: 16, totalRange: [42, 64], totalSd: 15, fixedSpread: null, spreadAltStep: 3, totalAltStep: 3 },
  mlb: { scoring: 'normal', strengthScale: 0.55, homeAdvantage: 0.15, marginSd: 4.2, totalRange: [7, 10], totalSd: 4.3, fixedSpread: 1.5, spreadAltStep: 1, totalAltStep: 1 },
  nhl: { scoring: 'poisson', strengthScale: 0.35, homeAdvantage: 0.15, marginSd: 0, totalRange: [5.5, 6.7], totalSd: 0, fixedSpread: 1.5, spreadAltStep: 1, totalAltStep: 1 },
  'england_-_premier_league': { scoring: 'poisson', strengthScale: 0.45, homeAdvantage: 0.25, marginSd: 0, totalRange: [2.3, 3.2], totalSd: 0, fixedSpread: null, spreadAltStep: 1, totalAltStep: 1 },
  'spain_-_la_liga': { scoring: 'poisson', strengthScale: 0.45, homeAdvantage: 0.25, marginSd: 0, totalRange: [2.2, 3.0], totalSd: 0, fixedSpread: null, spreadAltStep: 1, totalAltStep: 1 },
};

/** Probabilities a scoring model answers; `homeLine` is the home side's handicap (e.g. -5.5). */
interface ScoreModel {
  homeWin: number;
  draw: number;
  homeCovers(homeLine: number): number;
  over(line: number): number;
  expectedMargin: number;
  expectedTotal: number;
}

function normalScoreModel(margin: number, total: number, model: LeagueModel): ScoreModel {
  return {
    homeWin: normalCdf(margin / model.marginSd),
    draw: 0,
    homeCovers: (homeLine) => normalCdf((margin + homeLine) / model.marginSd),
    over: (line) => 1 - normalCdf((line - total) / model.totalSd),
    expectedMargin: margin,
    expectedTotal: total,
  };
}

const MAX_GOALS = 14;

function poissonScoreModel(margin: number, total: number, overtimeDecides: boolean): ScoreModel {
  const homeMean = Math.max(0.15, (total + margin) / 2);
  const awayMean = Math.max(0.15, (total - margin) / 2);
  const cells: { diff: number; sum: number; probability: number }[] = [];
  for (let home = 0; home <= MAX_GOALS; home++) {
    for (let away = 0; away <= MAX_GOALS; away++) {
      cells.push({ diff: home - away, sum: home + away, probability: poissonPmf(homeMean, home) * poissonPmf(awayMean, away) });
    }
  }
  const sumWhere = (test: (cell: { diff: number; sum: number }) => boolean) =>
    cells.reduce((sum, cell) => (test(cell) ? sum + cell.probability : sum), 0);
  const regulationHomeWin = sumWhere((cell) => cell.diff > 0);
  const tie = sumWhere((cell) => cell.diff === 0);
  // Hockey moneylines include overtime: a tie goes to the stronger side slightly more often.
  const overtimeHomeShare = clamp(0.5 + margin / 6, 0.35, 0.65);
  return {
    homeWin: overtimeDecides ? regulationHomeWin + tie * overtimeHomeShare : regulationHomeWin,
    draw: overtimeDecides ? 0 : tie,
    homeCovers: (homeLine) => sumWhere((cell) => cell.diff + homeLine > 0),
    over: (line) => sumWhere((cell) => cell.sum > line),
    expectedMargin: margin,
    expectedTotal: total,
  };
}

export function teamStrength(seed: number, leagueId: LeagueId, teamName: string): number {
  return normalishHash(seed, 'strength', leagueId, teamName);
}

function scoreModelFor(seed: number, fixture: ScheduledFixture): { score: ScoreModel; model: LeagueModel } {
  const leagueId = fixture.league.id;
  const model = LEAGUE_MODELS[leagueId];
  const strengthGap = teamStrength(seed, leagueId, fixture.home.name) - teamStrength(seed, leagueId, fixture.away.name);
  const matchupNoise = normalishHash(seed, 'matchup', fixture.id) * model.strengthScale * 0.3;
  const margin = strengthGap * model.strengthScale + model.homeAdvantage + matchupNoise;
  const [lowTotal, highTotal] = model.totalRange;
  const total = lowTotal + unitHash(seed, 'total', fixture.id) * (highTotal - lowTotal);
  const score =
    model.scoring === 'normal'
      ? normalScoreModel(margin, total, model)
      : poissonScoreModel(margin, total, fixture.sport.id === 'hockey');
  return { score, model };
}

/** Main and alternate home-side handicaps; never a zero line. */
function spreadLines(score: ScoreModel, model: LeagueModel): { main: number; alternates: number[] } {
  const favouriteSign = score.expectedMargin >= 0 ? -1 : 1;
  if (model.fixedSpread !== null) {
    const main = favouriteSign * model.fixedSpread;
    return { main, alternates: [1, 2].map((steps) => main + favouriteSign * steps * model.spreadAltStep) };
  }
  let main: number;
  if (model.scoring === 'poisson') {
    // Soccer: the favourite's -0.5 or -1.5, whichever is nearer an even bet.
    const candidates = [0.5, 1.5].map((size) => favouriteSign * size);
    main = candidates.reduce((best, line) =>
      Math.abs(score.homeCovers(line) - 0.5) < Math.abs(score.homeCovers(best) - 0.5) ? line : best,
    );
  } else {
    main = Math.round(-score.expectedMargin * 2) / 2 || favouriteSign;
  }
  const alternates = [-1, 1].map((direction) => main + direction * model.spreadAltStep).filter((line) => line !== 0);
  return { main, alternates };
}

function totalLines(score: ScoreModel, model: LeagueModel): { main: number; alternates: number[] } {
  // Goals totals sit on half points; points and runs totals may be whole numbers.
  const main = model.scoring === 'poisson' ? Math.floor(score.expectedTotal) + 0.5 : Math.round(score.expectedTotal * 2) / 2;
  const alternates = [-1, 1].map((direction) => main + direction * model.totalAltStep).filter((line) => line > 0);
  return { main, alternates };
}

/** Moneylines, spreads and totals (main and alternate lines) for one fixture. */
export function fairGameLineSelections(seed: number, fixture: ScheduledFixture): FairSelection[] {
  const { score, model } = scoreModelFor(seed, fixture);
  const { home, away, sport } = fixture;
  const selections: FairSelection[] = [];
  const base = { fixtureId: fixture.id, isMain: true };

  for (const market of sport.markets) {
    if (market.kind === 'moneyline' || market.kind === 'draw_no_bet') {
      selections.push(
        ...selectionGroup({ ...base, market, groupingKey: 'default' }, [
          { name: home.name, selection: home.name, teamId: home.id, probability: score.homeWin },
          { name: away.name, selection: away.name, teamId: away.id, probability: 1 - score.homeWin - score.draw },
        ]),
      );
    } else if (market.kind === 'moneyline_3way') {
      selections.push(
        ...selectionGroup({ ...base, market, groupingKey: 'default' }, [
          { name: home.name, selection: home.name, teamId: home.id, probability: score.homeWin },
          { name: 'Draw', selection: 'Draw', probability: score.draw },
          { name: away.name, selection: away.name, teamId: away.id, probability: 1 - score.homeWin - score.draw },
        ]),
      );
    }
  }

  const spreadMarket = sport.markets.find((market) => market.kind === 'spread');
  if (spreadMarket) {
    const { main, alternates } = spreadLines(score, model);
    for (const homeLine of [main, ...alternates]) {
      const homeCovers = score.homeCovers(homeLine);
      selections.push(
        ...selectionGroup({ ...base, market: spreadMarket, groupingKey: `default:${formatLine(homeLine)}`, isMain: homeLine === main }, [
          { name: `${home.name} ${formatSignedLine(homeLine)}`, selection: home.name, teamId: home.id, points: homeLine, probability: homeCovers },
          { name: `${away.name} ${formatSignedLine(-homeLine)}`, selection: away.name, teamId: away.id, points: -homeLine, probability: 1 - homeCovers },
        ]),
      );
    }
  }

  const totalMarket = sport.markets.find((market) => market.kind === 'total');
  if (!totalMarket) return selections;
  const { main, alternates } = totalLines(score, model);
  for (const line of [main, ...alternates]) {
    const over = score.over(line);
    selections.push(
      ...selectionGroup({ ...base, market: totalMarket, groupingKey: `default:${formatLine(line)}`, isMain: line === main }, [
        { name: `Over ${formatLine(line)}`, selection: '', selectionLine: 'over', points: line, probability: over },
        { name: `Under ${formatLine(line)}`, selection: '', selectionLine: 'under', points: line, probability: 1 - over },
      ]),
    );
  }
  return selections;
}

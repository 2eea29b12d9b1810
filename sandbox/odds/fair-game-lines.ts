/**
 * Game lines of one fixture from its score model: winners, spreads, totals (main and alternate
 * lines), team totals and odd/even for each period the board plan names, and a few game props
 * (first team to score, overtime, both teams to score). Every selection carries its factor for the
 * fair correlation model.
 */
import type { GameLineMarkets } from '../catalog/catalog-sports.ts';
import { addGroup as add, type BoardContext as Context } from './board-builder.ts';
import { gameProps } from './fair-game-props.ts';
import { legFactor, type FairSelection, type LegFactor } from './fair-selection.ts';
import { PERIOD_FRACTION, periodMarket, type MarketInfo, type PeriodId } from './markets.ts';
import type { BoardPlan, PeriodLines } from './market-plans.ts';
import { formatLine, formatSignedLine } from '../shared/math.ts';
import type { ScheduledFixture } from '../schedule/schedule.ts';
import { gameModelFor, scoreModelFor, type GameModel, type ScoreModel } from './score-models.ts';

type Side = 'home' | 'away';

/** Main and alternate home-side handicaps; never a zero line. */
function spreadLines(score: ScoreModel, game: GameModel, period: PeriodId, alternates: number): number[] {
  const { model } = game;
  const favouriteSign = score.expectedMargin >= 0 ? -1 : 1;
  const fraction = PERIOD_FRACTION[period];
  const step =
    period === 'game'
      ? model.spreadAltStep
      : Math.max(model.scoring === 'poisson' ? 1 : 0.5, Math.round(model.spreadAltStep * Math.sqrt(fraction) * 2) / 2);
  if (model.fixedSpread !== null) {
    // Run line and puck line: the favourite gives 1.5 (0.5 in part-game lines), alternates go longer.
    const main = favouriteSign * (period === 'game' ? model.fixedSpread : 0.5);
    return [main, ...Array.from({ length: alternates }, (_, index) => main + favouriteSign * (index + 1) * step)];
  }
  let main: number;
  if (score.scoring === 'poisson') {
    // Goals: the favourite's -0.5 or -1.5, whichever is nearer an even bet.
    const candidates = [0.5, 1.5].map((size) => favouriteSign * size);
    main = candidates.reduce((best, line) =>
      Math.abs(score.homeCovers(line) - 0.5) < Math.abs(score.homeCovers(best) - 0.5) ? line : best,
    );
  } else {
    main = Math.round(-score.expectedMargin * 2) / 2 || favouriteSign;
  }
  const around = Array.from({ length: alternates }, (_, index) => {
    const distance = Math.floor(index / 2) + 1;
    return main + (index % 2 === 0 ? -1 : 1) * distance * step;
  });
  return [main, ...around.filter((line) => line !== 0)];
}

function totalLines(center: number, scoring: 'normal' | 'poisson', step: number, alternates: number): number[] {
  // Goals and team totals sit on half points; points and runs totals may be whole numbers.
  const main = scoring === 'poisson' ? Math.floor(center) + 0.5 : Math.round(center * 2) / 2;
  const around = Array.from(
    { length: alternates },
    (_, index) => main + (index % 2 === 0 ? -1 : 1) * (Math.floor(index / 2) + 1) * step,
  );
  return [main, ...around.filter((line) => line > 0)];
}

function winners(context: Context, markets: GameLineMarkets, lines: PeriodLines, score: ScoreModel): void {
  const { period } = lines;
  const { home, away } = context.fixture;
  const sideFactor = (side: Side): LegFactor => legFactor({ latent: 'margin', side, period });
  const threeWay = markets.winner.kind === 'moneyline_3way' || score.draw > 0.001;
  if (threeWay) {
    add(context, { market: periodMarket(period, 'Moneyline 3-Way', 'moneyline_3way'), groupingKey: 'default' }, [
      {
        name: home.name,
        selection: home.name,
        normalizedSelection: 'home',
        teamId: home.id,
        probability: score.homeWin,
        factor: sideFactor('home'),
      },
      {
        name: 'Draw',
        selection: 'Draw',
        normalizedSelection: 'draw',
        probability: score.draw,
        factor: legFactor({ latent: 'draw', period }),
      },
      {
        name: away.name,
        selection: away.name,
        normalizedSelection: 'away',
        teamId: away.id,
        probability: 1 - score.homeWin - score.draw,
        factor: sideFactor('away'),
      },
    ]);
  }
  if (!threeWay && lines.threeWay) {
    // Points games: a tie after the period loses both sides of the three-way line.
    const homeAhead = score.homeCovers(-0.5);
    const awayAhead = 1 - score.homeCovers(0.5);
    add(context, { market: periodMarket(period, 'Moneyline 3-Way', 'moneyline_3way'), groupingKey: 'default' }, [
      {
        name: home.name,
        selection: home.name,
        normalizedSelection: 'home',
        teamId: home.id,
        probability: homeAhead,
        factor: sideFactor('home'),
      },
      {
        name: 'Tie',
        selection: 'Tie',
        normalizedSelection: 'draw',
        probability: Math.max(0.005, 1 - homeAhead - awayAhead),
        factor: legFactor({ latent: 'draw', period }),
      },
      {
        name: away.name,
        selection: away.name,
        normalizedSelection: 'away',
        teamId: away.id,
        probability: awayAhead,
        factor: sideFactor('away'),
      },
    ]);
  }
  const twoWay = !threeWay
    ? periodMarket(period, 'Moneyline', 'moneyline')
    : period === 'game'
      ? markets.drawNoBet
      : null;
  if (!twoWay) return;
  // A two-way line where draws exist refunds the draw: the sides split what is left.
  const decided = 1 - score.draw;
  add(context, { market: twoWay, groupingKey: 'default' }, [
    {
      name: home.name,
      selection: home.name,
      normalizedSelection: 'home',
      teamId: home.id,
      probability: score.homeWin / decided,
      factor: sideFactor('home'),
    },
    {
      name: away.name,
      selection: away.name,
      normalizedSelection: 'away',
      teamId: away.id,
      probability: 1 - score.homeWin / decided,
      factor: sideFactor('away'),
    },
  ]);
}

function spreads(
  context: Context,
  spreadMarket: MarketInfo,
  lines: PeriodLines,
  score: ScoreModel,
  game: GameModel,
): void {
  if (lines.spreadAlternates === null) return;
  const { home, away } = context.fixture;
  const all = spreadLines(score, game, lines.period, lines.spreadAlternates);
  const marketInfo = periodMarket(lines.period, spreadMarket.name, 'spread');
  for (const homeLine of all) {
    const homeCovers = score.homeCovers(homeLine);
    add(context, { market: marketInfo, groupingKey: `default:${formatLine(homeLine)}`, isMain: homeLine === all[0] }, [
      {
        name: `${home.name} ${formatSignedLine(homeLine)}`,
        selection: home.name,
        normalizedSelection: 'home',
        teamId: home.id,
        points: homeLine,
        probability: homeCovers,
        factor: legFactor({ latent: 'margin', side: 'home', period: lines.period }),
      },
      {
        name: `${away.name} ${formatSignedLine(-homeLine)}`,
        selection: away.name,
        normalizedSelection: 'away',
        teamId: away.id,
        points: -homeLine,
        probability: 1 - homeCovers,
        factor: legFactor({ latent: 'margin', side: 'away', period: lines.period }),
      },
    ]);
  }
}

function totals(
  context: Context,
  totalMarket: MarketInfo,
  lines: PeriodLines,
  score: ScoreModel,
  game: GameModel,
): void {
  const { period } = lines;
  const fraction = PERIOD_FRACTION[period];
  const step =
    score.scoring === 'poisson' ? 1 : Math.max(0.5, Math.round(game.model.totalAltStep * Math.sqrt(fraction) * 2) / 2);
  const overUnder = (
    marketInfo: MarketInfo,
    keyPrefix: string,
    line: number,
    isMain: boolean,
    over: number,
    factor: (direction: 1 | -1) => LegFactor,
    team?: { name: string; id: string },
  ) =>
    add(context, { market: marketInfo, groupingKey: `${keyPrefix}:${formatLine(line)}`, isMain }, [
      {
        name: `${team ? `${team.name} ` : ''}Over ${formatLine(line)}`,
        selection: team?.name ?? '',
        normalizedSelection: 'over',
        selectionLine: 'over',
        teamId: team?.id ?? null,
        points: line,
        probability: over,
        factor: factor(1),
      },
      {
        name: `${team ? `${team.name} ` : ''}Under ${formatLine(line)}`,
        selection: team?.name ?? '',
        normalizedSelection: 'under',
        selectionLine: 'under',
        teamId: team?.id ?? null,
        points: line,
        probability: 1 - over,
        factor: factor(-1),
      },
    ]);

  if (lines.totalAlternates !== null) {
    // The first inning's total is the "run in the first inning" line: always 0.5.
    const all = period === 'i1' ? [0.5] : totalLines(score.expectedTotal, score.scoring, step, lines.totalAlternates);
    const marketInfo = periodMarket(period, totalMarket.name, 'total');
    for (const line of all)
      overUnder(marketInfo, 'default', line, line === all[0], score.over(line), (direction) =>
        legFactor({ latent: 'total', direction, period }),
      );
  }
  if (lines.teamTotalLines > 0) {
    const marketInfo = periodMarket(period, 'Team Total', 'team_total');
    for (const side of ['home', 'away'] as const) {
      const team = context.fixture[side];
      const all = totalLines(
        score.expectedTeam(side) - 0.01,
        'poisson',
        score.scoring === 'poisson' ? 1 : Math.max(1, Math.round(step / 2)),
        lines.teamTotalLines - 1,
      );
      for (const line of all)
        overUnder(
          marketInfo,
          side,
          line,
          line === all[0],
          score.teamOver(side, line),
          (direction) => legFactor({ latent: 'team_score', side, direction, period }),
          team,
        );
    }
  }
  if (lines.oddEven) {
    // Odd and even totals come up about equally often; a whisker of skew per game.
    const odd = 0.5 + (score.expectedTotal % 2 > 1 ? 0.004 : -0.004);
    add(context, { market: periodMarket(period, `${totalMarket.name} Odd/Even`, 'odd_even'), groupingKey: 'default' }, [
      {
        name: 'Odd',
        selection: 'Odd',
        normalizedSelection: 'odd',
        probability: odd,
        factor: legFactor({ latent: 'none', period }),
      },
      {
        name: 'Even',
        selection: 'Even',
        normalizedSelection: 'even',
        probability: 1 - odd,
        factor: legFactor({ latent: 'none', period }),
      },
    ]);
  }
}

/** Winners, spreads and totals for each period of the plan, plus game props when the plan has them. */
export function fairGameLineSelections(seed: number, fixture: ScheduledFixture, plan: BoardPlan): FairSelection[] {
  const markets = fixture.sport.lines;
  if (!markets) return [];
  const game = gameModelFor(seed, fixture);
  const context: Context = { fixture, selections: [] };
  for (const lines of plan.periods) {
    const score = scoreModelFor(game, PERIOD_FRACTION[lines.period]);
    winners(context, markets, lines, score);
    if (markets.spread) spreads(context, markets.spread, lines, score, game);
    if (markets.total) totals(context, markets.total, lines, score, game);
  }
  if (plan.gameProps) gameProps(context, game);
  return context.selections;
}

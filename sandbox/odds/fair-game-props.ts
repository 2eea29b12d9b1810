/**
 * Game props of the realistic core leagues (about a third of a board's markets): who scores
 * first, overtime, both teams to score, winning margin bands, races to a score, the highest
 * scoring half, half-time/full-time doubles, correct scores and the sport's own totals
 * (touchdowns, field goals, corners, cards, hits, shots). Each comes from the same score model as
 * the game lines, so the board stays coherent.
 */
import { addGroup, type BoardContext } from './board-builder.ts';
import { legFactor, type GroupSide, type LegFactor } from './fair-selection.ts';
import { unitHash } from '../shared/hash.ts';
import { market, type MarketKind } from './markets.ts';
import { bivariateNormalCdf, clamp, formatLine, inverseNormalCdf, normalCdf, poissonPmf } from '../shared/math.ts';
import { scoreModelFor, type GameModel, type ScoreModel } from './score-models.ts';

const GAME = 'game';
const NONE: LegFactor = legFactor({ latent: 'none', period: GAME });

function multiWay(
  context: BoardContext,
  name: string,
  outcomes: readonly (readonly [name: string, probability: number, normalized?: string])[],
  kind: MarketKind = 'first_to_score',
): void {
  addGroup(
    context,
    { market: market(name, kind), groupingKey: 'default' },
    outcomes.map(([outcome, probability, normalized]) => ({
      name: outcome,
      selection: outcome,
      normalizedSelection: normalized ?? outcome.toLowerCase().replace(/[^a-z0-9]+/g, '_'),
      probability: Math.max(probability, 1e-4),
      factor: NONE,
    })),
  );
}

function yesNo(
  context: BoardContext,
  name: string,
  yes: number,
  factor: (direction: 1 | -1) => LegFactor = () => NONE,
): void {
  addGroup(context, { market: market(name, 'yes_no'), groupingKey: 'default' }, [
    { name: 'Yes', selection: 'Yes', normalizedSelection: 'yes', probability: yes, factor: factor(1) },
    { name: 'No', selection: 'No', normalizedSelection: 'no', probability: 1 - yes, factor: factor(-1) },
  ]);
}

/** An over/under market with a main line near the mean and two alternates. */
function overUnderTotal(context: BoardContext, name: string, mean: number, sd: number, step: number): void {
  const main = Math.floor(mean) + 0.5;
  for (const line of [main, main - step, main + step].filter((value) => value > 0)) {
    const over = clamp(1 - normalCdf((line - mean) / sd), 0.03, 0.97);
    addGroup(
      context,
      { market: market(name, 'total'), groupingKey: `default:${formatLine(line)}`, isMain: line === main },
      [
        {
          name: `Over ${formatLine(line)}`,
          selection: '',
          normalizedSelection: 'over',
          selectionLine: 'over',
          points: line,
          probability: over,
          factor: NONE,
        },
        {
          name: `Under ${formatLine(line)}`,
          selection: '',
          normalizedSelection: 'under',
          selectionLine: 'under',
          points: line,
          probability: 1 - over,
          factor: NONE,
        },
      ],
    );
  }
}

function firstToScore(context: BoardContext, score: ScoreModel, name: string): void {
  const { home, away } = context.fixture;
  // The better side scores first a little more often than evens.
  const scoresFirst = 1 - score.noScore;
  const homeShare = 0.5 + 0.45 * (score.homeWin - 0.5);
  const sides: GroupSide[] = [
    {
      name: home.name,
      selection: home.name,
      normalizedSelection: 'home',
      teamId: home.id,
      probability: scoresFirst * homeShare,
      factor: legFactor({ latent: 'margin', side: 'home', period: GAME, strength: 0.35 }),
    },
    {
      name: away.name,
      selection: away.name,
      normalizedSelection: 'away',
      teamId: away.id,
      probability: scoresFirst * (1 - homeShare),
      factor: legFactor({ latent: 'margin', side: 'away', period: GAME, strength: 0.35 }),
    },
  ];
  if (score.noScore > 0.01)
    sides.push({
      name: 'No Goal',
      selection: 'No Goal',
      normalizedSelection: 'none',
      probability: score.noScore,
      factor: legFactor({ latent: 'total', direction: -1, period: GAME, strength: 0.6 }),
    });
  addGroup(context, { market: market(name, 'first_to_score'), groupingKey: 'default' }, sides);
}

/** Margin bands either side (normal model) or by goals (Poisson), plus the draw where there is one. */
function winningMargin(context: BoardContext, score: ScoreModel, bands: readonly number[]): void {
  const { home, away } = context.fixture;
  const byMoreThan = (line: number) => score.homeCovers(-line);
  const outcomes: [string, number][] = [];
  for (const [team, sign] of [
    [home.name, 1],
    [away.name, -1],
  ] as const) {
    bands.forEach((from, index) => {
      const to = bands[index + 1];
      const atLeast = (margin: number) => (sign > 0 ? byMoreThan(margin - 0.5) : 1 - score.homeCovers(margin - 0.5));
      const probability = atLeast(from) - (to === undefined ? 0 : atLeast(to));
      outcomes.push([to === undefined ? `${team} by ${from}+` : `${team} by ${from}-${to - 1}`, probability]);
    });
  }
  const draw = Math.max(0, 1 - outcomes.reduce((sum, [, probability]) => sum + probability, 0));
  if (draw > 0.005) outcomes.push(['Draw', draw]);
  multiWay(context, 'Winning Margin', outcomes);
}

function raceTo(context: BoardContext, score: ScoreModel, target: number, unit: string): void {
  const { home, away } = context.fixture;
  const homeFirst = clamp(
    0.5 + 0.8 * (score.homeWin - 0.5) + 0.01 * (unitHash('race', context.fixture.id, target) - 0.5),
    0.05,
    0.95,
  );
  addGroup(context, { market: market(`Race To ${target} ${unit}`, 'first_to_score'), groupingKey: 'default' }, [
    {
      name: home.name,
      selection: home.name,
      normalizedSelection: 'home',
      teamId: home.id,
      probability: homeFirst,
      factor: legFactor({ latent: 'margin', side: 'home', period: GAME, strength: 0.5 }),
    },
    {
      name: away.name,
      selection: away.name,
      normalizedSelection: 'away',
      teamId: away.id,
      probability: 1 - homeFirst,
      factor: legFactor({ latent: 'margin', side: 'away', period: GAME, strength: 0.5 }),
    },
  ]);
}

/** Half-time/full-time for points games: half and full margins correlate at 1/sqrt(2). */
function halftimeFulltime(context: BoardContext, game: GameModel): void {
  const { home, away } = context.fixture;
  const half = scoreModelFor(game, 0.5);
  const full = scoreModelFor(game, 1);
  const halfHome = half.homeWin;
  const fullHome = full.homeWin;
  const bothHome = bivariateNormalCdf(inverseNormalCdf(halfHome), inverseNormalCdf(fullHome), Math.SQRT1_2);
  const homeAway = halfHome - bothHome;
  const awayHome = fullHome - bothHome;
  multiWay(context, 'Halftime/Fulltime', [
    [`${home.name}/${home.name}`, bothHome],
    [`${home.name}/${away.name}`, homeAway],
    [`${away.name}/${home.name}`, awayHome],
    [`${away.name}/${away.name}`, 1 - bothHome - homeAway - awayHome],
  ]);
}

/** Soccer's correct score (0-0 to 4-4 and any other) and half-time/full-time, from the goal grids. */
function soccerGrids(context: BoardContext, game: GameModel): void {
  const { home, away } = context.fixture;
  const firstHalf = {
    home: Math.max(0.05, (game.total + game.margin) / 4),
    away: Math.max(0.05, (game.total - game.margin) / 4),
  };
  const scores: [string, number][] = [];
  let listed = 0;
  for (let homeGoals = 0; homeGoals <= 4; homeGoals++) {
    for (let awayGoals = 0; awayGoals <= 4; awayGoals++) {
      const probability = poissonPmf(firstHalf.home * 2, homeGoals) * poissonPmf(firstHalf.away * 2, awayGoals);
      listed += probability;
      scores.push([`${home.name} ${homeGoals}-${awayGoals} ${away.name}`, probability]);
    }
  }
  scores.push(['Any Other Score', 1 - listed]);
  multiWay(context, 'Correct Score', scores, 'first_to_score');

  const result = (difference: number) => (difference > 0 ? 0 : difference === 0 ? 1 : 2);
  const table = Array.from({ length: 9 }, () => 0);
  for (let h1 = 0; h1 <= 6; h1++)
    for (let a1 = 0; a1 <= 6; a1++) {
      const first = poissonPmf(firstHalf.home, h1) * poissonPmf(firstHalf.away, a1);
      for (let h2 = 0; h2 <= 6; h2++)
        for (let a2 = 0; a2 <= 6; a2++) {
          const second = poissonPmf(firstHalf.home, h2) * poissonPmf(firstHalf.away, a2);
          const cell = result(h1 - a1) * 3 + result(h1 + h2 - a1 - a2);
          table[cell] = (table[cell] ?? 0) + first * second;
        }
    }
  const label = ['Home', 'Draw', 'Away'];
  multiWay(
    context,
    'Halftime/Fulltime',
    table.map((probability, cell) => [`${label[Math.floor(cell / 3)]}/${label[cell % 3]}`, probability] as const),
  );
}

/** Clean sheet and win to nil per side, from the goal model. */
function soccerSideProps(context: BoardContext, score: ScoreModel): void {
  for (const side of ['home', 'away'] as const) {
    const other = side === 'home' ? 'away' : 'home';
    const cleanSheet = 1 - score.teamOver(other, 0.5);
    const scores = score.teamOver(side, 0.5);
    const sideFactor = (direction: 1 | -1) =>
      legFactor({ latent: 'team_score', side: other, direction: direction === 1 ? -1 : 1, period: GAME });
    yesNo(context, `${side === 'home' ? 'Home' : 'Away'} Team Clean Sheet`, cleanSheet, sideFactor);
    yesNo(
      context,
      `${side === 'home' ? 'Home' : 'Away'} Team Win To Nil`,
      clamp(cleanSheet * scores * 0.92, 0.02, 0.9),
      () => legFactor({ latent: 'margin', side, period: GAME, strength: 0.6 }),
    );
  }
}

function lastToScore(context: BoardContext, score: ScoreModel): void {
  const { home, away } = context.fixture;
  const homeLast = clamp(0.5 + 0.3 * (score.homeWin - 0.5), 0.1, 0.9);
  addGroup(context, { market: market('Team To Score Last', 'first_to_score'), groupingKey: 'default' }, [
    {
      name: home.name,
      selection: home.name,
      normalizedSelection: 'home',
      teamId: home.id,
      probability: homeLast,
      factor: legFactor({ latent: 'margin', side: 'home', period: GAME, strength: 0.25 }),
    },
    {
      name: away.name,
      selection: away.name,
      normalizedSelection: 'away',
      teamId: away.id,
      probability: 1 - homeLast,
      factor: legFactor({ latent: 'margin', side: 'away', period: GAME, strength: 0.25 }),
    },
  ]);
}

function highestScoringHalf(context: BoardContext, tie: number): void {
  const lean = 0.01 * (unitHash('halves', context.fixture.id) - 0.5);
  multiWay(context, 'Highest Scoring Half', [
    ['1st Half', (1 - tie) / 2 - 0.02 + lean],
    ['2nd Half', (1 - tie) / 2 + 0.02 - lean],
    ['Tie', tie],
  ]);
}

/** The game props for the sport of the fixture (realistic core leagues only). */
export function gameProps(context: BoardContext, game: GameModel): void {
  const score = scoreModelFor(game, 1);
  const sportId = context.fixture.sport.id;
  firstToScore(
    context,
    score,
    sportId === 'soccer' || sportId === 'hockey' ? 'First Team To Score' : 'Team To Score First',
  );
  const tie = Math.max(0.01, score.homeCovers(0.5) - score.homeCovers(-0.5));
  if (score.scoring === 'poisson')
    yesNo(context, 'Both Teams To Score', score.bothScore, (direction) =>
      legFactor({ latent: 'total', direction, period: GAME, strength: 0.6 }),
    );
  switch (sportId) {
    case 'football':
      yesNo(context, 'Will There Be Overtime?', Math.min(0.1, tie));
      winningMargin(context, score, [1, 7, 13, 19]);
      for (const target of [10, 15, 20]) raceTo(context, score, target, 'Points');
      overUnderTotal(context, 'Total Touchdowns', game.total / 7.4, 1.6, 1);
      overUnderTotal(context, 'Total Field Goals Made', 3.3, 1.4, 1);
      highestScoringHalf(context, 0.04);
      halftimeFulltime(context, game);
      yesNo(context, 'Safety Scored', 0.06);
      yesNo(context, 'First Score Is A Touchdown', 0.58);
      lastToScore(context, score);
      overUnderTotal(context, 'Longest Touchdown Yards', 44, 12, 5);
      overUnderTotal(context, 'Total Sacks', 4.6, 2, 1);
      overUnderTotal(context, 'Total Turnovers', 2.6, 1.3, 1);
      overUnderTotal(context, 'Total Punts', 8.2, 2.5, 1);
      break;
    case 'basketball':
      yesNo(context, 'Will There Be Overtime?', Math.min(0.1, tie));
      winningMargin(context, score, [1, 6, 11, 16, 21]);
      for (const target of [20, 30, 40]) raceTo(context, score, target, 'Points');
      highestScoringHalf(context, 0.02);
      halftimeFulltime(context, game);
      lastToScore(context, score);
      overUnderTotal(context, 'Largest Lead', 14.5, 5, 2);
      multiWay(context, 'Highest Scoring Quarter', [
        ['1st Quarter', 0.245],
        ['2nd Quarter', 0.245],
        ['3rd Quarter', 0.24],
        ['4th Quarter', 0.25],
        ['Tie', 0.02],
      ]);
      yesNo(
        context,
        'Both Teams To Score 100+ Points',
        clamp(score.teamOver('home', 99.5) * score.teamOver('away', 99.5), 0.02, 0.98),
        (direction) => legFactor({ latent: 'total', direction, period: GAME, strength: 0.8 }),
      );
      break;
    case 'baseball':
      yesNo(context, 'Extra Innings', Math.min(0.12, tie * 1.2));
      winningMargin(context, score, [1, 3, 5]);
      overUnderTotal(context, 'Total Hits', 16.5, 4, 1);
      yesNo(context, 'Run In 1st Inning', clamp(1 - Math.exp((-game.total / 9) * 1.15), 0.2, 0.7), (direction) =>
        legFactor({ latent: 'total', direction, period: 'i1' }),
      );
      for (const target of [2, 3]) raceTo(context, score, target, 'Runs');
      overUnderTotal(context, 'Total Home Runs', 2.2, 1.3, 1);
      overUnderTotal(context, 'Total Strikeouts', 16, 3.5, 1);
      overUnderTotal(context, 'Total Walks', 6, 2.2, 1);
      lastToScore(context, score);
      break;
    case 'hockey':
      yesNo(context, 'Will There Be Overtime?', clamp(tie, 0.12, 0.3));
      yesNo(context, 'Empty Net Goal', 0.42);
      yesNo(context, 'Goal In First 10 Minutes', 0.52, (direction) =>
        legFactor({ latent: 'total', direction, period: 'p1', strength: 0.5 }),
      );
      overUnderTotal(context, 'Total Power Play Goals', 1.3, 0.9, 1);
      winningMargin(context, score, [1, 2, 3]);
      for (const target of [2, 3]) raceTo(context, score, target, 'Goals');
      overUnderTotal(context, 'Total Shots On Goal', 60, 8, 2);
      multiWay(context, 'Highest Scoring Period', [
        ['1st Period', 0.28],
        ['2nd Period', 0.32],
        ['3rd Period', 0.3],
        ['Tie', 0.1],
      ]);
      break;
    case 'soccer':
      winningMargin(context, score, [1, 2, 3]);
      soccerGrids(context, game);
      overUnderTotal(context, 'Total Corners', 9.6 + 1.5 * unitHash('corners', context.fixture.id), 3, 1);
      overUnderTotal(context, 'Total Cards', 3.8 + 1.2 * unitHash('cards', context.fixture.id), 1.8, 1);
      yesNo(context, '1st Half Both Teams To Score', scoreModelFor(game, 0.5).bothScore, (direction) =>
        legFactor({ latent: 'total', direction, period: 'h1', strength: 0.6 }),
      );
      highestScoringHalf(context, 0.27);
      soccerSideProps(context, score);
      overUnderTotal(context, '1st Half Total Corners', 4.6 + 0.7 * unitHash('corners', context.fixture.id), 2, 1);
      overUnderTotal(context, 'Total Offsides', 3.6, 1.7, 1);
      yesNo(context, 'Penalty Awarded', 0.27);
      yesNo(context, 'Red Card', 0.14);
      yesNo(context, 'Own Goal', 0.07);
      break;
  }
}

/**
 * Player props. Each role has typical stat ranges per market; the first-listed player on a team is
 * its star and sits higher in the range. Counting stats use a Poisson model, yardage and points a
 * normal one; the line is the half point nearest an even bet, as books set it.
 */
import { marketNamed, type SportInfo } from './catalog-sports.ts';
import { selectionGroup, type FairSelection } from './fair-selection.ts';
import { signedUnitHash, unitHash } from './hash.ts';
import { clamp, formatLine, normalCdf, poissonOver } from './math.ts';
import type { ScheduledFixture } from './schedule.ts';
import type { PlayerRole } from './team-rows.ts';
import type { Player, Team } from './teams.ts';

type Distribution =
  /** Normal with sd = spreadRatio * mean + spreadBase. */
  | { kind: 'normal'; spreadRatio: number; spreadBase: number }
  | { kind: 'poisson' }
  /** One-sided yes market: the range is the probability itself. */
  | { kind: 'yes' };

interface PropModel {
  market: string;
  range: readonly [number, number];
  distribution: Distribution;
}

const POINTS = { kind: 'normal', spreadRatio: 0.28, spreadBase: 1.5 } as const;
const BOARDS = { kind: 'normal', spreadRatio: 0.35, spreadBase: 1 } as const;
const DIMES = { kind: 'normal', spreadRatio: 0.4, spreadBase: 0.8 } as const;
const YARDS = { kind: 'normal', spreadRatio: 0.3, spreadBase: 8 } as const;
const TACKLES = { kind: 'normal', spreadRatio: 0.3, spreadBase: 1 } as const;
const COUNT = { kind: 'poisson' } as const;
const YES = { kind: 'yes' } as const;

function basketball(points: [number, number], rebounds: [number, number], assists: [number, number]): PropModel[] {
  return [
    { market: 'Player Points', range: points, distribution: POINTS },
    { market: 'Player Rebounds', range: rebounds, distribution: BOARDS },
    { market: 'Player Assists', range: assists, distribution: DIMES },
  ];
}

const PROPS_BY_ROLE: Readonly<Record<PlayerRole, readonly PropModel[]>> = {
  guard: basketball([14, 31], [3, 6.5], [4, 9.5]),
  forward: basketball([13, 30], [5, 10], [2.5, 6]),
  center: basketball([11, 27], [8, 13], [2, 9]),
  quarterback: [
    { market: 'Player Passing Yards', range: [195, 285], distribution: YARDS },
    { market: 'Anytime Touchdown Scorer', range: [0.06, 0.3], distribution: YES },
  ],
  running_back: [
    { market: 'Player Rushing Yards', range: [45, 95], distribution: YARDS },
    { market: 'Player Receiving Yards', range: [10, 35], distribution: YARDS },
    { market: 'Anytime Touchdown Scorer', range: [0.35, 0.6], distribution: YES },
  ],
  receiver: [
    { market: 'Player Receiving Yards', range: [45, 95], distribution: YARDS },
    { market: 'Anytime Touchdown Scorer', range: [0.28, 0.55], distribution: YES },
  ],
  tight_end: [
    { market: 'Player Receiving Yards', range: [30, 70], distribution: YARDS },
    { market: 'Anytime Touchdown Scorer', range: [0.22, 0.45], distribution: YES },
  ],
  defender: [{ market: 'Player Tackles + Assists', range: [2.5, 6], distribution: TACKLES }],
  batter: [
    { market: 'Player Hits', range: [0.85, 1.3], distribution: COUNT },
    { market: 'Player Total Bases', range: [1.3, 2.1], distribution: COUNT },
  ],
  pitcher: [{ market: 'Player Strikeouts', range: [4.5, 8], distribution: COUNT }],
  skater: [
    { market: 'Player Shots On Goal', range: [2.2, 4.5], distribution: COUNT },
    { market: 'Player Points', range: [0.6, 1.3], distribution: COUNT },
    { market: 'Player Goals', range: [0.28, 0.6], distribution: COUNT },
  ],
  defenceman: [
    { market: 'Player Shots On Goal', range: [1.8, 3.2], distribution: COUNT },
    { market: 'Player Points', range: [0.5, 1], distribution: COUNT },
    { market: 'Player Goals', range: [0.12, 0.25], distribution: COUNT },
  ],
  striker: [
    { market: 'Player Shots On Target', range: [0.9, 1.7], distribution: COUNT },
    { market: 'Player Shots', range: [2.2, 3.8], distribution: COUNT },
    { market: 'Anytime Goalscorer', range: [0.25, 0.5], distribution: YES },
  ],
  midfielder: [
    { market: 'Player Shots On Target', range: [0.5, 1.1], distribution: COUNT },
    { market: 'Player Shots', range: [1.4, 2.8], distribution: COUNT },
    { market: 'Anytime Goalscorer', range: [0.12, 0.3], distribution: YES },
  ],
};

/** Where a player's average sits in his role's range: stars (listed first) near the top. */
function expectedStat(seed: number, fixture: ScheduledFixture, player: Player, isStar: boolean, model: PropModel): number {
  const [low, high] = model.range;
  const quality = isStar ? 0.6 + 0.4 * unitHash(seed, 'quality', player.id, model.market) : 0.15 + 0.55 * unitHash(seed, 'quality', player.id, model.market);
  const matchup = 1 + 0.08 * signedUnitHash(seed, 'matchup', fixture.id, player.id, model.market);
  return (low + quality * (high - low)) * matchup;
}

function overProbability(mean: number, line: number, distribution: Distribution): number {
  if (distribution.kind === 'normal') {
    return 1 - normalCdf((line - mean) / (distribution.spreadRatio * mean + distribution.spreadBase));
  }
  return poissonOver(mean, line);
}

/** The half-point line nearest an even bet. */
function propLine(mean: number, distribution: Distribution): number {
  if (distribution.kind === 'normal') return Math.floor(mean) + 0.5;
  let best = 0.5;
  for (let line = 0.5; line < mean + 4; line += 1) {
    if (Math.abs(poissonOver(mean, line) - 0.5) < Math.abs(poissonOver(mean, best) - 0.5)) best = line;
  }
  return best;
}

function playerProps(seed: number, fixture: ScheduledFixture, sport: SportInfo, teamOfPlayer: Team, player: Player, isStar: boolean): FairSelection[] {
  const models = PROPS_BY_ROLE[player.role];
  const selections: FairSelection[] = [];
  const means = new Map<string, number>();
  const group = (marketName: string, groupingKey: string) => ({
    fixtureId: fixture.id,
    market: marketNamed(sport, marketName),
    groupingKey,
    isMain: true,
    playerId: player.id,
    teamId: teamOfPlayer.id,
  });
  for (const model of models) {
    const mean = expectedStat(seed, fixture, player, isStar, model);
    means.set(model.market, mean);
    if (model.distribution.kind === 'yes') {
      const probability = clamp(mean, 0.02, 0.9);
      selections.push(...selectionGroup(group(model.market, player.slug), [{ name: player.name, selection: player.name, probability }]));
      continue;
    }
    const line = propLine(mean, model.distribution);
    const over = clamp(overProbability(mean, line, model.distribution), 0.03, 0.97);
    selections.push(...overUnder(group(model.market, `${player.slug}:${formatLine(line)}`), player, line, over));
  }
  if (sport.id === 'basketball') {
    // Points + rebounds + assists: the sum of the three averages, a little tighter relative to size.
    const mean = ['Player Points', 'Player Rebounds', 'Player Assists'].reduce((sum, market) => sum + (means.get(market) ?? 0), 0);
    const line = Math.floor(mean) + 0.5;
    const over = 1 - normalCdf((line - mean) / (0.2 * mean + 3));
    selections.push(...overUnder(group('Player Points + Rebounds + Assists', `${player.slug}:${formatLine(line)}`), player, line, over));
  }
  return selections;
}

function overUnder(details: Parameters<typeof selectionGroup>[0], player: Player, line: number, over: number): FairSelection[] {
  return selectionGroup(details, [
    { name: `${player.name} Over ${formatLine(line)}`, selection: player.name, selectionLine: 'over', points: line, probability: over },
    { name: `${player.name} Under ${formatLine(line)}`, selection: player.name, selectionLine: 'under', points: line, probability: 1 - over },
  ]);
}

/** Every player prop for a fixture (none for college games). */
export function fairPropSelections(seed: number, fixture: ScheduledFixture): FairSelection[] {
  return [fixture.home, fixture.away].flatMap((side) =>
    side.players.flatMap((player, index) => playerProps(seed, fixture, fixture.sport, side, player, index === 0)),
  );
}

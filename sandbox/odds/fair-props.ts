/**
 * Player props. Each role has typical stat ranges per market; the first-listed player on a team is
 * its star and sits higher in the range. Counting stats use a Poisson model, yardage and points a
 * normal one; the main line is the half point nearest an even bet, as books set it. The realistic
 * catalog adds the live service's wider menu: more stats, combined stats, first-quarter and
 * first-half props, scorer props, and alternate lines around each main line.
 */
import { legFactor, selectionGroup, type FairSelection } from './fair-selection.ts';
import { signedUnitHash, unitHash } from '../shared/hash.ts';
import type { PropPlan } from './market-plans.ts';
import { market, PERIOD_PREFIX, type PeriodId } from './markets.ts';
import { clamp, formatLine, normalCdf, poissonOver } from '../shared/math.ts';
import {
  PROPS_BY_ROLE_RICH,
  PROPS_BY_ROLE_SMALL,
  type Distribution,
  type PropModel,
} from '../catalog/teams/players.ts';
import type { ScheduledFixture } from '../schedule/schedule.ts';
import type { Player, Team } from '../catalog/teams/teams.ts';

/** Where a player's average sits in his role's range: stars (listed first) near the top. */
function expectedStat(
  seed: number,
  fixture: ScheduledFixture,
  player: Player,
  isStar: boolean,
  model: PropModel,
): number {
  const [low, high] = model.range;
  const key = model.baseMarket ?? model.market;
  const quality = isStar
    ? 0.6 + 0.4 * unitHash(seed, 'quality', player.id, key)
    : 0.15 + 0.55 * unitHash(seed, 'quality', player.id, key);
  const matchup = 1 + 0.08 * signedUnitHash(seed, 'matchup', fixture.id, player.id, key);
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

/** Alternate lines either side of the main one (rich boards only). */
function alternateLines(main: number, mean: number, distribution: Distribution, count: number): number[] {
  const step =
    distribution.kind === 'normal'
      ? Math.max(1, Math.round((distribution.spreadRatio * mean + distribution.spreadBase) * 0.6))
      : 1;
  const lines: number[] = [];
  for (let index = 0; lines.length < count && index < count * 2; index++) {
    const line = main + (index % 2 === 0 ? -1 : 1) * (Math.floor(index / 2) + 1) * step;
    if (line > 0) lines.push(line);
  }
  return lines;
}

interface PlayerContext {
  seed: number;
  fixture: ScheduledFixture;
  team: Team;
  side: 'home' | 'away';
  player: Player;
  isStar: boolean;
  rich: boolean;
}

function overUnder(
  context: PlayerContext,
  model: PropModel,
  period: PeriodId,
  line: number,
  isMain: boolean,
  over: number,
): FairSelection[] {
  const { player, fixture, team, side } = context;
  const marketInfo = market(model.market, 'player_over_under', period);
  const factor = (direction: 1 | -1) =>
    legFactor({ latent: 'player_stat', side, direction, period, playerId: player.id, statFamily: model.family });
  return selectionGroup(
    {
      fixtureId: fixture.id,
      market: marketInfo,
      groupingKey: `${player.slug}:${formatLine(line)}`,
      isMain,
      playerId: player.id,
      teamId: team.id,
    },
    [
      {
        name: `${player.name} Over ${formatLine(line)}`,
        selection: player.name,
        normalizedSelection: 'over',
        selectionLine: 'over',
        points: line,
        probability: over,
        factor: factor(1),
      },
      {
        name: `${player.name} Under ${formatLine(line)}`,
        selection: player.name,
        normalizedSelection: 'under',
        selectionLine: 'under',
        points: line,
        probability: 1 - over,
        factor: factor(-1),
      },
    ],
  );
}

function periodOf(model: PropModel): PeriodId {
  return (
    (Object.keys(PERIOD_PREFIX) as PeriodId[]).find(
      (period) => period !== 'game' && model.market.startsWith(PERIOD_PREFIX[period]),
    ) ?? 'game'
  );
}

/** A player's expected figure for one prop market, and how it is spread around it. */
export interface PlayerStatModel {
  model: PropModel;
  period: PeriodId;
  mean: number;
  distribution: Distribution;
}

/** Each prop model's mean for the player (combined stats sum their parts), in the table's order. */
function playerStatModels(context: PlayerContext, models: readonly PropModel[]): PlayerStatModel[] {
  const { seed, fixture, player, isStar } = context;
  const means = new Map<string, number>();
  return models.map((model) => {
    const sum = model.sumOf?.reduce((total, part) => total + (means.get(part) ?? 0), 0);
    const mean = sum ?? expectedStat(seed, fixture, player, isStar, model) * (model.share ?? 1);
    means.set(model.market, mean);
    // Combined stats (points + rebounds + assists) are a little tighter relative to their size.
    const distribution: Distribution = model.sumOf
      ? { kind: 'normal', spreadRatio: 0.2, spreadBase: 3 }
      : model.distribution;
    return { model, period: periodOf(model), mean, distribution };
  });
}

function playerProps(context: PlayerContext, models: readonly PropModel[]): FairSelection[] {
  const { fixture, player, team, side } = context;
  const selections: FairSelection[] = [];
  for (const { model, period, mean, distribution } of playerStatModels(context, models)) {
    if (distribution.kind === 'yes') {
      const probability = clamp(mean, 0.02, 0.9);
      const factor = legFactor({ latent: 'player_score', side, period, playerId: player.id, statFamily: model.family });
      selections.push(
        ...selectionGroup(
          {
            fixtureId: fixture.id,
            market: market(model.market, 'player_yes', period),
            groupingKey: player.slug,
            isMain: true,
            playerId: player.id,
            teamId: team.id,
          },
          [{ name: player.name, selection: player.name, normalizedSelection: 'yes', probability, factor }],
        ),
      );
      continue;
    }
    const line = propLine(mean, distribution);
    const over = (at: number) => clamp(overProbability(mean, at, distribution), 0.03, 0.97);
    selections.push(...overUnder(context, model, period, line, true, over(line)));
    for (const alternate of alternateLines(line, mean, distribution, context.rich ? (model.alternates ?? 2) : 0)) {
      selections.push(...overUnder(context, model, period, alternate, false, over(alternate)));
    }
  }
  return selections;
}

function playerContexts(seed: number, fixture: ScheduledFixture, plan: PropPlan): PlayerContext[] {
  if (plan === 'none') return [];
  return (['home', 'away'] as const).flatMap((side) => {
    const team = fixture[side];
    return team.players.map((player, index) => ({
      seed,
      fixture,
      team,
      side,
      player,
      isStar: index === 0,
      rich: plan === 'rich',
    }));
  });
}

function propTable(plan: PropPlan) {
  return plan === 'rich' ? PROPS_BY_ROLE_RICH : PROPS_BY_ROLE_SMALL;
}

/** Every player's stat models for a fixture's props: what the results draw each player's figures from. */
export function fixtureStatModels(
  seed: number,
  fixture: ScheduledFixture,
  plan: PropPlan,
): { player: Player; team: Team; stats: PlayerStatModel[] }[] {
  return playerContexts(seed, fixture, plan).map((context) => ({
    player: context.player,
    team: context.team,
    stats: playerStatModels(context, propTable(plan)[context.player.role]),
  }));
}

/** Every player prop for a fixture (none for college games: their teams list no players). */
export function fairPropSelections(seed: number, fixture: ScheduledFixture, plan: PropPlan): FairSelection[] {
  return playerContexts(seed, fixture, plan).flatMap((context) =>
    playerProps(context, propTable(plan)[context.player.role]),
  );
}

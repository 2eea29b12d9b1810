/**
 * Each player's figures in a game, for every prop the sandbox offers on him, drawn from the same
 * stat model that prices his props (fair-props.ts): a normal figure around his mean for yardage and
 * points, a Poisson count for hits and shots, a yes/no for scorer props (1 when he scored).
 * Combined stats are the sum of their parts; a part-game figure never exceeds the whole game's.
 * A player ruled out for the game has no figures (he did not play: props on him are void).
 */
import type { Player, Team } from '../catalog/teams/teams.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { fixtureStatModels, type PlayerStatModel } from '../odds/fair-props.ts';
import { boardPlanFor } from '../odds/market-plans.ts';
import { toIdentifier } from '../../src/domain/identifiers.ts';
import { normalishHash, unitHash } from '../shared/hash.ts';
import { clamp, poissonPmf } from '../shared/math.ts';
import type { ScheduledFixture } from '../schedule/schedule.ts';

export interface PlayerLine {
  player: Player;
  team: Team;
  /** Figures by prop market id (`player_points`, `anytime_touchdown_scorer`...). */
  stats: ReadonlyMap<string, number>;
}

function poissonDraw(mean: number, uniform: number): number {
  let cumulative = 0;
  for (let count = 0; count < 60; count++) {
    cumulative += poissonPmf(mean, count);
    if (uniform < cumulative) return count;
  }
  return 60;
}

function drawFigure(seed: number, fixture: ScheduledFixture, player: Player, stat: PlayerStatModel): number {
  const parts = [seed, 'stat', fixture.id, player.id, stat.model.market] as const;
  const { distribution, mean } = stat;
  if (distribution.kind === 'yes') return unitHash(...parts) < clamp(mean, 0.02, 0.9) ? 1 : 0;
  if (distribution.kind === 'poisson') return poissonDraw(mean, unitHash(...parts));
  const spread = distribution.spreadRatio * mean + distribution.spreadBase;
  return Math.max(0, Math.round(mean + normalishHash(...parts) * spread));
}

/** Every player's final figures; `playing` says who took part (an Out player did not). */
export function playerLines(
  seed: number,
  catalog: Catalog,
  fixture: ScheduledFixture,
  playing: (player: Player) => boolean,
): PlayerLine[] {
  const plan = boardPlanFor(catalog, fixture).props;
  return fixtureStatModels(seed, fixture, plan)
    .filter(({ player }) => playing(player))
    .map(({ player, team, stats }) => {
      const byName = new Map<string, number>();
      for (const stat of stats) {
        const { model } = stat;
        const parts = model.sumOf?.map((name) => byName.get(name) ?? 0);
        let figure = parts ? parts.reduce((sum, value) => sum + value, 0) : drawFigure(seed, fixture, player, stat);
        const whole = model.baseMarket === undefined ? undefined : byName.get(model.baseMarket);
        if (whole !== undefined) figure = Math.min(figure, whole);
        byName.set(model.market, figure);
      }
      const byId = new Map<string, number>();
      for (const stat of stats) byId.set(toIdentifier(stat.model.market), byName.get(stat.model.market) ?? 0);
      return { player, team, stats: byId };
    });
}

/** Figures so far: each the played share of the final one. */
export function linesSoFar(lines: readonly PlayerLine[], share: number): PlayerLine[] {
  if (share >= 1) return [...lines];
  return lines.map((line) => ({
    ...line,
    stats: new Map([...line.stats].map(([id, figure]) => [id, Math.floor(figure * share)])),
  }));
}

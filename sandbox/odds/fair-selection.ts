/** The book-independent description of one selection and its fair (no-margin) probability. */
import type { MarketInfo, PeriodId } from './markets.ts';

/**
 * What a selection is a bet on, for the fair correlation model (correlation.ts): which latent
 * quantity (the home margin, the total, one team's score, one player's stat or scoring), which way
 * (`direction` +1 = over / yes / backing the side), for which side and which part of the game.
 * `strength` (0-1) weakens the link for bets only loosely tied to it (first team to score).
 */
export interface LegFactor {
  latent: 'margin' | 'total' | 'team_score' | 'player_stat' | 'player_score' | 'draw' | 'none';
  side: 'home' | 'away' | null;
  direction: 1 | -1;
  period: PeriodId;
  playerId: string | null;
  /** e.g. `passing`, `receiving`: a quarterback's passing and his receivers' receiving move together. */
  statFamily: string | null;
  strength: number;
}

export interface FairSelection {
  fixtureId: string;
  market: MarketInfo;
  /** Display selection, exactly what /parlay/odds entries take, e.g. `Houston Astros -1.5`. */
  name: string;
  selection: string;
  /** The vendor's standardised selection: home, away, draw, over, under, yes, no, odd, even. */
  normalizedSelection: string;
  selectionLine: 'over' | 'under' | null;
  points: number | null;
  isMain: boolean;
  groupingKey: string;
  playerId: string | null;
  teamId: string | null;
  isPlayerProp: boolean;
  /** The sides of one bet (both sides of a line, all three 1X2 outcomes) share a group id. */
  groupId: string;
  /** Position within the group; fair probabilities of a group sum to 1 (a one-sided group has one). */
  sideIndex: number;
  groupSize: number;
  fairProbability: number;
  factor: LegFactor;
}

export interface GroupSide {
  name: string;
  selection: string;
  normalizedSelection: string;
  selectionLine?: 'over' | 'under' | null;
  points?: number | null;
  teamId?: string | null;
  probability: number;
  factor: LegFactor;
}

export interface GroupDetails {
  fixtureId: string;
  market: MarketInfo;
  groupingKey: string;
  isMain: boolean;
  playerId?: string | null;
  teamId?: string | null;
}

/** A factor with the defaults filled in. */
export function legFactor(details: Partial<LegFactor> & Pick<LegFactor, 'latent' | 'period'>): LegFactor {
  return { side: null, direction: 1, playerId: null, statFamily: null, strength: 1, ...details };
}

/** Builds the selections of one group; two-way and three-way groups are normalised to sum to 1. */
export function selectionGroup(details: GroupDetails, sides: readonly GroupSide[]): FairSelection[] {
  const oneSided = sides.length === 1;
  const total = sides.reduce((sum, side) => sum + side.probability, 0);
  return sides.map((side, sideIndex) => ({
    fixtureId: details.fixtureId,
    market: details.market,
    name: side.name,
    selection: side.selection,
    normalizedSelection: side.normalizedSelection,
    selectionLine: side.selectionLine ?? null,
    points: side.points ?? null,
    isMain: details.isMain,
    groupingKey: details.groupingKey,
    playerId: details.playerId ?? null,
    teamId: side.teamId ?? details.teamId ?? null,
    isPlayerProp: details.playerId !== undefined && details.playerId !== null,
    groupId: `${details.market.id}|${details.groupingKey}`,
    sideIndex,
    groupSize: sides.length,
    fairProbability: oneSided ? side.probability : side.probability / total,
    factor: side.factor,
  }));
}

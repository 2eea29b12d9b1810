/** The book-independent description of one selection and its fair (no-margin) probability. */
import type { MarketInfo } from './catalog-sports.ts';

export interface FairSelection {
  fixtureId: string;
  market: MarketInfo;
  /** Display selection, exactly what /parlay/odds entries take, e.g. `Houston Astros -1.5`. */
  name: string;
  selection: string;
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
}

interface GroupSide {
  name: string;
  selection: string;
  selectionLine?: 'over' | 'under' | null;
  points?: number | null;
  teamId?: string | null;
  probability: number;
}

interface GroupDetails {
  fixtureId: string;
  market: MarketInfo;
  groupingKey: string;
  isMain: boolean;
  playerId?: string | null;
  teamId?: string | null;
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
  }));
}

/** The shared pieces of building a fixture's board: where selections are collected, and how a group is added. */
import { selectionGroup, type FairSelection, type GroupSide } from './fair-selection.ts';
import type { MarketInfo } from './markets.ts';
import type { ScheduledFixture } from '../schedule/schedule.ts';

export interface BoardContext {
  fixture: ScheduledFixture;
  selections: FairSelection[];
}

/** Adds one group (both sides of a line, all outcomes of a multi-way market) to the board. */
export function addGroup(
  context: BoardContext,
  details: { market: MarketInfo; groupingKey: string; isMain?: boolean },
  sides: readonly GroupSide[],
): void {
  context.selections.push(...selectionGroup({ fixtureId: context.fixture.id, isMain: true, ...details }, sides));
}

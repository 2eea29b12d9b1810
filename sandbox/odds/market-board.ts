/** Every fair selection of a fixture, grouped and indexed for lookups; cached per fixture. */
import { toIdentifier } from '../../src/domain/identifiers.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { fairGameLineSelections } from './fair-game-lines.ts';
import { fairPropSelections } from './fair-props.ts';
import type { FairSelection } from './fair-selection.ts';
import { boardPlanFor } from './market-plans.ts';
import type { ScheduledFixture } from '../schedule/schedule.ts';

export interface MarketBoard {
  fixture: ScheduledFixture;
  selections: readonly FairSelection[];
  groups: ReadonlyMap<string, readonly FairSelection[]>;
  /** Finds a selection the way the pricer matches entries: by normalised market and name. */
  find(market: string, name: string): FairSelection | null;
}

/** Entries match on the identifier form, like the vendor's own normalisation. */
function selectionKey(market: string, name: string): string {
  return `${toIdentifier(market.trim())}|${toIdentifier(name.trim())}`;
}

function buildBoard(seed: number, catalog: Catalog, fixture: ScheduledFixture): MarketBoard {
  const plan = boardPlanFor(catalog, fixture);
  const selections = [...fairGameLineSelections(seed, fixture, plan), ...fairPropSelections(seed, fixture, plan.props)];
  const groups = new Map<string, FairSelection[]>();
  const byKey = new Map<string, FairSelection>();
  for (const selection of selections) {
    const group = groups.get(selection.groupId) ?? [];
    group.push(selection);
    groups.set(selection.groupId, group);
    byKey.set(selectionKey(selection.market.name, selection.name), selection);
    // The vendor also accepts the market id (`point_spread`) where the display name is expected.
    byKey.set(selectionKey(selection.market.id, selection.name), selection);
  }
  return {
    fixture,
    selections,
    groups,
    find: (market, name) => byKey.get(selectionKey(market, name)) ?? null,
  };
}

// A realistic board is a few thousand selections: a few hundred boards stay well under 100 MB.
const BOARD_CACHE_LIMIT = 300;

export function createBoardCache(seed: number, catalog: Catalog): (fixture: ScheduledFixture) => MarketBoard {
  const boards = new Map<string, MarketBoard>();
  return (fixture) => {
    const cached = boards.get(fixture.id);
    if (cached) return cached;
    const board = buildBoard(seed, catalog, fixture);
    if (boards.size >= BOARD_CACHE_LIMIT) {
      // Drop the oldest (insertion order) rather than everything: a busy page keeps its games warm.
      const oldest = boards.keys().next();
      if (!oldest.done) boards.delete(oldest.value);
    }
    boards.set(fixture.id, board);
    return board;
  };
}

/**
 * Which markets a fixture's board carries. The small catalog keeps the first sandbox's set (main
 * lines, two alternates, a few props). The realistic catalog matches the live service's volume for
 * the core leagues (about 100 markets a game: halves, quarters/periods/innings, alternates, team
 * totals, odd/even, game props, player props with alternate lines); its generated leagues get game
 * lines for the game and its first part; other sports, the game's lines only.
 */
import type { Catalog } from '../catalog/catalog.ts';
import type { PeriodId } from './markets.ts';
import type { ScheduledFixture } from '../schedule/schedule.ts';

export interface PeriodLines {
  period: PeriodId;
  /** Alternate lines beside the main one; null = no such market in this period. */
  spreadAlternates: number | null;
  totalAlternates: number | null;
  /** Team total lines per team: 0 none, 1 the main line, 3 main and one either side. */
  teamTotalLines: number;
  oddEven: boolean;
  /** Also a three-way winner (a tie loses) in points games, as books list for quarters and halves. */
  threeWay: boolean;
}

export type PropPlan = 'none' | 'small' | 'rich';

export interface BoardPlan {
  periods: readonly PeriodLines[];
  /** First team to score, overtime, both teams to score. */
  gameProps: boolean;
  props: PropPlan;
}

function lines(
  period: PeriodId,
  spreadAlternates: number | null,
  totalAlternates: number | null,
  teamTotalLines = 0,
  oddEven = false,
  threeWay = false,
): PeriodLines {
  return { period, spreadAlternates, totalAlternates, teamTotalLines, oddEven, threeWay };
}

const RICH_PERIODS: Readonly<Record<string, readonly PeriodLines[]>> = {
  basketball: [
    lines('game', 8, 8, 3, true),
    lines('h1', 4, 4, 3, true, true),
    lines('h2', 2, 2, 1, true, true),
    lines('q1', 2, 2, 1, true, true),
    lines('q2', 2, 2, 1, true, true),
    lines('q3', 2, 2, 1, true, true),
    lines('q4', 2, 2, 1, true, true),
  ],
  football: [
    lines('game', 8, 8, 3, true, true),
    lines('h1', 4, 4, 3, true, true),
    lines('h2', 2, 2, 1, true, true),
    lines('q1', 2, 2, 1, true, true),
    lines('q2', 2, 2, 1, true, true),
    lines('q3', 2, 2, 1, true, true),
    lines('q4', 2, 2, 1, true, true),
  ],
  baseball: [
    lines('game', 4, 6, 3, true),
    lines('f5', 2, 4, 1, true, true),
    lines('f3', 0, 2, 0, false, true),
    lines('f7', 0, 2),
    lines('i1', null, 0),
  ],
  hockey: [lines('game', 4, 6, 3, true), lines('p1', null, 2, 0, true), lines('p2', null, 2), lines('p3', null, 2)],
  soccer: [lines('game', 6, 6, 3, true), lines('h1', 2, 4, 1, true), lines('h2', 2, 2, 1)],
};

const FIRST_PART: Readonly<Record<string, PeriodId>> = {
  basketball: 'h1',
  football: 'h1',
  baseball: 'f5',
  hockey: 'p1',
  soccer: 'h1',
};

const SMALL_PLAN: BoardPlan = { periods: [lines('game', 2, 2)], gameProps: false, props: 'small' };

export function boardPlanFor(catalog: Catalog, fixture: ScheduledFixture): BoardPlan {
  if (!catalog.richMarkets) return SMALL_PLAN;
  const sportId = fixture.sport.id;
  const rich = RICH_PERIODS[sportId];
  if (fixture.league.roster === 'core' && rich) return { periods: rich, gameProps: true, props: 'rich' };
  const firstPart = FIRST_PART[sportId];
  if (firstPart)
    return { periods: [lines('game', 4, 4, 1, true), lines(firstPart, 2, 2)], gameProps: false, props: 'none' };
  return { periods: [lines('game', 2, 4)], gameProps: false, props: 'none' };
}

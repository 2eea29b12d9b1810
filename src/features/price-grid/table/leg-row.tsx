/** One slip leg's row: the leg as row header, then each book's price for it, the best one marked. */
import { memo } from 'react';
import { gameLabel } from '../../../domain/display.ts';
import { isCancelled, liveLegNote } from '../../../domain/game-status.ts';
import type { SlipLeg } from '../../../domain/slip.ts';
import { formatOdds } from '../../../domain/odds/odds.ts';
import { useOddsFormat } from '../../../state/use-format-odds.ts';
import { useLegInjury } from '../../../state/injuries.ts';
import { InjuryNote } from '../../../ui/injury-note.tsx';
import { isBestPrice, type BookColumn, type BookSort, type LegCell } from '../model/grid-model.ts';
import type { FairLegResult } from '../../../domain/fair-value/fair-value.ts';
import { FairPriceCell } from './fair-cells.tsx';
import { LegPriceCell } from './price-cells.tsx';
import { SortButton } from './sort-button.tsx';

/** Sticky so the leg stays in view when a narrow screen scrolls the table sideways. */
export const ROW_HEADER_CLASS =
  'sticky left-0 z-10 border-b border-r border-line bg-surface px-2 py-1.5 text-left align-top text-sm font-medium [overflow-wrap:anywhere]';

interface LegRowProps {
  leg: SlipLeg;
  legIndex: number;
  columns: readonly BookColumn[];
  /** The best price any book gives this leg (null with fewer than two prices). */
  bestDecimal: number | null;
  /** The price the leg showed when it was added, and its price now there (legPriceNow). */
  addedDecimal: number | null;
  nowDecimal: number | null;
  /** The leg's fair price (null while its game's odds load); undefined when fair value is hidden. */
  fair: FairLegResult | null | undefined;
  fairOpen: boolean;
  onFairToggle: (from: HTMLElement) => void;
  /** The game's status as its odds say (null before they arrive): a live leg says its price moves fast. */
  status: string | null;
  /** Whether the books are ordered by this leg's prices; its heading's click sorts by them. */
  sorted: boolean;
  onSort: (sort: BookSort) => void;
}

function sameCell(a: LegCell | undefined, b: LegCell | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a.kind !== b.kind) return false;
  if (a.kind !== 'price' || b.kind !== 'price') return true;
  return a.decimal === b.decimal && a.source === b.source && a.changedAt === b.changedAt && a.link === b.link;
}

/**
 * Equal when the row's own cells are: `columns` is a new array whenever any book answers or a leg is
 * added, and only this row's cell in each column matters here, so an unchanged row is not rendered
 * again (a new leg renders its own row, not all twelve).
 */
function sameRow(previous: LegRowProps, next: LegRowProps): boolean {
  for (const key of Object.keys(next) as (keyof LegRowProps)[])
    if (key !== 'columns' && !Object.is(previous[key], next[key])) return false;
  if (previous.columns === next.columns) return true;
  if (previous.columns.length !== next.columns.length) return false;
  return next.columns.every((column, index) => {
    const before = previous.columns[index];
    return before?.book === column.book && sameCell(before.legCells[next.legIndex], column.legCells[next.legIndex]);
  });
}

export const LegRow = memo(function LegRow({
  leg,
  legIndex,
  columns,
  bestDecimal,
  addedDecimal,
  nowDecimal,
  fair,
  fairOpen,
  onFairToggle,
  status,
  sorted,
  onSort,
}: LegRowProps) {
  const format = useOddsFormat();
  const added = addedDecimal === null ? null : formatOdds(addedDecimal, format);
  const now = nowDecimal === null ? null : formatOdds(nowDecimal, format);
  const liveNote = status === null ? null : liveLegNote(status);
  const injury = useLegInjury(leg);
  return (
    <tr>
      <th scope="row" aria-sort={sorted ? 'descending' : undefined} className={ROW_HEADER_CLASS}>
        <SortButton sorted={sorted} onClick={() => onSort({ by: 'leg', legIndex })}>
          <span className="line-clamp-2">{leg.name}</span>
          <span className="block text-xs font-normal text-muted">
            {leg.market}
            {leg.game ? <span className="sr-only @min-[60rem]:not-sr-only"> · {gameLabel(leg.game)}</span> : null}
          </span>
        </SortButton>
        {liveNote !== null ? (
          <span className="mt-0.5 inline-block rounded-sm bg-bad-soft px-1 text-xs font-semibold text-bad">
            {liveNote}
          </span>
        ) : null}
        {injury ? (
          <span className="block">
            <InjuryNote injury={injury} />
          </span>
        ) : null}
        {isCancelled(status ?? undefined) ? (
          <span className="mt-0.5 block text-xs font-semibold text-bad">Game cancelled</span>
        ) : null}
        {added !== null && now !== null && added !== now ? (
          <span className="block text-xs font-normal text-warn">
            moved since you added it: {added} → {now}
          </span>
        ) : null}
      </th>
      {fair !== undefined ? (
        <FairPriceCell
          decimal={fair?.status === 'fair' ? fair.decimal : null}
          waiting={fair === null}
          subject={leg.name}
          open={fairOpen}
          onToggle={onFairToggle}
        />
      ) : null}
      {columns.map((column) => {
        const cell = column.legCells[legIndex] ?? { kind: 'none' };
        const price = cell.kind === 'price' ? cell : null;
        return (
          <LegPriceCell
            key={column.book}
            book={column.book}
            legName={leg.name}
            kind={cell.kind}
            decimal={price?.decimal ?? null}
            source={price?.source ?? null}
            changedAt={price?.changedAt ?? null}
            link={price?.link ?? null}
            isBest={isBestPrice(price?.decimal ?? null, bestDecimal)}
          />
        );
      })}
    </tr>
  );
}, sameRow);

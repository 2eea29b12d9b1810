/** One slip leg's row: the leg as row header, then each book's price for it. */
import { memo } from 'react';
import { gameLabel } from '../../../domain/display.ts';
import type { SlipLeg } from '../../../domain/slip.ts';
import type { BookColumn } from '../model/grid-model.ts';
import { LegPriceCell } from './price-cells.tsx';

/** Sticky so the leg stays in view while the books scroll sideways on a phone. */
export const ROW_HEADER_CLASS =
  'sticky left-0 z-10 min-w-24 max-w-32 border-b border-r border-line bg-surface px-2 py-1.5 text-left align-top text-sm font-medium sm:min-w-48 sm:max-w-64 sm:px-3';

interface LegRowProps {
  leg: SlipLeg;
  legIndex: number;
  columns: readonly BookColumn[];
}

export const LegRow = memo(function LegRow({ leg, legIndex, columns }: LegRowProps) {
  return (
    <tr>
      <th scope="row" className={ROW_HEADER_CLASS}>
        {leg.name}
        <span className="block text-xs font-normal text-muted">
          {leg.market}
          {/* The game is on the slip just above; on a phone the books need the width more. */}
          {leg.game ? <span className="hidden sm:inline"> · {gameLabel(leg.game)}</span> : null}
        </span>
      </th>
      {columns.map((column) => {
        const cell = column.legCells[legIndex] ?? { kind: 'none' };
        return (
          <LegPriceCell
            key={column.book}
            book={column.book}
            kind={cell.kind}
            decimal={cell.kind === 'price' ? cell.decimal : null}
            source={cell.kind === 'price' ? cell.source : null}
          />
        );
      })}
    </tr>
  );
});

/**
 * The price grid as a real table: a column per book, a row per leg, footer rows for the parlay.
 * It scrolls sideways inside its own focusable region so the page never does.
 */
import { memo } from 'react';
import { legKey, type SlipLeg } from '../../../domain/slip.ts';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';
import { BookHeader } from './book-header.tsx';
import { GridFooter } from './grid-footer.tsx';
import type { BookColumn } from '../model/grid-model.ts';
import { LegRow, ROW_HEADER_CLASS } from './leg-row.tsx';

interface GridTableProps {
  legs: readonly SlipLeg[];
  columns: readonly BookColumn[];
  bestBooks: ReadonlySet<Sportsbook>;
  mode: 'parlay' | 'straight';
}

export const GridTable = memo(function GridTable({ legs, columns, bestBooks, mode }: GridTableProps) {
  return (
    <div role="region" aria-label="Prices by sportsbook (scrolls sideways)" tabIndex={0} className="relative max-w-full overflow-x-auto rounded-md border border-line">
      <table className="min-w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">
          {mode === 'parlay'
            ? 'Parlay prices: one column per sportsbook, one row per leg, then the parlay price, payout and notes.'
            : 'Single-bet prices: one column per sportsbook.'}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={`${ROW_HEADER_CLASS} z-20`}>
              Leg
            </th>
            {columns.map((column) => (
              <BookHeader
                key={column.book}
                book={column.book}
                combinedDecimal={column.combinedDecimal}
                deepLinks={column.state?.quote?.status === 'priced' ? column.state.quote.deepLinks : null}
                legs={legs}
                isBest={bestBooks.has(column.book)}
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {legs.map((leg, legIndex) => (
            <LegRow key={legKey(leg)} leg={leg} legIndex={legIndex} columns={columns} />
          ))}
        </tbody>
        <GridFooter columns={columns} bestBooks={bestBooks} legs={legs} mode={mode} />
      </table>
    </div>
  );
});

/**
 * The price grid as a real table: a column per book, a row per leg, footer rows for the parlay.
 * Ten narrow columns fit beside the legs from about 44rem of width; narrower, the table keeps a
 * minimum width and scrolls sideways inside its own focusable region (phones show a list instead).
 */
import { memo } from 'react';
import { legKey } from '../../../domain/slip.ts';
import { BookHeader } from './book-header.tsx';
import { GridFooter, type FooterProps } from './grid-footer.tsx';
import { deepLinksOf, legPriceNow } from '../model/grid-model.ts';
import { LegRow, ROW_HEADER_CLASS } from './leg-row.tsx';
import { FairHeader } from './fair-cells.tsx';

/** The footer's props (passed on whole) and the legs' best prices. */
interface GridTableProps extends FooterProps {
  /** Each leg's best price, by leg index. */
  bestLegPrices: readonly (number | null)[];
}

export const GridTable = memo(function GridTable(props: GridTableProps) {
  const { legs, columns, bestBooks, bestLegPrices, mode, fair, fairOpen, onFairToggle } = props;
  return (
    <div
      role="region"
      aria-label="Price table"
      tabIndex={0}
      className="relative max-w-full overflow-x-auto rounded-md border border-line"
    >
      <table className="w-full min-w-[44rem] table-fixed border-separate border-spacing-0 text-sm tabular-nums">
        <caption className="sr-only">
          {mode === 'parlay'
            ? `Parlay prices: ${fair !== null ? 'the fair price, then ' : ''}one column per sportsbook, one row per leg, then the parlay price, payout${fair !== null ? ', edge against fair' : ''} and same-game adjustment. A book without a price shows why; its explanation opens below the table.`
            : `Single-bet prices: ${fair !== null ? 'the fair price, then ' : ''}one column per sportsbook.`}
        </caption>
        <thead>
          <tr>
            {/* Its width sets the legs column (fixed layout); the books share the rest equally. */}
            <th scope="col" className={`${ROW_HEADER_CLASS} z-20 w-32 align-bottom @min-[56rem]:w-48`}>
              Leg
            </th>
            {fair !== null ? <FairHeader open={fairOpen} onToggle={onFairToggle} /> : null}
            {columns.map((column) => (
              <BookHeader
                key={column.book}
                book={column.book}
                combinedDecimal={column.combinedDecimal}
                deepLinks={deepLinksOf(column)}
                legs={legs}
                isBest={bestBooks.has(column.book)}
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {legs.map((leg, legIndex) => (
            <LegRow
              key={legKey(leg)}
              leg={leg}
              legIndex={legIndex}
              columns={columns}
              bestDecimal={bestLegPrices[legIndex] ?? null}
              addedDecimal={leg.addedPrice?.decimal ?? null}
              nowDecimal={leg.addedPrice ? legPriceNow(columns, legIndex, leg.addedPrice.book) : null}
              fair={fair === null ? undefined : (fair.legs[legIndex] ?? null)}
              fairOpen={fairOpen}
              onFairToggle={onFairToggle}
            />
          ))}
        </tbody>
        <GridFooter {...props} />
      </table>
    </div>
  );
});

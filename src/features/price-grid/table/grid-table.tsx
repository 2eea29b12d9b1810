/**
 * The price grid as a real table: a column per book, a row per leg, footer rows for the parlay.
 * One tab stop with arrow keys inside (the WAI-ARIA grid pattern, use-grid-keys.ts). Ten columns
 * fit beside the legs from about 44rem of width; narrower, the table scrolls sideways inside its
 * own box. Taller than the screen (many legs), it scrolls there too, the book names held in view
 * (sticky) while the legs, the parlay, payout and edge rows pass under them.
 */
import { memo, useRef, type CSSProperties } from 'react';
import { legKey } from '../../../domain/slip.ts';
import { BookHeader } from './book-header.tsx';
import { GridFooter, type FooterProps } from './grid-footer.tsx';
import { deepLinksOf, legDecimalsOf, legPriceNow } from '../model/grid-model.ts';
import { LegRow, ROW_HEADER_CLASS } from './leg-row.tsx';
import { FairHeader } from './fair-cells.tsx';
import { SortHint } from './sort-button.tsx';
import { useGridKeys } from './use-grid-keys.ts';

/** The footer's props (passed on whole) and the legs' best prices. */
interface GridTableProps extends FooterProps {
  /** Each leg's best price, by leg index. */
  bestLegPrices: readonly (number | null)[];
  /** Each slip game's status, by fixture id. */
  statusByFixture: Readonly<Record<string, string>>;
}

/**
 * Room for a five-digit American price or `BetMGM` in every book's column (rem); ten books, the fair
 * column and the legs still fit a 1280 px laptop's grid (53.75rem) without scrolling sideways.
 */
const BOOK_COLUMN_MIN_REM = 4.1;
const LEG_COLUMN_REM = 8;
const FAIR_COLUMN_REM = 4;
/** Read by `.grid-table-min-width` (index.css). */
const GRID_MIN_REM_PROPERTY = '--grid-min-rem';

export const GridTable = memo(function GridTable(props: GridTableProps) {
  const { legs, columns, bestBooks, bestLegPrices, mode, fair, fairOpen, onFairToggle, statusByFixture, sort, onSort } =
    props;
  const tableRef = useRef<HTMLTableElement>(null);
  useGridKeys(tableRef);
  const minWidthRem = Math.max(
    44,
    LEG_COLUMN_REM + (fair !== null ? FAIR_COLUMN_REM : 0) + columns.length * BOOK_COLUMN_MIN_REM,
  );
  const minWidthStyle: CSSProperties & Record<typeof GRID_MIN_REM_PROPERTY, string> = {
    [GRID_MIN_REM_PROPERTY]: String(minWidthRem),
  };
  return (
    <div
      role="region"
      aria-label="Price table"
      className="relative max-h-[70vh] max-w-full scroll-pt-16 scroll-pl-32 overflow-auto rounded-md border border-line"
    >
      <SortHint />
      <table
        ref={tableRef}
        role="grid"
        aria-readonly="true"
        aria-describedby="grid-keys-hint"
        // As a custom property the stylesheet makes a length: an inline rem would follow the host
        // page's root font size in the widget (62.5% on many sites), where the stylesheet's are px.
        style={minWidthStyle}
        className="grid-table-min-width w-full table-fixed border-separate border-spacing-0 text-sm tabular-nums"
      >
        <caption className="sr-only">
          {mode === 'parlay'
            ? `Parlay prices: ${fair !== null ? 'the fair price, then ' : ''}one column per sportsbook, one row per leg, then the parlay price, payout${fair !== null ? ', edge against fair' : ''} and same-game adjustment. A book without a price shows why; its explanation opens next to it.`
            : `Single-bet prices: ${fair !== null ? 'the fair price, then ' : ''}one column per sportsbook.`}
          <span id="grid-keys-hint"> Arrow keys move between cells; a row’s heading sorts the books by it.</span>
        </caption>
        <thead className="sticky top-0 z-20 bg-surface">
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
                legDecimals={legDecimalsOf(column)}
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
              status={statusByFixture[leg.fixtureId] ?? null}
              sorted={sort.by === 'leg' && sort.legIndex === legIndex}
              onSort={onSort}
            />
          ))}
        </tbody>
        <GridFooter {...props} />
      </table>
    </div>
  );
});

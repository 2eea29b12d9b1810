/** The grid with its toolbar (sort, freshness, CSV), for a parlay or a one-leg slip alike. */
import { useId, useMemo, useState } from 'react';
import type { SlipLeg } from '../../domain/slip.ts';
import { DownloadCsvButton } from './toolbar/download-csv-button.tsx';
import { FreshnessLine } from './toolbar/freshness.tsx';
import { GridTable } from './table/grid-table.tsx';
import { findBestBooks, sortColumns, type BookColumn, type BookSortOrder } from './model/grid-model.ts';

interface GridViewProps {
  legs: readonly SlipLeg[];
  columns: readonly BookColumn[];
  mode: 'parlay' | 'straight';
  /** When the newest price arrived (ms), 0 before any. */
  updatedAt: number;
}

function isSortOrder(value: string): value is BookSortOrder {
  return value === 'chosen' || value === 'payout';
}

export function GridView({ legs, columns, mode, updatedAt }: GridViewProps) {
  const [sortOrder, setSortOrder] = useState<BookSortOrder>('chosen');
  const sortId = useId();
  const sorted = useMemo(() => sortColumns(columns, sortOrder), [columns, sortOrder]);
  const bestBooks = useMemo(() => findBestBooks(columns), [columns]);
  const showsStraightStandIns =
    mode === 'parlay' && columns.some((column) => column.legCells.some((cell) => cell.kind === 'price' && cell.source === 'straight'));

  return (
    <>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor={sortId}>Sort books</label>
          <select
            id={sortId}
            value={sortOrder}
            onChange={(event) => {
              if (isSortOrder(event.target.value)) setSortOrder(event.target.value);
            }}
            className="min-h-9 rounded-md border border-line bg-surface px-2 text-sm text-ink"
          >
            <option value="chosen">Your order</option>
            <option value="payout">Best payout</option>
          </select>
        </div>
        <div className="flex items-center gap-3">
          <FreshnessLine updatedAt={updatedAt} />
          <DownloadCsvButton legs={legs} columns={sorted} mode={mode} />
        </div>
      </div>
      <GridTable legs={legs} columns={sorted} bestBooks={bestBooks} mode={mode} />
      {showsStraightStandIns ? (
        <p className="mt-2 text-xs text-muted">Grey prices are single-bet prices, shown where a book gave no parlay price.</p>
      ) : null}
    </>
  );
}

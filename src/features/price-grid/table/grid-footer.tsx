/** The footer rows under the legs: the parlay price (or the book's status), payout, same-game adjustment. */
import { useMemo } from 'react';
import { legKey, type SlipLeg } from '../../../domain/slip.ts';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';
import { formatMoney } from '../../../domain/display.ts';
import { useCurrency } from '../../../state/app-config-context.tsx';
import { useSettings } from '../../../state/app-stores-context.tsx';
import type { BookColumn, ColumnOutcome } from '../model/grid-model.ts';
import { AdjustmentCell, ParlayPriceCell, PayoutCell } from './price-cells.tsx';
import { ROW_HEADER_CLASS } from './leg-row.tsx';

export interface FooterProps {
  columns: readonly BookColumn[];
  bestBooks: ReadonlySet<Sportsbook>;
  legs: readonly SlipLeg[];
  mode: 'parlay' | 'straight';
  /** The book whose explanation is open below the grid. */
  openBook: Sportsbook | null;
  onStatusClick: (book: Sportsbook, outcome: ColumnOutcome) => void;
}

function PayoutRow({ columns, bestBooks }: Pick<FooterProps, 'columns' | 'bestBooks'>) {
  const stake = useSettings((state) => state.stake);
  const currency = useCurrency().code;
  return (
    <tr>
      <th scope="row" className={ROW_HEADER_CLASS}>
        Payout
        <span className="block text-xs font-normal text-muted">for {formatMoney(stake, currency)}</span>
      </th>
      {columns.map((column) => (
        <PayoutCell key={column.book} decimal={column.combinedDecimal} stake={stake} currency={currency} isBest={bestBooks.has(column.book)} />
      ))}
    </tr>
  );
}

export function GridFooter({ columns, bestBooks, legs, mode, openBook, onStatusClick }: FooterProps) {
  const slipKey = useMemo(() => legs.map(legKey).join('\u0001'), [legs]);
  if (mode === 'straight') {
    return (
      <tfoot>
        <PayoutRow columns={columns} bestBooks={bestBooks} />
      </tfoot>
    );
  }
  const anyAdjustment = columns.some((column) => column.adjustment !== null);
  return (
    <tfoot>
      <tr>
        <th scope="row" className={ROW_HEADER_CLASS}>
          Parlay
        </th>
        {columns.map((column) => (
          <ParlayPriceCell
            key={column.book}
            book={column.book}
            slipKey={slipKey}
            outcome={column.outcome}
            decimal={column.combinedDecimal}
            isBest={bestBooks.has(column.book)}
            detailsOpen={openBook === column.book}
            onStatusClick={onStatusClick}
          />
        ))}
      </tr>
      <PayoutRow columns={columns} bestBooks={bestBooks} />
      {anyAdjustment ? (
        <tr>
          <th scope="row" className={ROW_HEADER_CLASS}>
            <span aria-hidden="true">Same-game adj.</span>
            <span className="sr-only">Same-game adjustment</span>{' '}
            <span className="block text-xs font-normal text-muted">vs legs multiplied</span>
          </th>
          {columns.map((column) => (
            <AdjustmentCell key={column.book} adjustment={column.adjustment} priced={column.outcome === 'priced'} />
          ))}
        </tr>
      ) : null}
    </tfoot>
  );
}

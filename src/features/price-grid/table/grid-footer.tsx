/** The footer rows under the legs: parlay price, payout, same-game adjustment, and explanations. */
import { useMemo } from 'react';
import { legKey, type SlipLeg } from '../../../domain/slip.ts';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';
import { formatMoney } from '../../../domain/display.ts';
import { useCurrency } from '../../../state/app-config-context.tsx';
import { useSettings } from '../../../state/app-stores-context.tsx';
import { ExplanationCell } from '../explanations/explanation-cell.tsx';
import type { BookColumn } from '../model/grid-model.ts';
import { AdjustmentCell, ParlayPriceCell, PayoutCell } from './price-cells.tsx';
import { ROW_HEADER_CLASS } from './leg-row.tsx';

export interface FooterProps {
  columns: readonly BookColumn[];
  bestBooks: ReadonlySet<Sportsbook>;
  legs: readonly SlipLeg[];
  mode: 'parlay' | 'straight';
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

export function GridFooter({ columns, bestBooks, legs, mode }: FooterProps) {
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
          />
        ))}
      </tr>
      <PayoutRow columns={columns} bestBooks={bestBooks} />
      {anyAdjustment ? (
        <tr>
          <th scope="row" className={ROW_HEADER_CLASS}>
            Same-game adjustment
          </th>
          {columns.map((column) => (
            <AdjustmentCell key={column.book} adjustment={column.adjustment} priced={column.outcome === 'priced'} />
          ))}
        </tr>
      ) : null}
      <tr>
        <th scope="row" className={ROW_HEADER_CLASS}>
          Notes
        </th>
        {columns.map((column) => (
          <ExplanationCell
            key={column.book}
            book={column.book}
            outcome={column.outcome}
            quote={column.state?.quote}
            legs={legs}
            refetch={column.state?.refetch}
          />
        ))}
      </tr>
    </tfoot>
  );
}

/**
 * The footer rows under the legs: the parlay price (or the book's status), payout, and with fair
 * value shown each book's edge against fair; for same-game parlays the book's adjustment and, against
 * the fair correlation, how much of it is extra margin.
 */
import { useMemo } from 'react';
import { legKey, type SlipLeg } from '../../../domain/slip.ts';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';
import { formatMoney } from '../../../domain/display.ts';
import { stakeAboveLimit } from '../../../domain/fair-value/fair-parlay.ts';
import { useCurrency } from '../../../state/app-config-context.tsx';
import { useSettings } from '../../../state/app-stores-context.tsx';
import type { FairValue } from '../data/use-fair-value.ts';
import { fairDecimalOf, fairProbabilityOf, sameGameRowsOf, sameGameSplitOf } from '../model/fair-model.ts';
import { columnEdge, type BookColumn, type BookSort, type ColumnOutcome } from '../model/grid-model.ts';
import {
  EdgeCell,
  ExtraMarginCell,
  FairFigureCell,
  FairPayoutCell,
  FairPriceCell,
  FAIR_CELL_CLASS,
} from './fair-cells.tsx';
import { AdjustmentCell, ParlayPriceCell } from './price-cells.tsx';
import { PayoutCell } from './payout-cell.tsx';
import { ROW_HEADER_CLASS } from './leg-row.tsx';
import { SortButton } from './sort-button.tsx';

export interface FooterProps {
  columns: readonly BookColumn[];
  bestBooks: ReadonlySet<Sportsbook>;
  legs: readonly SlipLeg[];
  mode: 'parlay' | 'straight';
  /** What the books are ordered by, and a row heading's click (sorts by that row, or back). */
  sort: BookSort;
  onSort: (sort: BookSort) => void;
  /** The book whose explanation is open. */
  openBook: Sportsbook | null;
  /** `from`: the control clicked, which the explanation opens next to. */
  onStatusClick: (book: Sportsbook, outcome: ColumnOutcome, from: HTMLElement) => void;
  /** Fair prices, null when fair value is hidden. */
  fair: FairValue | null;
  bestEdgeBooks: ReadonlySet<Sportsbook>;
  fairOpen: boolean;
  onFairToggle: (from: HTMLElement) => void;
}

const PARLAY_SORT: BookSort = { by: 'parlay' };

function RowHeader({ shown, spoken, note }: { shown: string; spoken?: string; note?: string }) {
  return (
    <th scope="row" className={ROW_HEADER_CLASS}>
      {spoken === undefined ? (
        shown
      ) : (
        <>
          <span aria-hidden="true">{shown}</span>
          <span className="sr-only">{spoken}</span>
        </>
      )}
      {/* The spaces keep the note a separate word in the row's accessible name, and its amount
          ("for $10.00") apart from the first cell's. */}
      {note !== undefined ? (
        <>
          {' '}
          <span className="block text-xs font-normal text-muted">{note}</span>{' '}
        </>
      ) : null}
    </th>
  );
}

function PayoutRow({
  columns,
  bestBooks,
  fairDecimal,
  showsFair,
}: Pick<FooterProps, 'columns' | 'bestBooks'> & { fairDecimal: number | null; showsFair: boolean }) {
  const stake = useSettings((state) => state.stake);
  const currency = useCurrency().code;
  return (
    <tr>
      <RowHeader shown="Payout" note={`for ${formatMoney(stake, currency)}`} />
      {showsFair ? <FairPayoutCell decimal={fairDecimal} stake={stake} currency={currency} /> : null}
      {columns.map((column) => (
        <PayoutCell
          key={column.book}
          decimal={column.combinedDecimal}
          updatingDecimal={column.updatingDecimal}
          stake={stake}
          currency={currency}
          isBest={bestBooks.has(column.book)}
          // A book's limit is an analyst's figure, with fair value; a stake above it always says so.
          maxStake={
            showsFair || (column.maxStake !== null && stakeAboveLimit(stake, column.maxStake)) ? column.maxStake : null
          }
        />
      ))}
    </tr>
  );
}

function EdgeRow({
  columns,
  fair,
  bestEdgeBooks,
}: Pick<FooterProps, 'columns' | 'bestEdgeBooks'> & { fair: FairValue }) {
  const fairProbability = fairProbabilityOf(fair);
  return (
    <tr>
      <RowHeader shown="Edge vs fair" note="return per 1 staked" />
      <td role="gridcell" className={`${FAIR_CELL_CLASS} text-xs text-muted`}>
        {fairProbability === null ? null : '0.0%'}
      </td>
      {columns.map((column) => (
        <EdgeCell
          key={column.book}
          edge={columnEdge(column, fairProbability)}
          isBest={bestEdgeBooks.has(column.book)}
        />
      ))}
    </tr>
  );
}

export function GridFooter({
  columns,
  bestBooks,
  legs,
  mode,
  sort,
  onSort,
  openBook,
  onStatusClick,
  fair,
  bestEdgeBooks,
  fairOpen,
  onFairToggle,
}: FooterProps) {
  const slipKey = useMemo(() => legs.map(legKey).join('\u0001'), [legs]);
  const fairDecimal = fairDecimalOf(fair);
  const showsFair = fair !== null;
  const edgeRow = fair !== null ? <EdgeRow columns={columns} fair={fair} bestEdgeBooks={bestEdgeBooks} /> : null;
  if (mode === 'straight') {
    return (
      <tfoot>
        <PayoutRow columns={columns} bestBooks={bestBooks} fairDecimal={fairDecimal} showsFair={showsFair} />
        {edgeRow}
      </tfoot>
    );
  }
  const { fairCorrelation, showsAdjustment, showsExtraMargin } = sameGameRowsOf(columns, fair);
  return (
    <tfoot>
      <tr>
        <th scope="row" aria-sort={sort.by === 'parlay' ? 'descending' : undefined} className={ROW_HEADER_CLASS}>
          <SortButton sorted={sort.by === 'parlay'} onClick={() => onSort(PARLAY_SORT)}>
            Parlay
          </SortButton>
        </th>
        {fair !== null ? (
          <FairPriceCell
            decimal={fairDecimal}
            waiting={fair.parlay.status === 'waiting'}
            subject="the parlay"
            open={fairOpen}
            onToggle={onFairToggle}
            strong
          />
        ) : null}
        {columns.map((column) => (
          <ParlayPriceCell
            key={column.book}
            book={column.book}
            slipKey={slipKey}
            outcome={column.outcome}
            decimal={column.combinedDecimal}
            updatingDecimal={column.updatingDecimal}
            isBest={bestBooks.has(column.book)}
            detailsOpen={openBook === column.book}
            onStatusClick={onStatusClick}
          />
        ))}
      </tr>
      <PayoutRow columns={columns} bestBooks={bestBooks} fairDecimal={fairDecimal} showsFair={showsFair} />
      {edgeRow}
      {/* The same-game figures are the analyst's, shown with fair value. */}
      {showsFair && showsAdjustment ? (
        <tr>
          <RowHeader shown="Same-game adj." spoken="Same-game adjustment" note="vs legs multiplied" />
          {showsFair ? (
            <FairFigureCell
              figure={fairCorrelation}
              spoken="from real correlation"
              title="Real correlation: the fair same-game price against the fair legs multiplied"
            />
          ) : null}
          {columns.map((column) => (
            <AdjustmentCell key={column.book} adjustment={column.adjustment} priced={column.outcome === 'priced'} />
          ))}
        </tr>
      ) : null}
      {fair !== null && showsExtraMargin ? (
        <tr>
          <RowHeader shown="Extra margin" note="beyond real correlation" />
          <td role="gridcell" className={FAIR_CELL_CLASS} />
          {columns.map((column) => (
            <ExtraMarginCell
              key={column.book}
              extraMargin={sameGameSplitOf(column, fair.parlay)?.extraMargin ?? null}
            />
          ))}
        </tr>
      ) : null}
    </tfoot>
  );
}

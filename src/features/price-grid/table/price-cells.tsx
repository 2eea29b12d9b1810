/**
 * The grid's price cells. Each takes only primitives and is memoised, so a new answer from one
 * book re-renders that book's cells and no others.
 */
import { memo } from 'react';
import { formatAdjustment } from '../../../domain/explain-quote.ts';
import { payoutFor } from '../../../domain/odds.ts';
import { formatMoney } from '../../../domain/display.ts';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';
import { useOddsFormat } from '../../../state/use-format-odds.ts';
import { OddsText } from '../../../ui/odds-text.tsx';
import type { ColumnOutcome, LegCell } from '../model/grid-model.ts';
import { MovementMarker } from './movement-marker.tsx';
import { movementClass, usePriceMovement } from './use-price-movement.ts';

export const CELL_CLASS = 'border-b border-line px-2 py-1.5 text-right align-top whitespace-nowrap sm:px-3';

export function AskingText({ book }: { book: Sportsbook }) {
  return (
    <span className="text-xs text-muted">
      Asking<span className="sr-only"> {book}</span>…
    </span>
  );
}

export function NoPrice() {
  return (
    <>
      <span aria-hidden="true" className="text-muted">–</span>
      <span className="sr-only">No price</span>
    </>
  );
}

export function BestBadge() {
  return <span className="ml-1 rounded-sm bg-best-soft px-1 text-xs font-semibold text-best">Best</span>;
}

interface LegPriceCellProps {
  book: Sportsbook;
  kind: LegCell['kind'];
  decimal: number | null;
  source: 'parlay' | 'straight' | null;
}

export const LegPriceCell = memo(function LegPriceCell({ book, kind, decimal, source }: LegPriceCellProps) {
  const movement = usePriceMovement(decimal, source ?? kind);
  const format = useOddsFormat();
  let content;
  if (kind === 'price' && decimal !== null) {
    content =
      source === 'straight' ? (
        <span title="Single-bet price: this book gave no parlay price for this leg">
          <OddsText decimal={decimal} format={format} className="text-muted" />
          <span className="sr-only"> (single bet)</span>
        </span>
      ) : (
        <OddsText decimal={decimal} format={format} />
      );
  } else if (kind === 'not-offered') {
    content = <span className="text-xs font-medium text-warn">Not offered</span>;
  } else if (kind === 'waiting') {
    content = <AskingText book={book} />;
  } else {
    content = <NoPrice />;
  }
  return (
    <td className={`${CELL_CLASS} ${movementClass(movement)}`}>
      {content}
      <MovementMarker movement={movement} />
    </td>
  );
});

interface ParlayPriceCellProps {
  book: Sportsbook;
  /** Which slip the price is for: a price for another slip is not a move. */
  slipKey: string;
  outcome: ColumnOutcome;
  decimal: number | null;
  isBest: boolean;
}

/** A few words in the parlay row where a book gave no price; the full explanation sits below. */
const SHORT_OUTCOME: Partial<Record<ColumnOutcome, string>> = {
  missing: 'Legs not offered',
  uncombinable: "Won't combine",
  failed: "Didn't answer",
  absent: 'No answer',
  'request-failed': 'Request failed',
};

export const ParlayPriceCell = memo(function ParlayPriceCell({ book, slipKey, outcome, decimal, isBest }: ParlayPriceCellProps) {
  const movement = usePriceMovement(decimal, slipKey);
  const format = useOddsFormat();
  return (
    <td className={`${CELL_CLASS} font-semibold ${isBest ? 'bg-best-soft text-best' : ''} ${movementClass(movement)}`}>
      {decimal !== null ? (
        <>
          <OddsText decimal={decimal} format={format} />
          {isBest ? <BestBadge /> : null}
          <MovementMarker movement={movement} />
        </>
      ) : outcome === 'waiting' ? (
        <AskingText book={book} />
      ) : SHORT_OUTCOME[outcome] ? (
        <span className="text-xs font-medium whitespace-normal text-warn">{SHORT_OUTCOME[outcome]}</span>
      ) : (
        <NoPrice />
      )}
    </td>
  );
});

interface PayoutCellProps {
  decimal: number | null;
  stake: number;
  /** ISO currency code of the stake. */
  currency: string;
  isBest: boolean;
}

export const PayoutCell = memo(function PayoutCell({ decimal, stake, currency, isBest }: PayoutCellProps) {
  if (decimal === null) {
    return (
      <td className={CELL_CLASS}>
        <NoPrice />
      </td>
    );
  }
  const payout = payoutFor(stake, decimal);
  return (
    <td className={`${CELL_CLASS} ${isBest ? 'bg-best-soft' : ''}`}>
      <span className="tabular-nums font-medium">{formatMoney(payout, currency)}</span>
      <span className="block text-xs text-muted">to win {formatMoney(payout - stake, currency)}</span>
    </td>
  );
});

export const AdjustmentCell = memo(function AdjustmentCell({ adjustment, priced }: { adjustment: number | null; priced: boolean }) {
  let content;
  if (adjustment !== null) {
    content = (
      <span className="tabular-nums">
        {formatAdjustment(adjustment)}
        <span className="hidden sm:inline"> vs legs multiplied</span>
      </span>
    );
  }
  else if (priced) content = <span className="text-muted">None</span>;
  else content = <NoPrice />;
  return <td className={`${CELL_CLASS} text-xs`}>{content}</td>;
});

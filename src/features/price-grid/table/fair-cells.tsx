/**
 * The fair column (each leg's fair price and the fair parlay, beside the legs, so every book's price
 * reads against it) and the rows that compare each book with it: edge, and for same-game parlays the
 * share of the book's discount that is extra margin. Cells take primitives and are memoised.
 */
import { memo } from 'react';
import { formatEdge } from '../../../domain/fair-value/fair-parlay.ts';
import { formatMoney, formatMoneyCompact } from '../../../domain/display.ts';
import { payoutFor } from '../../../domain/odds/odds.ts';
import { useOddsFormat } from '../../../state/use-format-odds.ts';
import { OddsText } from '../../../ui/odds-text.tsx';
import { SpokenLabel } from '../../../ui/spoken-label.tsx';
import { CELL_CLASS } from './price-cells.tsx';

/** Set apart from the books: the fair column is a reference, never a place to bet. */
export const FAIR_CELL_CLASS = `${CELL_CLASS} border-r bg-raised`;

export const FAIR_DETAILS_ID = 'fair-details';

interface FairToggleProps {
  /** Whether the fair-value explanation is open. */
  open: boolean;
  /** Opens or closes it next to `from`, the control clicked. */
  onToggle: (from: HTMLElement) => void;
}

/** A button that opens and closes the fair-value explanation next to it. */
function FairDetailsToggle({
  open,
  onToggle,
  shown,
  spoken,
  className,
}: FairToggleProps & { shown: string; spoken: string; className: string }) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={open ? FAIR_DETAILS_ID : undefined}
      onClick={(event) => onToggle(event.currentTarget)}
      className={className}
    >
      <SpokenLabel shown={shown} spoken={spoken} />
    </button>
  );
}

export function FairHeader({ open, onToggle }: FairToggleProps) {
  return (
    <th
      scope="col"
      className="w-16 border-r border-b border-line bg-raised px-1 py-1.5 text-center align-bottom text-xs leading-tight font-semibold"
    >
      <SpokenLabel shown="Fair" spoken="Fair price" />
      <FairDetailsToggle
        open={open}
        onToggle={onToggle}
        shown="How?"
        spoken="How fair value is worked out"
        className="mt-0.5 block w-full font-medium text-accent underline decoration-dotted underline-offset-2"
      />
    </th>
  );
}

interface FairPriceCellProps extends FairToggleProps {
  /** The fair price, null when there is none (or none yet). */
  decimal: number | null;
  /** Still working it out. */
  waiting: boolean;
  /** What the price is of, for screen readers: a leg's name, or "the parlay". */
  subject: string;
  /** Bold, like the books' parlay prices. */
  strong?: boolean;
}

/** A fair price, or a "why not" that opens the explanation. */
export const FairPriceCell = memo(function FairPriceCell({
  decimal,
  waiting,
  subject,
  open,
  onToggle,
  strong = false,
}: FairPriceCellProps) {
  const format = useOddsFormat();
  let content;
  if (decimal !== null) {
    content = (
      <>
        <OddsText decimal={decimal} format={format} />
        <span className="sr-only"> fair price for {subject}</span>
      </>
    );
  } else if (waiting) {
    content = (
      <span className="text-xs text-muted">
        …<span className="sr-only">Working out the fair price for {subject}</span>
      </span>
    );
  } else {
    content = (
      <FairDetailsToggle
        open={open}
        onToggle={onToggle}
        shown="None: why?"
        spoken={`No fair price for ${subject}: why`}
        className="text-xs font-medium text-muted underline decoration-dotted underline-offset-2"
      />
    );
  }
  return (
    <td role="gridcell" className={`${FAIR_CELL_CLASS} ${strong ? 'font-semibold' : ''}`}>
      {content}
    </td>
  );
});

export const FairPayoutCell = memo(function FairPayoutCell({
  decimal,
  stake,
  currency,
}: {
  decimal: number | null;
  stake: number;
  currency: string;
}) {
  if (decimal === null) return <td role="gridcell" className={FAIR_CELL_CLASS} />;
  const payout = payoutFor(stake, decimal);
  return (
    <td
      role="gridcell"
      className={`${FAIR_CELL_CLASS} text-xs`}
      title={`Returns ${formatMoney(payout, currency)} at the fair price`}
    >
      <span className="font-medium tabular-nums">{formatMoneyCompact(payout, currency)}</span>
      <span className="sr-only"> at the fair price</span>
      {/* Ends as a word, as a book's payout cell does. */}{' '}
    </td>
  );
});

/** A fair-column cell with a short signed figure (the fair correlation), or empty. */
export const FairFigureCell = memo(function FairFigureCell({
  figure,
  spoken,
  title,
}: {
  figure: number | null;
  spoken: string;
  title: string;
}) {
  return (
    <td role="gridcell" className={`${FAIR_CELL_CLASS} text-xs`} title={title}>
      {figure === null ? null : <SpokenLabel shown={formatEdge(figure)} spoken={`${formatEdge(figure)} ${spoken}`} />}
    </td>
  );
});

/** A book's edge against fair: green when it pays above fair, the best one marked. */
export const EdgeCell = memo(function EdgeCell({ edge, isBest }: { edge: number | null; isBest: boolean }) {
  if (edge === null) {
    return (
      <td role="gridcell" className={`${CELL_CLASS} text-xs text-muted`}>
        <span aria-hidden="true">–</span>
        <span className="sr-only">No edge</span>
      </td>
    );
  }
  const tone = isBest ? 'bg-best-soft font-semibold text-best' : edge > 0 ? 'text-up' : '';
  return (
    <td role="gridcell" className={`${CELL_CLASS} text-xs tabular-nums ${tone}`}>
      {formatEdge(edge)}
      {isBest ? <span className="sr-only"> (best edge)</span> : null}
    </td>
  );
});

/** The part of a book's same-game discount beyond real correlation. */
export const ExtraMarginCell = memo(function ExtraMarginCell({ extraMargin }: { extraMargin: number | null }) {
  return (
    <td role="gridcell" className={`${CELL_CLASS} text-xs tabular-nums`}>
      {extraMargin === null ? (
        <>
          <span aria-hidden="true" className="text-muted">
            –
          </span>
          <span className="sr-only">Not known</span>
        </>
      ) : (
        formatEdge(extraMargin)
      )}
    </td>
  );
});

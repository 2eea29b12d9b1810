/**
 * The grid's cells. Each takes only primitives and is memoised, so a new answer from one book
 * re-renders that book's cells and no others. Columns are narrow (ten books side by side), so a cell
 * holds a price or a word or two; explanations open from the parlay row's status.
 */
import { memo } from 'react';
import { formatAdjustment } from '../../../domain/odds/explain-quote.ts';
import { formatOdds } from '../../../domain/odds/odds.ts';
import { priceAge } from '../../../domain/display.ts';
import { useAppConfig } from '../../../state/app-config-context.tsx';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';
import { useOddsFormat } from '../../../state/use-format-odds.ts';
import { OddsText } from '../../../ui/odds-text.tsx';
import { useMinuteClock } from '../../../ui/minute-clock.tsx';
import { SpokenLabel } from '../../../ui/spoken-label.tsx';
import { OUTCOME_STATUS, type ColumnOutcome, type LegCell } from '../model/grid-model.ts';
import { MovementMarker } from './movement-marker.tsx';
import { movementClass, usePriceMovement } from './use-price-movement.ts';

export const CELL_CLASS = 'border-b border-line px-1 py-1.5 text-center align-top';

function AskingText({ book }: { book: Sportsbook }) {
  return (
    <span className="text-xs text-muted">
      Asking<span className="sr-only"> {book}</span>…
    </span>
  );
}

export function NoPrice() {
  return (
    <>
      <span aria-hidden="true" className="text-muted">
        –
      </span>
      <span className="sr-only">No price</span>
    </>
  );
}

export function BestMark() {
  return <span className="block text-[11px] font-semibold leading-none text-best">Best</span>;
}

/**
 * A book's price for the slip before, kept in view (greyed, marked) while it is asked about the
 * changed slip: prices that blank to "Asking…" on every tap flicker and hide what was there.
 */
export function UpdatingPrice({ decimal, book }: { decimal: number; book: Sportsbook }) {
  return (
    <span className="font-normal text-muted">
      <OddsText decimal={decimal} format={useOddsFormat()} />
      <span className="block text-[11px] leading-none">
        updating<span className="sr-only"> {book}</span>…
      </span>
    </span>
  );
}

interface LegPriceCellProps {
  book: Sportsbook;
  legName: string;
  kind: LegCell['kind'];
  decimal: number | null;
  source: 'parlay' | 'straight' | null;
  /** When the book last changed the price (epoch s). */
  changedAt: number | null;
  /** The book's own link for this bet. */
  link: string | null;
  /** The best price any book gives this leg. */
  isBest: boolean;
}

/** How old the book's price is, once it is an hour or more (a price unchanged that long may be stale). */
function PriceAgeMark({ changedAt }: { changedAt: number | null }) {
  const age = priceAge(changedAt, useMinuteClock());
  if (age.label === null) return null;
  return (
    <span
      className={`block text-[11px] leading-none font-normal ${age.old ? 'text-warn' : 'text-muted'}`}
      title={`Price from ${age.label} ago`}
    >
      <SpokenLabel
        shown={`${age.old ? '⏱ ' : ''}${age.label}`}
        spoken={`, price from ${age.label} ago${age.old ? ', may be out of date' : ''}`}
      />
    </span>
  );
}

export const LegPriceCell = memo(function LegPriceCell({
  book,
  legName,
  kind,
  decimal,
  source,
  changedAt,
  link,
  isBest,
}: LegPriceCellProps) {
  const movement = usePriceMovement(decimal, source ?? kind);
  const format = useOddsFormat();
  const { affiliateLinks } = useAppConfig();
  let content;
  if (kind === 'price' && decimal !== null) {
    const price =
      source === 'straight' ? (
        <span title="Single-bet price: this book gave no parlay price for this leg">
          <OddsText decimal={decimal} format={format} className="text-muted" />
          <span className="sr-only"> (single bet)</span>
        </span>
      ) : (
        <OddsText decimal={decimal} format={format} />
      );
    // The book's own bet slip for the leg; where the host has an affiliate link for the book, its
    // "Bet" link in the column header is the way to the book instead.
    const linked =
      link !== null && affiliateLinks[book] === undefined ? (
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer sponsored"
          className="underline-offset-2 hover:underline"
          aria-label={`${legName} at ${book}, ${formatOdds(decimal, format)} (opens the bet at ${book} in a new tab)`}
        >
          {price}
        </a>
      ) : (
        price
      );
    content = (
      <>
        {linked} <PriceAgeMark changedAt={changedAt} />
      </>
    );
  } else if (kind === 'not-offered') {
    content = (
      <span className="text-xs font-medium text-warn" title="Not offered">
        <span aria-hidden="true">n/a</span>
        <span className="sr-only">Not offered</span>
      </span>
    );
  } else if (kind === 'suspended') {
    // Narrow columns: the book is the column's header, so the eye gets one word.
    content = (
      <span className="text-xs font-medium text-warn" title={`Suspended at ${book}: no bets on this line for now`}>
        Suspended<span className="sr-only"> at {book}</span>
      </span>
    );
  } else if (kind === 'cancelled') {
    content = (
      <span className="text-xs font-medium text-bad" title="The game is cancelled: no book will price this leg">
        Cancelled
      </span>
    );
  } else if (kind === 'waiting') {
    content = <AskingText book={book} />;
  } else {
    content = <NoPrice />;
  }
  return (
    <td
      role="gridcell"
      className={`${CELL_CLASS} ${isBest ? 'bg-best-soft font-semibold text-best' : ''} ${movementClass(movement)}`}
    >
      {content}
      {isBest ? <span className="sr-only"> (best)</span> : null}
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
  /** The book's price for the slip before, shown while it is asked about this one. */
  updatingDecimal: number | null;
  isBest: boolean;
  /** Whether this book's explanation is open below the grid. */
  detailsOpen: boolean;
  /** Opens or closes the book's explanation next to the button (and asks a failed book again). */
  onStatusClick: (book: Sportsbook, outcome: ColumnOutcome, from: HTMLElement) => void;
}

export const ParlayPriceCell = memo(function ParlayPriceCell({
  book,
  slipKey,
  outcome,
  decimal,
  updatingDecimal,
  isBest,
  detailsOpen,
  onStatusClick,
}: ParlayPriceCellProps) {
  const movement = usePriceMovement(decimal, slipKey);
  const format = useOddsFormat();
  let content;
  if (decimal !== null) {
    content = (
      <>
        <OddsText decimal={decimal} format={format} />
        {isBest ? <BestMark /> : null}
        <MovementMarker movement={movement} />
      </>
    );
  } else if (outcome === 'waiting') {
    content =
      updatingDecimal === null ? <AskingText book={book} /> : <UpdatingPrice decimal={updatingDecimal} book={book} />;
  } else if (outcome === 'priced') {
    content = <NoPrice />;
  } else {
    const status = OUTCOME_STATUS[outcome];
    content = (
      <button
        type="button"
        aria-expanded={detailsOpen}
        aria-controls={detailsOpen ? 'book-details' : undefined}
        onClick={(event) => onStatusClick(book, outcome, event.currentTarget)}
        className="inline-flex flex-col items-center rounded px-0.5 text-xs leading-tight font-medium text-warn underline decoration-dotted underline-offset-2 hover:decoration-solid"
      >
        <SpokenLabel
          shown={
            <>
              <span className="block">{status.icon}</span>
              {status.words}
            </>
          }
          spoken={`${status.words} at ${book}: why`}
        />
      </button>
    );
  }
  return (
    <td
      role="gridcell"
      className={`${CELL_CLASS} font-semibold ${isBest ? 'bg-best-soft text-best' : ''} ${movementClass(movement)}`}
    >
      {content}
    </td>
  );
});

export const AdjustmentCell = memo(function AdjustmentCell({
  adjustment,
  priced,
}: {
  adjustment: number | null;
  priced: boolean;
}) {
  let content;
  if (adjustment !== null) content = <span className="tabular-nums">{formatAdjustment(adjustment)}</span>;
  else if (priced) content = <span className="text-muted">None</span>;
  else content = <NoPrice />;
  return (
    <td role="gridcell" className={`${CELL_CLASS} text-xs`}>
      {content}
    </td>
  );
});

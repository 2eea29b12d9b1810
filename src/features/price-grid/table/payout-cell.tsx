/** The payout row's cell: what the stake returns at the book's price, and its maximum stake where it says. */
import { memo } from 'react';
import { stakeAboveLimit } from '../../../domain/fair-value/fair-parlay.ts';
import { payoutFor } from '../../../domain/odds/odds.ts';
import { formatMoney, formatMoneyCompact } from '../../../domain/display.ts';
import { SpokenLabel } from '../../../ui/spoken-label.tsx';
import { CELL_CLASS, NoPrice } from './price-cells.tsx';

interface PayoutCellProps {
  decimal: number | null;
  /** The price for the slip before, while the book is asked again: its payout shows greyed. */
  updatingDecimal: number | null;
  stake: number;
  /** ISO currency code of the stake. */
  currency: string;
  isBest: boolean;
  /** The most the book takes on this bet, where it says (exchanges). */
  maxStake: number | null;
}

/** A book's maximum stake beside its payout, a warning when the stake is above it. */
function MaxStakeMark({ maxStake, stake, currency }: { maxStake: number; stake: number; currency: string }) {
  const above = stakeAboveLimit(stake, maxStake);
  const limit = formatMoney(maxStake, currency);
  return (
    <span
      className={`block text-[11px] leading-tight ${above ? 'font-semibold text-bad' : 'text-muted'}`}
      title={
        above ? `Your stake is above this book's maximum of ${limit}` : `This book takes at most ${limit} on this bet`
      }
    >
      <SpokenLabel
        shown={`${above ? '⚠ ' : ''}max ${formatMoneyCompact(maxStake, currency)}`}
        spoken={above ? `, your stake is above this book's maximum of ${limit}` : `, takes at most ${limit}`}
      />
    </span>
  );
}

export const PayoutCell = memo(function PayoutCell({
  decimal,
  updatingDecimal,
  stake,
  currency,
  isBest,
  maxStake,
}: PayoutCellProps) {
  // While the book is asked about a changed slip, the payout of its price before, greyed.
  const price = decimal ?? updatingDecimal;
  if (price === null) {
    return (
      <td role="gridcell" className={CELL_CLASS}>
        <NoPrice />
      </td>
    );
  }
  const payout = payoutFor(stake, price);
  return (
    <td
      role="gridcell"
      className={`${CELL_CLASS} text-xs ${decimal === null ? 'text-muted' : isBest ? 'bg-best-soft' : ''}`}
      title={`Returns ${formatMoney(payout, currency)}: ${formatMoney(payout - stake, currency)} profit`}
    >
      <span className="tabular-nums font-medium">{formatMoneyCompact(payout, currency)}</span>
      <span className="sr-only"> (to win {formatMoney(payout - stake, currency)})</span>
      {maxStake !== null ? <MaxStakeMark maxStake={maxStake} stake={stake} currency={currency} /> : null}
      {/* Ends as a word: the next column's payout never reads on from this one ("£183.80£210.40"). */}{' '}
    </td>
  );
});

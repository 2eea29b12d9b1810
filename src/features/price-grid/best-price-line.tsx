/**
 * The slip's best price in one line ("Best +488 at DraftKings · pays $58.80"), for places away from
 * the grid (the phone's bottom bar); nothing until the grid has priced this slip.
 */
import { formatMoneyCompact } from '../../domain/display.ts';
import { payoutFor } from '../../domain/odds/odds.ts';
import { slipKeyOf } from '../../domain/slip.ts';
import { useCurrency } from '../../state/app-config-context.tsx';
import { useSettings, useSlip } from '../../state/app-stores-context.tsx';
import { useOddsFormat } from '../../state/use-format-odds.ts';
import { OddsText } from '../../ui/odds-text.tsx';

export function BestPriceLine() {
  const best = useSlip((state) => state.bestPrice);
  const slipKey = useSlip((state) => slipKeyOf(state.legs));
  const stake = useSettings((state) => state.stake);
  const format = useOddsFormat();
  const currency = useCurrency().code;
  // A price for an earlier slip is not this slip's: nothing until the grid has priced this one.
  if (best === null || best.slipKey !== slipKey) return null;
  return (
    <span className="block text-sm font-normal">
      Best <OddsText decimal={best.decimal} format={format} className="font-semibold" /> at {best.book} · pays{' '}
      {formatMoneyCompact(payoutFor(stake, best.decimal), currency)}
    </span>
  );
}

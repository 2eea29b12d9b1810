/**
 * The slip's best price in one line ("Best +488 at DraftKings · pays $58.80"), for places away from
 * the grid (the phone's bottom bar); nothing until a book has priced this slip, and "so far" with
 * the books still out until every one has answered, as the verdict says.
 */
import { formatMoneyCompact } from '../../domain/display.ts';
import { payoutFor } from '../../domain/odds/odds.ts';
import { useCurrency } from '../../state/app-config-context.tsx';
import { useSettings } from '../../state/app-stores-context.tsx';
import { useOddsFormat } from '../../state/use-format-odds.ts';
import { OddsText } from '../../ui/odds-text.tsx';
import { useBestPrice } from './data/use-best-price.ts';
import { booksCount } from './model/verdict.ts';

export function BestPriceLine() {
  const best = useBestPrice();
  const stake = useSettings((state) => state.stake);
  const format = useOddsFormat();
  const currency = useCurrency().code;
  if (best === null) return null;
  return (
    <span className="block text-sm font-normal">
      {best.stillOut > 0 ? 'Best so far ' : 'Best '}
      <OddsText decimal={best.decimal} format={format} className="font-semibold" /> at {best.book} · pays{' '}
      {formatMoneyCompact(payoutFor(stake, best.decimal), currency)}
      {best.stillOut > 0 ? ` · ${booksCount(best.stillOut)} still out` : null}
    </span>
  );
}

/**
 * Above the grid: the verdict in one plain line, with the stake it is worked out on beside it (the
 * payouts change as it is typed), and with fair value shown where the books stand against fair.
 */
import { useMemo, type ReactNode } from 'react';
import { useCurrency } from '../../../state/app-config-context.tsx';
import { useSettings } from '../../../state/app-stores-context.tsx';
import { MAX_STAKE } from '../../../domain/slip.ts';
import { useOddsFormat } from '../../../state/use-format-odds.ts';
import { StakeField } from '../../../ui/stake-field.tsx';
import type { BookColumn } from '../model/grid-model.ts';
import { bestPriceVerdict, fairVerdict } from '../model/verdict.ts';

interface VerdictLineProps {
  columns: readonly BookColumn[];
  /** The fair parlay's chance, null when fair value is hidden or not worked out. */
  fairProbability: number | null;
  /** The fair price is a same-game parlay's (its legs share a game). */
  sameGame: boolean;
  /** Beside the stake, the verdict under both (a reader's toolbar: one line fewer in an article). */
  beside?: ReactNode;
}

export function VerdictLine({ columns, fairProbability, sameGame, beside }: VerdictLineProps) {
  const stake = useSettings((state) => state.stake);
  const stakeChanged = useSettings((state) => state.stakeChanged);
  const currency = useCurrency();
  const format = useOddsFormat();
  const best = useMemo(
    () => bestPriceVerdict(columns, { format, stake, currency: currency.code }),
    [columns, format, stake, currency.code],
  );
  const fair = useMemo(() => fairVerdict(columns, fairProbability, sameGame), [columns, fairProbability, sameGame]);
  return (
    <div className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-1.5 rounded-md border border-line bg-raised px-3 py-2">
      <StakeField stake={stake} max={MAX_STAKE} onStakeChange={stakeChanged} symbol={currency.symbol} />
      {beside}
      <div className={`min-w-0 flex-1 ${beside ? 'basis-full' : 'basis-64'}`}>
        <p className="text-sm font-semibold">
          {best ?? <span className="font-normal text-muted">Asking the books…</span>}
        </p>
        {fair !== null ? <p className="text-sm">{fair}</p> : null}
      </div>
    </div>
  );
}

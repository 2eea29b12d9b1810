/** One logged bet: its legs with their grades and CLV, the parlay's settlement and CLV. */
import { memo } from 'react';
import type { BetRecord } from '../../domain/bet-log/bet-record.ts';
import { closingLineValue, parlayClosingLineValue } from '../../domain/bet-log/clv.ts';
import { settleBet } from '../../domain/bet-log/settlement.ts';
import { formatMoney, gameLabel } from '../../domain/display.ts';
import { useFormatOdds } from '../../state/use-format-odds.ts';
import { formatLoggedAt, formatPercent, legResultWords, OUTCOME_WORDS } from './bet-words.ts';

const OUTCOME_TONE = { open: 'text-muted', won: 'text-up', lost: 'text-bad', push: 'text-ink' } as const;

export const LoggedBetItem = memo(function LoggedBetItem({ bet }: { bet: BetRecord }) {
  const formatOdds = useFormatOdds();
  const settlement = settleBet(bet);
  const clv = parlayClosingLineValue(bet);
  const title = `${bet.legs.length === 1 ? 'Single' : `${bet.legs.length}-leg parlay`} at ${bet.book}`;
  return (
    <li className="rounded-md border border-line bg-surface p-3 text-sm">
      <article aria-label={title}>
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h3 className="font-semibold">
            {title}, {formatOdds(bet.decimal)}
          </h3>
          <p className="text-xs text-muted">
            {formatMoney(bet.stake, bet.currency)} · logged {formatLoggedAt(bet.placedAt)}
          </p>
        </div>
        <p className={`font-semibold ${OUTCOME_TONE[settlement.outcome]}`}>
          {OUTCOME_WORDS[settlement.outcome]}
          {settlement.profit !== null ? `: ${formatMoney(settlement.profit, bet.currency)}` : ''}
          {settlement.settledDecimal !== null &&
          settlement.outcome !== 'lost' &&
          settlement.settledDecimal !== bet.decimal
            ? ` (settled at ${formatOdds(settlement.settledDecimal)})`
            : ''}
          <span className="font-normal text-muted">
            {' '}
            · Parlay CLV {formatPercent(clv.book)} vs {bet.book}, {formatPercent(clv.fair)} vs fair
          </span>
        </p>
        <ul className="mt-1 flex flex-col gap-1" aria-label={`${title}: legs`}>
          {bet.legs.map((leg) => (
            <li
              key={`${leg.fixtureId}-${leg.market}-${leg.name}`}
              className="grid gap-x-3 sm:grid-cols-[minmax(0,1fr)_auto]"
            >
              <span className="min-w-0">
                <span className="font-medium">{leg.name}</span> <span className="text-muted">{leg.market}</span>
                {leg.game ? <span className="block text-xs text-muted">{gameLabel(leg.game)}</span> : null}
              </span>
              <span className="text-xs sm:text-right">
                <span className="font-medium">{legResultWords(leg.result)}</span> · taken {formatOdds(leg.decimal)}
                <span className="block text-muted">
                  {leg.closingChecked
                    ? `Close ${leg.closingDecimal === null ? '–' : formatOdds(leg.closingDecimal)}: CLV ${formatPercent(closingLineValue(leg.decimal, leg.closingDecimal))}; fair ${leg.closingFairDecimal === null ? '–' : formatOdds(leg.closingFairDecimal)}: CLV ${formatPercent(closingLineValue(leg.decimal, leg.closingFairDecimal))}`
                    : 'Closing price after the start'}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </article>
    </li>
  );
});

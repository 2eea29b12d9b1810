/**
 * The bet log (the page's `#bet-log` view): the summary - record, profit, ROI, average CLV and the
 * chart over time - then every logged bet, newest first, graded as its games end. Loaded on demand.
 */
import { useEffect } from 'react';
import { summariseBets } from '../../domain/bet-log/summary.ts';
import { formatMoney } from '../../domain/display.ts';
import { useCurrency } from '../../state/app-config-context.tsx';
import { useBetLog, useBetLogStore } from '../../state/bet-log/bet-log-context.tsx';
import { Panel } from '../../ui/panel.tsx';
import { StatusMessage } from '../../ui/status-message.tsx';
import { BetLogFilesControls } from './bet-log-files-controls.tsx';
import { CLV_HELP, formatPercent } from './bet-words.ts';
import { LoggedBetItem } from './logged-bet-item.tsx';
import { ProfitChart } from './profit-chart.tsx';
import { useRefreshBets } from './use-refresh-bets.ts';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

export default function BetLogPage() {
  const store = useBetLogStore();
  const { status, bets, damaged, storageProblem } = useBetLog((state) => state);
  const currency = useCurrency().code;
  const refresh = useRefreshBets();
  useEffect(() => {
    void store.getState().loadRequested();
  }, [store]);
  const summary = summariseBets(bets);
  const failures = refresh.data?.failures ?? [];

  return (
    <div className="flex flex-col gap-3">
      <Panel title="Your bets: summary" headingId="bet-summary-heading">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          <Figure label="Record (W-L-P)" value={`${summary.won}-${summary.lost}-${summary.pushed}`} />
          <Figure label="Profit" value={formatMoney(summary.profit, currency)} />
          <Figure label="ROI" value={formatPercent(summary.roi)} />
          <Figure label="Average CLV" value={formatPercent(summary.averageClv)} />
          <Figure label="Average CLV vs fair" value={formatPercent(summary.averageFairClv)} />
        </dl>
        <p className="mt-1 text-xs text-muted">
          {summary.open} open. {CLV_HELP} Pushed and void legs drop out and the price is worked out from the rest; a
          half-won leg pays half the stake at its price and returns half, a half-lost leg returns half.
        </p>
        <ProfitChart timeline={summary.timeline} currency={currency} />
      </Panel>
      <Panel title="Bet log" headingId="bet-log-heading">
        <div className="flex flex-col gap-3">
          <BetLogFilesControls />
          {storageProblem !== null ? (
            <StatusMessage tone="warning" title="Not saved">
              {storageProblem}
            </StatusMessage>
          ) : null}
          {damaged.length > 0 ? (
            <StatusMessage tone="warning" title={`${damaged.length} stored bets could not be read`}>
              They are kept aside in this browser, not lost: {damaged.map((item) => item.reason).join('; ')}.
            </StatusMessage>
          ) : null}
          {refresh.isError ? (
            <StatusMessage tone="warning" title="Results could not be checked">
              The odds service did not answer; the log tries again in a minute.
            </StatusMessage>
          ) : null}
          {failures.length > 0 ? (
            <StatusMessage tone="warning" title="Some legs could not be graded">
              {failures.join('; ')}
            </StatusMessage>
          ) : null}
          {status !== 'ready' ? (
            <p className="text-sm text-muted">Reading your bets…</p>
          ) : bets.length === 0 ? (
            <p className="text-sm text-muted">
              No bets yet. Tap “I placed this” beside a book’s price when you place a bet there.
            </p>
          ) : (
            <ul className="flex flex-col gap-2" aria-label="Logged bets">
              {bets.map((bet) => (
                <LoggedBetItem key={bet.id} bet={bet} />
              ))}
            </ul>
          )}
        </div>
      </Panel>
    </div>
  );
}

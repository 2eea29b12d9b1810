/**
 * A leg's price history, in a modal dialog (a full-width sheet on a phone): the leg's price at each
 * chosen book over time, or the parlay's combined price at each book, since the line opened or over
 * the last 24 hours; the chart and, beside it, its figures as a table. Escape or Close closes it and
 * focus returns to the button that opened it (the caller's).
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { BetTrackingEndpoints } from '../../api/bet-tracking/endpoints.ts';
import { gameLabel } from '../../domain/display.ts';
import { legKey, type SlipLeg } from '../../domain/slip.ts';
import { useSettings, useSlip } from '../../state/app-stores-context.tsx';
import { useOddsFormat } from '../../state/use-format-odds.ts';
import { Button } from '../../ui/button.tsx';
import { useNowEveryMinute } from '../../ui/minute-clock.tsx';
import { LineChart } from './line-chart.tsx';
import { LineTable } from './line-table.tsx';
import { legChart, parlayChart, type HistorySpan, type ParlayChart, type SeriesChart } from './model/price-series.ts';
import { useLineHistories } from './use-line-histories.ts';

type Subject = 'leg' | 'parlay';

interface LineHistoryDialogProps {
  client: BetTrackingEndpoints;
  leg: SlipLeg;
  onClose: () => void;
}

function Toggle<Value extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-md border border-line">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={`min-h-11 px-3 text-sm font-medium first:rounded-l-md last:rounded-r-md ${value === option.value ? 'bg-accent text-accent-ink' : 'bg-surface'}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** Tab and Shift+Tab stay inside the dialog, as a modal's focus does. */
function keepFocusInside(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>('button:not([disabled]), [tabindex="0"]')];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}

export function LineHistoryDialog({ client, leg, onClose }: LineHistoryDialogProps) {
  const legs = useSlip((state) => state.legs);
  const books = useSettings((state) => state.books);
  const format = useOddsFormat();
  const [span, setSpan] = useState<HistorySpan>('since-open');
  const [subject, setSubject] = useState<Subject>('leg');
  const dialogRef = useRef<HTMLDivElement>(null);
  const parlay = subject === 'parlay' && legs.length > 1;
  const shownLegs = useMemo(() => (parlay ? legs : [leg]), [parlay, legs, leg]);
  const histories = useLineHistories(client, shownLegs, books);
  const titleId = `history-title-${legKey(leg).replace(/[^A-Za-z0-9]/g, '-')}`;

  useEffect(() => {
    dialogRef.current?.focus();
  }, []);

  const { linesByLeg, isPending, error } = histories;
  // The chart runs to now, moved on each minute (the history is asked again after a minute too).
  const now = useNowEveryMinute();
  const chart: SeriesChart | ParlayChart | null = useMemo(() => {
    if (isPending || error) return null;
    return parlay
      ? parlayChart(linesByLeg, shownLegs, books, span, now)
      : legChart(linesByLeg[0] ?? [], leg, books, span, now);
  }, [isPending, error, parlay, linesByLeg, shownLegs, books, span, leg, now]);
  const caption = parlay
    ? `The parlay's combined price at each book, ${span === 'since-open' ? 'since its lines opened' : 'over the last 24 hours'}`
    : `${leg.name} (${leg.market}) at each book, ${span === 'since-open' ? 'since the line opened' : 'over the last 24 hours'}`;

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-black/40 sm:items-center sm:p-4">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onClose();
          } else keepFocusInside(event);
        }}
        className="max-h-[92vh] w-full overflow-y-auto rounded-t-lg bg-surface p-4 text-ink shadow-xl outline-none sm:max-w-3xl sm:rounded-lg"
      >
        <div className="mb-3 flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-bold break-words">
              Price history: {leg.name}
            </h2>
            <p className="text-sm text-muted">
              {leg.market}
              {leg.game ? ` · ${gameLabel(leg.game)}` : ''}
            </p>
          </div>
          <Button onClick={onClose}>Close</Button>
        </div>
        <div className="mb-3 flex flex-wrap gap-2">
          <Toggle
            label="Span"
            value={span}
            onChange={setSpan}
            options={[
              { value: 'since-open', label: 'Since it opened' },
              { value: 'last-day', label: 'Last 24 hours' },
            ]}
          />
          {legs.length > 1 ? (
            <Toggle
              label="Price of"
              value={subject}
              onChange={setSubject}
              options={[
                { value: 'leg', label: 'This leg' },
                { value: 'parlay', label: `The parlay (${legs.length} legs)` },
              ]}
            />
          ) : null}
        </div>
        <HistoryBody
          chart={chart}
          isPending={isPending}
          failed={error !== null}
          onRetry={histories.retry}
          booksChosen={books.length}
          format={format}
          caption={caption}
        />
      </div>
    </div>
  );
}

function HistoryBody({
  chart,
  isPending,
  failed,
  onRetry,
  booksChosen,
  format,
  caption,
}: {
  chart: SeriesChart | ParlayChart | null;
  isPending: boolean;
  failed: boolean;
  onRetry: () => void;
  booksChosen: number;
  format: ReturnType<typeof useOddsFormat>;
  caption: string;
}) {
  if (booksChosen === 0) return <p className="text-sm">Choose at least one book to see its prices over time.</p>;
  if (failed)
    return (
      <p role="alert" className="flex flex-wrap items-center gap-2 text-sm">
        The price history could not be read just now; the prices on the grid are unaffected.
        <Button onClick={onRetry}>Try again</Button>
      </p>
    );
  if (isPending || chart === null)
    return (
      <p role="status" className="text-sm text-muted">
        Loading the price history…
      </p>
    );
  const missing = 'booksMissingLegs' in chart ? chart.booksMissingLegs : [];
  return (
    <div className="flex flex-col gap-3">
      {chart.series.length === 0 ? (
        <p className="text-sm">None of your books has listed this line yet.</p>
      ) : (
        <>
          <LineChart chart={chart} format={format} label={caption} />
          <p className="text-xs text-muted">
            Ring: opening price. Dot: {chart.series.some((series) => series.closed) ? 'closing' : 'current'} price.
            Dotted: suspended (no bets taken).
          </p>
          <LineTable chart={chart} format={format} caption={caption} />
        </>
      )}
      {missing.length > 0 ? (
        <p className="text-sm text-warn">
          No combined price at {missing.join(', ')}: {missing.length === 1 ? 'it does' : 'they do'} not list every leg.
        </p>
      ) : null}
    </div>
  );
}

/**
 * One book's plain-words explanation with what the user can do about it: opened from the book's
 * status in the grid (below the table) or in the phone list (inside the book's row).
 */
import { memo, useMemo, useState } from 'react';
import type { BookQuote } from '../../../api/types.ts';
import { explainQuote } from '../../../domain/odds/explain-quote.ts';
import { legKey, type SlipLeg } from '../../../domain/slip.ts';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';
import { useSlip } from '../../../state/app-stores-context.tsx';
import { useLegInjury } from '../../../state/injuries.ts';
import { OutWarning } from '../../../ui/injury-note.tsx';
import { Button } from '../../../ui/button.tsx';
import { FindConflict } from './find-conflict.tsx';
import type { ColumnOutcome } from '../model/grid-model.ts';

const ACTION_CLASS = 'mt-1 min-h-8 px-2 py-1 text-xs';

export const TONE_BY_OUTCOME: Record<ColumnOutcome, string> = {
  priced: '',
  waiting: '',
  missing: 'bg-warn-soft',
  uncombinable: 'bg-warn-soft',
  failed: 'bg-bad-soft',
  absent: 'bg-bad-soft',
  'request-failed': 'bg-bad-soft',
  suspended: 'bg-warn-soft',
};

function RemoveMissingLegsButton({ book, legs }: { book: Sportsbook; legs: readonly SlipLeg[] }) {
  const legsRemoved = useSlip((state) => state.legsRemoved);
  return (
    <Button className={ACTION_CLASS} onClick={() => legsRemoved(legs.map(legKey))}>
      Remove missing legs <span className="sr-only">({book})</span>
    </Button>
  );
}

function RetryBookButton({ book, refetch }: { book: Sportsbook; refetch: () => Promise<unknown> }) {
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    void refetch().finally(() => setRetrying(false));
  };
  return (
    <Button className={ACTION_CLASS} onClick={retry} disabled={retrying}>
      {retrying ? 'Asking again…' : 'Retry'} <span className="sr-only">{book}</span>
    </Button>
  );
}

/** A missing leg on a player ruled out: the injury report says why, which the book does not. */
function RuledOutWarning({ leg }: { leg: SlipLeg }) {
  return <OutWarning injury={useLegInjury(leg)} />;
}

interface BookExplanationProps {
  book: Sportsbook;
  outcome: ColumnOutcome;
  quote: BookQuote | undefined;
  legs: readonly SlipLeg[];
  refetch: (() => Promise<unknown>) | undefined;
  /** Legs (slip indexes) the book has suspended. */
  suspendedLegIndexes: readonly number[];
}

export const BookExplanation = memo(function BookExplanation({
  book,
  outcome,
  quote,
  legs,
  refetch,
  suspendedLegIndexes,
}: BookExplanationProps) {
  const explanation = useMemo(
    () => (quote === undefined ? null : explainQuote(quote, { legNames: legs.map((leg) => leg.name) })),
    [quote, legs],
  );
  let body;
  if (outcome === 'waiting') {
    body = <p className="text-muted">Waiting for {book}…</p>;
  } else if (outcome === 'suspended') {
    const names = suspendedLegIndexes.flatMap((index) => legs[index]?.name ?? []);
    body = (
      <>
        <p className="font-semibold">
          Suspended at {book}: {names.join(', ')}
        </p>
        <p className="mt-0.5 text-muted">
          {book} has stopped taking bets on {names.length === 1 ? 'this line' : 'these lines'} for now, so the parlay is
          not available there. It comes back by itself when the line reopens; other books may still take it.
        </p>
      </>
    );
  } else if (outcome === 'request-failed' || explanation === null || quote === undefined) {
    body = <p>No price from {book}: the request failed (see the message above).</p>;
  } else {
    const missingLegs =
      quote.status === 'missing'
        ? quote.missingEntryIndexes.map((index) => legs[index]).filter((leg): leg is SlipLeg => leg !== undefined)
        : [];
    body = (
      <>
        <p className="font-semibold">{explanation.headline}</p>
        {quote.status === 'priced' ? null : <p className="mt-0.5 text-muted">{explanation.detail}</p>}
        {missingLegs.map((leg) => (
          <RuledOutWarning key={legKey(leg)} leg={leg} />
        ))}
        {explanation.hint && quote.status === 'uncombinable' ? (
          <p className="mt-0.5 text-muted">{explanation.hint}</p>
        ) : null}
        {missingLegs.length > 0 ? <RemoveMissingLegsButton book={book} legs={missingLegs} /> : null}
        {quote.status === 'uncombinable' ? (
          <FindConflict key={legs.map(legKey).join('\u0001')} book={book} legs={legs} />
        ) : null}
        {(quote.status === 'failed' || quote.status === 'absent') && refetch ? (
          <RetryBookButton book={book} refetch={refetch} />
        ) : null}
      </>
    );
  }
  return <div className="text-sm">{body}</div>;
});

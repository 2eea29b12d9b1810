/**
 * "Price history" under a slip leg: opens the leg's chart, whose code (the dialog, the chart, the
 * client's parsing) loads on the first tap, so the page's first screen carries none of it.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { useBetTrackingClient } from '../../api/bet-tracking-context.tsx';
import type { SlipLeg } from '../../domain/slip.ts';

const LineHistoryDialog = lazy(() =>
  import('./line-history-dialog.tsx').then((module) => ({ default: module.LineHistoryDialog })),
);

export function LineHistoryButton({ leg }: { leg: SlipLeg }) {
  const client = useBetTrackingClient();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  if (client === null) return null;
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-label={`Price history of ${leg.name} (${leg.market})`}
        onClick={() => setOpen(true)}
        className="mt-1 min-h-11 text-sm font-medium text-accent underline-offset-2 hover:underline"
      >
        Price history
      </button>
      {open ? (
        <Suspense
          fallback={
            <p role="status" className="text-sm text-muted">
              Loading the chart…
            </p>
          }
        >
          <LineHistoryDialog client={client} leg={leg} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}

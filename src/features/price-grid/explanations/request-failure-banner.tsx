/**
 * Whole-request failures, shown once above the grid however many books they hit: what happened,
 * what it means, what to do. Rate limits count down and retry by themselves; offline waits for
 * the connection (TanStack Query resumes paused queries when the browser is back online); an
 * unreachable server is probed until it answers (state/connection.ts), and the banner then goes.
 */
import { useEffect, useRef, useState } from 'react';
import { describeApiError } from '../../../api/error-descriptions.ts';
import { isApiError, isRateLimitedError } from '../../../api/errors.ts';
import type { ApiErrorKind } from '../../../api/types.ts';
import { Button } from '../../../ui/button.tsx';
import { useIsOnline } from '../../../state/connection.ts';
import type { BookQuoteState } from '../data/use-book-quotes.ts';

/** When books fail in different ways, the one the user most needs to hear about. */
const SERIOUSNESS: readonly ApiErrorKind[] = [
  'unauthorized',
  'forbidden',
  'rate_limited',
  'network',
  'timeout',
  'server',
  'invalid_response',
  'bad_request',
  'not_found',
];

function seriousness(error: unknown): number {
  if (!isApiError(error)) return SERIOUSNESS.length;
  return SERIOUSNESS.indexOf(error.kind);
}

const DEFAULT_RATE_LIMIT_WAIT_S = 5;

function RateLimitCountdown({ seconds, onElapsed }: { seconds: number; onElapsed: () => void }) {
  const [remaining, setRemaining] = useState(seconds);
  const fired = useRef(false);
  useEffect(() => {
    const timer = setInterval(() => setRemaining((left) => Math.max(0, left - 1)), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (remaining > 0 || fired.current) return;
    fired.current = true;
    onElapsed();
  }, [remaining, onElapsed]);
  return <>{remaining > 0 ? `Retrying automatically in ${remaining} s.` : 'Retrying now…'}</>;
}

const BOX_CLASS = 'mb-3 rounded-md border border-line p-3 text-sm';

export function RequestFailureBanner({
  failures,
  stillAsking = [],
  bookCount,
}: {
  failures: readonly BookQuoteState[];
  /** Books with no answer yet: Try again asks them too (one on a failing retry is asked afresh). */
  stillAsking?: readonly BookQuoteState[];
  bookCount: number;
}) {
  const online = useIsOnline();
  if (!online) {
    return (
      <div className={`${BOX_CLASS} bg-warn-soft`} role="status">
        <p className="font-semibold">You’re offline</p>
        <p className="mt-1 text-muted">
          Prices will refresh by themselves when your connection is back. Your slip is kept.
        </p>
      </div>
    );
  }
  if (failures.length === 0) return null;

  const worst = failures.reduce((chosen, failure) =>
    seriousness(failure.requestError) < seriousness(chosen.requestError) ? failure : chosen,
  );
  const error = worst.requestError;
  const description = describeApiError(error);
  const retryFailed = () => failures.forEach((failure) => void failure.refetch());
  const tryAgain = () => [...failures, ...stillAsking].forEach((state) => void state.refetch());
  const scope =
    failures.length === bookCount
      ? 'No book’s prices could be loaded.'
      : `No prices from ${failures.map((failure) => failure.book).join(', ')}; the other books keep theirs.`;
  const rateLimited = isRateLimitedError(error);

  return (
    <div className={`${BOX_CLASS} bg-bad-soft`}>
      <div role="alert">
        <p className="font-semibold">{description.title}</p>
        <p className="mt-1">
          {description.explanation} {scope} Your slip is kept.
        </p>
      </div>
      <p className="mt-1 text-muted">
        {rateLimited ? (
          <RateLimitCountdown
            key={worst.failureId}
            seconds={(isApiError(error) ? error.retryAfterSeconds : null) ?? DEFAULT_RATE_LIMIT_WAIT_S}
            onElapsed={retryFailed}
          />
        ) : isApiError(error) && error.kind === 'network' ? (
          `${description.action} Prices come back by themselves as soon as the server answers.`
        ) : (
          description.action
        )}
      </p>
      {rateLimited ? null : (
        <Button className="mt-2" onClick={tryAgain}>
          Try again
        </Button>
      )}
    </div>
  );
}

/**
 * "Live" while the slip's prices arrive by stream and the browser is online; otherwise "Updated N s
 * ago", saying so when the stream failed and prices are polled again, or the browser is offline. It ticks on its own each second, so the table above it
 * never re-renders for the clock.
 */
import { useEffect, useState } from 'react';
import { PRICE_REFRESH_MS } from '../../../api/queries.ts';
import { ageInWords } from '../../../domain/display.ts';
import type { LiveSummary } from '../../../state/live-odds/live-status.ts';
import { useIsOnline } from '../../../state/connection.ts';

const LINE_CLASS = 'text-xs text-muted tabular-nums';

export function FreshnessLine({ updatedAt, live = 'off' }: { updatedAt: number; live?: LiveSummary }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const online = useIsOnline();
  // Offline, no stream can be bringing prices, whatever it last said: never a green "Live" then.
  if (!online) {
    return (
      <p className={LINE_CLASS}>
        Not live: offline{updatedAt === 0 ? '' : ` · prices from ${ageInWords(updatedAt, Math.max(now, updatedAt))}`}
      </p>
    );
  }
  if (live === 'live') {
    return (
      <p className={LINE_CLASS} title="Prices change here as the books change them">
        <span aria-hidden="true" className="text-up">
          ●{' '}
        </span>
        Live
      </p>
    );
  }
  if (live === 'reconnecting') return <p className={LINE_CLASS}>Live · reconnecting…</p>;
  if (updatedAt === 0) return null;
  const age = `Updated ${ageInWords(updatedAt, Math.max(now, updatedAt))}`;
  if (live === 'down') {
    return (
      <p className={LINE_CLASS}>
        Live prices interrupted: refreshing every {PRICE_REFRESH_MS / 1000} s · {age}
      </p>
    );
  }
  return <p className={LINE_CLASS}>{age}</p>;
}

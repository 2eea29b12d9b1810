/**
 * The slip's price alert against the best price shown: fires once, the moment the best price
 * reaches it (the store refuses a second firing, so a re-render or StrictMode's second effect never
 * fires it twice), in the page and, where the user allowed it, as a browser notification.
 */
import { useEffect, useMemo } from 'react';
import { alertReached, alertSlipKey, type PriceAlert } from '../../../domain/price-alert.ts';
import { formatOdds, type OddsFormat } from '../../../domain/odds/odds.ts';
import type { SlipLeg } from '../../../domain/slip.ts';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';
import { useSlip } from '../../../state/app-stores-context.tsx';

export interface BestPrice {
  decimal: number;
  book: Sportsbook;
}

/** Whether this browser can show notifications at all. */
export function notificationsSupported(): boolean {
  return typeof Notification === 'function';
}

function notify(title: string, body: string): void {
  if (!notificationsSupported() || Notification.permission !== 'granted') return;
  try {
    new Notification(title, { body });
  } catch {
    // Some browsers (Android Chrome) only notify from a service worker: the page's message stands.
  }
}

/** The slip's alert, when it is for this slip (an alert set on another slip waits for it). */
export function useSlipAlert(legs: readonly SlipLeg[]): PriceAlert | null {
  const alert = useSlip((state) => state.priceAlert);
  const slipKey = useMemo(() => alertSlipKey(legs), [legs]);
  return alert !== null && alert.slipKey === slipKey ? alert : null;
}

export function usePriceAlertCheck(
  legs: readonly SlipLeg[],
  best: BestPrice | null,
  format: OddsFormat,
  subject: string,
): void {
  const alert = useSlipAlert(legs);
  const priceAlertFired = useSlip((state) => state.priceAlertFired);
  useEffect(() => {
    if (alert === null || alert.fired !== null || best === null || !alertReached(alert.rule, best.decimal)) return;
    const fired = priceAlertFired({ at: Date.now(), decimal: best.decimal, book: best.book });
    if (fired && alert.notify) {
      notify('Price alert', `The ${subject} is ${formatOdds(best.decimal, format)} at ${best.book}.`);
    }
  }, [alert, best, priceAlertFired, format, subject]);
}

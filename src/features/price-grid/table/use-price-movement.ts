/** Notices when a shown price changes between answers, and says which way, for a moment. */
import { useEffect, useState } from 'react';

export type PriceMovement = 'up' | 'down';

/** Matches the flash animation in index.css. */
const MOVEMENT_VISIBLE_MS = 2500;

/**
 * `identity` says what the price is a price of (e.g. a parlay leg vs a single-bet stand-in):
 * when it changes, the new number is a different price, not a move.
 */
export function usePriceMovement(decimal: number | null, identity: string): PriceMovement | null {
  const [seen, setSeen] = useState({ decimal, identity });
  const [movement, setMovement] = useState<{ direction: PriceMovement } | null>(null);

  // Adjusting state while rendering (React's documented pattern for reacting to a prop change).
  if (seen.decimal !== decimal || seen.identity !== identity) {
    setSeen({ decimal, identity });
    const comparable = seen.identity === identity && seen.decimal !== null && decimal !== null;
    setMovement(comparable ? { direction: decimal > (seen.decimal ?? decimal) ? 'up' : 'down' } : null);
  }

  useEffect(() => {
    if (movement === null) return;
    const timer = setTimeout(() => setMovement(null), MOVEMENT_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [movement]);

  return movement?.direction ?? null;
}

export function movementClass(movement: PriceMovement | null): string {
  if (movement === 'up') return 'price-moved-up';
  if (movement === 'down') return 'price-moved-down';
  return '';
}

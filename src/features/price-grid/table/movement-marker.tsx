import type { PriceMovement } from './use-price-movement.ts';

/** An arrow for the eye and words for screen readers; never colour alone. */
export function MovementMarker({ movement }: { movement: PriceMovement | null }) {
  if (movement === null) return null;
  return (
    <span className={movement === 'up' ? 'text-up' : 'text-down'}>
      <span aria-hidden="true"> {movement === 'up' ? '↑' : '↓'}</span>
      <span className="sr-only"> (price {movement})</span>
    </span>
  );
}

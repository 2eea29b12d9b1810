/**
 * A row heading that sorts the books (the columns) by that row's prices, best first; clicked again,
 * back to the user's order. Its state is the heading's aria-sort; the hint is shared by id.
 */
import type { ReactNode } from 'react';

const SORT_HINT_ID = 'grid-sort-hint';

export function SortHint() {
  return (
    <span id={SORT_HINT_ID} hidden>
      Sorts the books by this row, best price first; again for your order.
    </span>
  );
}

export function SortButton({
  sorted,
  onClick,
  children,
}: {
  sorted: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-describedby={SORT_HINT_ID}
      className="block w-full rounded-sm text-left hover:text-accent hover:underline"
    >
      {children}
      {/* Only the sorted row is marked: a mark on every heading would cost each a line. */}
      {sorted ? (
        <span aria-hidden="true" className="ml-1 text-xs text-accent">
          ▼
        </span>
      ) : null}
    </button>
  );
}

/** One selection as a slip toggle: its name, and the best price among the user's books. */
import { memo } from 'react';
import { useFormatOdds, useOddsFormat } from '../../state/use-format-odds.ts';
import { OddsText } from '../../ui/odds-text.tsx';
import type { SelectionView } from './market-board.ts';

export interface SelectionButtonProps {
  selection: SelectionView;
  onSlip: boolean;
  onToggle: (selection: SelectionView) => void;
}

/** What a selection's toggle says and whether it can be pressed, wherever it is shown. */
export function selectionToggleState(
  selection: SelectionView,
  onSlip: boolean,
  formatOdds: (decimal: number) => string,
) {
  const { best } = selection;
  const price = best ? formatOdds(best.decimalPrice) : null;
  const accessibleName = best
    ? `${selection.name}, ${selection.market}, best ${price} at ${best.book}`
    : `${selection.name}, ${selection.market}, not at your books`;
  // Not offered at the chosen books: nothing to price it against. Still removable if on the slip.
  const disabled = best === null && !onSlip;
  const tone = onSlip
    ? 'border-accent bg-accent-soft text-ink'
    : disabled
      ? 'border-line bg-raised text-muted'
      : 'border-line bg-surface text-ink hover:bg-raised';
  return { price, accessibleName, disabled, tone };
}

export const SelectionButton = memo(function SelectionButton({ selection, onSlip, onToggle }: SelectionButtonProps) {
  const formatOdds = useFormatOdds();
  const format = useOddsFormat();
  const { best } = selection;
  const { accessibleName, disabled, tone } = selectionToggleState(selection, onSlip, formatOdds);

  return (
    <button
      type="button"
      aria-pressed={onSlip}
      aria-label={accessibleName}
      disabled={disabled}
      onClick={() => onToggle(selection)}
      className={`flex min-h-11 w-full min-w-0 flex-col items-stretch justify-center rounded-md border px-2 py-1.5 text-left text-sm disabled:cursor-not-allowed ${tone}`}
    >
      <span className="flex items-start justify-between gap-1">
        <span className="min-w-0 break-words font-medium">{selection.shortLabel}</span>
        {onSlip ? (
          <span aria-hidden="true" className="font-bold text-accent">
            ✓
          </span>
        ) : null}
      </span>
      {best ? (
        <span className="text-xs text-muted">
          <OddsText decimal={best.decimalPrice} format={format} className="font-semibold text-best" /> · {best.book}
        </span>
      ) : (
        <span className="text-xs">Not at your books</span>
      )}
    </button>
  );
});

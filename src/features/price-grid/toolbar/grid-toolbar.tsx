/** Above the table: the fair-value switch, how fresh the prices are, the table switch and the CSV. */
import type { SlipLeg } from '../../../domain/slip.ts';
import { useSettings } from '../../../state/app-stores-context.tsx';
import type { LiveSummary } from '../../../state/live-odds/live-status.ts';
import { SpokenLabel } from '../../../ui/spoken-label.tsx';
import type { FairValue } from '../data/use-fair-value.ts';
import type { BookColumn } from '../model/grid-model.ts';
import { DownloadCsvButton } from './download-csv-button.tsx';
import { FreshnessLine } from './freshness.tsx';

function FairValueToggle() {
  const shown = useSettings((state) => state.fairValue);
  const fairValueShown = useSettings((state) => state.fairValueShown);
  return (
    <label className="flex min-h-9 items-center gap-1.5 text-sm">
      <input
        type="checkbox"
        checked={shown}
        onChange={(event) => fairValueShown(event.target.checked)}
        className="size-4 accent-accent"
      />
      Fair value
    </label>
  );
}

interface GridToolbarProps {
  /** The analyst's controls (fair-value switch, CSV) beside the reader's. */
  analyst: boolean;
  /** The table does not fit beside the legs: it is one tap away. */
  narrow: boolean;
  tableOnNarrow: boolean;
  onTableToggle: () => void;
  updatedAt: number;
  live: LiveSummary;
  legs: readonly SlipLeg[];
  /** In the order shown, for the CSV. */
  columns: readonly BookColumn[];
  mode: 'parlay' | 'straight';
  fair: FairValue | null;
  /** In the verdict's box, beside the stake (a reader's), rather than a line of its own. */
  besideStake?: boolean;
}

export function GridToolbar({
  analyst,
  narrow,
  tableOnNarrow,
  onTableToggle,
  updatedAt,
  live,
  legs,
  columns,
  mode,
  fair,
  besideStake = false,
}: GridToolbarProps) {
  return (
    <div className={`flex flex-wrap items-center justify-between gap-x-2 gap-y-1 ${besideStake ? 'ml-auto' : 'mb-2'}`}>
      {analyst ? <FairValueToggle /> : null}
      <div className="ml-auto flex flex-wrap items-center gap-2">
        <FreshnessLine updatedAt={updatedAt} live={live} />
        {narrow || !analyst ? (
          <button
            type="button"
            aria-pressed={tableOnNarrow}
            onClick={onTableToggle}
            className="min-h-11 min-w-11 rounded-md border border-line px-2 text-sm"
          >
            <SpokenLabel shown="Table" spoken="Table view" />
          </button>
        ) : null}
        {analyst ? <DownloadCsvButton legs={legs} columns={columns} mode={mode} fair={fair} /> : null}
      </div>
    </div>
  );
}

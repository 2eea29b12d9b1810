import { ODDS_FORMATS, ODDS_FORMAT_LABELS, isOddsFormat } from '../../domain/odds/odds-core.ts';
import { useSettings } from '../../state/app-stores-context.tsx';
import { SpokenLabel } from '../../ui/spoken-label.tsx';

/** `short` (the widget's header, beside its title in a narrow column): the label shows as "Odds". */
export function OddsFormatSelect({ short = false }: { short?: boolean }) {
  const oddsFormat = useSettings((state) => state.oddsFormat);
  const oddsFormatChanged = useSettings((state) => state.oddsFormatChanged);
  return (
    <label className="flex items-center gap-2 text-sm">
      {short ? <SpokenLabel shown="Odds" spoken="Odds format" /> : <span>Odds format</span>}
      <select
        className="min-h-11 rounded-md border border-line bg-surface px-2 py-1 text-ink"
        value={oddsFormat}
        onChange={(event) => {
          if (isOddsFormat(event.target.value)) oddsFormatChanged(event.target.value);
        }}
      >
        {ODDS_FORMATS.map((format) => (
          <option key={format} value={format}>
            {ODDS_FORMAT_LABELS[format]}
          </option>
        ))}
      </select>
    </label>
  );
}

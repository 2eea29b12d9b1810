import { isRegion, REGIONS, type Region } from '../../domain/region.ts';
import { useSettings } from '../../state/app-stores-context.tsx';

const REGION_NAMES: Readonly<Record<Region, string>> = { us: 'US ($)', uk: 'UK (£)' };

/**
 * Where the bettor bets: the legal line, the currency, and the books and odds format a change starts
 * with follow it. Remembered with the settings.
 */
export function RegionSelect() {
  const region = useSettings((state) => state.region);
  const regionChanged = useSettings((state) => state.regionChanged);
  return (
    <label className="flex items-center gap-2 text-sm">
      <span>Region</span>
      <select
        className="min-h-11 rounded-md border border-line bg-surface px-2 py-1 text-ink"
        value={region}
        onChange={(event) => {
          if (isRegion(event.target.value)) regionChanged(event.target.value);
        }}
      >
        {REGIONS.map((choice) => (
          <option key={choice} value={choice}>
            {REGION_NAMES[choice]}
          </option>
        ))}
      </select>
    </label>
  );
}

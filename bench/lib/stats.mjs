export function median(values) {
  const sorted = values.filter((value) => typeof value === 'number' && Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The value at `fraction` (0.5, 0.95, ...) of an ascending list, nearest rank; null when it is empty. */
export function percentile(sorted, fraction) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
}

const roundTo = (value, digits) => Number(value.toFixed(digits));

/**
 * A figure measured once per run: its median, and beside it the spread (lowest, highest) and every
 * run's value in the order they ran, rounded to `digits`. Null when no run measured it.
 */
export function spreadOf(values, digits = 0) {
  const runs = values.filter((value) => typeof value === 'number' && Number.isFinite(value));
  if (runs.length === 0) return null;
  return {
    median: roundTo(median(runs), digits),
    min: roundTo(Math.min(...runs), digits),
    max: roundTo(Math.max(...runs), digits),
    runs: runs.map((value) => roundTo(value, digits)),
  };
}

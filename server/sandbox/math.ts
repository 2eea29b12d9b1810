/** Small numeric helpers for the pricing model. */

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

export function logit(probability: number): number {
  return Math.log(probability / (1 - probability));
}

export function logistic(value: number): number {
  return 1 / (1 + Math.exp(-value));
}

/** Standard normal CDF (Abramowitz-Stegun 7.1.26; error below 1e-7, plenty for prices). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** P(X = k) for X ~ Poisson(mean). */
export function poissonPmf(mean: number, k: number): number {
  let probability = Math.exp(-mean);
  for (let step = 1; step <= k; step++) probability *= mean / step;
  return probability;
}

/** P(X > line) for X ~ Poisson(mean) and a half-point line. */
export function poissonOver(mean: number, line: number): number {
  let atOrBelow = 0;
  for (let k = 0; k <= Math.floor(line); k++) atOrBelow += poissonPmf(mean, k);
  return clamp(1 - atOrBelow, 0, 1);
}

/** Rounds to the nearest multiple of `step` (e.g. 0.5 for betting lines). */
export function roundToStep(value: number, step: number): number {
  return Math.round(value / step) * step;
}

/** A line as books print it: `8`, `8.5`, `-1.5`, never `8.0`. */
export function formatLine(line: number): string {
  return String(Number(line.toFixed(2)));
}

/** A signed line for spreads: `-1.5`, `+1.5`, `+0`. */
export function formatSignedLine(line: number): string {
  return line < 0 ? formatLine(line) : `+${formatLine(line)}`;
}

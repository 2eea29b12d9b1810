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

/** A line as books print it: `8`, `8.5`, `-1.5`, never `8.0`. */
export function formatLine(line: number): string {
  return String(Number(line.toFixed(2)));
}

/** A signed line for spreads: `-1.5`, `+1.5`, `+0`. */
export function formatSignedLine(line: number): string {
  return line < 0 ? formatLine(line) : `+${formatLine(line)}`;
}

/** Standard normal density. */
function normalPdf(z: number): number {
  return Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
}

const ACKLAM_A = [
  -3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1,
  2.506628277459239,
];
const ACKLAM_B = [
  -5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1,
];
const ACKLAM_C = [
  -7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968,
  2.938163982698783,
];
const ACKLAM_D = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];

function polynomial(coefficients: readonly number[], x: number): number {
  return coefficients.reduce((sum, coefficient) => sum * x + coefficient, 0);
}

/** Inverse of the standard normal CDF (Acklam's rational approximation, relative error ~1e-9). */
export function inverseNormalCdf(probability: number): number {
  const p = clamp(probability, 1e-12, 1 - 1e-12);
  const tail = 0.02425;
  if (p < tail) {
    const q = Math.sqrt(-2 * Math.log(p));
    return polynomial(ACKLAM_C, q) / (polynomial(ACKLAM_D, q) * q + 1);
  }
  if (p > 1 - tail) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return -polynomial(ACKLAM_C, q) / (polynomial(ACKLAM_D, q) * q + 1);
  }
  const q = p - 0.5;
  const r = q * q;
  return (polynomial(ACKLAM_A, r) * q) / (polynomial(ACKLAM_B, r) * r + 1);
}

const BIVARIATE_STEPS = 200;

/**
 * P(X <= a, Y <= b) for standard normals with correlation rho (|rho| <= 0.99), by Simpson's rule
 * over x of phi(x) * Phi((b - rho x) / sqrt(1 - rho^2)). Accurate to ~1e-6: plenty for prices.
 */
export function bivariateNormalCdf(a: number, b: number, rho: number): number {
  const correlation = clamp(rho, -0.99, 0.99);
  const lower = -8;
  if (a <= lower || b <= lower) return 0;
  const upper = Math.min(a, 8);
  const scale = Math.sqrt(1 - correlation * correlation);
  const step = (upper - lower) / BIVARIATE_STEPS;
  let sum = 0;
  for (let index = 0; index <= BIVARIATE_STEPS; index++) {
    const x = lower + index * step;
    const weight = index === 0 || index === BIVARIATE_STEPS ? 1 : index % 2 === 1 ? 4 : 2;
    sum += weight * normalPdf(x) * normalCdf((b - correlation * x) / scale);
  }
  return clamp((sum * step) / 3, 0, 1);
}

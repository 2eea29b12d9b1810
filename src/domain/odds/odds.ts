/**
 * Odds arithmetic. Internally every price is exact decimal odds (a JS number, never rounded);
 * rounding happens only when a price is formatted for display.
 */
import { fractionalPrice } from './fractional.ts';

// The first paint's part (formats, reading American prices) lives apart, so this file (and the
// fractional ladder) loads with the prices, not with the page.
export { americanToDecimal, isOddsFormat, type OddsFormat } from './odds-core.ts';
import type { OddsFormat } from './odds-core.ts';

/** Decimal odds to American odds, unrounded. Even money is +100. */
export function decimalToAmerican(decimal: number): number {
  return decimal >= 2 ? (decimal - 1) * 100 : -100 / (decimal - 1);
}

/**
 * Whole American odds for display: the nearest whole number. A price computed from decimal odds
 * always lies outside (-100, +100), so rounding never lands inside that impossible band.
 */
function roundAmericanForDisplay(american: number): number {
  return american >= 100 ? Math.max(100, Math.round(american)) : Math.min(-100, Math.round(american));
}

/** Implied probability (0..1) of decimal odds, ignoring margin. */
function impliedProbability(decimal: number): number {
  return 1 / decimal;
}

/** Product of legs' decimal odds: the independent (cross-game) parlay price. */
export function combineDecimal(legs: readonly number[]): number {
  return legs.reduce((product, price) => product * price, 1);
}

/** Total return (stake included) of a winning bet at decimal odds. */
export function payoutFor(stake: number, decimal: number): number {
  return stake * decimal;
}

/**
 * A book's same-game adjustment: how far its quoted combined price sits from the product of its
 * own leg prices, as a signed fraction of that product's profit (negative = book pays less).
 * Expressed on decimal odds, e.g. legs 2.02 x 1.87 = 3.777, quote 3.41 -> -9.7%.
 */
export function combinationAdjustment(quotedDecimal: number, legDecimals: readonly number[]): number {
  const independent = combineDecimal(legDecimals);
  return quotedDecimal / independent - 1;
}

/** Formats exact decimal odds for display in the chosen format. */
export function formatOdds(decimal: number, format: OddsFormat): string {
  if (!Number.isFinite(decimal) || decimal <= 1) return '–';
  switch (format) {
    case 'american': {
      const american = roundAmericanForDisplay(decimalToAmerican(decimal));
      return american > 0 ? `+${american}` : `${american}`;
    }
    case 'decimal':
      return decimal.toFixed(2);
    case 'fractional': {
      const { fraction, approximates } = fractionalPrice(decimal);
      return approximates === null ? fraction : `≈${fraction} (${approximates})`;
    }
    case 'probability': {
      const percent = impliedProbability(decimal) * 100;
      return `${percent < 1 ? percent.toFixed(2) : percent.toFixed(1)}%`;
    }
  }
}

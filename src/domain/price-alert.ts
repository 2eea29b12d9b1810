/**
 * Price alerts on a slip: "tell me when the best price reaches X" or "... moves by N%". An alert
 * belongs to the slip it was set on (its legs, in any order) and fires once. Pure rules; the grid
 * checks them as prices change, the slip store keeps the alert.
 */
import { americanToDecimal, formatOdds, type OddsFormat } from './odds/odds.ts';
import { legKey, type SlipLeg } from './slip.ts';
import type { Sportsbook } from './sportsbooks.ts';

export type PriceAlertRule =
  /** The best price at or above this (exact decimal odds). */
  | { kind: 'reaches'; decimal: number }
  /** The best price this far (in %) from what it was when the alert was set, either way. */
  | { kind: 'moves'; percent: number; fromDecimal: number };

/** The most a "moves by N%" alert may ask for (more is a typo). */
export const MAX_ALERT_PERCENT = 1000;

export interface FiredAlert {
  /** Epoch ms. */
  at: number;
  decimal: number;
  book: Sportsbook;
}

export interface PriceAlert {
  /** The slip it watches (alertSlipKey): it applies only while the slip holds exactly these legs. */
  slipKey: string;
  rule: PriceAlertRule;
  /** Also as a browser notification (the user allowed them when setting it). */
  notify: boolean;
  /** Once reached: when, at what price, where. */
  fired: FiredAlert | null;
}

/** The slip's legs as one key, order aside (moving a leg is the same slip). */
export function alertSlipKey(legs: readonly Pick<SlipLeg, 'fixtureId' | 'market' | 'name'>[]): string {
  return legs.map(legKey).sort().join('\u0001');
}

export function alertReached(rule: PriceAlertRule, bestDecimal: number): boolean {
  if (rule.kind === 'reaches') return bestDecimal >= rule.decimal;
  // A hair of tolerance: 4 -> 3.6 is a 10% move, though floating point makes it 9.999...%.
  return (Math.abs(bestDecimal - rule.fromDecimal) / rule.fromDecimal) * 100 >= rule.percent - 1e-9;
}

/** "reaches +350" / "moves by 5% from +310", in the user's odds format. */
export function describeAlertRule(rule: PriceAlertRule, format: OddsFormat): string {
  if (rule.kind === 'reaches') return `reaches ${formatOdds(rule.decimal, format)}`;
  return `moves by ${rule.percent}% from ${formatOdds(rule.fromDecimal, format)}`;
}

/**
 * A price as a bettor types it: American (`+350`, `-120`, or `350`: a number of 100 or more) or
 * decimal (`4.5`). Exact decimal odds, or null when it is no price a book could offer.
 */
export function parsePriceInput(text: string): number | null {
  const trimmed = text.trim().replace(/^\+/, '');
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  const american = text.trim().startsWith('+') || Math.abs(value) >= 100;
  const decimal = american ? americanToDecimal(value) : value;
  return decimal !== null && Number.isFinite(decimal) && decimal > 1 ? decimal : null;
}

/**
 * What the app's first paint needs of odds: the formats a user picks from, and reading the service's
 * American prices as exact decimal odds. Formatting for display (odds.ts, fractional.ts) loads later,
 * with the prices.
 */

export const ODDS_FORMATS = ['american', 'decimal', 'fractional', 'probability'] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];

export const ODDS_FORMAT_LABELS: Record<OddsFormat, string> = {
  american: 'American',
  decimal: 'Decimal',
  fractional: 'Fractional',
  probability: 'Implied probability',
};

export function isOddsFormat(value: unknown): value is OddsFormat {
  return typeof value === 'string' && (ODDS_FORMATS as readonly string[]).includes(value);
}

/**
 * American odds to decimal odds. American prices in (-100, 100) do not exist; the service sends
 * floats such as `-230.0`. Returns null for values no book could quote.
 */
export function americanToDecimal(american: number): number | null {
  if (!Number.isFinite(american)) return null;
  if (american >= 100) return 1 + american / 100;
  if (american <= -100) return 1 + 100 / -american;
  return null;
}

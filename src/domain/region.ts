/**
 * Where the builder is shown decides its legal line (age, help line), its usual odds format and the
 * stake's currency. Two regions today: the United States and the United Kingdom.
 */
import type { OddsFormat } from './odds/odds.ts';

export const REGIONS = ['us', 'uk'] as const;
export type Region = (typeof REGIONS)[number];

/** The odds format a region shows when nobody chose one. */
export const REGION_ODDS_FORMAT: Record<Region, OddsFormat> = { us: 'american', uk: 'fractional' };

export const REGION_CURRENCY: Record<Region, { code: string; symbol: string }> = {
  us: { code: 'USD', symbol: '$' },
  uk: { code: 'GBP', symbol: '£' },
};

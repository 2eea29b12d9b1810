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

const REGION_SET: ReadonlySet<string> = new Set(REGIONS);

export function isRegion(value: unknown): value is Region {
  return typeof value === 'string' && REGION_SET.has(value);
}

/**
 * Where a browser language tag places its reader: Great Britain and the Crown dependencies (en-GB,
 * cy-GB, en-JE…), and Welsh, Scottish Gaelic or Cornish without a country, are UK bettors. Every
 * other tag (en-US, en-IE, fr-FR, a bare "en") is a US one: the app has those two regions, and the
 * chooser in the header is one tap away. Ireland stays US on purpose: its books take euros, and
 * pounds would be wrong there.
 */
const UK_COUNTRIES: ReadonlySet<string> = new Set(['GB', 'UK', 'GG', 'JE', 'IM']);
const UK_LANGUAGES: ReadonlySet<string> = new Set(['cy', 'gd', 'kw']);

/** The region of the first language tag that names a country or a UK language; US when none does. */
export function regionOfLanguages(languages: readonly string[]): Region {
  for (const tag of languages) {
    const [language = '', ...rest] = tag.split(/[-_]/);
    const country = rest.find((part) => /^[A-Za-z]{2}$/.test(part))?.toUpperCase();
    if (country !== undefined) return UK_COUNTRIES.has(country) ? 'uk' : 'us';
    if (UK_LANGUAGES.has(language.toLowerCase())) return 'uk';
  }
  return 'us';
}

/**
 * Share links: the URL carries the slip, the chosen books, the odds format and whether fair value
 * is shown. Opening such a
 * link restores them (over whatever was saved); while the app runs, the URL follows the state.
 */
import { decodeSlip, encodeSlip, overLimitWords } from '../domain/slip.ts';
import { isOddsFormat } from '../domain/odds/odds-core.ts';
import { isSportsbook, orderSportsbooks } from '../domain/sportsbooks.ts';
import { isRegion } from '../domain/region.ts';
import type { PersistedState } from './persisted-state.ts';

const URL_PARAMS = { legs: 'legs', books: 'books', format: 'format', fair: 'fair' } as const;

/**
 * `?region=uk|us` opens the app in that region (and is remembered, as the chooser is). A link the
 * app writes never carries it: whoever opens a shared slip keeps their own region.
 */
const REGION_PARAM = 'region';

const FAIR_VALUES: Readonly<Record<string, boolean>> = { '1': true, '0': false };

export interface UrlOverrides {
  overrides: Partial<PersistedState>;
  notices: string[];
}

/** Reads share-link parameters; anything unusable is skipped and reported, never thrown. */
export function readShareParams(search: string): UrlOverrides {
  const params = new URLSearchParams(search);
  const overrides: Partial<PersistedState> = {};
  const notices: string[] = [];

  const legsText = params.get(URL_PARAMS.legs);
  if (legsText !== null) {
    const { legs, rejectedCount, overLimitCount } = decodeSlip(legsText);
    overrides.legs = legs;
    if (rejectedCount > 0) {
      notices.push(
        `${rejectedCount} ${rejectedCount === 1 ? 'leg' : 'legs'} in this link could not be read and ${rejectedCount === 1 ? 'was' : 'were'} left out.`,
      );
    }
    if (overLimitCount > 0) {
      notices.push(`This link has ${legs.length + overLimitCount} legs; ${overLimitWords(overLimitCount)}.`);
    }
  }

  const booksText = params.get(URL_PARAMS.books);
  if (booksText !== null) {
    const names = booksText
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '');
    const unknown = names.filter((name) => !isSportsbook(name));
    overrides.books = orderSportsbooks(names.filter(isSportsbook));
    if (unknown.length > 0)
      notices.push(
        `This link names sportsbooks we don't support (${unknown.slice(0, 3).join(', ')}); they were left out.`,
      );
  }

  const format = params.get(URL_PARAMS.format);
  if (format !== null) {
    if (isOddsFormat(format)) overrides.oddsFormat = format;
    else
      notices.push(`This link asks for an unknown odds format ("${format.slice(0, 20)}"); showing your usual format.`);
  }
  const fair = params.get(URL_PARAMS.fair);
  if (fair !== null) {
    const shown = FAIR_VALUES[fair];
    if (shown !== undefined) overrides.fairValue = shown;
    else
      notices.push(
        `This link has an unreadable fair-value setting ("${fair.slice(0, 20)}"); your usual choice is kept.`,
      );
  }
  const region = params.get(REGION_PARAM);
  if (region !== null) {
    const wanted = region.trim().toLowerCase();
    if (isRegion(wanted)) overrides.region = wanted;
    else notices.push(`This link asks for an unknown region ("${region.slice(0, 20)}"); your usual region is kept.`);
  }
  return { overrides, notices };
}

/** The share link for the current state, on top of the given page URL. */
export function buildShareUrl(
  pageUrl: string,
  state: Pick<PersistedState, 'legs' | 'books' | 'oddsFormat' | 'fairValue'>,
): string {
  const url = new URL(pageUrl);
  for (const name of [...Object.values(URL_PARAMS), REGION_PARAM]) url.searchParams.delete(name);
  if (state.legs.length > 0) url.searchParams.set(URL_PARAMS.legs, encodeSlip(state.legs));
  url.searchParams.set(URL_PARAMS.books, state.books.join(','));
  url.searchParams.set(URL_PARAMS.format, state.oddsFormat);
  url.searchParams.set(URL_PARAMS.fair, state.fairValue ? '1' : '0');
  return url.href;
}

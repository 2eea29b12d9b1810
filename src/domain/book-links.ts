/**
 * Where a book's column links out: the book's own deep link when its answer carries one, else the
 * host's affiliate URL template filled in, else nowhere. Only http(s) URLs ever become links.
 * Pure functions, no React.
 */
import type { DeepLinks } from './odds/parlay.ts';
import { encodeSlip, type SlipLeg } from './slip.ts';
import { sportsbookSlug, type Sportsbook } from './sportsbooks.ts';

/**
 * The placeholders an affiliate template may use; each value is URL-encoded when filled in.
 * - `{book}`: the book's display name (`Hard Rock` -> `Hard%20Rock`)
 * - `{book_slug}`: the book's slug (`hard-rock`)
 * - `{legs}`: the slip in the share-link encoding (the same text as the `legs` attribute)
 * - `{price}`: the combined decimal odds to 2 places (`3.64`), empty when the book gave no price
 * - `{stake}`: the stake the user entered
 */
const AFFILIATE_PLACEHOLDERS = ['book', 'book_slug', 'legs', 'price', 'stake'] as const;
type AffiliatePlaceholder = (typeof AFFILIATE_PLACEHOLDERS)[number];

const PLACEHOLDER = /\{([^{}]*)\}/g;

function isHttpUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return url.protocol === 'https:' || url.protocol === 'http:';
}

/** Why a template cannot be used, in words for the site owner; null when it is fine. */
export function affiliateTemplateProblem(template: string): string | null {
  const unknown = [...template.matchAll(PLACEHOLDER)]
    .map((match) => match[1] ?? '')
    .filter((name) => !(AFFILIATE_PLACEHOLDERS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    return `uses unknown placeholder {${unknown[0]}} (known: ${AFFILIATE_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')})`;
  }
  const notAbsolute = 'is not an absolute URL (it must start with https:// or http://)';
  // The scheme must be written out: a placeholder there could turn into anything.
  if (/^[^:/]*\{/.test(template)) return notAbsolute;
  let url: URL;
  try {
    url = new URL(template.replace(PLACEHOLDER, 'x'));
  } catch {
    return notAbsolute;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return `uses ${url.protocol.replace(/:$/, '')}:, but only https: and http: links are allowed`;
  }
  return null;
}

export interface AffiliateValues {
  book: Sportsbook;
  legs: readonly Pick<SlipLeg, 'fixtureId' | 'market' | 'name'>[];
  /** Combined decimal odds, or null when the book gave no price. */
  decimalPrice: number | null;
  stake: number;
}

function placeholderValue(name: AffiliatePlaceholder, values: AffiliateValues): string {
  switch (name) {
    case 'book':
      return values.book;
    case 'book_slug':
      return sportsbookSlug(values.book);
    case 'legs':
      return encodeSlip(values.legs);
    case 'price':
      return values.decimalPrice === null ? '' : values.decimalPrice.toFixed(2);
    case 'stake':
      return String(values.stake);
  }
}

/** The template with every placeholder filled (URL-encoded); null when the result is not an http(s) URL. */
export function fillAffiliateTemplate(template: string, values: AffiliateValues): string | null {
  if (affiliateTemplateProblem(template) !== null) return null;
  const filled = template.replace(PLACEHOLDER, (_, name: AffiliatePlaceholder) =>
    encodeURIComponent(placeholderValue(name, values)),
  );
  return isHttpUrl(filled) ? filled : null;
}

/** The book's own link: desktop first (the widget runs in a browser), only if it is http(s). */
export function deepLinkUrl(deepLinks: DeepLinks | null | undefined): string | null {
  const candidates = [deepLinks?.desktop, deepLinks?.android, deepLinks?.ios];
  return candidates.find((url): url is string => typeof url === 'string' && isHttpUrl(url)) ?? null;
}

/**
 * The host's affiliate template when it has a usable one for the book (an affiliate's link is how it
 * is paid, and it can carry the legs and price itself), else the book's own deep link, else null.
 */
export function bookLinkUrl(
  deepLinks: DeepLinks | null | undefined,
  template: string | undefined,
  values: AffiliateValues,
): string | null {
  return (template === undefined ? null : fillAffiliateTemplate(template, values)) ?? deepLinkUrl(deepLinks);
}

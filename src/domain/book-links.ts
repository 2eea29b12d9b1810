/**
 * Where a book's column links out: the book's own deep link when its answer carries one, else the
 * host's affiliate URL template filled in, else nowhere. Only http(s) URLs ever become links.
 * Pure functions, no React.
 */
import type { DeepLinks } from './odds/parlay.ts';
import { encodeSlip, type SlipLeg } from './slip.ts';
import { sportsbookSlug, type Sportsbook } from './sportsbooks.ts';
import { affiliateTemplateProblem, isHttpUrl, PLACEHOLDER, type AffiliatePlaceholder } from './affiliate-templates.ts';

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

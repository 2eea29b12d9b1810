/**
 * What a host's affiliate URL template may hold: its placeholders, an http(s) URL around them.
 * Read once, with the widget's attributes; the links are filled in from it later (book-links.ts).
 */
/**
 * The placeholders an affiliate template may use; each value is URL-encoded when filled in.
 * - `{book}`: the book's display name (`Hard Rock` -> `Hard%20Rock`)
 * - `{book_slug}`: the book's slug (`hard-rock`)
 * - `{legs}`: the slip in the share-link encoding (the same text as the `legs` attribute)
 * - `{price}`: the combined decimal odds to 2 places (`3.64`), empty when the book gave no price
 * - `{stake}`: the stake the user entered
 */
const AFFILIATE_PLACEHOLDERS = ['book', 'book_slug', 'legs', 'price', 'stake'] as const;
export type AffiliatePlaceholder = (typeof AFFILIATE_PLACEHOLDERS)[number];

export const PLACEHOLDER = /\{([^{}]*)\}/g;

/** Whether the text is an absolute http(s) URL: the only links the widget ever follows. */
export function isHttpUrl(text: string): boolean {
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

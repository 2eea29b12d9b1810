/**
 * Which of our URLs an oEmbed consumer may embed, and the /embed page that shows each: a share link
 * (`/?legs=…&books=…`) or an /embed URL, read with the checks a share link gets (every leg readable,
 * every book one we price). Anything else is not ours to embed.
 */
import { isOddsFormat } from '../../src/domain/odds/odds-core.ts';
import { decodeSlip } from '../../src/domain/slip.ts';
import { isSportsbook } from '../../src/domain/sportsbooks.ts';
import { EMBED_PATHS } from './security-headers.ts';

export interface EmbeddableSlip {
  /** The /embed page's query that shows this URL's builder. */
  embedQuery: URLSearchParams;
  legCount: number;
  mode: 'full' | 'grid';
}

const SHARE_LINK_PATH = '/';

/** The slip's legs when given and every one readable: null when absent, 'unreadable' otherwise. */
function checkedLegs(params: URLSearchParams): number | null | 'unreadable' {
  const text = params.get('legs');
  if (text === null) return null;
  const { legs, rejectedCount } = decodeSlip(text);
  return rejectedCount > 0 || legs.length === 0 ? 'unreadable' : legs.length;
}

function booksAreOurs(params: URLSearchParams): boolean {
  const text = params.get('books');
  if (text === null) return true;
  const names = text.split(',').map((name) => name.trim());
  return names.length > 0 && names.every(isSportsbook);
}

/** A share link's parameters as the /embed page's (grid mode: the article's parlay and its prices). */
function shareLinkEmbed(params: URLSearchParams): URLSearchParams {
  const embed = new URLSearchParams({ mode: 'grid' });
  for (const name of ['legs', 'books'] as const) {
    const value = params.get(name);
    if (value !== null) embed.set(name, value);
  }
  const format = params.get('format');
  if (format !== null && isOddsFormat(format)) embed.set('odds-format', format);
  if (params.get('fair') === '1') embed.set('fair-value', 'show');
  return embed;
}

/** What `url` embeds when it is one of our share links or /embed URLs on `origin`; null otherwise. */
export function embeddableSlip(url: string, origin: string): EmbeddableSlip | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  // The scheme may differ (a link copied as http:// from behind our TLS proxy); the host may not.
  if (parsed.host !== new URL(origin).host || !/^https?:$/.test(parsed.protocol)) return null;
  const params = parsed.searchParams;
  const legCount = checkedLegs(params);
  if (legCount === 'unreadable' || !booksAreOurs(params)) return null;
  if (parsed.pathname === SHARE_LINK_PATH) {
    // Our home page without a slip is no builder to embed.
    if (legCount === null) return null;
    return { embedQuery: shareLinkEmbed(params), legCount, mode: 'grid' };
  }
  if (!EMBED_PATHS.has(parsed.pathname)) return null;
  return {
    embedQuery: new URLSearchParams(params),
    legCount: legCount ?? 0,
    mode: params.get('mode') === 'grid' ? 'grid' : 'full',
  };
}

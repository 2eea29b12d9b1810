/**
 * A sport listed without its main markets, as the service may list one (sandbox only). Header
 * `X-Sandbox-Main-Markets` (or query `sandbox_main_markets`): `basketball=omitted;soccer=empty`.
 * `omitted` leaves `main_markets` out of the sport, `empty` lists `[]`; in /sports, /sports/active,
 * /leagues and /leagues/active alike. The sport's games and their odds are untouched, so a client
 * can be seen falling back to the markets a game's odds carry.
 */
import type { Context } from 'hono';

const HEADER = 'x-sandbox-main-markets';
const QUERY = 'sandbox_main_markets';
const LISTINGS = ['omitted', 'empty'] as const;
type MainMarketsListing = (typeof LISTINGS)[number];

/** How each named sport lists its main markets. */
export type MainMarketsListings = ReadonlyMap<string, MainMarketsListing>;

function isListing(text: string): text is MainMarketsListing {
  return (LISTINGS as readonly string[]).includes(text);
}

/** The listings this request asks for (none: null), or the header's problem in words. */
export function mainMarketsListings(context: Context): MainMarketsListings | string | null {
  const text = context.req.header(HEADER) ?? context.req.query(QUERY);
  if (text === undefined || text.trim() === '') return null;
  const listings = new Map<string, MainMarketsListing>();
  for (const part of text.split(';')) {
    const [sport = '', listing = ''] = part.split('=').map((piece) => piece.trim().toLowerCase());
    if (sport === '' || !isListing(listing))
      return `X-Sandbox-Main-Markets: expected sport=omitted or sport=empty, joined with ";", got "${part.slice(0, 40)}"`;
    listings.set(sport, listing);
  }
  return listings;
}

/** A sport's JSON as these listings have it. */
export function sportAsListed<Sport extends { id: string; main_markets: unknown[] }>(
  sport: Sport,
  listings: MainMarketsListings,
): Omit<Sport, 'main_markets'> & { main_markets?: unknown[] } {
  const listing = listings.get(sport.id);
  if (listing === undefined) return sport;
  if (listing === 'empty') return { ...sport, main_markets: [] };
  const { main_markets: _omitted, ...rest } = sport;
  return rest;
}

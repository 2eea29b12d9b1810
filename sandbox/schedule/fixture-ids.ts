/**
 * Fixture ids in the vendor's two forms. Current: the league's local date and 8 uppercase hex
 * (`20261122DB4BA9B0`). Older, still served for some leagues: the league id, a colon and 12 hex
 * (`mlb:3D5E0C0B1E12`). Both are opaque to clients; the sandbox hides the date inside the older
 * form (4 hex, scrambled) so any id can be looked up without an index.
 */
import type { LeagueInfo } from '../catalog/catalog-sports.ts';
import { hexHash } from '../shared/hash.ts';
import type { PlannedGame } from './schedule-plans.ts';
import { compactDate, DAY_MS, dateKeyToUtcMs, expandCompactDate, utcDateKey, type DateKey } from './time.ts';

const DATE_CODE_MULTIPLIER = 40_503;
const DATE_CODE_OFFSET = 0x9e37;
const SIXTEEN_BITS = 0xffff;

/** The multiplier's inverse modulo 2^16 (it is odd, so one exists). */
const DATE_CODE_INVERSE = (() => {
  for (let candidate = 1; candidate <= SIXTEEN_BITS; candidate += 2) {
    if ((Math.imul(candidate, DATE_CODE_MULTIPLIER) & SIXTEEN_BITS) === 1) return candidate;
  }
  throw new Error('no inverse');
})();

function dayNumberOf(date: DateKey): number {
  return Math.round(dateKeyToUtcMs(date) / DAY_MS);
}

function encodeDate(date: DateKey): string {
  const code = (Math.imul(dayNumberOf(date), DATE_CODE_MULTIPLIER) + DATE_CODE_OFFSET) & SIXTEEN_BITS;
  return code.toString(16).toUpperCase().padStart(4, '0');
}

function decodeDate(hex: string): DateKey {
  const day = Math.imul((Number.parseInt(hex, 16) - DATE_CODE_OFFSET) & SIXTEEN_BITS, DATE_CODE_INVERSE) & SIXTEEN_BITS;
  return utcDateKey(day * DAY_MS);
}

export function fixtureIdFor(seed: number, league: LeagueInfo, game: PlannedGame): string {
  const tail = hexHash(8, 'fixture', seed, league.id, game.home.name, game.away.name, game.localDate);
  return league.idStyle === 'prefixed'
    ? `${league.id}:${encodeDate(game.localDate)}${tail}`
    : compactDate(game.localDate) + tail;
}

/** Where to look for an id: the league (prefixed ids only) and the local date; null if malformed. */
export function parseFixtureId(id: string): { leagueId: string | null; date: DateKey } | null {
  const prefixed = /^([a-z0-9_-]+):([0-9A-F]{4})[0-9A-F]{8}$/.exec(id);
  if (prefixed) return { leagueId: prefixed[1] ?? null, date: decodeDate(prefixed[2] ?? '0000') };
  if (!/^\d{8}[0-9A-F]{8}$/.test(id)) return null;
  const date = expandCompactDate(id.slice(0, 8));
  return date ? { leagueId: null, date } : null;
}

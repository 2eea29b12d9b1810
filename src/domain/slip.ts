/**
 * The slip's legs: identity, conflicts, and the share encoding used by links and the widget's
 * `legs` attribute. Pure functions, no React.
 */
import { isFixtureId, type ParlayEntry } from './odds/parlay.ts';
import type { Sportsbook } from './sportsbooks.ts';

/** What we know of a leg's game when it was added; absent for legs restored from a link. */
export interface GameContext {
  homeTeam: string;
  awayTeam: string;
  startDate: string;
  leagueId: string;
}

/** The price a leg showed when it was added: the best among the chosen books then, and where. */
interface AddedPrice {
  decimal: number;
  book: Sportsbook;
}

export interface SlipLeg {
  fixtureId: string;
  market: string;
  name: string;
  game: GameContext | null;
  /** Absent for legs added without a price in view (share links, slips saved before prices were kept). */
  addedPrice?: AddedPrice;
}

export const MAX_SLIP_LEGS = 20;

/** The largest stake the app takes (a typo guard, not a book's limit). */
export const MAX_STAKE = 1_000_000;

export function legKey(leg: Pick<SlipLeg, 'fixtureId' | 'market' | 'name'>): string {
  return `${leg.fixtureId}\u0000${leg.market}\u0000${leg.name}`;
}

export function toParlayEntries(legs: readonly SlipLeg[]): ParlayEntry[] {
  return legs.map((leg) => ({ fixture_id: leg.fixtureId, market: leg.market, name: leg.name }));
}

const TRAILING_SIDE_AND_LINE = /\s+(over|under)\s+[+-]?\d+(\.\d+)?$|\s+(yes|no)$/i;

/** The player a leg is on (a player prop or a scorer market), as the selection names him; else null. */
export function legPlayerName(leg: Pick<SlipLeg, 'market' | 'name'>): string | null {
  const market = leg.market.toLowerCase();
  if (market.startsWith('player ')) return leg.name.replace(TRAILING_SIDE_AND_LINE, '');
  if (market.includes('scorer')) return leg.name;
  return null;
}

/**
 * What a selection is about within its market: for player props the player (so two players in
 * one prop market are fine), for game lines the whole market (so both sides, or two lines, clash).
 */
function conflictSubject(leg: Pick<SlipLeg, 'market' | 'name'>): string {
  return legPlayerName(leg)?.toLowerCase() ?? '';
}

export interface LegConflict {
  /** Keys of the other legs this one clashes with. */
  withKeys: string[];
  reason: string;
}

/**
 * Legs no book will combine, found before any book is asked: both sides of one market, or two
 * lines of one market, in one game (or for one player).
 */
export function findSlipConflicts(legs: readonly SlipLeg[]): Map<string, LegConflict> {
  const groups = new Map<string, SlipLeg[]>();
  for (const leg of legs) {
    const group = `${leg.fixtureId}\u0000${leg.market.toLowerCase()}\u0000${conflictSubject(leg)}`;
    groups.set(group, [...(groups.get(group) ?? []), leg]);
  }
  const conflicts = new Map<string, LegConflict>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (const leg of group) {
      const others = group.filter((other) => other !== leg);
      conflicts.set(legKey(leg), {
        withKeys: others.map(legKey),
        reason: `Clashes with ${others.map((other) => other.name).join(', ')}: one ${leg.market} selection per ${conflictSubject(leg) ? 'player' : 'game'}.`,
      });
    }
  }
  return conflicts;
}

// Share encoding: legs joined by ",", fields by "~"; "%", "~" and "," inside fields are escaped.
function escapeField(field: string): string {
  return field.replace(/%/g, '%25').replace(/~/g, '%7E').replace(/,/g, '%2C');
}

function unescapeField(field: string): string | null {
  try {
    return decodeURIComponent(field);
  } catch {
    return null;
  }
}

/** One leg's fields (fixture id, market, selection) as a share link writes them. */
export function encodeLegFields(fields: readonly string[]): string {
  return fields.map(escapeField).join('~');
}

export function encodeSlip(legs: readonly Pick<SlipLeg, 'fixtureId' | 'market' | 'name'>[]): string {
  return legs.map((leg) => encodeLegFields([leg.fixtureId, leg.market, leg.name])).join(',');
}

const MAX_FIELD_LENGTH = 200;

/** What a bettor is told about legs past the limit: "a slip holds at most 20 legs, so the last 3 were left out". */
export function overLimitWords(overLimitCount: number): string {
  const last = overLimitCount === 1 ? 'the last one was' : `the last ${overLimitCount} were`;
  return `a slip holds at most ${MAX_SLIP_LEGS} legs, so ${last} left out`;
}

export interface DecodedSlip {
  legs: SlipLeg[];
  /** How many parts of the text were not legs (malformed or duplicate). */
  rejectedCount: number;
  /** How many readable legs came after the slip was full (MAX_SLIP_LEGS), left out for that reason alone. */
  overLimitCount: number;
}

/** Reads a share-encoded slip; bad parts and legs past the limit are counted and skipped, never thrown. */
export function decodeSlip(text: string): DecodedSlip {
  const legs: SlipLeg[] = [];
  const seen = new Set<string>();
  let rejectedCount = 0;
  let overLimitCount = 0;
  if (text.trim() === '') return { legs, rejectedCount, overLimitCount };
  for (const part of text.split(',')) {
    const fields = part.split('~').map(unescapeField);
    const [fixtureId, market, name] = fields;
    const valid =
      fields.length === 3 &&
      isFixtureId(fixtureId) &&
      typeof market === 'string' &&
      market.trim() !== '' &&
      market.length <= MAX_FIELD_LENGTH &&
      typeof name === 'string' &&
      name.trim() !== '' &&
      name.length <= MAX_FIELD_LENGTH;
    if (!valid) {
      rejectedCount++;
      continue;
    }
    const leg: SlipLeg = { fixtureId, market, name, game: null };
    if (seen.has(legKey(leg))) {
      rejectedCount++;
      continue;
    }
    seen.add(legKey(leg));
    if (legs.length >= MAX_SLIP_LEGS) overLimitCount++;
    else legs.push(leg);
  }
  return { legs, rejectedCount, overLimitCount };
}

/** The slip's markets, each once, sorted: what its games' odds are asked for (one call for them all). */
/** Each game's markets on the slip, once each, in slip order: what the slip's odds are asked by. */
export function slipGameMarkets(
  legs: readonly Pick<SlipLeg, 'fixtureId' | 'market'>[],
): { fixtureId: string; market: string }[] {
  const seen = new Set<string>();
  const pairs: { fixtureId: string; market: string }[] = [];
  for (const { fixtureId, market } of legs) {
    const key = `${fixtureId}\u0000${market}`;
    if (seen.has(key)) continue;
    seen.add(key);
    pairs.push({ fixtureId, market });
  }
  return pairs;
}

/**
 * A slip changed again within this long of its last change is still being built: neither the books
 * nor the slip's odds are asked about it until it has been still this long. Longer than opening the
 * next game and tapping in it takes when done briskly (~500 ms measured).
 */
export const QUICK_CHANGE_MS = 700;

/** One key for a whole slip: its legs, in order. */
export function slipKeyOf(legs: readonly SlipLeg[]): string {
  return legs.map(legKey).join('\u0001');
}

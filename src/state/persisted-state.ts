/**
 * What survives a reload: slip (each leg with the price it had when added), its price alert, books,
 * leagues, odds format, stake, whether fair value is shown. Stored as one versioned JSON document;
 * whatever is read back is validated piece by piece, and anything unusable is dropped with a notice
 * instead of breaking the page.
 */
import { isSportsbook, orderSportsbooks, SPORTSBOOKS, type Sportsbook } from '../domain/sportsbooks.ts';
import { isOddsFormat, type OddsFormat } from '../domain/odds/odds-core.ts';
import { isFixtureId } from '../domain/odds/parlay.ts';
import { legKey, MAX_SLIP_LEGS, MAX_STAKE, type SlipLeg } from '../domain/slip.ts';
import { isRecord } from '../domain/records.ts';
// Types only: a value import would tie the alert rules' module (the grid's) to the first paint's
// modules, and the bundler would split those into more chunks (scripts/check-size.mjs).
import type { PriceAlert, PriceAlertRule } from '../domain/price-alert.ts';

/**
 * Still 1 with legs' added prices and the price alert: both are optional fields, so a document
 * saved before them reads as legs added with no price in view and no alert (their migration), and
 * an older copy of the app (another tab, a cached page) reads a newer document minus them rather
 * than resetting the slip as "made by a newer version".
 */
export const PERSISTED_VERSION = 1;

export interface PersistedState {
  legs: SlipLeg[];
  /** The slip's price alert, if one is set. */
  priceAlert: PriceAlert | null;
  books: Sportsbook[];
  leagues: string[];
  oddsFormat: OddsFormat;
  stake: number;
  /** Show each leg's and the parlay's fair price and each book's edge against it. */
  fairValue: boolean;
}

const DEFAULT_STAKE = 10;

export function defaultPersistedState(): PersistedState {
  return {
    legs: [],
    priceAlert: null,
    books: [...SPORTSBOOKS],
    leagues: [],
    oddsFormat: 'american',
    stake: DEFAULT_STAKE,
    fairValue: true,
  };
}

/** Exact decimal odds a book could offer. */
function isDecimalPrice(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 1 && value <= 1e9;
}

/** A price and the book it was at (an added leg's price, a fired alert's). */
function readBookPrice(value: unknown): { decimal: number; book: Sportsbook } | null {
  if (!isRecord(value) || !isDecimalPrice(value.decimal) || !isSportsbook(value.book)) return null;
  return { decimal: value.decimal, book: value.book };
}

// Checked by hand rather than with a schema library: this module is part of the first paint, and
// the schema library is loaded with the first answer (api/client.ts).
const isLabel = (value: unknown): value is string =>
  typeof value === 'string' && value.length >= 1 && value.length <= 200;

/** A game's context as stored (only the fields the slip uses; anything else is left behind). */
function readGameContext(value: unknown): SlipLeg['game'] | undefined {
  if (value === null) return null;
  if (!isRecord(value)) return undefined;
  const { homeTeam, awayTeam, startDate, leagueId } = value;
  if (typeof homeTeam !== 'string' || typeof awayTeam !== 'string') return undefined;
  if (typeof startDate !== 'string' || typeof leagueId !== 'string') return undefined;
  return { homeTeam, awayTeam, startDate, leagueId };
}

function readAlertRule(value: unknown): PriceAlertRule | null {
  if (!isRecord(value)) return null;
  if (value.kind === 'reaches' && isDecimalPrice(value.decimal)) return { kind: 'reaches', decimal: value.decimal };
  const { percent, fromDecimal } = value;
  if (value.kind !== 'moves' || typeof percent !== 'number' || !isDecimalPrice(fromDecimal)) return null;
  // Any positive move is a rule (the form's upper bound is only there to catch typos).
  return Number.isFinite(percent) && percent > 0 ? { kind: 'moves', percent, fromDecimal } : null;
}

function readPriceAlert(value: unknown): PriceAlert | null {
  if (!isRecord(value) || typeof value.slipKey !== 'string' || typeof value.notify !== 'boolean') return null;
  const rule = readAlertRule(value.rule);
  if (rule === null) return null;
  const alert: PriceAlert = { slipKey: value.slipKey, rule, notify: value.notify, fired: null };
  if (value.fired === null) return alert;
  const price = readBookPrice(value.fired);
  const at = isRecord(value.fired) ? value.fired.at : undefined;
  return price !== null && typeof at === 'number' && Number.isFinite(at) ? { ...alert, fired: { ...price, at } } : null;
}

/** A stored leg, or null; an unreadable price costs only the "moved since you added it" line, not the leg. */
function readStoredLeg(value: unknown): SlipLeg | null {
  if (!isRecord(value)) return null;
  const { fixtureId, market, name } = value;
  const game = readGameContext(value.game);
  if (typeof fixtureId !== 'string' || !isFixtureId(fixtureId) || !isLabel(market) || !isLabel(name)) return null;
  if (game === undefined) return null;
  const leg: SlipLeg = { fixtureId, market, name, game };
  const price = readBookPrice(value.addedPrice);
  return price === null ? leg : { ...leg, addedPrice: price };
}

export function isValidStake(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_STAKE;
}

export interface ReadResult {
  state: PersistedState;
  /** Plain-words notes on what was dropped, for the user. */
  dropped: string[];
}

/** Validates a stored document of the current version, keeping every usable part. */
function readCurrentVersion(document: Record<string, unknown>, defaults: PersistedState): ReadResult {
  const state: PersistedState = {
    ...defaults,
    legs: [],
    priceAlert: null,
    books: [...defaults.books],
    leagues: [...defaults.leagues],
  };
  const dropped: string[] = [];

  if (Array.isArray(document.legs)) {
    const seen = new Set<string>();
    let badLegs = 0;
    for (const raw of document.legs) {
      const leg = readStoredLeg(raw);
      if (leg === null || seen.has(legKey(leg)) || state.legs.length >= MAX_SLIP_LEGS) {
        badLegs++;
        continue;
      }
      seen.add(legKey(leg));
      state.legs.push(leg);
    }
    if (badLegs > 0)
      dropped.push(
        `${badLegs} saved ${badLegs === 1 ? 'leg was' : 'legs were'} unreadable and removed from your slip.`,
      );
  } else if (document.legs !== undefined) {
    dropped.push('Your saved slip was unreadable and was cleared.');
  }

  if (document.priceAlert !== undefined && document.priceAlert !== null) {
    state.priceAlert = readPriceAlert(document.priceAlert);
    if (state.priceAlert === null)
      dropped.push('Your saved price alert was unreadable and was removed; set it again if you still want it.');
  }

  if (Array.isArray(document.books)) {
    const books = orderSportsbooks(document.books.filter(isSportsbook));
    const unknown = document.books.length - document.books.filter(isSportsbook).length;
    state.books = books;
    if (unknown > 0)
      dropped.push(
        `${unknown} saved ${unknown === 1 ? 'sportsbook is' : 'sportsbooks are'} no longer supported and ${unknown === 1 ? 'was' : 'were'} removed.`,
      );
  } else if (document.books !== undefined) {
    dropped.push('Your saved sportsbook choice was unreadable; all books are chosen again.');
  }

  if (Array.isArray(document.leagues) && document.leagues.every((id) => typeof id === 'string' && id.length <= 100)) {
    state.leagues = [...new Set(document.leagues as string[])];
  } else if (document.leagues !== undefined) {
    dropped.push('Your saved leagues were unreadable and were reset.');
  }

  if (isOddsFormat(document.oddsFormat)) state.oddsFormat = document.oddsFormat;
  else if (document.oddsFormat !== undefined)
    dropped.push('Your saved odds format was unreadable; showing American odds.');

  if (isValidStake(document.stake)) state.stake = document.stake;
  else if (document.stake !== undefined)
    dropped.push(`Your saved stake was unreadable; it is back to ${DEFAULT_STAKE}.`);

  if (typeof document.fairValue === 'boolean') state.fairValue = document.fairValue;
  else if (document.fairValue !== undefined)
    dropped.push(
      `Your saved fair-value choice was unreadable; fair value is ${defaults.fairValue ? 'shown' : 'hidden'}.`,
    );

  return { state, dropped };
}

/**
 * Reads stored text of any version (or garbage) into a usable state; whatever is missing or
 * unusable takes its value from `defaults` (an embedder's defaults can differ from the app's).
 */
export function readPersistedState(
  text: string | null,
  defaults: PersistedState = defaultPersistedState(),
): ReadResult {
  const fresh = (): PersistedState => ({
    ...defaults,
    legs: [...defaults.legs],
    books: [...defaults.books],
    leagues: [...defaults.leagues],
  });
  if (text === null) return { state: fresh(), dropped: [] };
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return { state: fresh(), dropped: ['Your saved slip and settings were damaged and have been reset.'] };
  }
  if (!isRecord(document) || typeof document.version !== 'number') {
    return { state: fresh(), dropped: ['Your saved slip and settings were in an unknown format and have been reset.'] };
  }
  if (document.version > PERSISTED_VERSION) {
    return {
      state: fresh(),
      dropped: [
        'Your saved slip was made by a newer version of this app and could not be read here; it has been reset.',
      ],
    };
  }
  // Version 0 (pre-release) stored the same fields under `slip`; carry them forward.
  const migrated = document.version === 0 && isRecord(document.slip) ? { ...document, ...document.slip } : document;
  return readCurrentVersion(migrated, defaults);
}

export function writePersistedState(state: PersistedState): string {
  return JSON.stringify({ version: PERSISTED_VERSION, ...state });
}

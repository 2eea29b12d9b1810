/**
 * What survives a reload: slip (each leg with the price it had when added), its price alert, the
 * bettor's region, books, leagues, odds format, stake, whether fair value is shown. Stored as one versioned JSON document;
 * whatever is read back is checked field by field with valibot schemas (as the API's answers are,
 * api/parse/schemas.ts), and anything unusable is dropped with a notice instead of breaking the page.
 */
import * as v from 'valibot';
import { orderSportsbooks, SPORTSBOOKS, type Sportsbook } from '../domain/sportsbooks.ts';
import { ODDS_FORMAT_LABELS, ODDS_FORMATS, type OddsFormat } from '../domain/odds/odds-core.ts';
import { REGION_ODDS_FORMAT, REGIONS, type Region } from '../domain/region.ts';
import { sportsbooksOfRegion } from '../domain/book-regions.ts';
import { isFixtureId } from '../domain/odds/parlay.ts';
import { legKey, MAX_SLIP_LEGS, MAX_STAKE, type SlipLeg } from '../domain/slip.ts';
// Types only: a value import would tie the alert rules' module (the grid's) to the first paint's
// modules, and the bundler would split those into more chunks (scripts/check-size.mjs).
import type { PriceAlert } from '../domain/price-alert.ts';

/**
 * Still 1 with legs' added prices, the price alert and the region: all are optional fields, so a document
 * saved without them reads as legs added with no price in view and no alert, and an older copy of
 * the app (another tab, a cached page) reads a newer document minus them rather than resetting the
 * slip as "made by a newer version".
 */
export const PERSISTED_VERSION = 1;

export interface PersistedState {
  legs: SlipLeg[];
  /** The slip's price alert, if one is set. */
  priceAlert: PriceAlert | null;
  /** Where the bettor bets: the legal line, the currency, the books and odds format a start offers. */
  region: Region;
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
    region: 'us',
    books: [...SPORTSBOOKS],
    leagues: [],
    oddsFormat: 'american',
    stake: DEFAULT_STAKE,
    fairValue: false,
  };
}

/**
 * What a bettor of the region starts with: that region's own books (the others one tap away in the
 * book chooser) and its usual odds format.
 */
export function regionDefaults(region: Region): Pick<PersistedState, 'region' | 'books' | 'oddsFormat'> {
  return { region, books: sportsbooksOfRegion(region), oddsFormat: REGION_ODDS_FORMAT[region] };
}

type RegionalSettings = Pick<PersistedState, 'region' | 'books' | 'oddsFormat'>;

/**
 * The settings once the bettor says where they bet: that region's own books, and its usual odds
 * format unless they had picked another than the old region's usual one. The region chooser and a
 * link's `?region=` both move a state this way.
 */
export function settingsInRegion(state: RegionalSettings, region: Region): RegionalSettings {
  if (state.region === region) return { region, books: state.books, oddsFormat: state.oddsFormat };
  const defaults = regionDefaults(region);
  const keptFormat = state.oddsFormat !== REGION_ODDS_FORMAT[state.region];
  return { ...defaults, oddsFormat: keptFormat ? state.oddsFormat : defaults.oddsFormat };
}

// --- What a stored field may hold ------------------------------------------------------------

/** Exact decimal odds a book could offer. */
const decimalPrice = v.pipe(v.number(), v.gtValue(1), v.maxValue(1e9));
const sportsbook = v.picklist(SPORTSBOOKS);
/** A price and the book it was at (an added leg's price, a fired alert's). */
const bookPrice = v.object({ decimal: decimalPrice, book: sportsbook });
const label = v.pipe(v.string(), v.minLength(1), v.maxLength(200));

const storedLeg = v.pipe(
  v.object({
    fixtureId: v.pipe(v.string(), v.check<string>(isFixtureId)),
    market: label,
    name: label,
    // Only the fields the slip uses; anything else is left behind.
    game: v.nullable(
      v.object({ homeTeam: v.string(), awayTeam: v.string(), startDate: v.string(), leagueId: v.string() }),
    ),
    // An unreadable price costs only the "moved since you added it" line, not the leg.
    addedPrice: v.optional(v.unknown()),
  }),
  v.transform(({ addedPrice, ...leg }): SlipLeg => {
    const price = v.safeParse(bookPrice, addedPrice);
    return price.success ? { ...leg, addedPrice: price.output } : leg;
  }),
);

const alertRule = v.union([
  v.object({ kind: v.picklist(['reaches']), decimal: decimalPrice }),
  // Any positive move is a rule (the form's upper bound is only there to catch typos).
  v.object({
    kind: v.picklist(['moves']),
    percent: v.pipe(v.number(), v.finite(), v.gtValue(0)),
    fromDecimal: decimalPrice,
  }),
]);

const storedPriceAlert = v.object({
  slipKey: v.string(),
  rule: alertRule,
  notify: v.boolean(),
  fired: v.nullable(v.object({ ...bookPrice.entries, at: v.pipe(v.number(), v.finite()) })),
});

/** A stake the app takes (a typo guard, not a book's limit). */
export const stakeSchema = v.pipe(v.number(), v.minValue(0), v.maxValue(MAX_STAKE));

export function isValidStake(value: unknown): value is number {
  return v.is(stakeSchema, value);
}

const leaguesSchema = v.pipe(
  v.array(v.pipe(v.string(), v.maxLength(100))),
  v.transform((ids) => [...new Set(ids)]),
);

/** A document of any version: its version, and its fields as they are (each checked on its own). */
const storedDocument = v.looseObject({ version: v.number() });

// --- Reading ---------------------------------------------------------------------------------

export interface ReadResult {
  state: PersistedState;
  /** Plain-words notes on what was dropped, for the user. */
  dropped: string[];
}

/** The stored legs that are usable, each once, at most the slip's limit; and how many were not. */
function readLegs(stored: readonly unknown[]): { legs: SlipLeg[]; unreadable: number } {
  const legs: SlipLeg[] = [];
  const seen = new Set<string>();
  for (const item of stored) {
    const result = v.safeParse(storedLeg, item);
    if (!result.success || seen.has(legKey(result.output)) || legs.length >= MAX_SLIP_LEGS) continue;
    seen.add(legKey(result.output));
    legs.push(result.output);
  }
  return { legs, unreadable: stored.length - legs.length };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A stored field's value when it is usable; undefined when it was not stored, or was not usable (said in `dropped`). */
function readField<Schema extends v.GenericSchema>(
  value: unknown,
  schema: Schema,
  whenUnusable: string,
  dropped: string[],
): v.InferOutput<Schema> | undefined {
  if (value === undefined) return undefined;
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  dropped.push(whenUnusable);
  return undefined;
}

/**
 * A document saved before the region existed, holding all ten books: that was the only default then,
 * not a choice, so it starts with the region's own books like a first visit.
 */
function savedBeforeRegions(document: Record<string, unknown>, knownBooks: readonly unknown[]): boolean {
  return document.region === undefined && new Set(knownBooks).size === SPORTSBOOKS.length;
}

/** Reads a stored document of the current version, keeping every usable part and saying what it dropped. */
function readCurrentVersion(document: Record<string, unknown>, defaults: PersistedState): ReadResult {
  const dropped: string[] = [];
  const storedLegs = readField(
    document.legs,
    v.array(v.unknown()),
    'Your saved slip was unreadable and was cleared.',
    dropped,
  );
  const legs = readLegs(storedLegs ?? []);
  if (legs.unreadable > 0)
    dropped.push(
      `${plural(legs.unreadable, 'saved leg was', 'saved legs were')} unreadable and removed from your slip.`,
    );
  const priceAlert = readField(
    document.priceAlert,
    v.nullable(storedPriceAlert),
    'Your saved price alert was unreadable and was removed; set it again if you still want it.',
    dropped,
  );
  const region = readField(
    document.region,
    v.picklist(REGIONS),
    `Your saved region was unreadable; showing ${defaults.region.toUpperCase()} settings.`,
    dropped,
  );
  const storedBooks = readField(
    document.books,
    v.array(v.unknown()),
    'Your saved sportsbook choice was unreadable; all books are chosen again.',
    dropped,
  );
  const books = storedBooks?.filter((book) => v.is(sportsbook, book));
  const unknownBooks = (storedBooks?.length ?? 0) - (books?.length ?? 0);
  if (unknownBooks > 0)
    dropped.push(
      `${plural(unknownBooks, 'saved sportsbook is', 'saved sportsbooks are')} no longer supported and ${unknownBooks === 1 ? 'was' : 'were'} removed.`,
    );
  const leagues = readField(
    document.leagues,
    leaguesSchema,
    'Your saved leagues were unreadable and were reset.',
    dropped,
  );
  const oddsFormat = readField(
    document.oddsFormat,
    v.picklist(ODDS_FORMATS),
    `Your saved odds format was unreadable; showing ${ODDS_FORMAT_LABELS[defaults.oddsFormat]} odds.`,
    dropped,
  );
  const stake = readField(
    document.stake,
    stakeSchema,
    `Your saved stake was unreadable; it is back to ${DEFAULT_STAKE}.`,
    dropped,
  );
  const fairValue = readField(
    document.fairValue,
    v.boolean(),
    `Your saved fair-value choice was unreadable; fair value is ${defaults.fairValue ? 'shown' : 'hidden'}.`,
    dropped,
  );
  const state: PersistedState = {
    legs: legs.legs,
    priceAlert: priceAlert ?? null,
    region: region ?? defaults.region,
    books: books === undefined || savedBeforeRegions(document, books) ? [...defaults.books] : orderSportsbooks(books),
    leagues: leagues ?? [...defaults.leagues],
    oddsFormat: oddsFormat ?? defaults.oddsFormat,
    stake: stake ?? defaults.stake,
    fairValue: fairValue ?? defaults.fairValue,
  };
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
  const fresh = (dropped: string[] = []): ReadResult => ({
    state: { ...defaults, legs: [...defaults.legs], books: [...defaults.books], leagues: [...defaults.leagues] },
    dropped,
  });
  if (text === null) return fresh();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return fresh(['Your saved slip and settings were damaged and have been reset.']);
  }
  const document = v.safeParse(storedDocument, parsed);
  if (!document.success) return fresh(['Your saved slip and settings were in an unknown format and have been reset.']);
  const { output } = document;
  if (output.version > PERSISTED_VERSION)
    return fresh([
      'Your saved slip was made by a newer version of this app and could not be read here; it has been reset.',
    ]);
  // Version 0 (pre-release) stored the same fields under `slip`; carry them forward.
  const slip = v.safeParse(v.looseObject({}), output.slip);
  const migrated = output.version === 0 && slip.success ? { ...output, ...slip.output } : output;
  return readCurrentVersion(migrated, defaults);
}

export function writePersistedState(state: PersistedState): string {
  return JSON.stringify({ version: PERSISTED_VERSION, ...state });
}

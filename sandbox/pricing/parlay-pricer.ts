/**
 * One book's answer to a parlay request: failed, missing legs, uncombinable, or priced. Leg prices
 * are the book's /fixtures/odds prices at the same moment; cross-game parts multiply; a same-game
 * part pays the fair correlated price of its legs (correlation.ts, the model `OpticOdds AI` uses
 * too) less the book's own same-game margin. So a book's same-game discount against the product of
 * its legs = the real correlation + its extra margin.
 */
import { toIdentifier } from '../../src/domain/identifiers.ts';
import { americanToDecimal, combineDecimal, decimalToAmerican } from '../../src/domain/odds/odds.ts';
import { roundAmericanLikeABook } from '../odds/book-rounding.ts';
import { COMBINATION_MESSAGES, type BookProfile } from '../odds/books.ts';
import { bookAmericanPrice, inventedAmericanPrice } from '../odds/book-pricing.ts';
import { bookPriceAt, type OddsModel } from '../odds/book-odds.ts';
import type { FairSelection } from '../odds/fair-selection.ts';
import { correlationLift } from './correlation.ts';
import { signedUnitHash, unitHash } from '../shared/hash.ts';
import type { MarketBoard } from '../odds/market-board.ts';
import type { ParlayEntryInput } from './parlay-request.ts';
import { combinationRuleBroken, sameGameFixtureIds, type CombinationRule, type KnownLeg } from './parlay-rules.ts';
import type { ScenarioOutcome } from '../faults/scenario.ts';

/** A request entry matched against the catalog; board is null for unknown or finished fixtures. */
export interface ResolvedEntry {
  index: number;
  entry: ParlayEntryInput;
  board: MarketBoard | null;
  selection: FairSelection | null;
}

export interface PricedLeg {
  entry: ParlayEntryInput;
  american: number;
}

export type BookQuoteResult =
  | { kind: 'priced'; legs: PricedLeg[]; american: number; missing: ParlayEntryInput[] }
  | { kind: 'missing'; missing: ParlayEntryInput[] }
  | { kind: 'uncombinable'; message: string; rule: CombinationRule | 'forced' }
  | { kind: 'failed' }
  /** Forced `price-string`: priced, but the caller is sent the price as a string. */
  | { kind: 'price-string'; legs: PricedLeg[]; american: number };

export interface QuoteContext {
  seed: number;
  /** The moment quoted: leg prices are the book's /fixtures/odds prices then. */
  nowMs: number;
  odds: OddsModel;
  bucket: number;
  /** A stable key of the request's entries: failures and jitter vary per request. */
  requestKey: string;
  randomFailures: boolean;
  allowMissingEntries: boolean;
}

interface LegPrice extends PricedLeg {
  fixtureId: string | null;
  /** The catalog's selection, when the entry names one: its fair probability and correlation factor. */
  selection: FairSelection | null;
}

function sortedMissing(entries: readonly ResolvedEntry[]): ParlayEntryInput[] {
  // The vendor lists missing entries in its own order (here: by name), not the request's.
  const sortKey = (entry: ParlayEntryInput) =>
    `${toIdentifier(entry.name)}|${toIdentifier(entry.market)}|${entry.fixture_id}`;
  return entries.map(({ entry }) => entry).sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
}

/**
 * The book's same-game price: the product of its leg prices, divided by the legs' fair correlation
 * lift (fair joint probability over the product of fair probabilities), times (1 - the book's
 * same-game margin) per leg beyond the first; that margin varies a little per combination. Never
 * below the longest single leg: nobody would take a parlay paying less than one of its legs.
 */
function sameGameDecimal(
  context: QuoteContext,
  profile: BookProfile,
  fixtureId: string,
  legs: readonly LegPrice[],
): number {
  const decimals = legs.map((leg) => americanToDecimal(leg.american) ?? 1);
  const independent = combineDecimal(decimals);
  const modelLift = correlationLift(
    legs.map((leg, index) => ({
      probability: leg.selection?.fairProbability ?? 1 / (decimals[index] ?? 2),
      factor: leg.selection?.factor ?? null,
      selection: leg.selection,
    })),
  );
  // Legs that exclude each other only reach here when forced (`priced`): price them as independent.
  const lift = modelLift > 0 && Number.isFinite(modelLift) ? modelLift : 1;
  const legKey = legs
    .map((leg) => `${toIdentifier(leg.entry.market)}|${toIdentifier(leg.entry.name)}`)
    .sort()
    .join(';');
  const margin =
    profile.sameGameMargin * (1 + 0.2 * signedUnitHash(context.seed, 'same-game', profile.book, fixtureId, legKey));
  const adjusted = (independent / lift) * Math.pow(1 - margin, legs.length - 1);
  return Math.max(adjusted, Math.max(...decimals) * 1.01);
}

function combinedAmerican(context: QuoteContext, profile: BookProfile, legs: readonly LegPrice[]): number {
  const sameGame = sameGameFixtureIds(legs);
  const decimals: number[] = [];
  for (const fixtureId of sameGame) {
    decimals.push(
      sameGameDecimal(
        context,
        profile,
        fixtureId,
        legs.filter((leg) => leg.fixtureId === fixtureId),
      ),
    );
  }
  for (const leg of legs) {
    if (leg.fixtureId === null || !sameGame.has(leg.fixtureId)) decimals.push(americanToDecimal(leg.american) ?? 1);
  }
  return roundAmericanLikeABook(decimalToAmerican(combineDecimal(decimals)));
}

/** The book's own price for an entry, or null when the book does not list it. */
function naturalLegPrice(
  context: QuoteContext,
  profile: BookProfile,
  resolved: ResolvedEntry,
): { leg: LegPrice; known: KnownLeg } | null {
  const { board, selection } = resolved;
  if (!board || !selection) return null;
  // Not listed, or suspended just now: missing at this book, as /fixtures/odds leaves it out.
  const american = bookPriceAt(context.odds, board, profile.book, selection, context.nowMs);
  if (american === null) return null;
  const fixtureId = board.fixture.id;
  return {
    leg: { entry: resolved.entry, american, fixtureId, selection },
    known: { fixtureId, selection },
  };
}

/** Forced `priced`: the book's model price even where it lists no such odd; invented if unknown. */
function forcedLegPrice(context: QuoteContext, profile: BookProfile, resolved: ResolvedEntry): LegPrice {
  const { board, selection, entry } = resolved;
  if (board && selection) {
    return {
      entry,
      american: bookAmericanPrice(context.seed, profile, board, selection, context.nowMs),
      fixtureId: board.fixture.id,
      selection,
    };
  }
  const entryKey = `${entry.fixture_id}|${toIdentifier(entry.market)}|${toIdentifier(entry.name)}`;
  return {
    entry,
    american: inventedAmericanPrice(context.seed, profile, entryKey),
    fixtureId: board?.fixture.id ?? entry.fixture_id,
    selection: null,
  };
}

function priced(
  context: QuoteContext,
  profile: BookProfile,
  legs: LegPrice[],
  missing: ParlayEntryInput[],
): BookQuoteResult {
  return {
    kind: 'priced',
    legs: legs.map(({ entry, american }) => ({ entry, american })),
    american: combinedAmerican(context, profile, legs),
    missing,
  };
}

function naturalQuote(context: QuoteContext, profile: BookProfile, entries: readonly ResolvedEntry[]): BookQuoteResult {
  if (
    context.randomFailures &&
    unitHash(context.seed, 'failure', profile.book, context.bucket, context.requestKey) < profile.failureRate
  ) {
    return { kind: 'failed' };
  }
  const legs: LegPrice[] = [];
  const known: KnownLeg[] = [];
  const missing: ResolvedEntry[] = [];
  for (const resolved of entries) {
    const offered = naturalLegPrice(context, profile, resolved);
    if (offered) {
      legs.push(offered.leg);
      known.push(offered.known);
    } else {
      missing.push(resolved);
    }
  }
  if (missing.length > 0 && !(context.allowMissingEntries && legs.length > 0))
    return { kind: 'missing', missing: sortedMissing(missing) };
  const rule = combinationRuleBroken(profile, known);
  if (rule) return { kind: 'uncombinable', message: COMBINATION_MESSAGES[profile.combinationVariant], rule };
  return priced(context, profile, legs, sortedMissing(missing));
}

function forcedQuote(
  context: QuoteContext,
  profile: BookProfile,
  entries: readonly ResolvedEntry[],
  outcome: ScenarioOutcome,
): BookQuoteResult {
  switch (outcome.kind) {
    case 'failed':
      return { kind: 'failed' };
    case 'uncombinable': {
      const variant = outcome.variant === 'own' ? profile.combinationVariant : outcome.variant;
      return { kind: 'uncombinable', message: COMBINATION_MESSAGES[variant], rule: 'forced' };
    }
    case 'missing': {
      const indexes = new Set(outcome.entryIndexes === 'last' ? [entries.length - 1] : outcome.entryIndexes);
      const missing = entries.filter((resolved) => indexes.has(resolved.index));
      const present = entries.filter((resolved) => !indexes.has(resolved.index));
      if (!context.allowMissingEntries || present.length === 0)
        return { kind: 'missing', missing: sortedMissing(missing) };
      return priced(
        context,
        profile,
        present.map((resolved) => forcedLegPrice(context, profile, resolved)),
        sortedMissing(missing),
      );
    }
    case 'priced':
    case 'price-string': {
      const quote = priced(
        context,
        profile,
        entries.map((resolved) => forcedLegPrice(context, profile, resolved)),
        [],
      );
      if (quote.kind !== 'priced' || outcome.kind === 'priced') return quote;
      return { kind: 'price-string', legs: quote.legs, american: quote.american };
    }
    case 'absent':
      // Absent books are dropped before quoting; quoting one anyway answers as priced.
      return priced(
        context,
        profile,
        entries.map((resolved) => forcedLegPrice(context, profile, resolved)),
        [],
      );
  }
}

export function quoteBook(
  context: QuoteContext,
  profile: BookProfile,
  entries: readonly ResolvedEntry[],
  outcome: ScenarioOutcome | null,
): BookQuoteResult {
  return outcome ? forcedQuote(context, profile, entries, outcome) : naturalQuote(context, profile, entries);
}

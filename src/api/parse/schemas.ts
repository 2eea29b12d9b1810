/**
 * Runtime schemas for the wire shapes, and the functions that turn bodies into the app's types.
 * Lenient where it is safe (extra fields ignored, optional fields defaulted, one bad item in a list
 * dropped), strict on the fields the app relies on, and an unexpected envelope is an ApiError.
 */
import * as v from 'valibot';
import { toIdentifier } from '../../domain/identifiers.ts';
import { americanToDecimal } from '../../domain/odds/odds-core.ts';
import { sportsbookNamed } from '../../domain/sportsbooks.ts';
import { ApiError } from '../errors.ts';
import type { BookOdd, Competitor, DeepLinks, Fixture, FixtureWithOdds, League, Market, Sport } from '../types.ts';

// --- Building blocks -------------------------------------------------------------------------

/** A field we only display: missing, null or of the wrong type all read as null. */
export const optionalText = v.fallback(v.nullish(v.string(), null), null);
export const optionalNumber = v.fallback(v.nullish(v.pipe(v.number(), v.finite()), null), null);
export const nonEmptyText = v.pipe(v.string(), v.trim(), v.minLength(1));
/** A name we show that the service may leave out (or send empty): null, for a fallback to fill. */
const optionalName = v.fallback(v.nullish(nonEmptyText, null), null);

/** A name from an id, when the service sends none: `england_-_premier_league` reads `England - Premier League`, `nba` `NBA`. */
function nameFromId(id: string): string {
  return id.length < 5
    ? id.toUpperCase()
    : id.replace(/(^|_)(.)/g, (_, gap: string, letter: string) => (gap && ' ') + letter.toUpperCase());
}
/** Ids are opaque; some services send numbers. */
export const optionalId = v.fallback(
  v.nullish(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform((id) => String(id)),
    ),
    null,
  ),
  null,
);

/**
 * An American price a book could actually quote: not in the impossible (-100, 100) band, and not
 * so long-odds-on that its decimal form rounds to 1 (a bet that pays nothing).
 */
export const americanPriceSchema = v.pipe(
  v.number(),
  v.finite(),
  v.check((price) => (americanToDecimal(price) ?? 0) > 1, 'not a quotable American price'),
);

export const deepLinksSchema = v.fallback(
  v.nullish(
    v.pipe(
      v.object({ desktop: optionalText, ios: optionalText, android: optionalText }),
      v.transform((links): DeepLinks => ({ desktop: links.desktop, ios: links.ios, android: links.android })),
    ),
    null,
  ),
  null,
);

// --- Lists: envelope strict, items forgiving -------------------------------------------------

export interface ParsedList<Item> {
  items: Item[];
  /** Items present in the body but malformed (not counting odds from books outside the set). */
  dropped: number;
}

export function invalidResponse(what: string, cause?: unknown): ApiError {
  return new ApiError({ kind: 'invalid_response', message: `invalid_response: unexpected ${what} body`, cause });
}

export function parseItems<Item>(
  items: readonly unknown[],
  parseItem: (item: unknown) => Item | null,
): ParsedList<Item> {
  const parsed: Item[] = [];
  let dropped = 0;
  for (const item of items) {
    const result = parseItem(item);
    if (result === null) dropped += 1;
    else parsed.push(result);
  }
  return { items: parsed, dropped };
}

export function safeItem<Schema extends v.GenericSchema>(schema: Schema) {
  return (item: unknown): v.InferOutput<Schema> | null => {
    const result = v.safeParse(schema, item);
    return result.success ? result.output : null;
  };
}

export const listEnvelope = v.object({ data: v.array(v.unknown()) });

export function parseEnvelope<Schema extends v.GenericSchema>(
  schema: Schema,
  body: unknown,
  what: string,
): v.InferOutput<Schema> {
  const result = v.safeParse(schema, body);
  if (!result.success) throw invalidResponse(what, new v.ValiError(result.issues));
  return result.output;
}

// --- /sports and /leagues --------------------------------------------------------------------

const sportSchema = v.pipe(
  v.object({ id: nonEmptyText, name: v.string() }),
  v.transform((sport): Sport => ({ id: sport.id, name: sport.name })),
);

const marketSchema = v.pipe(
  v.object({ id: nonEmptyText, name: nonEmptyText }),
  v.transform((market): Market => ({ id: market.id, name: market.name })),
);

/** A bad market costs only that market. */
const marketListSchema = v.pipe(
  v.fallback(v.nullish(v.array(v.unknown()), []), []),
  v.transform((items) => parseItems(items, safeItem(marketSchema)).items),
);

const leagueSchema = v.pipe(
  v.object({
    id: nonEmptyText,
    name: optionalName,
    sport: v.object({ id: nonEmptyText, name: optionalName, main_markets: marketListSchema }),
    region: optionalText,
  }),
  v.transform((league): League => ({
    id: league.id,
    name: league.name ?? nameFromId(league.id),
    sportId: league.sport.id,
    sportName: league.sport.name ?? nameFromId(league.sport.id),
    region: league.region,
    mainMarkets: league.sport.main_markets,
  })),
);

export function parseSportsBody(body: unknown): ParsedList<Sport> {
  return parseItems(parseEnvelope(listEnvelope, body, '/sports').data, safeItem(sportSchema));
}

export function parseLeaguesBody(body: unknown): ParsedList<League> {
  return parseItems(parseEnvelope(listEnvelope, body, '/leagues').data, safeItem(leagueSchema));
}

export function parseMarketsBody(body: unknown): ParsedList<Market> {
  return parseItems(parseEnvelope(listEnvelope, body, '/markets/active').data, safeItem(marketSchema));
}

// --- Fixtures --------------------------------------------------------------------------------

const competitorSchema = v.pipe(
  v.object({ id: optionalId, name: v.string(), abbreviation: optionalText, logo: optionalText }),
  v.transform((competitor): Competitor => ({
    id: competitor.id,
    name: competitor.name,
    abbreviation: competitor.abbreviation,
    logo: competitor.logo,
  })),
);

/** A bad competitor costs only that competitor, not the fixture. */
const competitorListSchema = v.pipe(
  v.fallback(v.nullish(v.array(v.unknown()), []), []),
  v.transform((items) => parseItems(items, safeItem(competitorSchema)).items),
);

/** A side's name: as displayed, else its competitors' names (a doubles pair joined), else ''. */
const sideName = (display: string | null, competitors: readonly Competitor[]): string =>
  display ??
  competitors
    .map((competitor) => competitor.name.trim())
    .filter(Boolean)
    .join(' / ');

/**
 * A game needs its id, sport, league and two named sides; the rest has a fallback: no start date
 * reads as "start time to be confirmed" (''), no status as unknown, no league name one from its id.
 */
export const fixtureSchema = v.pipe(
  v.object({
    id: nonEmptyText,
    start_date: optionalName,
    status: optionalText,
    is_live: v.fallback(v.nullish(v.boolean(), false), false),
    home_team_display: optionalName,
    away_team_display: optionalName,
    home_competitors: competitorListSchema,
    away_competitors: competitorListSchema,
    sport: v.object({ id: nonEmptyText }),
    league: v.object({ id: nonEmptyText, name: optionalName }),
  }),
  v.transform((fixture): Fixture => ({
    id: fixture.id,
    startDate: fixture.start_date ?? '',
    status: fixture.status ?? 'unknown',
    isLive: fixture.is_live,
    homeTeam: sideName(fixture.home_team_display, fixture.home_competitors),
    awayTeam: sideName(fixture.away_team_display, fixture.away_competitors),
    homeCompetitors: fixture.home_competitors,
    awayCompetitors: fixture.away_competitors,
    sportId: fixture.sport.id,
    leagueId: fixture.league.id,
    leagueName: fixture.league.name ?? nameFromId(fixture.league.id),
  })),
  // A game with a side no one named is no game to bet on.
  v.check((fixture) => !!fixture.homeTeam && !!fixture.awayTeam),
);

const fixturePageEnvelope = v.object({
  data: v.array(v.unknown()),
  page: v.optional(v.pipe(v.number(), v.integer())),
  has_more: v.optional(v.boolean(), false),
});

export interface ParsedFixturePage extends ParsedList<Fixture> {
  page: number;
  hasMore: boolean;
}

export function parseFixturePageBody(body: unknown, requestedPage: number): ParsedFixturePage {
  const envelope = parseEnvelope(fixturePageEnvelope, body, '/fixtures/active');
  const fixtures = parseItems(envelope.data, safeItem(fixtureSchema));
  return { ...fixtures, page: envelope.page ?? requestedPage, hasMore: envelope.has_more };
}

// --- /fixtures/odds --------------------------------------------------------------------------

const oddSchema = v.object({
  id: nonEmptyText,
  sportsbook: v.string(),
  market: nonEmptyText,
  market_id: optionalText,
  name: nonEmptyText,
  selection: optionalText,
  selection_line: optionalText,
  points: optionalNumber,
  price: americanPriceSchema,
  is_main: v.fallback(v.nullish(v.boolean(), false), false),
  grouping_key: optionalText,
  player_id: optionalId,
  team_id: optionalId,
  timestamp: optionalNumber,
  deep_link: deepLinksSchema,
  /** Exchanges say how much they will take: `{max: 250}`. */
  limits: v.fallback(v.nullish(v.object({ max: optionalNumber }), null), null),
});

type OddParse = { kind: 'odd'; odd: BookOdd } | { kind: 'other_book' } | { kind: 'malformed' };

/** One odd of a game, as /fixtures/odds and the live stream's rows send it. */
export function parseOdd(item: unknown, fixtureId: string): OddParse {
  const result = v.safeParse(oddSchema, item);
  if (!result.success) return { kind: 'malformed' };
  const wire = result.output;
  // Books outside the closed set are possible (the service knows more books): counted, not an error.
  const sportsbook = sportsbookNamed(wire.sportsbook);
  if (sportsbook === null) return { kind: 'other_book' };
  const decimalPrice = americanToDecimal(wire.price);
  if (decimalPrice === null) return { kind: 'malformed' };
  return {
    kind: 'odd',
    odd: {
      id: wire.id,
      fixtureId,
      sportsbook,
      market: wire.market,
      marketId: wire.market_id ?? toIdentifier(wire.market),
      name: wire.name,
      selection: wire.selection ?? '',
      selectionLine: wire.selection_line,
      points: wire.points,
      americanPrice: wire.price,
      decimalPrice,
      isMain: wire.is_main,
      groupingKey: wire.grouping_key,
      playerId: wire.player_id,
      teamId: wire.team_id,
      timestamp: wire.timestamp,
      deepLink: wire.deep_link,
      maxStake: wire.limits?.max != null && wire.limits.max > 0 ? wire.limits.max : null,
    },
  };
}

const fixtureWithOddsSchema = v.object({ odds: v.fallback(v.nullish(v.array(v.unknown()), []), []) });

export interface ParsedFixtureOdds extends ParsedList<FixtureWithOdds> {
  /** What was dropped, in words (for the log). */
  droppedDetail: string;
}

export function parseFixtureOddsBody(body: unknown): ParsedFixtureOdds {
  const envelope = parseEnvelope(listEnvelope, body, '/fixtures/odds');
  let malformedOdds = 0;
  let otherBooks = 0;
  const fixtures = parseItems(envelope.data, (item): FixtureWithOdds | null => {
    const fixture = safeItem(fixtureSchema)(item);
    const withOdds = v.safeParse(fixtureWithOddsSchema, item);
    if (fixture === null || !withOdds.success) return null;
    const odds: BookOdd[] = [];
    for (const rawOdd of withOdds.output.odds) {
      const parsed = parseOdd(rawOdd, fixture.id);
      if (parsed.kind === 'odd') odds.push(parsed.odd);
      else if (parsed.kind === 'malformed') malformedOdds += 1;
      else otherBooks += 1;
    }
    return { fixture, odds };
  });
  const details = [
    fixtures.dropped > 0 ? `${fixtures.dropped} unreadable fixtures` : '',
    malformedOdds > 0 ? `${malformedOdds} unreadable odds` : '',
    otherBooks > 0 ? `${otherBooks} odds from books outside the ten` : '',
  ].filter((detail) => detail !== '');
  return {
    items: fixtures.items,
    dropped: fixtures.dropped + malformedOdds + otherBooks,
    droppedDetail: details.join(', '),
  };
}

// --- /parlay/odds pieces (classification lives in parse-parlay.ts) ---------------------------

/** A leg as a priced book echoes it; the echo strings are optional because we fall back to position. */
export const parlayLegSchema = v.object({
  fixture_id: v.fallback(v.string(), ''),
  market: v.fallback(v.string(), ''),
  name: v.fallback(v.string(), ''),
  price: americanPriceSchema,
});

export const missingEntrySchema = v.object({
  fixture_id: v.string(),
  market: v.string(),
  name: v.string(),
});

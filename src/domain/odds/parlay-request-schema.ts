/**
 * The one set of rules for a POST /parlay/odds body, used by our server (before it spends an
 * upstream call) and by the sandbox (as the odds service). The rules are the same on both sides;
 * each says them in its own words (a `ParlayRequestWording`), because clients and tests read them.
 *
 * The body is a JSON object with `sportsbooks` (a non-empty list of distinct names from the ten, or
 * the pricing engine alone) and `entries` (2 to 50 objects with `fixture_id`, `market`, `name`, and
 * for the engine a price on every entry). Every problem is named field by field, in field order,
 * one per field (the first rule it breaks).
 */
import * as v from 'valibot';
import { isRecord } from '../records.ts';
import { isSportsbook, SPORTSBOOKS, type Sportsbook } from '../sportsbooks.ts';
import { americanToDecimal } from './odds.ts';
import { isFixtureId, MAX_PARLAY_ENTRIES, MIN_PARLAY_ENTRIES } from './parlay.ts';
import { FAIR_PRICING_ENGINE } from './pricing-engine.ts';

/** Longest `fixture_id`, `market` or `name` taken: real ones are far shorter; this bounds the work. */
const MAX_TEXT_LENGTH = 200;

/** What a request may name: one of the ten books, or the pricing engine (alone). */
type RequestedBook = Sportsbook | typeof FAIR_PRICING_ENGINE;

export interface ParlayRequestEntry {
  fixture_id: string;
  market: string;
  name: string;
  /** The caller's own price, for the pricing engine only. */
  price_american?: number;
  price_decimal?: number;
}

export interface ParlayRequestBody {
  sportsbooks: RequestedBook[];
  entries: ParlayRequestEntry[];
}

/** Each side's words for each problem; the path (`entries[1].market: `) is put before them. */
export interface ParlayRequestWording {
  /** The whole message when the body is not JSON. */
  notJson: string;
  /** The whole message when the body is JSON but not an object. */
  notObject: string;
  required: string;
  notString: string;
  sportsbooksNotArray: string;
  noSportsbooks: string;
  unknownSportsbook: (name: string) => string;
  duplicateSportsbook: (name: string) => string;
  engineNotAlone: string;
  entriesNotArray: string;
  tooFewEntries: (count: number) => string;
  tooManyEntries: (count: number) => string;
  entryNotObject: string;
  emptyText: string;
  textTooLong: (maxLength: number) => string;
  badFixtureId: string;
  badAmericanPrice: string;
  badDecimalPrice: string;
  /**
   * Said of an entry that carries a price in a request for the books. Null: such prices are
   * ignored, as the odds service ignores them (only the engine reads them).
   */
  pricesOnlyForEngine: string | null;
}

export type ParlayRequestCheck =
  | { kind: 'valid'; body: ParlayRequestBody }
  /** Not JSON, or not an object: the wording's whole message, nothing to say field by field. */
  | { kind: 'unreadable'; message: string }
  /** Each problem as `path: what is wrong`, in field order. */
  | { kind: 'invalid'; problems: string[] };

const ENGINE_NEEDS_PRICES = `"${FAIR_PRICING_ENGINE}" needs price_american or price_decimal on every entry`;

function isRequestableBook(name: string): name is RequestedBook {
  return isSportsbook(name) || name === FAIR_PRICING_ENGINE;
}

/** A book name is fine when it is a string, one of the ten (or the engine), and not listed before. */
function isFineBook(book: unknown, index: number, books: unknown[]): boolean {
  return typeof book === 'string' && isRequestableBook(book) && books.indexOf(book) === index;
}

function parlayRequestSchema(wording: ParlayRequestWording) {
  // JSON has no undefined: a missing field and a null one are both "required".
  const requiredOr = (wrongType: string) => (issue: v.BaseIssue<unknown>) =>
    issue.input === undefined || issue.input === null ? wording.required : wrongType;

  const text = v.pipe(
    v.string(requiredOr(wording.notString)),
    v.check((value) => value.trim() !== '', wording.emptyText),
    v.maxLength(MAX_TEXT_LENGTH, wording.textTooLong(MAX_TEXT_LENGTH)),
  );
  const price = (rule: (price: number) => boolean, message: string) =>
    v.nullish(v.pipe(v.number(message), v.check(rule, message)));

  const entry = v.pipe(
    v.custom<Record<string, unknown>>(isRecord, wording.entryNotObject),
    // The input is an object by now: the object's message is only ever for a missing field.
    v.object(
      {
        fixture_id: v.pipe(
          text,
          v.check((id: string) => isFixtureId(id), wording.badFixtureId),
        ),
        market: text,
        name: text,
        price_american: price((american) => americanToDecimal(american) !== null, wording.badAmericanPrice),
        price_decimal: price((decimal) => Number.isFinite(decimal) && decimal > 1, wording.badDecimalPrice),
      },
      wording.required,
    ),
  );

  const sportsbooks = v.pipe(
    v.array(v.unknown(), requiredOr(wording.sportsbooksNotArray)),
    v.minLength(1, wording.noSportsbooks),
    // One check for all three rules, so that the problems read in list order.
    v.checkItems(isFineBook, (issue) =>
      typeof issue.input !== 'string'
        ? wording.notString
        : isRequestableBook(issue.input)
          ? wording.duplicateSportsbook(issue.input)
          : wording.unknownSportsbook(issue.input),
    ),
    v.check((books) => !books.includes(FAIR_PRICING_ENGINE) || books.length === 1, wording.engineNotAlone),
    // Every name has passed by now; this only gives the list its type.
    v.array(v.union([v.picklist(SPORTSBOOKS), v.literal(FAIR_PRICING_ENGINE)])),
  );

  const entries = v.pipe(
    v.array(v.unknown(), requiredOr(wording.entriesNotArray)),
    v.minLength(MIN_PARLAY_ENTRIES, (issue) => wording.tooFewEntries(issue.input.length)),
    v.maxLength(MAX_PARLAY_ENTRIES, (issue) => wording.tooManyEntries(issue.input.length)),
    // A pipe stops before a schema once it has a problem: a list of the wrong length is not read entry by entry.
    v.array(entry),
  );

  // The body has been found to be an object before: the object's message is only for a missing field.
  return v.object({ sportsbooks, entries }, wording.required);
}

/** `entries[1].market` from the issue's path. */
export function issuePath(issue: v.BaseIssue<unknown>): string {
  let path = '';
  for (const item of issue.path ?? []) {
    if (typeof item.key === 'number') path += `[${item.key}]`;
    else path += path === '' ? String(item.key) : `.${String(item.key)}`;
  }
  return path;
}

function hasOwnPrice(entry: Record<string, unknown>): boolean {
  return (
    (entry.price_american !== undefined && entry.price_american !== null) ||
    (entry.price_decimal !== undefined && entry.price_decimal !== null)
  );
}

/**
 * The prices against the books asked: the engine needs one on every entry; a request for the books
 * may refuse them. Read from the body as sent, so they are said even when another field is wrong.
 */
function priceProblems(body: Record<string, unknown>, wording: ParlayRequestWording): string[] {
  const { sportsbooks, entries } = body;
  // As in the schema, only a list of the right length is read entry by entry.
  if (!Array.isArray(entries) || entries.length < MIN_PARLAY_ENTRIES || entries.length > MAX_PARLAY_ENTRIES) return [];
  const objects = entries.flatMap((entry: unknown, index) => (isRecord(entry) ? [{ entry, index }] : []));
  if (Array.isArray(sportsbooks) && sportsbooks.includes(FAIR_PRICING_ENGINE)) {
    const unpriced = objects.filter(({ entry }) => !hasOwnPrice(entry)).map(({ index }) => `entries[${index}]`);
    return unpriced.length === 0 ? [] : [`${unpriced.join(', ')}: ${ENGINE_NEEDS_PRICES}`];
  }
  const refusal = wording.pricesOnlyForEngine;
  if (refusal === null) return [];
  return objects.filter(({ entry }) => hasOwnPrice(entry)).map(({ index }) => `entries[${index}]: ${refusal}`);
}

/** An entry as the schema gives it: a price sent as null is there as null. */
interface CheckedEntry extends Omit<ParlayRequestEntry, 'price_american' | 'price_decimal'> {
  price_american?: number | null | undefined;
  price_decimal?: number | null | undefined;
}

function withoutNullPrices(checked: CheckedEntry): ParlayRequestEntry {
  const { fixture_id, market, name, price_american: american, price_decimal: decimal } = checked;
  const entry: ParlayRequestEntry = { fixture_id, market, name };
  if (american !== undefined && american !== null) entry.price_american = american;
  if (decimal !== undefined && decimal !== null) entry.price_decimal = decimal;
  return entry;
}

/** A request body as a JSON object, or the words for why it is not one. */
export function readBodyObject(
  bodyText: string,
  wording: { notJson: string; notObject: string },
): Record<string, unknown> | string {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return wording.notJson;
  }
  return isRecord(body) ? body : wording.notObject;
}

/** The checker for one side: the schema is built once, in that side's words. */
export function createParlayRequestCheck(wording: ParlayRequestWording): (bodyText: string) => ParlayRequestCheck {
  const schema = parlayRequestSchema(wording);
  return (bodyText) => {
    const body = readBodyObject(bodyText, wording);
    if (typeof body === 'string') return { kind: 'unreadable', message: body };
    // abortPipeEarly: each field's first problem only (`required`, not also `must not be empty`).
    const result = v.safeParse(schema, body, { abortPipeEarly: true });
    const problems = (result.issues ?? []).map((issue) => `${issuePath(issue)}: ${issue.message}`);
    problems.push(...priceProblems(body, wording));
    if (!result.success || problems.length > 0) return { kind: 'invalid', problems };
    return {
      kind: 'valid',
      body: { sportsbooks: result.output.sportsbooks, entries: result.output.entries.map(withoutNullPrices) },
    };
  };
}

/**
 * A bet the bettor logged ("I placed this"): the parlay (or single) as they took it at one book,
 * and what was learnt about it since (each leg's grade and closing prices). Kept in the browser
 * only. Every stored record is read back through `betRecordSchema`: a record of another version
 * (a newer app's) or a damaged one is reported, never guessed at.
 */
import * as v from 'valibot';
import { SPORTSBOOKS, type Sportsbook } from '../sportsbooks.ts';

/** The grader's words for a leg's result (`Refunded` also stands for a void: a cancelled game). */
export const LEG_RESULTS = ['Won', 'Lost', 'Refunded', 'Pending', 'Half Won', 'Half Lost'] as const;
export type LegResult = (typeof LEG_RESULTS)[number];

/** Results that never change again. */
export const FINAL_LEG_RESULTS: ReadonlySet<LegResult> = new Set(['Won', 'Lost', 'Refunded', 'Half Won', 'Half Lost']);

/** The stored shape's version: a change of shape raises it and adds a migration in the store's upgrade. */
export const BET_RECORD_VERSION = 1;

const MAX_TEXT = 300;
const MAX_LEGS = 20;
const text = v.pipe(v.string(), v.maxLength(MAX_TEXT));
const decimalPrice = v.pipe(v.number(), v.finite(), v.gtValue(1));
const instant = v.pipe(v.number(), v.finite(), v.minValue(0));

const gameSchema = v.object({
  homeTeam: text,
  awayTeam: text,
  startDate: text,
  leagueId: text,
});

const legSchema = v.object({
  fixtureId: v.pipe(text, v.minLength(1)),
  market: v.pipe(text, v.minLength(1)),
  /** The selection with its line, as the book lists it (`Over 220.5`). */
  name: v.pipe(text, v.minLength(1)),
  game: v.nullable(gameSchema),
  /** The leg's price at the book when taken (exact decimal). */
  decimal: decimalPrice,
  result: v.nullable(v.picklist(LEG_RESULTS)),
  /** When the result was learnt (epoch ms). */
  gradedAt: v.nullable(instant),
  /** The book's last price before the start (exact decimal), once known. */
  closingDecimal: v.nullable(decimalPrice),
  /** The devig consensus of the books' closing prices, once known. */
  closingFairDecimal: v.nullable(decimalPrice),
  /** True once the closing prices were looked up (found or not): they never change afterwards. */
  closingChecked: v.boolean(),
});

export const betRecordSchema = v.object({
  version: v.literal(BET_RECORD_VERSION),
  id: v.pipe(text, v.minLength(1)),
  /** When the bettor logged it (epoch ms). */
  placedAt: instant,
  book: v.picklist(SPORTSBOOKS),
  stake: v.pipe(v.number(), v.finite(), v.gtValue(0), v.maxValue(1_000_000)),
  currency: v.pipe(text, v.length(3)),
  /** The parlay price taken (exact decimal); a single's is its leg's. */
  decimal: decimalPrice,
  legs: v.pipe(v.array(legSchema), v.minLength(1), v.maxLength(MAX_LEGS)),
});

export type BetRecord = v.InferOutput<typeof betRecordSchema>;
export type LoggedLeg = BetRecord['legs'][number];

/** What "I placed this" knows at the moment of the tap. */
export interface PlacedBet {
  book: Sportsbook;
  stake: number;
  currency: string;
  decimal: number;
  legs: readonly Pick<LoggedLeg, 'fixtureId' | 'market' | 'name' | 'game' | 'decimal'>[];
}

export function newBetRecord(placed: PlacedBet, id: string, placedAt: number): BetRecord {
  return {
    version: BET_RECORD_VERSION,
    id,
    placedAt,
    book: placed.book,
    stake: placed.stake,
    currency: placed.currency,
    decimal: placed.decimal,
    legs: placed.legs.map((leg) => ({
      fixtureId: leg.fixtureId,
      market: leg.market,
      name: leg.name,
      game: leg.game,
      decimal: leg.decimal,
      result: null,
      gradedAt: null,
      closingDecimal: null,
      closingFairDecimal: null,
      closingChecked: false,
    })),
  };
}

export type BetRecordRead = { kind: 'ok'; record: BetRecord } | { kind: 'damaged'; reason: string };

/** A stored (or imported) record, migrated and checked; never throws. */
export function readBetRecord(stored: unknown): BetRecordRead {
  const parsed = v.safeParse(betRecordSchema, stored);
  if (parsed.success) return { kind: 'ok', record: parsed.output };
  const [issue] = parsed.issues;
  const path = issue.path?.map((item) => String(item.key)).join('.') ?? '';
  return { kind: 'damaged', reason: path === '' ? issue.message : `${path}: ${issue.message}` };
}

/** Whether every leg has a result that will not change. */
export function isGraded(record: BetRecord): boolean {
  return record.legs.every((leg) => leg.result !== null && FINAL_LEG_RESULTS.has(leg.result));
}

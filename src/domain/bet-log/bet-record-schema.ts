/**
 * How a stored (or imported) bet is read back: migrated where an older shape needs it, then
 * checked field by field; a record that fails says why, and is never guessed at.
 */
import * as v from 'valibot';
import { SPORTSBOOKS } from '../sportsbooks.ts';
import { BET_RECORD_VERSION, LEG_RESULTS, MAX_BET_LEGS, type BetRecord, type BetRecordRead } from './bet-record.ts';

const MAX_TEXT = 300;
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

/** Typed as the record: a schema that drifts from `BetRecord` fails to compile. */
const betRecordSchema: v.GenericSchema<unknown, BetRecord> = v.object({
  version: v.literal(BET_RECORD_VERSION),
  id: v.pipe(text, v.minLength(1)),
  /** When the bettor logged it (epoch ms). */
  placedAt: instant,
  book: v.picklist(SPORTSBOOKS),
  stake: v.pipe(v.number(), v.finite(), v.gtValue(0), v.maxValue(1_000_000)),
  currency: v.pipe(text, v.length(3)),
  /** The parlay price taken (exact decimal); a single's is its leg's. */
  decimal: decimalPrice,
  legs: v.pipe(v.array(legSchema), v.minLength(1), v.maxLength(MAX_BET_LEGS)),
});

/** A stored (or imported) record, migrated and checked; never throws. */
export function readBetRecord(stored: unknown): BetRecordRead {
  const parsed = v.safeParse(betRecordSchema, stored);
  if (parsed.success) return { kind: 'ok', record: parsed.output };
  const [issue] = parsed.issues;
  const path = issue.path?.map((item) => String(item.key)).join('.') ?? '';
  return { kind: 'damaged', reason: path === '' ? issue.message : `${path}: ${issue.message}` };
}

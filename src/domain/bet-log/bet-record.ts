/**
 * A bet the bettor logged ("I placed this"): the parlay (or single) as they took it at one book,
 * and what was learnt about it since (each leg's grade and closing prices). Kept in the browser
 * only. Every stored record is read back through `readBetRecord` (bet-record-schema.ts).
 */
import type { Sportsbook } from '../sportsbooks.ts';

/** The grader's words for a leg's result (`Refunded` also stands for a void: a cancelled game). */
export const LEG_RESULTS = ['Won', 'Lost', 'Refunded', 'Pending', 'Half Won', 'Half Lost'] as const;
export type LegResult = (typeof LEG_RESULTS)[number];

/** Results that never change again. */
export const FINAL_LEG_RESULTS: ReadonlySet<LegResult> = new Set(['Won', 'Lost', 'Refunded', 'Half Won', 'Half Lost']);

/** The stored shape's version: a change of shape raises it and adds a migration in the store's upgrade. */
export const BET_RECORD_VERSION = 1;

export const MAX_BET_LEGS = 20;

interface LoggedGame {
  homeTeam: string;
  awayTeam: string;
  startDate: string;
  leagueId: string;
}

export interface LoggedLeg {
  fixtureId: string;
  market: string;
  /** The selection with its line, as the book lists it (`Over 220.5`). */
  name: string;
  game: LoggedGame | null;
  /** The leg's price at the book when taken (exact decimal). */
  decimal: number;
  result: LegResult | null;
  /** When the result was learnt (epoch ms). */
  gradedAt: number | null;
  /** The book's last price before the start (exact decimal), once known. */
  closingDecimal: number | null;
  /** The devig consensus of the books' closing prices, once known. */
  closingFairDecimal: number | null;
  /** True once the closing prices were looked up (found or not): they never change afterwards. */
  closingChecked: boolean;
}

export interface BetRecord {
  version: typeof BET_RECORD_VERSION;
  id: string;
  /** When the bettor logged it (epoch ms). */
  placedAt: number;
  book: Sportsbook;
  stake: number;
  currency: string;
  /** The parlay price taken (exact decimal); a single's is its leg's. */
  decimal: number;
  legs: LoggedLeg[];
}

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

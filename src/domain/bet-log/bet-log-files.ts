/**
 * The log as files the bettor keeps: JSON (the records as stored) and CSV (one row per leg, the
 * bet's fields repeated on each). Reading either checks every bet through the record schema and
 * says what it skipped and why.
 */
import { csvField, parseCsv } from '../csv.ts';
import { BET_RECORD_VERSION, type BetRecord } from './bet-record.ts';
import { readBetRecord } from './bet-record-schema.ts';

const FILE_FORMAT = 'parlay-bet-log';

interface SkippedBet {
  /** Where in the file: `bet 3` (JSON) or `rows 4-6` (CSV). */
  where: string;
  reason: string;
}

export interface ReadBetFile {
  bets: BetRecord[];
  skipped: SkippedBet[];
  /** Set when the file as a whole could not be read. */
  error: string | null;
}

export function betLogJson(bets: readonly BetRecord[], exportedAt: number): string {
  return JSON.stringify({ format: FILE_FORMAT, version: BET_RECORD_VERSION, exportedAt, bets }, null, 2);
}

function readRecords(items: readonly unknown[], where: (index: number) => string): Omit<ReadBetFile, 'error'> {
  const bets: BetRecord[] = [];
  const skipped: SkippedBet[] = [];
  items.forEach((item, index) => {
    const read = readBetRecord(item);
    if (read.kind === 'ok') bets.push(read.record);
    else skipped.push({ where: where(index), reason: read.reason });
  });
  return { bets, skipped };
}

export function readBetLogJson(text: string): ReadBetFile {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { bets: [], skipped: [], error: 'The file is not JSON.' };
  }
  const bets = typeof body === 'object' && body !== null && 'bets' in body ? body.bets : undefined;
  if (!Array.isArray(bets)) return { bets: [], skipped: [], error: 'The file has no list of bets (is it a bet log?).' };
  return { ...readRecords(bets, (index) => `bet ${index + 1}`), error: null };
}

const CSV_COLUMNS = [
  'bet_id',
  'placed_at',
  'book',
  'stake',
  'currency',
  'parlay_decimal',
  'leg',
  'fixture_id',
  'market',
  'selection',
  'leg_decimal',
  'home_team',
  'away_team',
  'start',
  'league',
  'result',
  'graded_at',
  'closing_decimal',
  'closing_fair_decimal',
  'closing_checked',
] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number];

const isoOrBlank = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());
const numberOrBlank = (value: number | null) => (value === null ? '' : String(value));

export function betLogCsv(bets: readonly BetRecord[]): string {
  const rows: string[][] = [[...CSV_COLUMNS]];
  for (const bet of bets) {
    bet.legs.forEach((leg, index) => {
      const fields: Record<CsvColumn, string> = {
        bet_id: bet.id,
        placed_at: isoOrBlank(bet.placedAt),
        book: bet.book,
        stake: String(bet.stake),
        currency: bet.currency,
        parlay_decimal: String(bet.decimal),
        leg: String(index + 1),
        fixture_id: leg.fixtureId,
        market: leg.market,
        selection: leg.name,
        leg_decimal: String(leg.decimal),
        home_team: leg.game?.homeTeam ?? '',
        away_team: leg.game?.awayTeam ?? '',
        start: leg.game?.startDate ?? '',
        league: leg.game?.leagueId ?? '',
        result: leg.result ?? '',
        graded_at: isoOrBlank(leg.gradedAt),
        closing_decimal: numberOrBlank(leg.closingDecimal),
        closing_fair_decimal: numberOrBlank(leg.closingFairDecimal),
        closing_checked: leg.closingChecked ? 'yes' : 'no',
      };
      rows.push(CSV_COLUMNS.map((column) => fields[column]));
    });
  }
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Text to a number; blank or unreadable stays as it is so the schema names the field. */
function numeric(text: string): unknown {
  const value = Number(text);
  return text.trim() === '' || !Number.isFinite(value) ? text : value;
}
const instantOrNull = (text: string): unknown => (text === '' ? null : Date.parse(text));
const numberOrNull = (text: string): unknown => (text === '' ? null : numeric(text));

function recordFromRows(rows: readonly Record<CsvColumn, string>[]): unknown {
  const [first] = rows;
  if (first === undefined) return null;
  return {
    version: BET_RECORD_VERSION,
    id: first.bet_id,
    placedAt: instantOrNull(first.placed_at),
    book: first.book,
    stake: numeric(first.stake),
    currency: first.currency,
    decimal: numeric(first.parlay_decimal),
    legs: rows.map((row) => ({
      fixtureId: row.fixture_id,
      market: row.market,
      name: row.selection,
      game:
        row.home_team === '' && row.away_team === ''
          ? null
          : { homeTeam: row.home_team, awayTeam: row.away_team, startDate: row.start, leagueId: row.league },
      decimal: numeric(row.leg_decimal),
      result: row.result === '' ? null : row.result,
      gradedAt: instantOrNull(row.graded_at),
      closingDecimal: numberOrNull(row.closing_decimal),
      closingFairDecimal: numberOrNull(row.closing_fair_decimal),
      closingChecked: row.closing_checked === 'yes',
    })),
  };
}

export function readBetLogCsv(text: string): ReadBetFile {
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  const missing = CSV_COLUMNS.filter((column) => !header?.includes(column));
  if (header === undefined || missing.length > 0)
    return { bets: [], skipped: [], error: `The file lacks the columns ${missing.join(', ')} (is it a bet log?).` };
  const groups = new Map<string, { first: number; rows: Record<CsvColumn, string>[] }>();
  rows.forEach((fields, index) => {
    const row = Object.fromEntries(
      CSV_COLUMNS.map((column) => [column, fields[header.indexOf(column)] ?? '']),
    ) as Record<CsvColumn, string>;
    const group = groups.get(row.bet_id) ?? { first: index + 2, rows: [] };
    group.rows.push(row);
    groups.set(row.bet_id, group);
  });
  const grouped = [...groups.values()];
  const where = (index: number) => {
    const group = grouped[index];
    return group === undefined ? 'a row' : `rows from ${group.first} (bet ${group.rows[0]?.bet_id ?? ''})`;
  };
  return {
    ...readRecords(
      grouped.map((group) => recordFromRows(group.rows)),
      where,
    ),
    error: null,
  };
}

/**
 * The grid as CSV for analysts: one row per leg, then parlay, payout, adjustment and status rows;
 * two columns per book (the chosen odds format, and exact-ish decimal odds for formulas).
 */
import { explainQuote } from '../../../domain/explain-quote.ts';
import { gameLabel } from '../../../domain/display.ts';
import { formatOdds, payoutFor, type OddsFormat } from '../../../domain/odds.ts';
import type { SlipLeg } from '../../../domain/slip.ts';
import type { BookColumn, LegCell } from './grid-model.ts';

export interface GridCsvInput {
  legs: readonly SlipLeg[];
  columns: readonly BookColumn[];
  mode: 'parlay' | 'straight';
  format: OddsFormat;
  stake: number;
}

const NUMBER_LIKE = /^[+-]?\d+(\.\d+)?(%|\/\d+)?$/;

/**
 * RFC 4180 quoting, plus a guard against spreadsheet formulas: text starting with = + - @ (that
 * is not simply a number such as `-110`) is prefixed with an apostrophe.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !NUMBER_LIKE.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

function decimalText(decimal: number): string {
  return decimal.toFixed(4);
}

function legCellFields(cell: LegCell | undefined, format: OddsFormat): [string, string] {
  switch (cell?.kind) {
    case 'price':
      return [formatOdds(cell.decimal, format), decimalText(cell.decimal)];
    case 'not-offered':
      return ['Not offered', ''];
    case 'waiting':
      return ['Waiting', ''];
    default:
      return ['', ''];
  }
}

function statusText(column: BookColumn, legs: readonly SlipLeg[]): string {
  if (column.outcome === 'waiting') return `Waiting for ${column.book}`;
  if (column.state === null) return column.combinedDecimal === null ? 'Not offered' : 'Single-bet price';
  const quote = column.state.quote;
  if (quote === undefined) return 'Request failed';
  const explanation = explainQuote(quote, { legNames: legs.map((leg) => leg.name) });
  return quote.status === 'priced' ? explanation.headline : `${explanation.headline}. ${explanation.detail}`;
}

export function buildGridCsv({ legs, columns, mode, format, stake }: GridCsvInput): string {
  const label = (text: string) => [text, '', ''];
  const priceFields = (decimal: number | null) => (decimal === null ? ['', ''] : [formatOdds(decimal, format), decimalText(decimal)]);
  const rows: string[][] = [
    ['Leg', 'Market', 'Game', ...columns.flatMap((column) => [column.book, `${column.book} (decimal)`])],
    ...legs.map((leg, legIndex) => [
      leg.name,
      leg.market,
      leg.game ? gameLabel(leg.game) : leg.fixtureId,
      ...columns.flatMap((column) => legCellFields(column.legCells[legIndex], format)),
    ]),
  ];
  if (mode === 'parlay') rows.push([...label('Parlay'), ...columns.flatMap((column) => priceFields(column.combinedDecimal))]);
  rows.push([
    ...label(`Payout for ${stake.toFixed(2)} stake`),
    ...columns.flatMap((column) =>
      column.combinedDecimal === null ? ['', ''] : [payoutFor(stake, column.combinedDecimal).toFixed(2), ''],
    ),
  ]);
  if (mode === 'parlay' && columns.some((column) => column.adjustment !== null)) {
    rows.push([
      ...label('Same-game adjustment'),
      ...columns.flatMap((column) => [column.adjustment === null ? '' : `${(column.adjustment * 100).toFixed(1)}%`, '']),
    ]);
  }
  rows.push([...label('Status'), ...columns.flatMap((column) => [statusText(column, legs), ''])]);
  return toCsv(rows);
}

/**
 * The grid as CSV for analysts: one row per leg, then parlay, payout, edge, adjustment and status
 * rows; two columns per book (the chosen odds format, and exact-ish decimal odds for formulas), led by
 * two fair columns when fair value is shown (a leg without a fair price says why there). After them,
 * so the prices stay side by side: each leg's game start and status, and when each book's price last
 * changed (UTC) and its age in minutes at download.
 */
import { csvField } from '../../../domain/csv.ts';
import { explainQuote } from '../../../domain/odds/explain-quote.ts';
import { gameLabel } from '../../../domain/display.ts';
import { gameStatusView } from '../../../domain/game-status.ts';
import { exactFraction, fractionalPrice } from '../../../domain/odds/fractional.ts';
import { formatOdds, payoutFor, type OddsFormat } from '../../../domain/odds/odds.ts';
import type { SlipLeg } from '../../../domain/slip.ts';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';
import { explainNoFairPrice } from '../../../domain/fair-value/fair-value.ts';
import type { FairValue } from '../data/use-fair-value.ts';
import { describeFairParlay, fairDecimalOf, fairProbabilityOf, sameGameRowsOf, sameGameSplitOf } from './fair-model.ts';
import { columnEdge, type BookColumn, type LegCell } from './grid-model.ts';

export interface GridCsvInput {
  legs: readonly SlipLeg[];
  columns: readonly BookColumn[];
  mode: 'parlay' | 'straight';
  format: OddsFormat;
  stake: number;
  /** Fair prices, null when fair value is hidden (no fair columns or edge row). */
  fair?: FairValue | null;
  /** Each leg's game status as the service last said (`live`, `half`…), null where unknown. */
  gameStatuses?: readonly (string | null)[];
  /** Why a leg's game is unknown (`no longer listed`…), null where it is known. */
  gameUnknownReasons?: readonly (string | null)[];
  /**
   * When each leg's price last changed at each book (epoch seconds), as its odds' answer says: for a
   * price shown before that answer was (a book's parlay leg price), so the file still has its time.
   */
  changedAtByLeg?: readonly Partial<Record<Sportsbook, number>>[];
  /** The moment of the download, for each price's age. */
  nowMs: number;
}

function percentText(fraction: number | null): string {
  return fraction === null ? '' : `${(fraction * 100).toFixed(1)}%`;
}

function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

function decimalText(decimal: number): string {
  return decimal.toFixed(4);
}

/**
 * A price as the file says it: in fractional odds the exact fraction where there is one (1463/100,
 * 20/23), not the readable approximation the screen shows beside its decimal; `≈20/1` only where no
 * fraction is exact (a fair price), its decimal in the next column.
 */
function priceText(decimal: number, format: OddsFormat): string {
  if (format !== 'fractional') return formatOdds(decimal, format);
  const { fraction, approximates } = fractionalPrice(decimal);
  if (approximates === null) return fraction;
  const exact = exactFraction(decimal);
  return exact === null ? `≈${fraction}` : `${exact.numerator}/${exact.denominator}`;
}

function legCellFields(cell: LegCell | undefined, format: OddsFormat): [string, string] {
  switch (cell?.kind) {
    case 'price':
      return [priceText(cell.decimal, format), decimalText(cell.decimal)];
    case 'not-offered':
      return ['Not offered', ''];
    case 'suspended':
      return ['Suspended', ''];
    case 'cancelled':
      return ['Cancelled', ''];
    case 'waiting':
      return ['Waiting', ''];
    default:
      return ['', ''];
  }
}

function statusText(column: BookColumn, legs: readonly SlipLeg[]): string {
  if (column.outcome === 'waiting') return `Waiting for ${column.book}`;
  if (column.outcome === 'suspended') return `Suspended at ${column.book}: not available until the line reopens`;
  if (column.state === null) return column.combinedDecimal === null ? 'Not offered' : 'Single-bet price';
  const quote = column.state.quote;
  if (quote === undefined) return 'Request failed';
  const explanation = explainQuote(quote, { legNames: legs.map((leg) => leg.name) });
  return quote.status === 'priced' ? explanation.headline : `${explanation.headline}. ${explanation.detail}`;
}

function statusWords(status: string | null | undefined): string {
  if (status === null || status === undefined) return 'Unknown';
  return gameStatusView(status).label ?? (status === 'unplayed' ? 'Not started' : status);
}

/** A leg's game, or its id and why nothing more is known (an id alone tells an analyst little). */
function gameText(leg: SlipLeg, unknownReason: string | null): string {
  if (leg.game) return gameLabel(leg.game);
  return unknownReason === null ? `Game ${leg.fixtureId}` : `Game ${leg.fixtureId}: ${unknownReason}`;
}

/** The game's start; never blank, so a blank cell never hides whether the start is known. */
function gameStartText(leg: SlipLeg): string {
  if (!leg.game) return 'Unknown';
  return utcText(new Date(leg.game.startDate)) || 'To be confirmed';
}

/** A moment as ISO UTC to the second, or '' when it is not a date. */
function utcText(date: Date): string {
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().replace('.000Z', 'Z');
}

function priceTimeFields(cell: LegCell | undefined, answeredChangedAt: number | undefined, nowMs: number): string[] {
  const changedAt = cell?.kind === 'price' ? (cell.changedAt ?? answeredChangedAt ?? null) : null;
  const changedMs = changedAt === null ? NaN : changedAt * 1000;
  const time = utcText(new Date(changedMs));
  return time === '' ? ['', ''] : [time, String(Math.max(0, Math.floor((nowMs - changedMs) / 60_000)))];
}

export function buildGridCsv({
  legs,
  columns,
  mode,
  format,
  stake,
  fair = null,
  gameStatuses = [],
  gameUnknownReasons = [],
  changedAtByLeg = [],
  nowMs,
}: GridCsvInput): string {
  const label = (text: string) => [text, '', ''];
  const priceFields = (decimal: number | null) =>
    decimal === null ? ['', ''] : [priceText(decimal, format), decimalText(decimal)];
  // The fair columns, only when fair value is shown.
  const fairFields = (fields: () => string[]) => (fair === null ? [] : fields());
  const fairParlayDecimal = fairDecimalOf(fair);
  const fairProbability = fairProbabilityOf(fair);
  const rows: string[][] = [
    [
      'Leg',
      'Market',
      'Game',
      ...fairFields(() => ['Fair', 'Fair (decimal)']),
      ...columns.flatMap((column) => [column.book, `${column.book} (decimal)`]),
      'Game start (UTC)',
      'Game status',
      ...columns.flatMap((column) => [`${column.book} time (UTC)`, `${column.book} age (min)`]),
    ],
    ...legs.map((leg, legIndex) => [
      leg.name,
      leg.market,
      gameText(leg, gameUnknownReasons[legIndex] ?? null),
      ...fairFields(() => {
        const result = fair?.legs[legIndex] ?? null;
        if (result === null) return ['Waiting', ''];
        return result.status === 'fair'
          ? priceFields(result.decimal)
          : [`No fair price: ${explainNoFairPrice(result)}`, ''];
      }),
      ...columns.flatMap((column) => legCellFields(column.legCells[legIndex], format)),
      gameStartText(leg),
      statusWords(gameStatuses[legIndex]),
      ...columns.flatMap((column) =>
        priceTimeFields(column.legCells[legIndex], changedAtByLeg[legIndex]?.[column.book], nowMs),
      ),
    ]),
  ];
  if (mode === 'parlay')
    rows.push([
      ...label('Parlay'),
      ...fairFields(() => priceFields(fairParlayDecimal)),
      ...columns.flatMap((column) => priceFields(column.combinedDecimal)),
    ]);
  const payoutFields = (decimal: number | null) =>
    decimal === null ? ['', ''] : [payoutFor(stake, decimal).toFixed(2), ''];
  rows.push([
    ...label(`Payout for ${stake.toFixed(2)} stake`),
    ...fairFields(() => payoutFields(fairParlayDecimal)),
    ...columns.flatMap((column) => payoutFields(column.combinedDecimal)),
  ]);
  // A limit belongs to a price: a book with no parlay price has no maximum stake to state.
  const maxStakes = columns.map((column) => (column.combinedDecimal === null ? null : column.maxStake));
  if (maxStakes.some((limit) => limit !== null)) {
    rows.push([
      ...label('Maximum stake'),
      ...fairFields(() => ['', '']),
      ...maxStakes.flatMap((limit) => [limit === null ? '' : limit.toFixed(2), '']),
    ]);
  }
  if (fair !== null) {
    rows.push([
      ...label('Edge vs fair (return per 1 staked)'),
      fairProbability === null ? '' : '0.0%',
      '',
      ...columns.flatMap((column) => [percentText(columnEdge(column, fairProbability)), '']),
    ]);
  }
  const { fairCorrelation, showsAdjustment, showsExtraMargin } = sameGameRowsOf(columns, fair);
  if (mode === 'parlay' && showsAdjustment) {
    rows.push([
      ...label('Same-game adjustment'),
      ...fairFields(() => [percentText(fairCorrelation), '']),
      ...columns.flatMap((column) => [percentText(column.adjustment), '']),
    ]);
  }
  if (fair !== null && showsExtraMargin) {
    rows.push([
      ...label('Extra margin beyond correlation'),
      '',
      '',
      ...columns.flatMap((column) => [percentText(sameGameSplitOf(column, fair.parlay)?.extraMargin ?? null), '']),
    ]);
  }
  rows.push([
    ...label('Status'),
    ...fairFields(() => [describeFairParlay(fair?.parlay ?? { status: 'waiting' }, format), '']),
    ...columns.flatMap((column) => [statusText(column, legs), '']),
  ]);
  // Below the legs the rows end with the books' columns: the game and time columns are the legs' alone.
  return toCsv(rows);
}

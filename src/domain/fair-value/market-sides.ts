/**
 * The sides of a selection's market at each book: the rows a fair price is worked out from.
 * A market's sides share a market id and a grouping key at one book (`default:-1.5` for both sides
 * of a spread, `default:8.5` for Over/Under, `default` for a moneyline, `rafael_devers:1.5` for a
 * prop); a one-sided market (anytime scorer) has one row per player, each its own group.
 */

/** The fields of one book's odd that fair value needs; the app's `BookOdd` fits it as is. */
export interface OddsRow {
  sportsbook: string;
  marketId: string;
  /** Display market, as a slip leg names it, e.g. `Point Spread`. */
  market: string;
  /** Display selection, as a slip leg names it, e.g. `Houston Astros -1.5`. */
  name: string;
  groupingKey: string | null;
  selectionLine: string | null;
  points: number | null;
  /** Exact decimal odds. */
  decimalPrice: number;
  playerId: string | null;
}

/** A selection as a slip leg names it. */
export interface SelectionRef {
  market: string;
  name: string;
}

/** One book's prices for the sides of the group it lists (a side it does not list is absent). */
interface BookSides {
  sportsbook: string;
  /** Side name -> exact decimal odds. */
  decimalBySide: ReadonlyMap<string, number>;
}

export interface MarketSides {
  /** Every side any book lists for this group, in the order first seen. */
  sideNames: string[];
  /** Books listing at least one side, in the order first seen. */
  books: BookSides[];
  /** Whether the selection carries a line or an over/under (its market must have another side). */
  selectionHasLine: boolean;
}

/** Decimal odds a book could quote: finite and above 1 (bad upstream values are left out). */
export function isQuotableDecimal(decimal: number): boolean {
  return Number.isFinite(decimal) && decimal > 1;
}

/**
 * The group a row belongs to. Without a grouping key (the service always sends one, but it is
 * optional on the wire) the group is inferred from the market, the player and the line's size;
 * that inference cannot tell alternate spreads apart, and such a group then has four sides,
 * which fair value refuses rather than guesses at.
 */
function groupOf(row: OddsRow): string {
  const key = row.groupingKey ?? `inferred:${row.playerId ?? ''}:${row.points === null ? '' : Math.abs(row.points)}`;
  return `${row.marketId}\u0000${key}`;
}

/** Finds the sides of a selection's market at every book; null when no book lists the selection. */
export function findMarketSides(rows: readonly OddsRow[], selection: SelectionRef): MarketSides | null {
  const selectionRows = rows.filter((row) => row.market === selection.market && row.name === selection.name);
  const first = selectionRows[0];
  if (first === undefined) return null;
  // Books agree on a selection's group in practice; if one disagrees, its group still counts.
  const groups = new Set(selectionRows.map(groupOf));
  const sideNames: string[] = [];
  const pricesByBook = new Map<string, Map<string, number>>();
  for (const row of rows) {
    if (!groups.has(groupOf(row))) continue;
    if (!sideNames.includes(row.name)) sideNames.push(row.name);
    const prices = pricesByBook.get(row.sportsbook) ?? new Map<string, number>();
    pricesByBook.set(row.sportsbook, prices);
    // A duplicate row for one side keeps the first quotable price.
    if (!prices.has(row.name) && isQuotableDecimal(row.decimalPrice)) prices.set(row.name, row.decimalPrice);
  }
  return {
    sideNames,
    books: [...pricesByBook].map(([sportsbook, decimalBySide]) => ({ sportsbook, decimalBySide })),
    selectionHasLine: first.points !== null || first.selectionLine === 'over' || first.selectionLine === 'under',
  };
}

/** The books that price every side seen (in `sideNames` order), e.g. all three of a 1X2. */
export function booksOfferingEverySide(sides: MarketSides): { sportsbook: string; decimals: number[] }[] {
  const complete: { sportsbook: string; decimals: number[] }[] = [];
  for (const book of sides.books) {
    const decimals: number[] = [];
    for (const side of sides.sideNames) {
      const decimal = book.decimalBySide.get(side);
      if (decimal !== undefined) decimals.push(decimal);
    }
    if (decimals.length === sides.sideNames.length) complete.push({ sportsbook: book.sportsbook, decimals });
  }
  return complete;
}

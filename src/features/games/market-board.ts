/**
 * Turns one game's odds at all ten books into what the markets view shows: game lines first
 * (moneyline, spread, total, then the rest), then player props by market and player; each
 * selection with its best price among the user's chosen books. Pure, so `select` can derive it.
 */
import type { BookOdd, Fixture } from '../../api/types.ts';
import { SPORTSBOOKS, type Sportsbook } from '../../domain/sportsbooks.ts';

interface BestPrice {
  decimalPrice: number;
  book: Sportsbook;
}

export interface SelectionView {
  market: string;
  /** The exact selection name, as the slip and the pricer take it. */
  name: string;
  /** What the button shows: for a player prop the part after the player, e.g. `Over 2.5`. */
  shortLabel: string;
  /** Best price among the chosen books; null when none of them offers it. */
  best: BestPrice | null;
  /** The line (handicap or total), when the selection has one. */
  points: number | null;
  /** `over` / `under` for totals. */
  selectionLine: string | null;
}

/** One line of a market: its sides side by side (Over/Under, away/home). */
export interface LineView {
  key: string;
  selections: SelectionView[];
}

export interface LinesView {
  main: LineView[];
  alternates: LineView[];
}

interface GameLineMarketView extends LinesView {
  market: string;
  marketId: string;
}

interface PlayerLinesView extends LinesView {
  playerId: string;
  playerName: string;
}

export interface PlayerPropMarketView {
  market: string;
  players: PlayerLinesView[];
}

export interface MarketBoard {
  gameLines: GameLineMarketView[];
  playerProps: PlayerPropMarketView[];
}

interface SelectionOffers {
  market: string;
  marketId: string;
  name: string;
  selection: string;
  selectionLine: string | null;
  points: number | null;
  playerId: string | null;
  isMain: boolean;
  offers: BookOdd[];
}

/** Odds a book takes bets on now: a line it has suspended (live stream) is left out until it reopens. */
export function openOdds(odds: readonly BookOdd[]): readonly BookOdd[] {
  return odds.some((odd) => odd.locked === true) ? odds.filter((odd) => odd.locked !== true) : odds;
}

const BOOK_ORDER = new Map<string, number>(SPORTSBOOKS.map((book, index) => [book, index]));
const SPREAD_MARKET_IDS = new Set(['point_spread', 'run_line', 'puck_line', 'goal_spread']);

function gameMarketRank(marketId: string, market: string): number {
  if (marketId === 'moneyline_3-way') return 0;
  if (marketId === 'moneyline') return 1;
  if (SPREAD_MARKET_IDS.has(marketId) || /spread/i.test(market)) return 2;
  if (/^total_(points|runs|goals)$/.test(marketId)) return 3;
  return 4;
}

/** Best among the chosen books; ties go to the book listed first, so the answer is stable. */
function bestPriceAt(offers: readonly BookOdd[], chosenBooks: ReadonlySet<Sportsbook>): BestPrice | null {
  let best: BestPrice | null = null;
  for (const odd of offers) {
    if (!chosenBooks.has(odd.sportsbook)) continue;
    const better =
      best === null ||
      odd.decimalPrice > best.decimalPrice ||
      (odd.decimalPrice === best.decimalPrice &&
        (BOOK_ORDER.get(odd.sportsbook) ?? 0) < (BOOK_ORDER.get(best.book) ?? 0));
    if (better) best = { decimalPrice: odd.decimalPrice, book: odd.sportsbook };
  }
  return best;
}

function collectSelections(odds: readonly BookOdd[]): SelectionOffers[] {
  const byKey = new Map<string, SelectionOffers>();
  for (const odd of odds) {
    const key = `${odd.market}\u0000${odd.name}`;
    const known = byKey.get(key);
    if (known) {
      known.offers.push(odd);
      known.isMain ||= odd.isMain;
      known.playerId ??= odd.playerId;
      continue;
    }
    byKey.set(key, {
      market: odd.market,
      marketId: odd.marketId,
      name: odd.name,
      selection: odd.selection,
      selectionLine: odd.selectionLine,
      points: odd.points,
      playerId: odd.playerId,
      isMain: odd.isMain,
      offers: [odd],
    });
  }
  return [...byKey.values()];
}

function startsWithWord(text: string, prefix: string): boolean {
  return prefix !== '' && text.toLowerCase().startsWith(`${prefix.toLowerCase()} `);
}

/** Which side a selection is, for ordering a line's sides: over/away first, under/home last. */
function sideRank(selection: SelectionOffers, fixture: Fixture): number {
  const side = selection.selectionLine?.toLowerCase() ?? selection.name.split(' ').at(-2)?.toLowerCase();
  if (side === 'over') return 0;
  if (side === 'under') return 2;
  if (selection.name === fixture.awayTeam || startsWithWord(selection.name, fixture.awayTeam)) return 0;
  if (selection.name === fixture.homeTeam || startsWithWord(selection.name, fixture.homeTeam)) return 2;
  return 1; // a draw, or a side we cannot place
}

/**
 * The number that identifies a line. A spread's two sides carry opposite signs (home -4.5 pairs
 * with away +4.5), so spreads are keyed by the home side's line; anything else by its points.
 */
function lineNumber(selection: SelectionOffers, fixture: Fixture): number | null {
  if (selection.points === null) return null;
  const isSpread = SPREAD_MARKET_IDS.has(selection.marketId) || /spread/i.test(selection.market);
  if (!isSpread) return selection.points;
  if (selection.name === fixture.homeTeam || startsWithWord(selection.name, fixture.homeTeam)) return selection.points;
  if (selection.name === fixture.awayTeam || startsWithWord(selection.name, fixture.awayTeam)) return -selection.points;
  return Math.abs(selection.points);
}

function toSelectionView(
  selection: SelectionOffers,
  playerName: string | null,
  chosenBooks: ReadonlySet<Sportsbook>,
): SelectionView {
  const shortLabel =
    playerName !== null && startsWithWord(selection.name, playerName)
      ? selection.name.slice(playerName.length + 1)
      : selection.name;
  return {
    market: selection.market,
    name: selection.name,
    shortLabel,
    best: bestPriceAt(selection.offers, chosenBooks),
    points: selection.points,
    selectionLine: selection.selectionLine,
  };
}

/** Splits selections into lines, main lines first in their listed order, alternates by number. */
function buildLines(
  selections: readonly SelectionOffers[],
  fixture: Fixture,
  playerName: string | null,
  chosenBooks: ReadonlySet<Sportsbook>,
): LinesView {
  const lines = new Map<string, { number: number | null; isMain: boolean; members: SelectionOffers[] }>();
  for (const selection of selections) {
    const number = lineNumber(selection, fixture);
    const key = number === null ? 'line' : String(number);
    const line = lines.get(key) ?? { number, isMain: false, members: [] };
    line.members.push(selection);
    line.isMain ||= selection.isMain;
    lines.set(key, line);
  }
  const main: LineView[] = [];
  const alternates: (LineView & { number: number })[] = [];
  for (const [key, line] of lines) {
    const members = [...line.members].sort((a, b) => sideRank(a, fixture) - sideRank(b, fixture));
    const view = { key, selections: members.map((member) => toSelectionView(member, playerName, chosenBooks)) };
    // A market with no main line at all (some books flag none) shows everything up front.
    if (line.isMain || line.number === null) main.push(view);
    else alternates.push({ ...view, number: line.number });
  }
  alternates.sort((a, b) => a.number - b.number);
  if (main.length === 0) return { main: alternates, alternates: [] };
  return { main, alternates };
}

function playerNameOf(selection: SelectionOffers): string {
  if (selection.selection && startsWithWord(selection.name, selection.selection)) return selection.selection;
  return selection.name.replace(/\s+(over|under)\s+[+-]?\d+(\.\d+)?$|\s+(yes|no)$/i, '');
}

function groupBy<Item>(items: readonly Item[], keyOf: (item: Item) => string): Map<string, Item[]> {
  const groups = new Map<string, Item[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

export function buildMarketBoard(
  fixture: Fixture,
  odds: readonly BookOdd[],
  chosenBooks: readonly Sportsbook[],
): MarketBoard {
  const books = new Set(chosenBooks);
  const selections = collectSelections(odds);
  const gameSelections = selections.filter((selection) => selection.playerId === null);
  const propSelections = selections.filter((selection) => selection.playerId !== null);

  const gameLines = [...groupBy(gameSelections, (selection) => selection.market)]
    .map(([market, members]) => {
      const marketId = members[0]?.marketId ?? '';
      return { market, marketId, rank: gameMarketRank(marketId, market), ...buildLines(members, fixture, null, books) };
    })
    .sort((a, b) => a.rank - b.rank || a.market.localeCompare(b.market))
    .map(({ market, marketId, main, alternates }) => ({ market, marketId, main, alternates }));

  const playerProps = [...groupBy(propSelections, (selection) => selection.market)].map(([market, members]) => ({
    market,
    players: [...groupBy(members, (selection) => selection.playerId ?? '')]
      .map(([playerId, playerSelections]) => {
        const playerName = playerSelections[0] ? playerNameOf(playerSelections[0]) : playerId;
        return { playerId, playerName, ...buildLines(playerSelections, fixture, playerName, books) };
      })
      .sort((a, b) => a.playerName.localeCompare(b.playerName)),
  }));

  return { gameLines, playerProps };
}

/**
 * A book's odds for one fixture at one moment: the price, when it last changed (the odd's
 * `timestamp`) and, at an exchange, the stake it takes and its order book. Lines that move slowly
 * are computed once per 30 s bucket and kept on the fixture's board; busy lines (main lines near and
 * during a game) each time, with their locks; forced prices (the test hook) over both.
 * /fixtures/odds renders these, /parlay/odds and the stream read the same prices (bookPriceAt,
 * bookGroupOdds), so all three always agree.
 */
import { americanToDecimal, decimalToAmerican } from '../../src/domain/odds/odds.ts';
import { roundAmericanLikeABook } from './book-rounding.ts';
import type { Sportsbook } from '../../src/domain/sportsbooks.ts';
import { profileOf, type BookProfile } from './books.ts';
import { bookGroupPrices, bookOffers, groupPricesAtMoment } from './book-pricing.ts';
import type { FairSelection } from './fair-selection.ts';
import { unitHash } from '../shared/hash.ts';
import type { MarketBoard } from './market-board.ts';
import type { ExchangeDepth } from './wire.ts';
import { groupCadence, lastMoment, lineLocked, PRICE_BUCKET_MS, runsBusy } from './price-moments.ts';
import type { ForcedLocks } from '../faults/forced-locks.ts';
import type { ForcedPrices } from '../faults/forced-prices.ts';
import { fixtureStatus } from '../schedule/schedule.ts';

/** What prices depend on besides the board, the book and the moment. */
export interface OddsModel {
  seed: number;
  forcedPrices: ForcedPrices;
  forcedLocks: ForcedLocks;
}

/** Whether the test hook has locked this group at this book now (it then lists nothing, forced price or not). */
function hookLocked(model: OddsModel, book: Sportsbook, group: readonly FairSelection[], nowMs: number): boolean {
  const [first] = group;
  return first !== undefined && model.forcedLocks.isLocked(book, first.fixtureId, first.groupId, nowMs);
}

export interface BookOdd {
  selection: FairSelection;
  american: number;
  timestampSeconds: number;
  exchange: ExchangeDepth | null;
}

/** A price a little worse for the bettor (the exchange's next levels behind the best offer). */
function worse(american: number, share: number): number {
  const decimal = americanToDecimal(american) ?? 2;
  return roundAmericanLikeABook(decimalToAmerican(Math.max(1.01, 1 + (decimal - 1) * (1 - share))));
}

function exchangeDepth(
  seed: number,
  profile: BookProfile,
  selection: FairSelection,
  american: number,
  changedBucket: number,
): ExchangeDepth {
  const busy = selection.isMain && !selection.isPlayerProp;
  const draw = unitHash(
    seed,
    'limit',
    profile.book,
    selection.fixtureId,
    selection.groupId,
    selection.sideIndex,
    changedBucket,
  );
  const maxStake = Math.round((busy ? 300 + 4_700 * draw : 40 + 760 * draw) / 10) * 10;
  return {
    maxStake,
    levels: [
      { american, size: maxStake },
      { american: worse(american, 0.02), size: Math.round(maxStake * 1.8) },
      { american: worse(american, 0.05), size: Math.round(maxStake * 3) },
    ],
  };
}

function bookOdd(
  seed: number,
  profile: BookProfile,
  selection: FairSelection,
  american: number,
  changedAtMs: number,
): BookOdd {
  return {
    selection,
    american,
    timestampSeconds: changedAtMs / 1000,
    exchange: profile.isExchange
      ? exchangeDepth(seed, profile, selection, american, Math.floor(changedAtMs / PRICE_BUCKET_MS))
      : null,
  };
}

/** The book's natural odds of one group (no forced prices); locked lines left out unless asked for. */
function naturalGroupOdds(
  seed: number,
  board: MarketBoard,
  profile: BookProfile,
  group: readonly FairSelection[],
  nowMs: number,
  includeLocked: boolean,
): BookOdd[] {
  const offered = group.map((selection) => bookOffers(seed, profile, board.fixture, selection));
  const [first] = group;
  if (!first || !offered.includes(true)) return [];
  if (!includeLocked && runsBusy(first)) {
    const cadence = groupCadence(seed, profile, board.fixture, group);
    const suspended = fixtureStatus(board.fixture, nowMs) === 'suspended';
    if (lineLocked(seed, profile, cadence, first, nowMs, suspended)) return [];
  }
  const odds: BookOdd[] = [];
  bookGroupPrices(seed, profile, board, group, nowMs).forEach(({ american, changedAtMs }, index) => {
    const selection = group[index];
    if (selection && offered[index]) odds.push(bookOdd(seed, profile, selection, american, changedAtMs));
  });
  return odds;
}

/** Forced prices over natural ones: an overridden line shows its forced price, even while locked. */
function withForcedPrices(
  model: OddsModel,
  profile: BookProfile,
  group: readonly FairSelection[],
  natural: readonly BookOdd[],
  nowMs: number,
): readonly BookOdd[] {
  if (model.forcedPrices.size === 0) return natural;
  const forced = group.map((selection) => model.forcedPrices.find(profile.book, selection, nowMs));
  if (!forced.some((price) => price !== null)) return natural;
  const bySide = new Map(natural.map((odd) => [odd.selection.sideIndex, odd]));
  const odds: BookOdd[] = [];
  group.forEach((selection, index) => {
    const forcedPrice = forced[index];
    const odd = forcedPrice
      ? bookOdd(model.seed, profile, selection, forcedPrice.american, Math.floor(forcedPrice.fromMs / 1000) * 1000)
      : bySide.get(selection.sideIndex);
    if (odd) odds.push(odd);
  });
  return odds;
}

/**
 * One group's odds at a book and moment exactly as /fixtures/odds lists them (`includeLocked`: the
 * prices a locked line would show, for the stream's `locked-odds` rows).
 */
export function bookGroupOdds(
  model: OddsModel,
  board: MarketBoard,
  book: Sportsbook,
  group: readonly FairSelection[],
  nowMs: number,
  includeLocked = false,
): readonly BookOdd[] {
  if (!includeLocked && hookLocked(model, book, group, nowMs)) return [];
  const profile = profileOf(book);
  return withForcedPrices(
    model,
    profile,
    group,
    naturalGroupOdds(model.seed, board, profile, group, nowMs, includeLocked),
    nowMs,
  );
}

/**
 * The sides of a group that the book moved at exactly `momentMs` (one of its update moments), as
 * /fixtures/odds lists them from then on: the new price, stamped with that moment. Cheaper than
 * bookGroupOdds (no look back for when unmoved sides last changed): the stream asks every second.
 */
export function bookGroupMovesAt(
  model: OddsModel,
  board: MarketBoard,
  book: Sportsbook,
  group: readonly FairSelection[],
  momentMs: number,
): readonly BookOdd[] {
  const profile = profileOf(book);
  const [first] = group;
  if (!first || hookLocked(model, book, group, momentMs)) return [];
  const cadence = groupCadence(model.seed, profile, board.fixture, group);
  if (lastMoment(cadence, momentMs) !== momentMs) return [];
  const now = groupPricesAtMoment(model.seed, profile, board, group, momentMs);
  const before = groupPricesAtMoment(model.seed, profile, board, group, lastMoment(cadence, momentMs - 1));
  if (now.every((price, index) => price === before[index])) return [];
  if (runsBusy(first)) {
    const suspended = fixtureStatus(board.fixture, momentMs) === 'suspended';
    if (lineLocked(model.seed, profile, cadence, first, momentMs, suspended)) return [];
  }
  const moved: BookOdd[] = [];
  group.forEach((selection, index) => {
    const price = now[index];
    if (price === undefined || price === before[index]) return;
    if (!bookOffers(model.seed, profile, board.fixture, selection)) return;
    if (model.forcedPrices.find(book, selection, momentMs)) return;
    moved.push(bookOdd(model.seed, profile, selection, price, momentMs));
  });
  return moved;
}

/** The book's price of one selection as /fixtures/odds shows it then; null when not listed (or locked). */
export function bookPriceAt(
  model: OddsModel,
  board: MarketBoard,
  book: Sportsbook,
  selection: FairSelection,
  nowMs: number,
): number | null {
  const group = board.groups.get(selection.groupId) ?? [selection];
  return bookGroupOdds(model, board, book, group, nowMs).find((odd) => odd.selection === selection)?.american ?? null;
}

/** Per board (dropped with it): the current bucket's slow-moving odds, by book and group. */
const rendered = new WeakMap<
  MarketBoard,
  { bucket: number; byBook: Map<Sportsbook, Map<readonly FairSelection[], readonly BookOdd[]>> }
>();

function slowGroupOdds(seed: number, board: MarketBoard, profile: BookProfile, nowMs: number) {
  const bucket = Math.floor(nowMs / PRICE_BUCKET_MS);
  let memo = rendered.get(board);
  // Only the current bucket is worth keeping.
  if (!memo || memo.bucket !== bucket) {
    memo = { bucket, byBook: new Map() };
    rendered.set(board, memo);
  }
  const cached = memo.byBook.get(profile.book);
  if (cached) return cached;
  const byGroup = new Map<readonly FairSelection[], readonly BookOdd[]>();
  for (const group of board.groups.values()) {
    const [first] = group;
    // Slow lines only change on bucket boundaries: the bucket's start stands for all of it.
    if (first && !runsBusy(first))
      byGroup.set(group, naturalGroupOdds(seed, board, profile, group, bucket * PRICE_BUCKET_MS, false));
  }
  memo.byBook.set(profile.book, byGroup);
  return byGroup;
}

/** Every odd the book lists for the fixture at that moment. */
export function bookOddsAt(model: OddsModel, board: MarketBoard, book: Sportsbook, nowMs: number): readonly BookOdd[] {
  const profile = profileOf(book);
  const slow = slowGroupOdds(model.seed, board, profile, nowMs);
  const odds: BookOdd[] = [];
  for (const group of board.groups.values()) {
    if (hookLocked(model, book, group, nowMs)) continue;
    const natural = slow.get(group) ?? naturalGroupOdds(model.seed, board, profile, group, nowMs, false);
    odds.push(...withForcedPrices(model, profile, group, natural, nowMs));
  }
  return odds;
}

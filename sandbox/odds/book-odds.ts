/**
 * A book's odds for one fixture at one moment, computed once per 30 s bucket and kept on the
 * fixture's board: the price, when it last changed (the odd's `timestamp`) and, at an exchange,
 * the stake it takes and its order book. /fixtures/odds renders these; /parlay/odds reads the same
 * prices through bookAmericanPrice, so the two always agree.
 */
import { americanToDecimal, decimalToAmerican } from '../../src/domain/odds/odds.ts';
import { roundAmericanLikeABook } from './book-rounding.ts';
import type { Sportsbook } from '../../src/domain/sportsbooks.ts';
import { profileOf, type BookProfile } from './books.ts';
import { bookGroupPrices, bookOffers, PRICE_BUCKET_MS } from './book-pricing.ts';
import type { FairSelection } from './fair-selection.ts';
import { unitHash } from '../shared/hash.ts';
import type { MarketBoard } from './market-board.ts';
import type { ExchangeDepth } from './wire.ts';

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

/** Per board (dropped with it): the current bucket's odds by book. */
const rendered = new WeakMap<MarketBoard, { bucket: number; byBook: Map<Sportsbook, readonly BookOdd[]> }>();

export function bookOddsAt(seed: number, board: MarketBoard, book: Sportsbook, bucket: number): readonly BookOdd[] {
  let memo = rendered.get(board);
  // Only the current bucket is worth keeping.
  if (!memo || memo.bucket !== bucket) {
    memo = { bucket, byBook: new Map() };
    rendered.set(board, memo);
  }
  const cached = memo.byBook.get(book);
  if (cached) return cached;
  const profile = profileOf(book);
  const odds: BookOdd[] = [];
  for (const group of board.groups.values()) {
    const offered = group.map((selection) => bookOffers(seed, profile, board.fixture, selection));
    if (!offered.includes(true)) continue;
    bookGroupPrices(seed, profile, board, group, bucket).forEach(({ american, changedBucket }, index) => {
      const selection = group[index];
      if (!selection || !offered[index]) return;
      odds.push({
        selection,
        american,
        timestampSeconds: (changedBucket * PRICE_BUCKET_MS) / 1000,
        exchange: profile.isExchange ? exchangeDepth(seed, profile, selection, american, changedBucket) : null,
      });
    });
  }
  memo.byBook.set(book, odds);
  return odds;
}

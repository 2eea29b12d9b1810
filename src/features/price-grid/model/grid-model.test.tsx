import { describe, expect, it } from 'vitest';
import type { BookQuote } from '../../../api/types.ts';
import { legKey, type SlipLeg } from '../../../domain/slip.ts';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';
import {
  buildParlayColumn,
  buildStraightColumn,
  findBestBooks,
  legDecimalsOf,
  sameLegDecimals,
  sortColumns,
} from './grid-model.ts';
import type { BookQuoteState } from '../data/use-book-quotes.ts';
import { straightPriceKey, type StraightPrices } from '../data/use-straight-prices.ts';

const legs: SlipLeg[] = [
  { fixtureId: 'F1', market: 'Moneyline', name: 'Boston Celtics', game: null },
  { fixtureId: 'F2', market: 'Total Points', name: 'Over 220.5', game: null },
];

const straight: StraightPrices = {
  decimalByKey: { [straightPriceKey('Bwin', legs[1] as SlipLeg)]: 1.91 },
  // Betway's second leg: when its price last changed, its own link, and an exchange-style limit.
  changedAtByKey: { [straightPriceKey('Betway', legs[1] as SlipLeg)]: 1795000000 },
  deepLinkByKey: { [straightPriceKey('Betway', legs[1] as SlipLeg)]: 'https://book.example/leg' },
  maxStakeByKey: { [straightPriceKey('Betway', legs[1] as SlipLeg)]: 250 },
  lockedByKey: {},
  statusByFixture: {},
  answeredFixtures: { F1: true, F2: true },
  failedFixtures: {},
  updatedAt: 1,
};

function stateFor(
  book: Sportsbook,
  quote: BookQuote | undefined,
  requestError: unknown = null,
  lastLegPrices: Readonly<Record<string, number>> = {},
  lastParlayDecimal: number | null = null,
): BookQuoteState {
  return {
    book,
    quote,
    requestError,
    failureId: '',
    isWaiting: quote === undefined && requestError === null,
    dataUpdatedAt: 0,
    refetch: () => Promise.resolve(),
    lastLegPrices,
    lastParlayDecimal,
  };
}

function priced(book: Sportsbook, decimalPrice: number, legDecimals = [2, 1.8]): BookQuote {
  return {
    status: 'priced',
    book,
    americanPrice: 0,
    decimalPrice,
    legs: legDecimals.map((decimal, index) => ({
      entry: { fixture_id: legs[index]?.fixtureId ?? '', market: '', name: '' },
      americanPrice: 0,
      decimalPrice: decimal,
    })),
    deepLinks: null,
  };
}

describe('buildParlayColumn', () => {
  it('shows a priced book’s own leg prices and no adjustment for a product price', () => {
    const column = buildParlayColumn(stateFor('Betway', priced('Betway', 3.6)), legs, straight);
    expect(column.outcome).toBe('priced');
    expect(column.legCells).toEqual([
      { kind: 'price', decimal: 2, source: 'parlay', changedAt: null, link: null },
      { kind: 'price', decimal: 1.8, source: 'parlay', changedAt: 1795000000, link: 'https://book.example/leg' },
    ]);
    expect(column.adjustment).toBeNull();
    // The exchange's smallest limit among the legs is the most it takes on the parlay.
    expect(column.maxStake).toBe(250);
    expect(buildParlayColumn(stateFor('Novig', priced('Novig', 3.6)), legs, straight).maxStake).toBeNull();
  });

  it('reports a same-game adjustment of half a percent or more', () => {
    expect(buildParlayColumn(stateFor('Betway', priced('Betway', 3.25)), legs, straight).adjustment).toBeCloseTo(
      -0.0972,
      3,
    );
    expect(buildParlayColumn(stateFor('Betway', priced('Betway', 3.59)), legs, straight).adjustment).toBeNull();
  });

  it('marks missing legs not offered and fills the others with single-bet prices', () => {
    const quote: BookQuote = {
      status: 'missing',
      book: 'Bwin',
      message: 'm',
      missingEntryIndexes: [0],
      unmatchedMissing: [],
    };
    expect(buildParlayColumn(stateFor('Bwin', quote), legs, straight).legCells).toEqual([
      { kind: 'not-offered' },
      { kind: 'price', decimal: 1.91, source: 'straight', changedAt: null, link: null },
    ]);
  });

  it('says waiting while asking, and shows no prices when the whole request failed', () => {
    expect(buildParlayColumn(stateFor('Bwin', undefined), legs, straight).outcome).toBe('waiting');
    const failed = buildParlayColumn(stateFor('Bwin', undefined, new Error('x')), legs, straight);
    expect(failed.outcome).toBe('request-failed');
    expect(failed.legCells).toEqual([{ kind: 'none' }, { kind: 'none' }]);
  });

  it('keeps the legs’ prices shown before when asking about a changed slip failed, with no parlay price', () => {
    const [kept, added] = legs as [SlipLeg, SlipLeg];
    const column = buildParlayColumn(
      stateFor('Bwin', undefined, new Error('offline'), { [legKey(kept)]: 2.1 }, 3.4),
      [kept, added],
      straight,
    );
    expect(column.outcome).toBe('request-failed');
    expect(column.combinedDecimal).toBeNull();
    expect(column.updatingDecimal).toBeNull();
    expect(column.legCells).toEqual([
      { kind: 'price', decimal: 2.1, source: 'parlay', changedAt: null, link: null },
      { kind: 'none' },
    ]);
  });

  it('keeps the book’s last prices for legs it priced in the slip before, while the new parlay is asked', () => {
    const [kept, added] = legs as [SlipLeg, SlipLeg];
    const column = buildParlayColumn(
      stateFor('Bwin', undefined, null, { [legKey(kept)]: 2.1 }, 3.4),
      [kept, added],
      straight,
    );
    expect(column.outcome).toBe('waiting');
    // The parlay price before shows as updating; it is no price for this slip (never best, never in the verdict).
    expect(column.combinedDecimal).toBeNull();
    expect(column.updatingDecimal).toBe(3.4);
    expect(findBestBooks([column, buildParlayColumn(stateFor('Unibet', priced('Unibet', 3)), legs, straight)])).toEqual(
      new Set(),
    );
    expect(column.legCells).toEqual([
      { kind: 'price', decimal: 2.1, source: 'parlay', changedAt: null, link: null },
      { kind: 'waiting' },
    ]);
  });
});

describe('a book’s leg prices ("I placed this" records them)', () => {
  it('reads each leg’s price, null where the book gave none, and compares them by value', () => {
    const column = buildParlayColumn(stateFor('Bwin', priced('Bwin', 3.6, [2, 1.8])), legs, straight);
    const rebuilt = buildParlayColumn(stateFor('Bwin', priced('Bwin', 3.6, [2, 1.8])), legs, straight);
    const waiting = buildParlayColumn(stateFor('Bwin', undefined), legs, straight);
    expect(legDecimalsOf(column)).toEqual([2, 1.8]);
    expect(sameLegDecimals(legDecimalsOf(column), legDecimalsOf(rebuilt))).toBe(true);
    expect(legDecimalsOf(waiting)).toEqual([null, null]);
    expect(sameLegDecimals(legDecimalsOf(column), legDecimalsOf(waiting))).toBe(false);
    expect(sameLegDecimals([2, 1.8], [2, 1.9])).toBe(false);
    expect(sameLegDecimals([2], [2, 1.8])).toBe(false);
  });
});

describe('buildStraightColumn', () => {
  it('says not offered once the game’s odds arrived without this selection', () => {
    expect(buildStraightColumn('Bwin', legs[1] as SlipLeg, straight).combinedDecimal).toBe(1.91);
    expect(buildStraightColumn('Unibet', legs[1] as SlipLeg, straight).legCells).toEqual([{ kind: 'not-offered' }]);
    const waiting = { ...straight, answeredFixtures: {} };
    expect(buildStraightColumn('Unibet', legs[1] as SlipLeg, waiting).outcome).toBe('waiting');
  });
});

describe('best price and payout order', () => {
  const columns = [
    buildParlayColumn(stateFor('BetMGM', { status: 'absent', book: 'BetMGM' }), legs, straight),
    buildParlayColumn(stateFor('Betway', priced('Betway', 3.2)), legs, straight),
    buildParlayColumn(stateFor('Bwin', priced('Bwin', 3.6)), legs, straight),
    buildParlayColumn(stateFor('Unibet', priced('Unibet', 3.6)), legs, straight),
  ];

  it('highlights every book tied on the best price', () => {
    expect([...findBestBooks(columns)]).toEqual(['Bwin', 'Unibet']);
  });

  it('highlights nothing when only one book priced', () => {
    expect(findBestBooks(columns.slice(0, 2)).size).toBe(0);
  });

  it('sorts by payout, ties in the user’s order, books without a price last', () => {
    expect(sortColumns(columns, 'payout').map((column) => column.book)).toEqual(['Bwin', 'Unibet', 'Betway', 'BetMGM']);
    expect(sortColumns(columns, 'chosen').map((column) => column.book)).toEqual(['BetMGM', 'Betway', 'Bwin', 'Unibet']);
  });
});

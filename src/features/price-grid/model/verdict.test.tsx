import { describe, expect, it } from 'vitest';
import { americanToDecimal } from '../../../domain/odds/odds.ts';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';
import type { BookColumn, ColumnOutcome } from './grid-model.ts';
import { bestPriceVerdict, fairVerdict, formatMoneyPlain } from './verdict.ts';

function column(book: Sportsbook, american: number | null, outcome: ColumnOutcome = 'priced'): BookColumn {
  return {
    book,
    outcome: american === null ? outcome : 'priced',
    legCells: [],
    combinedDecimal: american === null ? null : americanToDecimal(american),
    updatingDecimal: null,
    adjustment: null,
    state: null,
    maxStake: null,
    ownLegsDecimal: null,
    suspendedLegIndexes: [],
  };
}

const US = { format: 'american', stake: 10, currency: 'USD' } as const;

describe('the verdict above the grid', () => {
  it('names the best book, its price and payout on the stake, and how much more it pays than the next', () => {
    const columns = [column('BetMGM', 476), column('DraftKings', 488), column('Fanatics', 450)];
    expect(bestPriceVerdict(columns, US)).toBe('Best at DraftKings: +488 pays $58.80 on $10, $1.20 more than BetMGM');
  });

  it('speaks the user’s odds format and currency', () => {
    const columns = [column('Betway', 488), column('Unibet', 476)];
    expect(bestPriceVerdict(columns, { format: 'fractional', stake: 10, currency: 'GBP' })).toBe(
      'Best at Betway: ≈5/1 (5.88) pays £58.80 on £10, £1.20 more than Unibet',
    );
    expect(bestPriceVerdict(columns, { format: 'decimal', stake: 12.5, currency: 'USD' })).toBe(
      'Best at Betway: 5.88 pays $73.50 on $12.50, $1.50 more than Unibet',
    );
  });

  it('says plainly when books tie, when only one book has a price, and when none has', () => {
    expect(bestPriceVerdict([column('DraftKings', 488), column('BetMGM', 488), column('Novig', 450)], US)).toBe(
      'Best at DraftKings and BetMGM: +488 pays $58.80 on $10, $3.80 more than Novig',
    );
    expect(bestPriceVerdict([column('DraftKings', 488), column('BetMGM', 488)], US)).toBe(
      'Every book pays the same: +488, $58.80 on $10',
    );
    expect(bestPriceVerdict([column('DraftKings', 488), column('BetMGM', null, 'missing')], US)).toBe(
      'Only DraftKings has a price: +488 pays $58.80 on $10',
    );
    expect(bestPriceVerdict([column('DraftKings', 488)], US)).toBe('DraftKings: +488 pays $58.80 on $10');
    expect(bestPriceVerdict([column('DraftKings', null, 'missing'), column('BetMGM', null, 'uncombinable')], US)).toBe(
      'No book has a price for this slip: each book says why.',
    );
  });

  it('waits while books are still being asked and none has answered', () => {
    expect(bestPriceVerdict([column('DraftKings', null, 'waiting'), column('BetMGM', null, 'missing')], US)).toBeNull();
  });

  it('names the best so far, and how many books are still out, until every book has answered or failed', () => {
    const columns = [
      column('Bwin', 244),
      column('DraftKings', 230),
      column('BetMGM', null, 'waiting'),
      column('Novig', null, 'waiting'),
      column('Fanatics', null, 'request-failed'),
    ];
    expect(bestPriceVerdict(columns, US)).toBe(
      'Best so far at Bwin (2 books still out): +244 pays $34.40 on $10, $1.40 more than DraftKings',
    );
    expect(bestPriceVerdict([column('Bwin', 244), column('Novig', null, 'waiting')], US)).toBe(
      'Best so far at Bwin (1 book still out): +244 pays $34.40 on $10',
    );
    expect(fairVerdict(columns, 1 / 4)).toBe(
      'So far (2 books still out), every book is below fair value; Bwin costs you least.',
    );
    expect(fairVerdict([column('Bwin', 350), column('Novig', null, 'waiting')], 1 / 4)).toBe(
      'So far (1 book still out), Bwin is above fair value: it pays more than the bet is worth.',
    );
  });

  it('writes whole amounts without cents', () => {
    expect(formatMoneyPlain(10, 'USD', 'en-US')).toBe('$10');
    expect(formatMoneyPlain(58.8, 'USD', 'en-US')).toBe('$58.80');
  });
});

describe('the fair-value verdict', () => {
  // A fair chance of 1 in 6.5 (+550): books at +488 and +476 pay below it, +600 above.
  const fairChance = 1 / 6.5;

  it('says every book is below fair value and which costs least', () => {
    expect(fairVerdict([column('BetMGM', 476), column('DraftKings', 488)], fairChance)).toBe(
      'Every book is below fair value; DraftKings costs you least.',
    );
  });

  it('names the books above fair value', () => {
    expect(fairVerdict([column('BetMGM', 476), column('Novig', 600), column('DraftKings', 488)], fairChance)).toBe(
      'Novig pays above fair value; the other books are below it.',
    );
    expect(fairVerdict([column('Novig', 600), column('Betway', 650)], fairChance)).toBe(
      'Every book is above fair value; Betway pays most.',
    );
  });

  it('says in plain words why a same-game parlay’s edge is large', () => {
    // +400 and +380 against a fair +550: -23% and -26%.
    const why =
      "Usual for same-game parlays: each leg's margin multiplies, and books overcharge for how the legs move together.";
    const columns = [column('BetMGM', 400), column('DraftKings', 380)];
    expect(fairVerdict(columns, fairChance, true)).toBe(
      `Every book is below fair value; BetMGM costs you least. ${why}`,
    );
    expect(fairVerdict(columns, fairChance, false)).toBe('Every book is below fair value; BetMGM costs you least.');
    // -11%: nothing unusual to explain.
    expect(fairVerdict([column('BetMGM', 476)], fairChance, true)).toBe(
      'BetMGM is below fair value: it pays less than the bet is worth.',
    );
  });

  it('says nothing without a fair price or a book price', () => {
    expect(fairVerdict([column('BetMGM', 476)], null)).toBeNull();
    expect(fairVerdict([column('BetMGM', null, 'missing')], fairChance)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { BookQuote, PricedLeg } from './parlay.ts';
import { explainQuote, formatAdjustment, listInWords } from './explain-quote.ts';

const legNames = ['Boston Celtics', 'Boston Celtics -4.5', 'Over 220.5'];
const context = { legNames };

function leg(name: string, decimalPrice: number): PricedLeg {
  return { entry: { fixture_id: 'F1', market: 'Moneyline', name }, americanPrice: 0, decimalPrice };
}

describe('explainQuote', () => {
  it('says a priced book multiplies its legs when the price is the product', () => {
    const quote: BookQuote = {
      status: 'priced',
      book: 'Betway',
      americanPrice: 264,
      decimalPrice: 2 * 1.82,
      legs: [leg('A', 2), leg('B', 1.82)],
      deepLinks: null,
    };
    const explanation = explainQuote(quote, context);
    expect(explanation.headline).toBe('Betway prices all 2 legs');
    expect(explanation.detail).toBe('Its parlay price is its leg prices multiplied.');
  });

  it('names a same-game adjustment as a signed percentage', () => {
    const quote: BookQuote = {
      status: 'priced',
      book: 'Fanatics',
      americanPrice: 241,
      decimalPrice: 3.41,
      legs: [leg('A', 2.02), leg('B', 1.87)],
      deepLinks: null,
    };
    expect(explainQuote(quote, context).detail).toContain('−9.7% against its leg prices multiplied');
  });

  it('names the missing legs in slip order, and any it could not match', () => {
    const quote: BookQuote = {
      status: 'missing',
      book: 'BetMGM',
      message: 'Missing odds for entries.',
      missingEntryIndexes: [0, 2],
      unmatchedMissing: [{ fixture_id: 'F9', market: 'player_hits', name: 'someone_over_0_5' }],
    };
    const explanation = explainQuote(quote, context);
    expect(explanation.headline).toBe("BetMGM doesn't offer 3 of your legs");
    expect(explanation.detail).toBe(
      'Not offered: ‘Boston Celtics’ and ‘Over 220.5’. It also reported ‘someone_over_0_5’, which this page could not match to a leg in your slip.',
    );
    expect(explanation.hint).toMatch(/Remove them from your slip to get a price from BetMGM/);
  });

  it('speaks of one missing leg in the singular', () => {
    const quote: BookQuote = {
      status: 'missing',
      book: 'Unibet',
      message: 'Missing odds for entries.',
      missingEntryIndexes: [1],
      unmatchedMissing: [],
    };
    const explanation = explainQuote(quote, context);
    expect(explanation.headline).toBe("Unibet doesn't offer 1 of your legs");
    expect(explanation.detail).toBe('Not offered: ‘Boston Celtics -4.5’.');
    expect(explanation.hint).toMatch(/^Remove it from your slip/);
  });

  it('quotes the book’s own words when it will not combine, with the reason books refuse', () => {
    const quote: BookQuote = { status: 'uncombinable', book: 'DraftKings', message: 'SelectionsCannotBeCombined' };
    const explanation = explainQuote(quote, context);
    expect(explanation.headline).toBe("DraftKings won't combine these legs in one parlay");
    expect(explanation.detail).toBe('DraftKings said: “SelectionsCannotBeCombined”');
    expect(explanation.hint).toMatch(/same-game parlays/);
    expect(explanation.hint).toMatch(/depend on each other/);
  });

  it('says a failed book did not answer, distinguishing an unreadable answer', () => {
    const upstream: BookQuote = {
      status: 'failed',
      book: 'Novig',
      message: 'Error with response. Try again later.',
      reason: 'upstream',
    };
    expect(explainQuote(upstream, context).headline).toBe("Novig didn't answer");
    expect(explainQuote(upstream, context).detail).toContain('Error with response. Try again later.');
    const unreadable: BookQuote = { status: 'failed', book: 'Novig', message: 'x', reason: 'invalid_response' };
    expect(explainQuote(unreadable, context).detail).toMatch(/could not be read/);
  });

  it('says when the answer had nothing for a book', () => {
    const explanation = explainQuote({ status: 'absent', book: 'Bwin' }, context);
    expect(explanation.headline).toBe('No answer from Bwin');
    expect(explanation.hint).toMatch(/asks Bwin again/);
  });
});

describe('listInWords', () => {
  it('joins names the way people write lists', () => {
    expect(listInWords([])).toBe('');
    expect(listInWords(['A'])).toBe('‘A’');
    expect(listInWords(['A', 'B'])).toBe('‘A’ and ‘B’');
    expect(listInWords(['A', 'B', 'C'], 'or')).toBe('‘A’, ‘B’ or ‘C’');
  });
});

describe('formatAdjustment', () => {
  it('uses a real minus sign and one decimal place', () => {
    expect(formatAdjustment(-0.0972)).toBe('−9.7%');
    expect(formatAdjustment(0.02)).toBe('+2.0%');
  });
});

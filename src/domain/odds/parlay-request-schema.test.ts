import { describe, expect, it } from 'vitest';
import { createParlayRequestCheck, type ParlayRequestWording } from './parlay-request-schema.ts';
import { FAIR_PRICING_ENGINE } from './pricing-engine.ts';

// Plain words, so the tests read the rules, not either side's phrasing.
const wording: ParlayRequestWording = {
  notJson: 'not JSON',
  notObject: 'not an object',
  required: 'required',
  notString: 'not a string',
  sportsbooksNotArray: 'not an array',
  noSportsbooks: 'no sportsbooks',
  unknownSportsbook: (name) => `unknown ${name}`,
  duplicateSportsbook: (name) => `duplicate ${name}`,
  engineNotAlone: 'engine not alone',
  entriesNotArray: 'not an array',
  tooFewEntries: (count) => `too few (${count})`,
  tooManyEntries: (count) => `too many (${count})`,
  entryNotObject: 'not an object',
  emptyText: 'empty',
  textTooLong: (maxLength) => `over ${maxLength}`,
  badFixtureId: 'bad fixture id',
  badAmericanPrice: 'bad American price',
  badDecimalPrice: 'bad decimal price',
  pricesOnlyForEngine: 'prices only for the engine',
};
const check = createParlayRequestCheck(wording);
const problemsOf = (body: unknown) => {
  const result = check(JSON.stringify(body));
  return result.kind === 'invalid' ? result.problems : result;
};
const entry = (name: string, extra: Record<string, unknown> = {}) => ({
  fixture_id: 'F1',
  market: 'Moneyline',
  name,
  ...extra,
});

describe('the parlay request rules', () => {
  it('says a body that is not JSON or not an object in one message', () => {
    expect(check('{')).toEqual({ kind: 'unreadable', message: 'not JSON' });
    for (const body of ['[]', 'null', '"x"', '3'])
      expect(check(body), body).toEqual({ kind: 'unreadable', message: 'not an object' });
  });

  it('takes a missing field and a null one alike as missing', () => {
    expect(problemsOf({ sportsbooks: null })).toEqual(['sportsbooks: required', 'entries: required']);
    expect(problemsOf({ sportsbooks: ['BetMGM'], entries: [entry('A'), { fixture_id: 'F2', market: null }] })).toEqual([
      'entries[1].market: required',
      'entries[1].name: required',
    ]);
  });

  it('names the books in list order, whatever is wrong with each', () => {
    expect(problemsOf({ sportsbooks: [1, 'Foo', 'Novig', 'Novig', 'Foo'], entries: [entry('A'), entry('B')] })).toEqual(
      [
        'sportsbooks[0]: not a string',
        'sportsbooks[1]: unknown Foo',
        'sportsbooks[3]: duplicate Novig',
        'sportsbooks[4]: unknown Foo',
      ],
    );
  });

  it('gives each field its first problem only', () => {
    expect(problemsOf({ sportsbooks: ['BetMGM'], entries: [entry(' '.repeat(300)), entry('x'.repeat(201))] })).toEqual([
      'entries[0].name: empty',
      'entries[1].name: over 200',
    ]);
    expect(problemsOf({ sportsbooks: ['BetMGM'], entries: [entry('A', { fixture_id: ' ' }), entry('B')] })).toEqual([
      'entries[0].fixture_id: empty',
    ]);
  });

  it('does not read the entries of a list of the wrong length', () => {
    expect(problemsOf({ sportsbooks: ['BetMGM'], entries: [{ fixture_id: 7 }] })).toEqual(['entries: too few (1)']);
  });

  it('lists every entry the engine has no price for, after the other problems', () => {
    const entries = [
      entry('A'),
      entry('B', { price_decimal: 'two' }),
      entry('C'),
      entry('D', { price_american: null }),
    ];
    expect(problemsOf({ sportsbooks: [FAIR_PRICING_ENGINE], entries })).toEqual([
      'entries[1].price_decimal: bad decimal price',
      `entries[0], entries[2], entries[3]: "${FAIR_PRICING_ENGINE}" needs price_american or price_decimal on every entry`,
    ]);
  });

  it('refuses prices on a request for the books, or ignores them when told to', () => {
    const entries = [entry('A', { price_american: -110 }), entry('B')];
    expect(problemsOf({ sportsbooks: ['BetMGM'], entries })).toEqual(['entries[0]: prices only for the engine']);
    const lenient = createParlayRequestCheck({ ...wording, pricesOnlyForEngine: null });
    expect(lenient(JSON.stringify({ sportsbooks: ['BetMGM'], entries }))).toEqual({
      kind: 'valid',
      body: { sportsbooks: ['BetMGM'], entries },
    });
  });

  it('gives back only the fields it knows, without null prices', () => {
    const result = check(
      JSON.stringify({
        sportsbooks: [FAIR_PRICING_ENGINE],
        entries: [
          entry('A', { price_american: -110, price_decimal: null, note: 'x' }),
          entry('B', { price_decimal: 2.5 }),
        ],
        extra: true,
      }),
    );
    expect(result).toEqual({
      kind: 'valid',
      body: {
        sportsbooks: [FAIR_PRICING_ENGINE],
        entries: [entry('A', { price_american: -110 }), entry('B', { price_decimal: 2.5 })],
      },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { parseParlayAnswer, isCombinationMessage } from './parse-parlay.ts';
import type { Sportsbook } from '../../domain/sportsbooks.ts';
import type { BookQuote, ParlayEntry } from '../types.ts';

const entries: ParlayEntry[] = [
  { fixture_id: '20260902FF9AD242', market: 'Run Line', name: 'Houston Astros -1.5' },
  { fixture_id: '20260902AB12CD34', market: 'Player Hits', name: 'Alec Burleson Over 0.5' },
];

const legs = [
  { ...entries[0], price: -230.0 },
  { ...entries[1], price: 150.0 },
];

const priced = { error: null, missing_entries: null, legs, price: 336.0 };
const upstreamFailure = {
  error: 'Error with response. Try again later.',
  missing_entries: null,
  legs: null,
  price: null,
};
const missingOdds = {
  error: 'Missing odds for entries.',
  missing_entries: [
    { fixture_id: '20260902AB12CD34', market: 'player_hits', name: 'alec_burleson_over_0_5', price: null },
  ],
  legs: null,
  price: null,
};

function parse(body: unknown, sportsbooks: Sportsbook[], requestEntries: ParlayEntry[] = entries): BookQuote[] {
  return parseParlayAnswer(body, { sportsbooks, entries: requestEntries });
}

function only(body: unknown, book: Sportsbook = 'DraftKings', requestEntries?: ParlayEntry[]): BookQuote {
  const [quote] = parse(body, [book], requestEntries);
  if (!quote) throw new Error('no quote');
  return quote;
}

describe('parseParlayAnswer: the interface document’s outcomes', () => {
  it('success: combined and per-leg prices, converted to exact decimal odds', () => {
    const quote = only({
      data: { DraftKings: { ...priced, deep_link_urls: { desktop: 'https://dk.example/p', ios: null } } },
    });
    expect(quote).toEqual({
      status: 'priced',
      book: 'DraftKings',
      americanPrice: 336,
      decimalPrice: 1 + 336 / 100,
      legs: [
        { entry: entries[0], americanPrice: -230, decimalPrice: 1 + 100 / 230 },
        { entry: entries[1], americanPrice: 150, decimalPrice: 2.5 },
      ],
      deepLinks: { desktop: 'https://dk.example/p', ios: null, android: null },
    });
  });

  it('upstream failure: failed with the service’s message', () => {
    expect(only({ data: { DraftKings: upstreamFailure } })).toEqual({
      status: 'failed',
      book: 'DraftKings',
      message: 'Error with response. Try again later.',
      reason: 'upstream',
    });
  });

  it('missing odds: the missing legs by index into the request', () => {
    expect(only({ data: { DraftKings: missingOdds } })).toEqual({
      status: 'missing',
      book: 'DraftKings',
      message: 'Missing odds for entries.',
      missingEntryIndexes: [1],
      unmatchedMissing: [],
    });
  });

  it('missing odds the legs cannot account for are kept as unmatched', () => {
    const stray = { fixture_id: 'OTHER', market: 'moneyline', name: 'someone', price: null };
    const quote = only({
      data: { DraftKings: { ...missingOdds, missing_entries: [...missingOdds.missing_entries, stray] } },
    });
    expect(quote).toMatchObject({
      status: 'missing',
      missingEntryIndexes: [1],
      unmatchedMissing: [{ fixture_id: 'OTHER', market: 'moneyline', name: 'someone' }],
    });
  });

  it('the top-level combination shape, with each of the three messages', () => {
    const body = {
      DraftKings: { error: 'SelectionsCannotBeCombined' },
      BetMGM: { error: 'Could not create parlay for all games.' },
      Fanatics: { error: 'Cannot be combined into a parlay on the sportsbook.' },
    };
    expect(parse(body, ['DraftKings', 'BetMGM', 'Fanatics'])).toEqual([
      { status: 'uncombinable', book: 'DraftKings', message: 'SelectionsCannotBeCombined' },
      { status: 'uncombinable', book: 'BetMGM', message: 'Could not create parlay for all games.' },
      { status: 'uncombinable', book: 'Fanatics', message: 'Cannot be combined into a parlay on the sportsbook.' },
    ]);
  });

  it('the same combination messages inside data', () => {
    expect(
      only({ data: { DraftKings: { error: 'SelectionsCannotBeCombined', legs: null, price: null } } }).status,
    ).toBe('uncombinable');
  });
});

describe('parseParlayAnswer: shapes beyond the document', () => {
  it('a mix of data-wrapped and top-level results, in request order', () => {
    const body = {
      data: { DraftKings: priced, Novig: missingOdds, Unibet: upstreamFailure },
      BetMGM: { error: 'Could not create parlay for all games.' },
    };
    const statuses = parse(body, ['BetMGM', 'Unibet', 'DraftKings', 'Novig', 'Bwin']).map((q) => [q.book, q.status]);
    expect(statuses).toEqual([
      ['BetMGM', 'uncombinable'],
      ['Unibet', 'failed'],
      ['DraftKings', 'priced'],
      ['Novig', 'missing'],
      ['Bwin', 'absent'],
    ]);
  });

  it('a book answered under a known label or its id is that book; unknown books and extra fields are ignored', () => {
    const body = {
      data: {
        'Blue Book': priced,
        FanDuel: priced,
        draftkings: { ...priced, latency_ms: 1900, extra: { nested: true } },
      },
      Caesars: { error: 'SelectionsCannotBeCombined' },
      request_id: 'abc',
    };
    expect(parse(body, ['Bwin', 'DraftKings']).map((q) => q.status)).toEqual(['priced', 'priced']);
  });

  it("one book asked, one result under a name no book goes by: that result is the book's", () => {
    expect(parse({ data: { 'Bwin Sports (EU)': priced } }, ['Bwin'])[0]?.status).toBe('priced');
    // Two unknown names, or one when several books were asked: no guessing.
    expect(parse({ data: { 'Bwin Sports': priced, 'Blue Bird': priced } }, ['Bwin'])[0]?.status).toBe('absent');
    expect(parse({ data: { 'Bwin Sports': priced } }, ['Bwin', 'Novig']).map((q) => q.status)).toEqual([
      'absent',
      'absent',
    ]);
    // A result under another of the ten books is that book's, never the asked one's.
    expect(parse({ data: { DraftKings: priced } }, ['Bwin'])[0]?.status).toBe('absent');
  });

  it('reports the results no requested book claimed, so none is dropped unnoticed', () => {
    const dropped: string[][] = [];
    parseParlayAnswer(
      {
        data: { DraftKings: priced, FanDuel: priced },
        Caesars: { error: 'SelectionsCannotBeCombined' },
        request_id: 'x',
      },
      { sportsbooks: ['DraftKings'], entries },
      (names) => dropped.push(names),
    );
    expect(dropped).toEqual([['FanDuel', 'Caesars']]);
  });

  it('a data key holding an array (or any non-object) is ignored', () => {
    expect(only({ data: [priced] }).status).toBe('absent');
    expect(only({ data: 'DraftKings' }).status).toBe('absent');
    expect(only({ data: [priced], DraftKings: { error: 'SelectionsCannotBeCombined' } }).status).toBe('uncombinable');
  });

  it('a result in data wins over one at the top level for the same book', () => {
    expect(only({ data: { DraftKings: priced }, DraftKings: { error: 'SelectionsCannotBeCombined' } }).status).toBe(
      'priced',
    );
  });

  it('a price sent as a string is not a price', () => {
    expect(only({ data: { DraftKings: { ...priced, price: '336.0' } } })).toMatchObject({
      status: 'failed',
      reason: 'invalid_response',
    });
    const stringLeg = { ...priced, legs: [legs[0], { ...legs[1], price: '150' }] };
    expect(only({ data: { DraftKings: stringLeg } })).toMatchObject({ status: 'failed', reason: 'invalid_response' });
  });

  it('legs shorter (or longer) than the entries are not a priced result', () => {
    expect(only({ data: { DraftKings: { ...priced, legs: [legs[0]] } } })).toMatchObject({
      status: 'failed',
      reason: 'invalid_response',
    });
    const tooMany = { ...priced, legs: [...legs, legs[0]] };
    expect(only({ data: { DraftKings: tooMany } })).toMatchObject({ status: 'failed', reason: 'invalid_response' });
  });

  it('an American price no book could quote is not a price', () => {
    expect(only({ data: { DraftKings: { ...priced, price: 50 } } })).toMatchObject({
      status: 'failed',
      reason: 'invalid_response',
    });
  });

  it('legs echoed in another order are paired with their entries', () => {
    const quote = only({ data: { DraftKings: { ...priced, legs: [legs[1], legs[0]] } } });
    if (quote.status !== 'priced') throw new Error(quote.status);
    expect(quote.legs.map((leg) => [leg.entry, leg.americanPrice])).toEqual([
      [entries[0], -230],
      [entries[1], 150],
    ]);
  });

  it('legs echoed differently fall back to their position', () => {
    const renamed = [{ fixture_id: 'X', market: 'Spread', name: 'HOU -1.5', price: -230 }, { price: 150 }];
    const quote = only({ data: { DraftKings: { ...priced, legs: renamed } } });
    if (quote.status !== 'priced') throw new Error(quote.status);
    expect(quote.legs.map((leg) => [leg.entry, leg.americanPrice])).toEqual([
      [entries[0], -230],
      [entries[1], 150],
    ]);
  });

  it('legs echoed in normalised form still pair by identity', () => {
    const normalised = [
      { fixture_id: entries[1]?.fixture_id, market: 'player_hits', name: 'alec_burleson_over_0_5', price: 150 },
      { fixture_id: entries[0]?.fixture_id, market: 'run_line', name: 'houston_astros_-1_5', price: -230 },
    ];
    const quote = only({ data: { DraftKings: { ...priced, legs: normalised } } });
    if (quote.status !== 'priced') throw new Error(quote.status);
    expect(quote.legs.map((leg) => leg.americanPrice)).toEqual([-230, 150]);
  });

  it('other messages about combining are uncombinable; anything else is an upstream failure', () => {
    expect(only({ DraftKings: { error: 'These selections cannot be combined.' } }).status).toBe('uncombinable');
    expect(only({ DraftKings: { error: 'Market suspended' } })).toEqual({
      status: 'failed',
      book: 'DraftKings',
      message: 'Market suspended',
      reason: 'upstream',
    });
    expect(isCombinationMessage('Unable to combine selections')).toBe(true);
    expect(isCombinationMessage('Error with response. Try again later.')).toBe(false);
  });

  it('wrong-shaped results are failed/invalid_response', () => {
    for (const result of [null, 'error', 42, [], { error: 42 }, { error: null, legs: null, price: null }, {}]) {
      expect(only({ data: { DraftKings: result } })).toMatchObject({ status: 'failed', reason: 'invalid_response' });
    }
  });

  it('missing_entries that cannot be read are failed/invalid_response', () => {
    expect(only({ data: { DraftKings: { ...missingOdds, missing_entries: [1, 'x'] } } })).toMatchObject({
      status: 'failed',
      reason: 'invalid_response',
    });
  });

  it('an empty missing_entries list falls through to the error message', () => {
    expect(only({ data: { DraftKings: { ...missingOdds, missing_entries: [] } } })).toMatchObject({
      status: 'failed',
      reason: 'upstream',
      message: 'Missing odds for entries.',
    });
  });

  it('a whole-answer error applies to every book without its own result', () => {
    const body = { error: 'Could not create parlay for all games.', data: { DraftKings: priced } };
    expect(parse(body, ['DraftKings', 'BetMGM']).map((q) => q.status)).toEqual(['priced', 'uncombinable']);
    expect(only({ error: 'Error with response. Try again later.' })).toMatchObject({
      status: 'failed',
      reason: 'upstream',
    });
  });

  it('an answer that is not an object fails every book', () => {
    for (const body of [null, undefined, 'text', 3, [], [{ DraftKings: priced }]]) {
      expect(parse(body, ['DraftKings', 'Bwin']).map((q) => [q.book, q.status])).toEqual([
        ['DraftKings', 'failed'],
        ['Bwin', 'failed'],
      ]);
    }
  });

  it('a book requested twice gets one quote per request', () => {
    const quotes = parse({ data: { DraftKings: priced } }, ['DraftKings', 'Bwin', 'DraftKings']);
    expect(quotes.map((q) => [q.book, q.status])).toEqual([
      ['DraftKings', 'priced'],
      ['Bwin', 'absent'],
      ['DraftKings', 'priced'],
    ]);
  });

  it('no books requested, no quotes', () => {
    expect(parse({ data: { DraftKings: priced } }, [])).toEqual([]);
  });
});

/**
 * Fair price of a leg against worked examples done by hand (the arithmetic is in the comments),
 * the sides of a market at each book, and every reason there can be no fair price.
 */
import { describe, expect, it } from 'vitest';
import {
  explainNoFairPrice,
  fairLegPrice,
  median,
  removeMargin,
  removeMarginMultiplicative,
  removeMarginPower,
  type FairLegResult,
} from './fair-value.ts';
import { booksOfferingEverySide, findMarketSides, type OddsRow } from './market-sides.ts';
import { americanToDecimal } from '../odds/odds.ts';

function decimalOf(american: number): number {
  const decimal = americanToDecimal(american);
  if (decimal === null) throw new Error(`test price ${american} is not a price`);
  return decimal;
}

/** A book's row for one side, with a moneyline's fields unless told otherwise. */
function row(sportsbook: string, name: string, decimalPrice: number, details: Partial<OddsRow> = {}): OddsRow {
  return {
    sportsbook,
    name,
    decimalPrice,
    market: 'Moneyline',
    marketId: 'moneyline',
    groupingKey: 'default',
    selectionLine: null,
    points: null,
    playerId: null,
    ...details,
  };
}

/** The rows of a two- or three-way market at one book, sides in order. */
function market(
  sportsbook: string,
  sides: readonly (readonly [string, number])[],
  details: Partial<OddsRow> = {},
): OddsRow[] {
  return sides.map(([name, decimal]) => row(sportsbook, name, decimal, details));
}

function expectFair(result: FairLegResult) {
  if (result.status !== 'fair') throw new Error(`expected a fair price, got ${result.reason}`);
  return result;
}

function expectNone(result: FairLegResult) {
  if (result.status !== 'none') throw new Error(`expected no fair price, got ${result.decimal}`);
  return result;
}

describe('margin removal, worked by hand', () => {
  it('-110/-110 is 50/50 by either method', () => {
    // -110 -> 1 + 100/110 = 21/11 = 1.90909; implied 11/21 = 0.52381 a side, total 22/21 = 1.04762.
    // Multiplicative: (11/21) / (22/21) = 0.5. Power: equal sides give p^k = 0.5 each, so also 0.5.
    const prices = [decimalOf(-110), decimalOf(-110)];
    for (const fair of [removeMarginMultiplicative(prices), removeMarginPower(prices)]) {
      expect(fair?.[0]).toBeCloseTo(0.5, 12);
      expect(fair?.[1]).toBeCloseTo(0.5, 12);
    }
  });

  it('-150/+130 in American odds', () => {
    // -150 -> 1 + 100/150 = 5/3, implied 0.6. +130 -> 2.3, implied 10/23 = 0.434783. Total 23.8/23 = 1.034783.
    const prices = [decimalOf(-150), decimalOf(130)];
    // Multiplicative: 0.6 / 1.034783 = 13.8/23.8 = 0.579832; (10/23) / 1.034783 = 10/23.8 = 0.420168.
    const multiplicative = removeMarginMultiplicative(prices);
    expect(multiplicative?.[0]).toBeCloseTo(13.8 / 23.8, 12);
    expect(multiplicative?.[1]).toBeCloseTo(10 / 23.8, 12);
    // Power: k with 0.6^k + 0.434783^k = 1. Try k = 1.05297:
    //   0.6^k = exp(1.05297 * ln 0.6) = exp(1.05297 * -0.510826) = exp(-0.537884) = 0.583983
    //   0.434783^k = exp(1.05297 * -0.832909) = exp(-0.877028) = 0.416017; total 1.000000.
    const power = removeMarginPower(prices);
    expect(power?.[0]).toBeCloseTo(0.583983, 5);
    expect(power?.[1]).toBeCloseTo(0.416017, 5);
    // The power method leaves the favourite more than the multiplicative one does (0.5840 > 0.5798).
    expect(power?.[0]).toBeGreaterThan(multiplicative?.[0] ?? 1);
  });

  it('a two-way market in decimal odds: 1.80 / 2.10', () => {
    // Implied 1/1.8 = 0.555556 and 1/2.1 = 0.476190, total 1.031746.
    // Multiplicative on two sides is d_other / (d_1 + d_2): 2.1/3.9 = 0.538462 and 1.8/3.9 = 0.461538.
    const multiplicative = removeMargin([1.8, 2.1], 'multiplicative');
    expect(multiplicative?.[0]).toBeCloseTo(2.1 / 3.9, 12);
    expect(multiplicative?.[1]).toBeCloseTo(1.8 / 3.9, 12);
    // Power: k = 1.047439: 0.555556^k = exp(1.047439 * -0.587787) = exp(-0.615671) = 0.540278,
    // 0.476190^k = exp(1.047439 * -0.741937) = exp(-0.777134) = 0.459722; total 1.000000.
    const power = removeMargin([1.8, 2.1], 'power');
    expect(power?.[0]).toBeCloseTo(0.540278, 5);
    expect(power?.[1]).toBeCloseTo(0.459722, 5);
  });

  it('a three-way soccer 1X2 in decimal odds: 2.10 / 3.40 / 3.60', () => {
    // Implied 0.476190 + 0.294118 + 0.277778 = 1.048086.
    // Multiplicative: 0.476190/1.048086 = 0.454343, 0.294118/1.048086 = 0.280624, 0.277778/1.048086 = 0.265033.
    const multiplicative = removeMarginMultiplicative([2.1, 3.4, 3.6]);
    expect(multiplicative?.[0]).toBeCloseTo(0.454343, 6);
    expect(multiplicative?.[1]).toBeCloseTo(0.280624, 6);
    expect(multiplicative?.[2]).toBeCloseTo(0.265033, 6);
    // Power: k = 1.046112: 0.476190^k = exp(1.046112 * -0.741937) = exp(-0.776149) = 0.460174,
    // 0.294118^k = exp(1.046112 * -1.223775) = exp(-1.280206) = 0.277980,
    // 0.277778^k = exp(1.046112 * -1.280934) = exp(-1.340000) = 0.261846; total 1.000000.
    const power = removeMarginPower([2.1, 3.4, 3.6]);
    expect(power?.[0]).toBeCloseTo(0.460174, 5);
    expect(power?.[1]).toBeCloseTo(0.27798, 5);
    expect(power?.[2]).toBeCloseTo(0.261846, 5);
  });

  it('refuses a single side and prices no book could quote', () => {
    expect(removeMarginPower([1.9])).toBeNull();
    expect(removeMarginMultiplicative([1.9])).toBeNull();
    expect(removeMarginPower([1.9, 1])).toBeNull();
    expect(removeMarginMultiplicative([1.9, Number.NaN])).toBeNull();
    expect(removeMarginPower([1.9, Number.POSITIVE_INFINITY])).toBeNull();
  });

  it('median takes the middle value, or the mean of the middle two', () => {
    expect(median([0.3, 0.1, 0.2])).toBe(0.2);
    expect(median([0.4, 0.1, 0.3, 0.2])).toBeCloseTo(0.25, 15);
  });
});

describe('the sides of a market at each book', () => {
  const spreads = [
    ...market(
      'DraftKings',
      [
        ['Houston Astros -1.5', 2.3],
        ['Kansas City Royals +1.5', 1.65],
      ],
      { market: 'Run Line', marketId: 'run_line', groupingKey: 'default:-1.5', points: -1.5 },
    ),
    // An alternate line of the same market is another group.
    ...market(
      'DraftKings',
      [
        ['Houston Astros +1.5', 1.4],
        ['Kansas City Royals -1.5', 2.9],
      ],
      { market: 'Run Line', marketId: 'run_line', groupingKey: 'default:1.5', points: 1.5 },
    ),
    ...market('FanDuel', [['Houston Astros -1.5', 2.25]], {
      market: 'Run Line',
      marketId: 'run_line',
      groupingKey: 'default:-1.5',
      points: -1.5,
    }),
  ];

  it('pairs a spread with its other side at the same line, not with the alternate line', () => {
    const sides = findMarketSides(spreads, { market: 'Run Line', name: 'Houston Astros -1.5' });
    expect(sides?.sideNames).toEqual(['Houston Astros -1.5', 'Kansas City Royals +1.5']);
    expect(sides?.books.map((book) => book.sportsbook)).toEqual(['DraftKings', 'FanDuel']);
    // FanDuel lists one side only, so it does not offer every side.
    expect(booksOfferingEverySide(sides ?? { sideNames: [], books: [], selectionHasLine: false })).toEqual([
      { sportsbook: 'DraftKings', decimals: [2.3, 1.65] },
    ]);
  });

  it('a book that lacks the draw of a 1X2 does not offer every side', () => {
    const rows = [
      ...market(
        'Bet365',
        [
          ['Arsenal', 2.1],
          ['Draw', 3.4],
          ['Chelsea', 3.6],
        ],
        { market: 'Moneyline 3-Way', marketId: 'moneyline_3-way' },
      ),
      ...market(
        'BetMGM',
        [
          ['Arsenal', 2.05],
          ['Chelsea', 3.5],
        ],
        { market: 'Moneyline 3-Way', marketId: 'moneyline_3-way' },
      ),
    ];
    const sides = findMarketSides(rows, { market: 'Moneyline 3-Way', name: 'Chelsea' });
    expect(sides?.sideNames).toEqual(['Arsenal', 'Draw', 'Chelsea']);
    expect(
      booksOfferingEverySide(sides ?? { sideNames: [], books: [], selectionHasLine: false }).map(
        (book) => book.sportsbook,
      ),
    ).toEqual(['Bet365']);
  });

  it('a price no book could quote counts as a side the book does not offer', () => {
    const rows = [
      ...market(
        'DraftKings',
        [
          ['Over 8.5', 1.9],
          ['Under 8.5', 0.5],
        ],
        { market: 'Total Runs', marketId: 'total_runs', groupingKey: 'default:8.5', points: 8.5 },
      ),
    ];
    const sides = findMarketSides(rows, { market: 'Total Runs', name: 'Over 8.5' });
    expect(sides?.sideNames).toEqual(['Over 8.5', 'Under 8.5']);
    expect(booksOfferingEverySide(sides ?? { sideNames: [], books: [], selectionHasLine: false })).toEqual([]);
  });

  it('without grouping keys, infers the group from market, player and line', () => {
    const rows = [
      ...market(
        'DraftKings',
        [
          ['Rafael Devers Over 1.5', 2.0],
          ['Rafael Devers Under 1.5', 1.8],
        ],
        { market: 'Player Hits', marketId: 'player_hits', groupingKey: null, points: 1.5, playerId: 'devers' },
      ),
      ...market('DraftKings', [['Rafael Devers Over 0.5', 1.3]], {
        market: 'Player Hits',
        marketId: 'player_hits',
        groupingKey: null,
        points: 0.5,
        playerId: 'devers',
      }),
    ];
    expect(findMarketSides(rows, { market: 'Player Hits', name: 'Rafael Devers Under 1.5' })?.sideNames).toEqual([
      'Rafael Devers Over 1.5',
      'Rafael Devers Under 1.5',
    ]);
  });
});

describe('consensus fair price of a leg', () => {
  it('is the median of three books per side, renormalised (multiplicative, worked by hand)', () => {
    const rows = [
      ...market('Bet365', [
        ['Arsenal', 2.1],
        ['Draw', 3.4],
        ['Chelsea', 3.6],
      ]),
      ...market('BetMGM', [
        ['Arsenal', 2.3],
        ['Draw', 3.0],
        ['Chelsea', 3.8],
      ]),
      ...market('Caesars', [
        ['Arsenal', 2.3],
        ['Draw', 3.6],
        ['Chelsea', 3.2],
      ]),
    ];
    // Bet365: implied 0.476190 + 0.294118 + 0.277778 = 1.048086 -> fair 0.454343 / 0.280624 / 0.265033
    // BetMGM: implied 0.434783 + 0.333333 + 0.263158 = 1.031274 -> fair 0.421598 / 0.323225 / 0.255178
    // Caesars: implied 0.434783 + 0.277778 + 0.312500 = 1.025060 -> fair 0.424153 / 0.270987 / 0.304860
    // Medians: Arsenal 0.424153 (Caesars), Draw 0.280624 (Bet365), Chelsea 0.265033 (Bet365);
    // they sum to 0.969810, so each is divided by it: 0.437357 / 0.289359 / 0.273284.
    const arsenal = expectFair(fairLegPrice(rows, { market: 'Moneyline', name: 'Arsenal' }, 'multiplicative'));
    expect(arsenal.probability).toBeCloseTo(0.437357, 6);
    expect(arsenal.decimal).toBeCloseTo(1 / 0.437357, 4); // 2.286462
    expect(arsenal.sides.map((side) => side.name)).toEqual(['Arsenal', 'Draw', 'Chelsea']);
    expect(arsenal.sides[1]?.probability).toBeCloseTo(0.289359, 6);
    expect(arsenal.sides[2]?.probability).toBeCloseTo(0.273284, 6);
    expect(arsenal.books).toEqual(['Bet365', 'BetMGM', 'Caesars']);
    expect(arsenal.method).toBe('multiplicative');
  });

  it('uses the power method unless told, and the middle book of a two-way market', () => {
    const rows = [
      ...market('DraftKings', [
        ['Boston Celtics', 1.8],
        ['New York Knicks', 2.1],
      ]),
      ...market('FanDuel', [
        ['Boston Celtics', decimalOf(-110)],
        ['New York Knicks', decimalOf(-110)],
      ]),
      ...market('Novig', [
        ['Boston Celtics', 1.7],
        ['New York Knicks', 2.25],
      ]),
    ];
    // Power fair for the Celtics: DraftKings 0.540278 (worked above), FanDuel 0.5, Novig higher
    // (its favourite is shorter: 1/1.7 = 0.588 implied). Median 0.540278; the Knicks' median is
    // DraftKings' 0.459722, so the medians already sum to 1.
    const celtics = expectFair(fairLegPrice(rows, { market: 'Moneyline', name: 'Boston Celtics' }));
    expect(celtics.method).toBe('power');
    expect(celtics.probability).toBeCloseTo(0.540278, 5);
    expect(celtics.decimal).toBeCloseTo(1.850898, 4); // 1 / 0.540278
  });

  it('leaves out a book whose prices do not add up to one market', () => {
    const rows = [
      ...market(
        'DraftKings',
        [
          ['Over 8.5', 1.9],
          ['Under 8.5', 1.9],
        ],
        { groupingKey: 'default:8.5', points: 8.5 },
      ),
      ...market(
        'FanDuel',
        [
          ['Over 8.5', 1.95],
          ['Under 8.5', 1.85],
        ],
        { groupingKey: 'default:8.5', points: 8.5 },
      ),
      // A stale quote: 1/1.2 + 1/1.3 = 1.60 is no market's total.
      ...market(
        'BetMGM',
        [
          ['Over 8.5', 1.2],
          ['Under 8.5', 1.3],
        ],
        { groupingKey: 'default:8.5', points: 8.5 },
      ),
    ];
    const over = expectFair(fairLegPrice(rows, { market: 'Moneyline', name: 'Over 8.5' }));
    expect(over.books).toEqual(['DraftKings', 'FanDuel']);
    expect(over.excludedBooks).toEqual(['BetMGM']);
  });
});

describe('no fair price, and why', () => {
  it('not-found: no book lists the selection', () => {
    const none = expectNone(
      fairLegPrice(
        market('DraftKings', [
          ['Boston Celtics', 1.8],
          ['New York Knicks', 2.1],
        ]),
        { market: 'Moneyline', name: 'Miami Heat' },
      ),
    );
    expect(none.reason).toBe('not-found');
    expect(explainNoFairPrice(none)).toBe(
      'No book lists “Miami Heat” right now, so there is nothing to work a fair price out from.',
    );
  });

  it('one-sided: an anytime scorer has no other side', () => {
    const rows = ['DraftKings', 'FanDuel'].flatMap((book) => [
      row(book, 'Erling Haaland', 2.2, {
        market: 'Anytime Goal Scorer',
        marketId: 'anytime_goal_scorer',
        groupingKey: 'erling_haaland',
      }),
      row(book, 'Bukayo Saka', 3.1, {
        market: 'Anytime Goal Scorer',
        marketId: 'anytime_goal_scorer',
        groupingKey: 'bukayo_saka',
      }),
    ]);
    const none = expectNone(fairLegPrice(rows, { market: 'Anytime Goal Scorer', name: 'Erling Haaland' }));
    expect(none.reason).toBe('one-sided');
    expect(explainNoFairPrice(none)).toMatch(
      /^“Erling Haaland” is a one-sided market .*no other side to take the book's margin out of\.$/,
    );
  });

  it('missing-side: an Over whose Under no book lists', () => {
    const rows = ['DraftKings', 'FanDuel'].map((book) =>
      row(book, 'Rafael Devers Over 2.5', 3.2, {
        market: 'Player Hits',
        marketId: 'player_hits',
        groupingKey: 'rafael_devers:2.5',
        selectionLine: 'over',
        points: 2.5,
      }),
    );
    const none = expectNone(fairLegPrice(rows, { market: 'Player Hits', name: 'Rafael Devers Over 2.5' }));
    expect(none.reason).toBe('missing-side');
    expect(explainNoFairPrice(none)).toBe(
      'Books list “Rafael Devers Over 2.5” but never its other side, so their margin cannot be taken out to find a fair price.',
    );
  });

  it('missing-side: every side is listed somewhere but no book lists them all', () => {
    const rows = [
      ...market('DraftKings', [
        ['Arsenal', 2.1],
        ['Draw', 3.4],
      ]),
      ...market('FanDuel', [
        ['Draw', 3.3],
        ['Chelsea', 3.6],
      ]),
    ];
    const none = expectNone(fairLegPrice(rows, { market: 'Moneyline', name: 'Arsenal' }));
    expect(none.reason).toBe('missing-side');
    expect(explainNoFairPrice(none)).toBe(
      'No book prices all three sides of this market (Arsenal, Draw and Chelsea) at once, so their margin cannot be taken out to find a fair price.',
    );
  });

  it('single-book: only one book prices both sides', () => {
    const rows = [
      ...market('DraftKings', [
        ['Boston Celtics', 1.8],
        ['New York Knicks', 2.1],
      ]),
      row('FanDuel', 'Boston Celtics', 1.85),
    ];
    const none = expectNone(fairLegPrice(rows, { market: 'Moneyline', name: 'Boston Celtics' }));
    expect(none.reason).toBe('single-book');
    expect(none.books).toEqual(['DraftKings']);
    expect(explainNoFairPrice(none)).toBe(
      'Only DraftKings prices both sides of this market, so there is no consensus to compare against.',
    );
  });

  it('single-book: two books price both sides but one of them does not add up', () => {
    const rows = [
      ...market('DraftKings', [
        ['Boston Celtics', 1.8],
        ['New York Knicks', 2.1],
      ]),
      ...market('FanDuel', [
        ['Boston Celtics', 1.85],
        ['New York Knicks', 2.05],
      ]),
      ...market('BetMGM', [
        ['Boston Celtics', 1.2],
        ['New York Knicks', 1.3],
      ]),
    ].filter((odd) => odd.sportsbook !== 'FanDuel' || odd.name === 'Boston Celtics');
    const none = expectNone(fairLegPrice(rows, { market: 'Moneyline', name: 'Boston Celtics' }));
    expect(none.reason).toBe('single-book');
    expect(explainNoFairPrice(none)).toBe(
      'Only DraftKings prices both sides of this market (BetMGM left out: prices that do not add up to one market), so there is no consensus to compare against.',
    );
  });

  it('not-one-outcome: overlapping sides (double chance) or more than three sides', () => {
    // Double chance: 1X, X2, 12 overlap; 1/1.3 + 1/1.6 + 1/1.35 = 2.13, far above any margin.
    const doubleChance = ['DraftKings', 'FanDuel'].flatMap((book) =>
      market(
        book,
        [
          ['Arsenal or Draw', 1.3],
          ['Draw or Chelsea', 1.6],
          ['Arsenal or Chelsea', 1.35],
        ],
        { market: 'Double Chance', marketId: 'double_chance' },
      ),
    );
    const overlapping = expectNone(fairLegPrice(doubleChance, { market: 'Double Chance', name: 'Arsenal or Draw' }));
    expect(overlapping.reason).toBe('not-one-outcome');
    expect(explainNoFairPrice(overlapping)).toBe(
      'The 3 sides of this market are not one set of outcomes of which exactly one wins (their chances add up to 213%), so no fair price is worked out for it.',
    );

    const correctScore = ['DraftKings', 'FanDuel'].flatMap((book) =>
      market(
        book,
        [
          ['1:0', 7],
          ['0:0', 9],
          ['1:1', 6.5],
          ['2:1', 9.5],
        ],
        { market: 'Correct Score', marketId: 'correct_score' },
      ),
    );
    const manySided = expectNone(fairLegPrice(correctScore, { market: 'Correct Score', name: '1:0' }));
    expect(manySided.reason).toBe('not-one-outcome');
    expect(explainNoFairPrice(manySided)).toBe(
      'This market has 4 sides; fair prices are worked out only for two- and three-way markets, where books list every outcome.',
    );
  });
});

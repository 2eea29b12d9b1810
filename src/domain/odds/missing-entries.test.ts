import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toIdentifier } from '../identifiers.ts';
import { matchMissingEntries, pairSelections } from './missing-entries.ts';

const FIXTURE = '20260902FF9AD242';
const OTHER_FIXTURE = '20260902AB12CD34';

function entry(market: string, name: string, fixture_id = FIXTURE) {
  return { fixture_id, market, name };
}

function reported(market: string, name: string, fixture_id = FIXTURE) {
  return { fixture_id, market, name, price: null };
}

describe('matchMissingEntries: the observed pairs match exactly', () => {
  const observed: [market: string, name: string, marketId: string, nameId: string][] = [
    ['Player Hits', 'Alec Burleson Over 0.5', 'player_hits', 'alec_burleson_over_0_5'],
    ['Run Line', 'Houston Astros -1.5', 'run_line', 'houston_astros_-1_5'],
    ['Run Line', 'Kansas City Royals +1.5', 'run_line', 'kansas_city_royals_+1_5'],
    ['Total Runs', 'Over 8', 'total_runs', 'over_8'],
    ['Correct Score', 'Toronto Blue Jays 3:2', 'correct_score', 'toronto_blue_jays_3_2'],
    [
      'Player Points + Rebounds + Assists',
      'Nikola Jokic Over 40.5',
      'player_points_+_rebounds_+_assists',
      'nikola_jokic_over_40_5',
    ],
    ['Moneyline 3-Way', 'Draw', 'moneyline_3-way', 'draw'],
    ['4th Quarter Moneyline (Incl. OT)', 'Boston Celtics', '4th_quarter_moneyline_incl_ot_', 'boston_celtics'],
  ];

  it.each(observed)('%s / %s', (market, name, marketId, nameId) => {
    expect(toIdentifier(market)).toBe(marketId);
    expect(toIdentifier(name)).toBe(nameId);
    const entries = [entry('Moneyline', 'Somebody Else'), entry(market, name)];
    expect(matchMissingEntries([reported(marketId, nameId)], entries)).toEqual({ matchedIndexes: [1], unmatched: [] });
  });
});

describe('matchMissingEntries: names the service may normalise differently', () => {
  const cases: [label: string, market: string, name: string, marketSent: string, nameSent: string][] = [
    ['apostrophe as _', 'Player Points', "D'Angelo Russell Over 20.5", 'player_points', 'd_angelo_russell_over_20_5'],
    ['apostrophe dropped', 'Player Points', "D'Angelo Russell Over 20.5", 'player_points', 'dangelo_russell_over_20_5'],
    ['accent as _ (exact rule)', 'Player Rebounds', 'Nikola Jokić Over 9.5', 'player_rebounds', 'nikola_joki_over_9_5'],
    ['accent folded', 'Player Rebounds', 'Nikola Jokić Over 9.5', 'player_rebounds', 'nikola_jokic_over_9_5'],
    ['periods as _', 'Player Sacks', 'T.J. Watt Over 0.5', 'player_sacks', 't_j_watt_over_0_5'],
    ['periods dropped', 'Player Sacks', 'T.J. Watt Over 0.5', 'player_sacks', 'tj_watt_over_0_5'],
    [
      'trailing _ kept',
      '4th Quarter Moneyline (Incl. OT)',
      'Denver Nuggets',
      '4th_quarter_moneyline_incl_ot_',
      'denver_nuggets',
    ],
    [
      'trailing _ dropped',
      '4th Quarter Moneyline (Incl. OT)',
      'Denver Nuggets',
      '4th_quarter_moneyline_incl_ot',
      'denver_nuggets',
    ],
    [
      'display strings echoed',
      'Player Points',
      "D'Angelo Russell Over 20.5",
      'Player Points',
      "D'Angelo Russell Over 20.5",
    ],
    [
      'display strings with accent',
      'Player Rebounds',
      'Nikola Jokić Over 9.5',
      'Player Rebounds',
      'Nikola Jokić Over 9.5',
    ],
    ['fixture id in lower case', 'Total Runs', 'Over 8', 'total_runs', 'over_8'],
  ];

  it.each(cases)('%s', (label, market, name, marketSent, nameSent) => {
    const fixtureSent = label === 'fixture id in lower case' ? FIXTURE.toLowerCase() : FIXTURE;
    const entries = [entry('Moneyline', 'Denver Nuggets'), entry(market, name)];
    const result = matchMissingEntries([reported(marketSent, nameSent, fixtureSent)], entries);
    expect(result).toEqual({ matchedIndexes: [1], unmatched: [] });
  });

  it('never confuses signed lines', () => {
    const entries = [entry('Run Line', 'Houston Astros +1.5')];
    const result = matchMissingEntries([reported('run_line', 'houston_astros_-1_5')], entries);
    expect(result.matchedIndexes).toEqual([]);
    expect(result.unmatched).toHaveLength(1);
  });

  it('never confuses 1.5 with 15', () => {
    const entries = [entry('Total Goals', 'Over 15')];
    expect(matchMissingEntries([reported('total_goals', 'over_1_5')], entries).matchedIndexes).toEqual([]);
    const reverse = [entry('Total Goals', 'Over 1.5')];
    expect(matchMissingEntries([reported('total_goals', 'over_15')], reverse).matchedIndexes).toEqual([]);
  });

  it('keeps two legs that differ only by line apart', () => {
    const entries = [
      entry('Player Points', "D'Angelo Russell Over 20.5"),
      entry('Player Points', "D'Angelo Russell Over 2.5"),
      entry('Player Points', "D'Angelo Russell Over 25"),
    ];
    const result = matchMissingEntries([reported('player_points', 'dangelo_russell_over_2_5')], entries);
    expect(result.matchedIndexes).toEqual([1]);
  });

  it('does not match across fixtures', () => {
    const entries = [entry('Total Runs', 'Over 8', OTHER_FIXTURE)];
    expect(matchMissingEntries([reported('total_runs', 'over_8')], entries).matchedIndexes).toEqual([]);
  });

  it('lets an exact match win over a tolerant one, and claims each leg once', () => {
    const entries = [
      entry('Player Points', "D'Angelo Russell Over 20.5"),
      entry('Player Points', 'DAngelo Russell Over 20.5'),
    ];
    // The first is only tolerant-equal (to both legs); the second is exactly the first leg.
    const missing = [
      reported('player_points', 'd_angelo_russell_over_20_5_'),
      reported('player_points', 'd_angelo_russell_over_20_5'),
    ];
    expect(pairSelections(missing, entries)).toEqual([1, 0]);
    expect(matchMissingEntries(missing, entries)).toEqual({ matchedIndexes: [0, 1], unmatched: [] });
  });

  it('reports each leg at most once even when the service repeats an entry', () => {
    const entries = [entry('Total Runs', 'Over 8')];
    const result = matchMissingEntries([reported('total_runs', 'over_8'), reported('total_runs', 'over_8')], entries);
    expect(result.matchedIndexes).toEqual([0]);
    expect(result.unmatched).toHaveLength(1);
  });

  it('returns indexes ascending whatever order the service used', () => {
    const entries = [entry('Moneyline', 'A Team'), entry('Moneyline', 'B Team'), entry('Moneyline', 'C Team')];
    const missing = [reported('moneyline', 'c_team'), reported('moneyline', 'a_team')];
    expect(matchMissingEntries(missing, entries).matchedIndexes).toEqual([0, 2]);
  });
});

describe('pairSelections', () => {
  it('pairs leg echoes in display form with their entries', () => {
    const moneyline = entry('Moneyline', 'A Team');
    const total = entry('Total Runs', 'Over 8');
    expect(pairSelections([total, moneyline], [moneyline, total])).toEqual([1, 0]);
  });
});

describe('matchMissingEntries properties', () => {
  const text = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('Over 1.5', 'Over 15', "D'Angelo", 'Jokić', 'T.J.', '+1.5', '-1.5', '(Incl. OT)', '_', ''),
  );
  const selection = fc.record({
    fixture_id: fc.constantFrom(FIXTURE, OTHER_FIXTURE, FIXTURE.toLowerCase(), ''),
    market: text,
    name: text,
  });

  it('never throws; indexes unique, in range, ascending; every reported entry accounted for', () => {
    fc.assert(
      fc.property(fc.array(selection, { maxLength: 8 }), fc.array(selection, { maxLength: 8 }), (missing, entries) => {
        const { matchedIndexes, unmatched } = matchMissingEntries(missing, entries);
        expect(new Set(matchedIndexes).size).toBe(matchedIndexes.length);
        for (const index of matchedIndexes) expect(index >= 0 && index < entries.length).toBe(true);
        expect([...matchedIndexes].sort((a, b) => a - b)).toEqual(matchedIndexes);
        expect(matchedIndexes.length + unmatched.length).toBe(missing.length);
      }),
      { numRuns: 2000 },
    );
  });

  it('finds every leg whose identifiers the service reports exactly', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(selection, { maxLength: 8, selector: (s) => `${s.fixture_id}|${s.market}|${s.name}` }),
        (entries) => {
          const missing = entries.map((e) => ({
            fixture_id: e.fixture_id,
            market: toIdentifier(e.market),
            name: toIdentifier(e.name),
          }));
          const { matchedIndexes, unmatched } = matchMissingEntries(missing, entries);
          expect(unmatched).toEqual([]);
          expect(matchedIndexes).toEqual(entries.map((_, index) => index));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

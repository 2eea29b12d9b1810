import { describe, expect, it } from 'vitest';
import type { BookQuote } from '../../../api/types.ts';
import type { SlipLeg } from '../../../domain/slip.ts';
import { buildGridCsv, type GridCsvInput } from './grid-csv.ts';
import type { BookColumn } from './grid-model.ts';

const NOW_MS = Date.parse('2026-11-23T18:00:00Z');

const legs: SlipLeg[] = [
  {
    fixtureId: 'F1',
    market: 'Moneyline',
    name: 'Boston Celtics',
    game: {
      homeTeam: 'Boston Celtics',
      awayTeam: 'New York Knicks',
      startDate: '2026-11-24T00:30:00Z',
      leagueId: 'nba',
    },
  },
  { fixtureId: 'F2', market: 'Player Points', name: 'D"Angelo, Jr. Over 20.5', game: null },
];

const pricedQuote: BookQuote = {
  status: 'priced',
  book: 'Betway',
  americanPrice: 225,
  decimalPrice: 3.25,
  legs: [],
  deepLinks: null,
};

const columns: BookColumn[] = [
  {
    book: 'Betway',
    outcome: 'priced',
    legCells: [
      { kind: 'price', decimal: 2, source: 'parlay', changedAt: NOW_MS / 1000 - 90 * 60, link: null },
      { kind: 'price', decimal: 1.8, source: 'parlay', changedAt: null, link: null },
    ],
    combinedDecimal: 3.25,
    updatingDecimal: null,
    adjustment: -0.0972,
    maxStake: null,
    ownLegsDecimal: null,
    suspendedLegIndexes: [],
    state: {
      book: 'Betway',
      quote: { ...pricedQuote, legs: [] },
      requestError: null,
      failureId: '',
      isWaiting: false,
      lastLegPrices: {},
      lastParlayDecimal: null,
      dataUpdatedAt: 1,
      refetch: () => Promise.resolve(),
    },
  },
  {
    book: 'BetMGM (UK)',
    outcome: 'missing',
    legCells: [
      { kind: 'price', decimal: 1.5, source: 'straight', changedAt: null, link: null },
      { kind: 'not-offered' },
    ],
    combinedDecimal: null,
    updatingDecimal: null,
    adjustment: null,
    maxStake: null,
    ownLegsDecimal: null,
    suspendedLegIndexes: [],
    state: {
      book: 'BetMGM (UK)',
      quote: {
        status: 'missing',
        book: 'BetMGM (UK)',
        message: 'Missing odds for entries.',
        missingEntryIndexes: [1],
        unmatchedMissing: [],
      },
      requestError: null,
      failureId: '',
      isWaiting: false,
      lastLegPrices: {},
      lastParlayDecimal: null,
      dataUpdatedAt: 1,
      refetch: () => Promise.resolve(),
    },
  },
];

/** The CSV of the two-leg parlay at $10 in American odds at NOW_MS, with what `input` changes. */
function slipCsv(input: Partial<GridCsvInput> = {}): string {
  return buildGridCsv({ legs, columns, mode: 'parlay', format: 'american', stake: 10, nowMs: NOW_MS, ...input });
}

describe('buildGridCsv', () => {
  it('writes a row per leg, the parlay, payout, adjustment and status rows, two columns per book, then the legs’ times', () => {
    const csv = slipCsv({ gameStatuses: ['half', null] });
    expect(csv.split('\r\n')).toEqual([
      'Leg,Market,Game,Betway,Betway (decimal),BetMGM (UK),BetMGM (UK) (decimal),Game start (UTC),Game status,' +
        'Betway time (UTC),Betway age (min),BetMGM (UK) time (UTC),BetMGM (UK) age (min)',
      'Boston Celtics,Moneyline,New York Knicks @ Boston Celtics,+100,2.0000,-200,1.5000,' +
        '2026-11-24T00:30:00Z,Half-time,2026-11-23T16:30:00Z,90,,',
      // A game the app does not know is said to be unknown, never left blank.
      '"D""Angelo, Jr. Over 20.5",Player Points,Game F2,-125,1.8000,Not offered,,Unknown,Unknown,,,,',
      // Below the legs, the rows end with the books' columns.
      'Parlay,,,+225,3.2500,,',
      'Payout for 10.00 stake,,,32.50,,,',
      'Same-game adjustment,,,-9.7%,,,',
      `Status,,,Betway prices all 0 legs,,"BetMGM (UK) doesn't offer 1 of your legs. Not offered: ‘D""Angelo, Jr. Over 20.5’.",`,
      '',
    ]);
  });

  it('gives a price its time from the leg’s odds answer when the grid has not drawn that answer yet', () => {
    const csv = slipCsv({
      changedAtByLeg: [
        // A time the cell already has is kept; a book with no price there gets none.
        { Betway: NOW_MS / 1000 - 5 * 60, 'BetMGM (UK)': NOW_MS / 1000 - 30 * 60 },
        { Betway: NOW_MS / 1000 - 12 * 60, 'BetMGM (UK)': NOW_MS / 1000 - 60 },
      ],
    });
    const [, first, second] = csv.split('\r\n');
    expect(first?.split(',').slice(-4)).toEqual(['2026-11-23T16:30:00Z', '90', '2026-11-23T17:30:00Z', '30']);
    expect(second?.split(',').slice(-4)).toEqual(['2026-11-23T17:48:00Z', '12', '', '']);
  });

  it('says a game not started yet is so, and states a limit only for a book that gave a parlay price', () => {
    const [betway, betMgm] = columns as [BookColumn, BookColumn];
    const csv = slipCsv({
      columns: [
        { ...betway, maxStake: 250 },
        { ...betMgm, maxStake: 100 },
      ],
      gameStatuses: ['unplayed', 'live'],
    });
    const rows = csv.split('\r\n').map((row) => row.split(','));
    expect(rows.find((row) => row[0] === 'Boston Celtics')?.[8]).toBe('Not started');
    expect(csv.split('\r\n').find((line) => line.includes('Player Points'))).toContain(',Not offered,,Unknown,Live,');
    // BetMGM (UK) is missing a leg: no parlay price, so no limit.
    expect(rows.find((row) => row[0] === 'Maximum stake')?.slice(3, 7)).toEqual(['250.00', '', '', '']);
  });

  it('says why a game is unknown, and that a start not set yet is to be confirmed', () => {
    const [celtics, player] = legs as [SlipLeg, SlipLeg];
    const csv = slipCsv({
      legs: [{ ...celtics, game: celtics.game && { ...celtics.game, startDate: '' } }, player],
      gameStatuses: ['unplayed', null],
      gameUnknownReasons: [null, 'no longer listed (started, finished or removed)'],
    });
    const [, celticsRow, playerRow] = csv.split('\r\n');
    expect(celticsRow).toContain(
      ',New York Knicks @ Boston Celtics,+100,2.0000,-200,1.5000,To be confirmed,Not started,',
    );
    expect(playerRow).toContain(
      ',Player Points,"Game F2: no longer listed (started, finished or removed)",-125,1.8000,Not offered,,Unknown,Unknown,',
    );
  });

  it('leaves the maximum stake row out when only a book with no parlay price has a limit', () => {
    const [betway, betMgm] = columns as [BookColumn, BookColumn];
    const csv = slipCsv({ columns: [betway, { ...betMgm, maxStake: 100 }] });
    expect(csv).not.toContain('Maximum stake');
  });

  it('uses the chosen odds format and leaves the parlay row out for a single leg', () => {
    const csv = slipCsv({
      legs: legs.slice(0, 1),
      columns: [{ ...(columns[0] as BookColumn), state: null }],
      mode: 'straight',
      format: 'decimal',
      stake: 5,
    });
    expect(csv).toContain('Boston Celtics,Moneyline,New York Knicks @ Boston Celtics,2.00,2.0000');
    expect(csv).not.toContain('Parlay');
    expect(csv).toContain('Status,,,Single-bet price');
  });
});

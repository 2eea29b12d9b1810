import { describe, expect, it } from 'vitest';
import { SPORTSBOOKS, type Sportsbook } from '../../../domain/sportsbooks.ts';
import { CONNECTIONS_PER_SERVER, createBookSpeeds } from './book-speed.ts';

const TYPICAL_MS: Record<Sportsbook, number> = {
  BetMGM: 420,
  'BetMGM (UK)': 520,
  BetRivers: 300,
  Betway: 380,
  Bwin: 650,
  DraftKings: 220,
  Fanatics: 160,
  'Hard Rock': 260,
  Novig: 100,
  Unibet: 480,
};

describe('the order in which books are asked', () => {
  it('is the given order while nothing is known', () => {
    expect(createBookSpeeds().askingOrder(SPORTSBOOKS)).toEqual([...SPORTSBOOKS]);
  });

  it('asks the fastest that must share a connection first, then the slowest, then the rest from slow to fast', () => {
    const speeds = createBookSpeeds();
    for (const book of SPORTSBOOKS) speeds.record(book, TYPICAL_MS[book]);
    const order = speeds.askingOrder(SPORTSBOOKS);
    expect(SPORTSBOOKS.length - CONNECTIONS_PER_SERVER).toBe(4);
    expect(order).toEqual([
      'Novig',
      'Fanatics',
      'DraftKings',
      'Hard Rock',
      'Bwin',
      'BetMGM (UK)',
      'Unibet',
      'BetMGM',
      'Betway',
      'BetRivers',
    ]);
    // Each of the four that wait for a connection gets one freed by a fast book, and still ends
    // before the slowest book: the grid is complete when the slowest book answers.
    const ends = order
      .slice(0, 4)
      .map((fast, index) => TYPICAL_MS[fast] + TYPICAL_MS[order[CONNECTIONS_PER_SERVER + index] as Sportsbook]);
    expect(Math.max(...ends)).toBeLessThanOrEqual(TYPICAL_MS.Bwin);
  });

  it('puts books it has never timed last, in the given order, and follows books getting slower', () => {
    const speeds = createBookSpeeds();
    speeds.record('Novig', 100);
    speeds.record('Bwin', 600);
    expect(speeds.askingOrder(['BetMGM', 'Bwin', 'Novig'])).toEqual(['Bwin', 'Novig', 'BetMGM']);
    speeds.record('Novig', 1500);
    speeds.record('Novig', 1500);
    expect(speeds.askingOrder(['Bwin', 'Novig'])).toEqual(['Novig', 'Bwin']);
  });
});

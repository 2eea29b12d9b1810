import { describe, expect, it } from 'vitest';
import { SPORTSBOOKS, sportsbookId, sportsbookNamed } from './sportsbooks.ts';
import { regionFirst, sportsbookRegionMark, sportsbooksOfRegion } from './book-regions.ts';

describe('sportsbookNamed', () => {
  it('finds each book by its display name, id, slug or a known label, in any case', () => {
    expect(sportsbookNamed('Hard Rock')).toBe('Hard Rock');
    expect(sportsbookNamed('hard_rock')).toBe('Hard Rock');
    expect(sportsbookNamed('hard-rock')).toBe('Hard Rock');
    expect(sportsbookNamed('betmgm_uk_')).toBe('BetMGM (UK)');
    expect(sportsbookNamed('BETMGM (UK)')).toBe('BetMGM (UK)');
    expect(sportsbookNamed('Blue Book')).toBe('Bwin');
  });

  it('never confuses a book with its UK variant, and knows no other books', () => {
    expect(sportsbookNamed('BetMGM')).toBe('BetMGM');
    expect(sportsbookNamed('betmgm')).toBe('BetMGM');
    expect(sportsbookNamed('FanDuel')).toBeNull();
    expect(sportsbookNamed('')).toBeNull();
    expect(sportsbookNamed('()')).toBeNull();
  });

  it('gives every book an id that leads back to it', () => {
    for (const book of SPORTSBOOKS) expect(sportsbookNamed(sportsbookId(book))).toBe(book);
  });
});

describe('books by region', () => {
  it('names the four UK books, and puts a reader’s own books first', () => {
    expect(sportsbooksOfRegion('uk')).toEqual(['BetMGM (UK)', 'Betway', 'Bwin', 'Unibet']);
    expect(regionFirst(SPORTSBOOKS, (book) => book, 'us')).toEqual([
      'BetMGM',
      'BetRivers',
      'DraftKings',
      'Fanatics',
      'Hard Rock',
      'Novig',
      'BetMGM (UK)',
      'Betway',
      'Bwin',
      'Unibet',
    ]);
    expect(regionFirst(['DraftKings', 'Bwin'] as const, (book) => book, 'uk')).toEqual(['Bwin', 'DraftKings']);
  });

  it('marks the other region’s books, except where the name already says it', () => {
    expect(sportsbookRegionMark('Bwin', 'us')).toBe('UK');
    expect(sportsbookRegionMark('BetMGM (UK)', 'us')).toBeNull();
    expect(sportsbookRegionMark('DraftKings', 'us')).toBeNull();
    expect(sportsbookRegionMark('DraftKings', 'uk')).toBe('US');
  });
});

import { describe, expect, it } from 'vitest';
import { SPORTSBOOKS } from '../domain/sportsbooks.ts';
import {
  defaultPersistedState,
  PERSISTED_VERSION,
  readPersistedState,
  regionDefaults,
  settingsInRegion,
  writePersistedState,
} from './persisted-state.ts';

const validLeg = { fixtureId: '20261122FF9AD242', market: 'Moneyline', name: 'Boston Celtics', game: null };

describe('readPersistedState', () => {
  it('round-trips what it wrote', () => {
    const state = {
      legs: [validLeg],
      priceAlert: null,
      region: 'uk' as const,
      books: ['BetMGM', 'Novig'] as const,
      leagues: ['nba'],
      oddsFormat: 'decimal' as const,
      stake: 25,
      fairValue: false,
    };
    expect(readPersistedState(writePersistedState({ ...state, books: [...state.books] }))).toEqual({
      state: { ...state, books: ['BetMGM', 'Novig'] },
      dropped: [],
    });
  });

  it('starts fresh, silently, when nothing was stored', () => {
    expect(readPersistedState(null)).toEqual({ state: defaultPersistedState(), dropped: [] });
  });

  it('fills what was never stored from the given defaults, and a stored choice wins over them', () => {
    const widgetDefaults = { ...defaultPersistedState(), fairValue: false };
    expect(readPersistedState(null, widgetDefaults).state.fairValue).toBe(false);
    expect(readPersistedState(JSON.stringify({ version: 1, stake: 5 }), widgetDefaults).state).toEqual({
      ...widgetDefaults,
      stake: 5,
    });
    expect(readPersistedState(JSON.stringify({ version: 1, fairValue: true }), widgetDefaults).state.fairValue).toBe(
      true,
    );
  });

  it('keeps a saved region, and drops an unreadable one with a word', () => {
    const ukDefaults = { ...defaultPersistedState(), ...regionDefaults('uk') };
    expect(readPersistedState(JSON.stringify({ version: 1, region: 'us' }), ukDefaults).state.region).toBe('us');
    const damaged = readPersistedState(JSON.stringify({ version: 1, region: 'mars' }), ukDefaults);
    expect(damaged.state.region).toBe('uk');
    expect(damaged.dropped).toEqual(['Your saved region was unreadable; showing UK settings.']);
  });

  it('reads all ten books saved before regions as the region’s own, and any other choice as it was', () => {
    const ukDefaults = { ...defaultPersistedState(), ...regionDefaults('uk') };
    const allTen = readPersistedState(JSON.stringify({ version: 1, books: [...SPORTSBOOKS] }), ukDefaults);
    expect(allTen.state.books).toEqual(['BetMGM (UK)', 'Betway', 'Bwin', 'Unibet']);
    const chosen = readPersistedState(JSON.stringify({ version: 1, books: ['Novig', 'Bwin'] }), ukDefaults);
    expect(chosen.state.books).toEqual(['Bwin', 'Novig']);
    const allTenByChoice = readPersistedState(
      JSON.stringify({ version: 1, region: 'uk', books: [...SPORTSBOOKS] }),
      ukDefaults,
    );
    expect(allTenByChoice.state.books).toEqual([...SPORTSBOOKS]);
  });

  it('moves settings into another region: its books, and its format unless another was picked', () => {
    const us = { region: 'us' as const, books: ['DraftKings' as const], oddsFormat: 'american' as const };
    expect(settingsInRegion(us, 'uk')).toEqual({
      region: 'uk',
      books: ['BetMGM (UK)', 'Betway', 'Bwin', 'Unibet'],
      oddsFormat: 'fractional',
    });
    expect(settingsInRegion({ ...us, oddsFormat: 'decimal' }, 'uk').oddsFormat).toBe('decimal');
    expect(settingsInRegion(us, 'us')).toEqual(us);
  });

  it('resets damaged JSON and says so', () => {
    const result = readPersistedState('{"version":1,"legs":[');
    expect(result.state).toEqual(defaultPersistedState());
    expect(result.dropped).toEqual(['Your saved slip and settings were damaged and have been reset.']);
  });

  it('does not guess at a future version', () => {
    const result = readPersistedState(JSON.stringify({ version: PERSISTED_VERSION + 1, legs: [validLeg] }));
    expect(result.state.legs).toEqual([]);
    expect(result.dropped[0]).toContain('newer version');
  });

  it('carries a version 0 document forward', () => {
    const result = readPersistedState(JSON.stringify({ version: 0, slip: { legs: [validLeg], stake: 5 } }));
    expect(result.state.legs).toEqual([validLeg]);
    expect(result.state.stake).toBe(5);
  });

  it('keeps every usable part of a document with wrong types and reports the rest', () => {
    const result = readPersistedState(
      JSON.stringify({
        version: 1,
        legs: [validLeg, { fixtureId: 42 }, validLeg, { ...validLeg, name: '' }],
        books: ['DraftKings', 'Caesars', 7],
        leagues: 'nba',
        oddsFormat: 'roman',
        stake: -3,
        fairValue: 'yes',
      }),
    );
    expect(result.state.legs).toEqual([validLeg]);
    expect(result.state.books).toEqual(['DraftKings']);
    expect(result.state.leagues).toEqual([]);
    expect(result.state.oddsFormat).toBe('american');
    expect(result.state.stake).toBe(10);
    expect(result.state.fairValue).toBe(false);
    expect(result.dropped).toHaveLength(6);
    expect(result.dropped).toContain('Your saved fair-value choice was unreadable; fair value is hidden.');
    expect(result.dropped[0]).toBe('3 saved legs were unreadable and removed from your slip.');
  });

  it('treats a non-object as an unknown format', () => {
    expect(readPersistedState('[1,2,3]').dropped[0]).toContain('unknown format');
    expect(readPersistedState('"text"').state.books).toEqual([...SPORTSBOOKS]);
  });

  it('keeps the price each leg had when added, and the slip’s price alert', () => {
    const leg = { ...validLeg, addedPrice: { decimal: 2.2, book: 'DraftKings' as const } };
    const priceAlert = {
      slipKey: 'slip',
      rule: { kind: 'reaches' as const, decimal: 4.5 },
      notify: true,
      fired: { at: 1, decimal: 4.6, book: 'Novig' as const },
    };
    const withoutPrice = { ...validLeg, name: 'Over 220.5', market: 'Total Points' };
    const stored = writePersistedState({ ...defaultPersistedState(), legs: [leg, withoutPrice], priceAlert });
    expect(JSON.parse(stored)).toMatchObject({ version: PERSISTED_VERSION });
    const { state, dropped } = readPersistedState(stored);
    expect(state.legs).toEqual([leg, withoutPrice]);
    expect(state.priceAlert).toEqual(priceAlert);
    expect(dropped).toEqual([]);
  });

  it('reads a slip saved before added prices and alerts were kept: no added price, no alert, nothing reported', () => {
    const result = readPersistedState(JSON.stringify({ version: 1, legs: [validLeg], stake: 5 }));
    expect(result.state.legs).toEqual([validLeg]);
    expect(result.state.legs[0]).not.toHaveProperty('addedPrice');
    expect(result.state.priceAlert).toBeNull();
    expect(result.dropped).toEqual([]);
  });

  it('drops an unreadable added price (keeping the leg) and an unreadable alert (saying so)', () => {
    const result = readPersistedState(
      JSON.stringify({
        version: 1,
        legs: [{ ...validLeg, addedPrice: { decimal: 0.5, book: 'Caesars' } }],
        priceAlert: {
          slipKey: 'slip',
          rule: { kind: 'moves', percent: -3, fromDecimal: 2 },
          notify: 'yes',
          fired: null,
        },
      }),
    );
    expect(result.state.legs).toEqual([validLeg]);
    expect(result.state.priceAlert).toBeNull();
    expect(result.dropped).toEqual([
      'Your saved price alert was unreadable and was removed; set it again if you still want it.',
    ]);
  });
});

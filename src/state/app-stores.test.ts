import { describe, expect, it } from 'vitest';
import { createAppStores } from './app-stores.ts';
import { readPersistedState } from './persisted-state.ts';
import type { SlipLeg } from '../domain/slip.ts';

const celtics: SlipLeg = { fixtureId: 'F1', market: 'Moneyline', name: 'Boston Celtics', game: null };
const over: SlipLeg = { fixtureId: 'F2', market: 'Total Points', name: 'Over 221.5', game: null };

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

const flush = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('createAppStores', () => {
  it('toggles legs: adding twice removes, and an exact duplicate is impossible', () => {
    const { slip } = createAppStores({ storage: null, storageKey: 'k' });
    expect(slip.getState().legToggled(celtics)).toBe('added');
    expect(slip.getState().legToggled({ ...celtics })).toBe('removed');
    expect(slip.getState().legs).toEqual([]);
  });

  it('clears all and undoes the clear', () => {
    const { slip } = createAppStores({ storage: null, storageKey: 'k' });
    slip.getState().legToggled(celtics);
    slip.getState().legToggled(over);
    slip.getState().slipCleared();
    expect(slip.getState().legs).toEqual([]);
    slip.getState().slipChangeUndone();
    expect(slip.getState().legs).toEqual([celtics, over]);
  });

  it('saves changes and reads them back in a new instance', async () => {
    const storage = memoryStorage();
    const first = createAppStores({ storage, storageKey: 'pb' });
    first.startSaving();
    first.slip.getState().legToggled(celtics);
    first.settings.getState().bookToggled('Novig');
    first.settings.getState().oddsFormatChanged('fractional');
    await flush();
    const second = createAppStores({ storage, storageKey: 'pb' });
    expect(second.slip.getState().legs).toEqual([celtics]);
    expect(second.settings.getState().books).not.toContain('Novig');
    expect(second.settings.getState().oddsFormat).toBe('fractional');
  });

  it('keeps two instances with different keys fully separate', async () => {
    const storage = memoryStorage();
    const a = createAppStores({ storage, storageKey: 'a' });
    a.startSaving();
    const b = createAppStores({ storage, storageKey: 'b' });
    a.slip.getState().legToggled(celtics);
    await flush();
    expect(b.slip.getState().legs).toEqual([]);
    expect(readPersistedState(storage.data.get('a') ?? null).state.legs).toEqual([celtics]);
  });

  it('lets share-link values win over stored ones', () => {
    const storage = memoryStorage({ pb: JSON.stringify({ version: 1, legs: [celtics], oddsFormat: 'decimal' }) });
    const stores = createAppStores({ storage, storageKey: 'pb', overrides: { legs: [over] } });
    expect(stores.slip.getState().legs).toEqual([over]);
    expect(stores.settings.getState().oddsFormat).toBe('decimal');
  });

  it('remembers the chosen region, and a link’s region moves the saved settings there', async () => {
    const storage = memoryStorage();
    const first = createAppStores({ storage, storageKey: 'pb' });
    first.startSaving();
    first.settings.getState().regionChanged('uk');
    expect(first.settings.getState()).toMatchObject({ region: 'uk', oddsFormat: 'fractional' });
    expect(first.settings.getState().books).toEqual(['BetMGM (UK)', 'Betway', 'Bwin', 'Unibet']);
    await flush();
    expect(createAppStores({ storage, storageKey: 'pb' }).settings.getState().region).toBe('uk');
    const linked = createAppStores({ storage, storageKey: 'pb', overrides: { region: 'us', books: ['Novig'] } });
    expect(linked.settings.getState()).toMatchObject({ region: 'us', oddsFormat: 'american', books: ['Novig'] });
  });

  it('works and says so when storage is full', async () => {
    const stores = createAppStores({
      storage: {
        getItem: () => null,
        setItem: () => {
          throw new DOMException('full', 'QuotaExceededError');
        },
      },
      storageKey: 'pb',
    });
    stores.startSaving();
    stores.slip.getState().legToggled(celtics);
    await flush();
    expect(stores.slip.getState().legs).toEqual([celtics]);
    expect(stores.notices.getState().notices.map((notice) => notice.text)).toEqual([
      'Your browser storage is full or blocked, so changes will not survive a reload. Everything still works on this page.',
    ]);
  });

  it('works and says so when storage is disabled', () => {
    const stores = createAppStores({
      storage: {
        getItem: () => {
          throw new DOMException('denied', 'SecurityError');
        },
        setItem: () => undefined,
      },
      storageKey: 'pb',
    });
    expect(stores.notices.getState().notices[0]?.text).toContain('does not let the app read saved data');
    expect(stores.slip.getState().legs).toEqual([]);
  });

  it('reports dropped saved data as notices', () => {
    const stores = createAppStores({ storage: memoryStorage({ pb: 'not json' }), storageKey: 'pb' });
    expect(stores.notices.getState().notices).toHaveLength(1);
  });

  it('stores the cleaned state at once after dropping saved data, so the next visit has nothing to report', async () => {
    const storage = memoryStorage({
      pb: JSON.stringify({ version: 1, legs: [celtics, { fixtureId: 7 }], oddsFormat: 'roman' }),
    });
    createAppStores({ storage, storageKey: 'pb' }).startSaving();
    await flush();
    const next = createAppStores({ storage, storageKey: 'pb' });
    expect(next.notices.getState().notices).toEqual([]);
    expect(next.slip.getState().legs).toEqual([celtics]);
  });

  it('says once that storage is blocked, even when a save fails later', async () => {
    const denied = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const stores = createAppStores({ storage: { getItem: denied, setItem: denied }, storageKey: 'pb' });
    stores.startSaving();
    stores.slip.getState().legToggled(celtics);
    await flush();
    expect(stores.notices.getState().notices).toHaveLength(1);
    expect(stores.slip.getState().legs).toEqual([celtics]);
  });

  it('writes nothing until saving starts, and nothing after it stops', async () => {
    const storage = memoryStorage();
    const stores = createAppStores({ storage, storageKey: 'pb' });
    stores.slip.getState().legToggled(celtics);
    await flush();
    expect(storage.data.has('pb')).toBe(false);
    const stopSaving = stores.startSaving();
    stores.slip.getState().legToggled(over);
    await flush();
    expect(readPersistedState(storage.data.get('pb') ?? null).state.legs).toEqual([celtics, over]);
    stopSaving();
    stores.slip.getState().slipCleared();
    await flush();
    expect(readPersistedState(storage.data.get('pb') ?? null).state.legs).toEqual([celtics, over]);
  });

  it('ignores an invalid stake', () => {
    const { settings } = createAppStores({ storage: null, storageKey: 'k' });
    settings.getState().stakeChanged(Number.NaN);
    settings.getState().stakeChanged(-5);
    expect(settings.getState().stake).toBe(10);
  });
});

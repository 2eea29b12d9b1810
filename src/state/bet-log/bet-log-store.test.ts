// The browser's IndexedDB classes (IDBRequest, IDBKeyRange...) as globals, as idb expects them.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openBetLogDb, readingAhead } from './bet-log-db.ts';
import { createBetLogStore } from './bet-log-store.ts';

const placed = {
  book: 'Fanatics',
  stake: 10,
  currency: 'USD',
  decimal: 3.6,
  legs: [{ fixtureId: 'F1', market: 'Moneyline', name: 'Home', game: null, decimal: 1.9 }],
} as const;

function storeOver(id = 'bet-1') {
  return createBetLogStore({ openDb: openBetLogDb, now: () => 1_000, newId: () => id });
}

// A fresh, empty browser database for each test (idb opens the global one, as in a browser).
let indexedDB: IDBFactory;
beforeEach(() => {
  indexedDB = new IDBFactory();
  vi.stubGlobal('indexedDB', indexedDB);
  return () => vi.unstubAllGlobals();
});

describe('the bet log store', () => {
  it('keeps a logged bet across visits, and undo removes it', async () => {
    const first = storeOver();
    await first.getState().loadRequested();
    const record = await first.getState().betPlaced({ ...placed, legs: [...placed.legs] });
    const second = storeOver();
    await second.getState().loadRequested();
    expect(second.getState().bets).toEqual([record]);
    await second.getState().betRemoved(record.id);
    const third = storeOver();
    await third.getState().loadRequested();
    expect(third.getState().bets).toEqual([]);
  });

  it('moves a damaged record aside with its reason, keeps it, and reads the rest', async () => {
    const store = storeOver();
    const record = await store.getState().betPlaced({ ...placed, legs: [...placed.legs] });
    const raw = await new Promise<IDBDatabase>((resolve) => {
      const open = indexedDB.open('parlay-builder-bet-log');
      open.onsuccess = () => resolve(open.result);
    });
    await new Promise((resolve) => {
      const tx = raw.transaction('bets', 'readwrite');
      tx.objectStore('bets').put({ id: 'broken', stake: 'ten' }, 'broken');
      tx.oncomplete = resolve;
    });
    raw.close();
    for (let visit = 0; visit < 2; visit++) {
      const later = storeOver();
      await later.getState().loadRequested();
      expect(later.getState().bets).toEqual([record]);
      expect(later.getState().damaged).toEqual([
        { reason: expect.any(String), foundAt: 1_000, stored: { id: 'broken', stake: 'ten' } },
      ]);
    }
  });

  it('works for the visit and says so when the browser will not save', async () => {
    const store = createBetLogStore({ openDb: () => Promise.reject(new Error('blocked')), newId: () => 'x' });
    await store.getState().loadRequested();
    await store.getState().betPlaced({ ...placed, legs: [...placed.legs] });
    expect(store.getState().bets).toHaveLength(1);
    expect(store.getState().storageProblem).toMatch(/kept for this visit only.*blocked/);
  });
});

describe('the database read ahead', () => {
  it('gives its first reading to the first read, and reads afresh after', async () => {
    const record = await storeOver()
      .getState()
      .betPlaced({ ...placed, legs: [...placed.legs] });
    const ahead = readingAhead(await openBetLogDb(), 1_000);
    const later = storeOver('bet-2');
    await later.getState().betPlaced({ ...placed, legs: [...placed.legs] });
    expect((await ahead.readAll(2_000)).bets.map((bet) => bet.id)).toEqual([record.id]);
    expect((await ahead.readAll(2_000)).bets.map((bet) => bet.id).sort()).toEqual([record.id, 'bet-2']);
  });
});

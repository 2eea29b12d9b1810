/**
 * The bet log's IndexedDB database (through `idb`): the bets by id, and beside them the records
 * that could not be read back, kept as they were with the reason (never deleted silently).
 * Version 1 is the first shape; a later one adds its step to `upgrade`.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { BetRecord } from '../../domain/bet-log/bet-record.ts';
import { readBetRecord } from '../../domain/bet-log/bet-record-schema.ts';

const DB_NAME = 'parlay-builder-bet-log';
const DB_VERSION = 1;

export interface DamagedBet {
  reason: string;
  /** When it was found unreadable (epoch ms). */
  foundAt: number;
  stored: unknown;
}

interface BetLogSchema extends DBSchema {
  bets: { key: string; value: unknown };
  damaged: { key: number; value: DamagedBet };
}

export interface BetLogDb {
  /** Every readable bet; unreadable ones are moved aside, and every one aside is listed. */
  readAll(now: number): Promise<{ bets: BetRecord[]; damaged: DamagedBet[] }>;
  put(bets: readonly BetRecord[]): Promise<void>;
  remove(id: string): Promise<void>;
}

type BetLogRead = Awaited<ReturnType<BetLogDb['readAll']>>;

/** Moves the records that could not be read aside, each checked again in the writing transaction. */
async function moveAside(db: IDBPDatabase<BetLogSchema>, keys: readonly string[], now: number): Promise<DamagedBet[]> {
  const tx = db.transaction(['bets', 'damaged'], 'readwrite');
  for (const key of keys) {
    const stored: unknown = await tx.objectStore('bets').get(key);
    if (stored === undefined) continue;
    const read = readBetRecord(stored);
    // Rewritten readable since it was read: it stays.
    if (read.kind === 'ok') continue;
    await tx.objectStore('damaged').add({ reason: read.reason, foundAt: now, stored });
    await tx.objectStore('bets').delete(key);
  }
  const damaged = await tx.objectStore('damaged').getAll();
  await tx.done;
  return damaged;
}

function wrap(db: IDBPDatabase<BetLogSchema>): BetLogDb {
  return {
    async readAll(now) {
      // One read of everything (a cursor costs a round trip per record); writing only when something is damaged.
      const tx = db.transaction(['bets', 'damaged'], 'readonly');
      const [keys, values, damaged] = await Promise.all([
        tx.objectStore('bets').getAllKeys(),
        tx.objectStore('bets').getAll(),
        tx.objectStore('damaged').getAll(),
        tx.done,
      ]);
      const bets: BetRecord[] = [];
      const unreadable: string[] = [];
      // Both lists come in key order, so the n-th value is the n-th key's.
      keys.forEach((key, index) => {
        const read = readBetRecord(values[index]);
        if (read.kind === 'ok') bets.push(read.record);
        else unreadable.push(key);
      });
      return { bets, damaged: unreadable.length > 0 ? await moveAside(db, unreadable, now) : damaged };
    },
    async put(records) {
      const tx = db.transaction('bets', 'readwrite');
      await Promise.all([...records.map((record) => tx.store.put(record, record.id)), tx.done]);
    },
    async remove(id) {
      await db.delete('bets', id);
    },
  };
}

/**
 * The database with its first reading already under way: a visit that opens at the log starts
 * reading before the log's view exists, and the view's first `readAll` takes that reading.
 */
export function readingAhead(db: BetLogDb, now: number): BetLogDb {
  let ahead: Promise<BetLogRead> | null = db.readAll(now);
  // Not lost if nobody asks: a failure here is the view's to report when it reads.
  ahead.catch(() => undefined);
  return {
    ...db,
    readAll(later) {
      const first = ahead;
      ahead = null;
      return first ?? db.readAll(later);
    },
  };
}

export async function openBetLogDb(): Promise<BetLogDb> {
  if (typeof indexedDB === 'undefined') throw new Error('this browser keeps no local database');
  const db = await openDB<BetLogSchema>(DB_NAME, DB_VERSION, {
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        database.createObjectStore('bets');
        database.createObjectStore('damaged', { autoIncrement: true });
      }
    },
  });
  return wrap(db);
}

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

function wrap(db: IDBPDatabase<BetLogSchema>): BetLogDb {
  return {
    async readAll(now) {
      const tx = db.transaction(['bets', 'damaged'], 'readwrite');
      const bets: BetRecord[] = [];
      let cursor = await tx.objectStore('bets').openCursor();
      while (cursor) {
        const read = readBetRecord(cursor.value);
        if (read.kind === 'ok') bets.push(read.record);
        else {
          await tx.objectStore('damaged').add({ reason: read.reason, foundAt: now, stored: cursor.value });
          await cursor.delete();
        }
        cursor = await cursor.continue();
      }
      const damaged = await tx.objectStore('damaged').getAll();
      await tx.done;
      return { bets, damaged };
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

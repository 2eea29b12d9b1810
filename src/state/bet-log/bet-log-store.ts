/**
 * The bet log in memory, newest first, written through to the browser's database on every change.
 * The database (and its code) opens on the first use, so a page that never logs a bet pays nothing.
 * Storage that fails (private mode, quota) leaves the log working for the visit and says so.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { newBetRecord, type BetRecord, type PlacedBet } from '../../domain/bet-log/bet-record.ts';
import { mergeBets } from '../../domain/bet-log/merge-bets.ts';
import type { BetLogDb, DamagedBet } from './bet-log-db.ts';

export interface BetLogState {
  status: 'idle' | 'loading' | 'ready';
  /** Why the log is not being saved, when it is not. */
  storageProblem: string | null;
  bets: BetRecord[];
  /** Stored records that could not be read back, kept aside. */
  damaged: DamagedBet[];
  loadRequested: () => Promise<void>;
  betPlaced: (placed: PlacedBet) => Promise<BetRecord>;
  betRemoved: (id: string) => Promise<void>;
  /** Records that learnt something (grades, closing prices), by id. */
  betsUpdated: (records: readonly BetRecord[]) => Promise<void>;
  betsImported: (records: readonly BetRecord[]) => Promise<{ added: number; updated: number }>;
}

interface BetLogStoreOptions {
  openDb?: () => Promise<BetLogDb>;
  now?: () => number;
  newId?: () => string;
}

const newestFirst = (bets: readonly BetRecord[]) => [...bets].sort((a, b) => b.placedAt - a.placedAt);
const problemOf = (error: unknown) =>
  `Bets are kept for this visit only: the browser would not save them (${error instanceof Error ? error.message : String(error)}).`;

export function createBetLogStore({
  openDb = () => import('./bet-log-db.ts').then(({ openBetLogDb }) => openBetLogDb()),
  now = Date.now,
  newId = () => crypto.randomUUID(),
}: BetLogStoreOptions = {}): StoreApi<BetLogState> {
  let db: Promise<BetLogDb> | null = null;
  const database = () => (db ??= openDb());

  return createStore<BetLogState>()((set, get) => {
    const write = async (action: (store: BetLogDb) => Promise<void>) => {
      try {
        await action(await database());
      } catch (error) {
        set({ storageProblem: problemOf(error) });
      }
    };
    return {
      status: 'idle',
      storageProblem: null,
      bets: [],
      damaged: [],
      async loadRequested() {
        if (get().status !== 'idle') return;
        set({ status: 'loading' });
        try {
          const { bets, damaged } = await (await database()).readAll(now());
          // Bets logged while the database opened stay.
          set((state) => ({ status: 'ready', bets: newestFirst(mergeBets(bets, state.bets).merged), damaged }));
        } catch (error) {
          set({ status: 'ready', storageProblem: problemOf(error) });
        }
      },
      async betPlaced(placed) {
        const record = newBetRecord(placed, newId(), now());
        set((state) => ({ bets: [record, ...state.bets] }));
        await write((store) => store.put([record]));
        return record;
      },
      async betRemoved(id) {
        set((state) => ({ bets: state.bets.filter((bet) => bet.id !== id) }));
        await write((store) => store.remove(id));
      },
      async betsUpdated(records) {
        const byId = new Map(records.map((record) => [record.id, record]));
        set((state) => ({ bets: state.bets.map((bet) => byId.get(bet.id) ?? bet) }));
        await write((store) => store.put(records));
      },
      async betsImported(records) {
        const { merged, added, updated } = mergeBets(get().bets, records);
        set({ bets: newestFirst(merged) });
        const changed = new Set(records.map((record) => record.id));
        await write((store) => store.put(merged.filter((bet) => changed.has(bet.id))));
        return { added, updated };
      },
    };
  });
}

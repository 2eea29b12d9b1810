/**
 * Client state, one small zustand store per concern, created per app instance (so two widgets on
 * one page never share a slip). Actions are named as events.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { legKey, MAX_SLIP_LEGS, type GameContext, type SlipLeg } from '../domain/slip.ts';
import { orderSportsbooks, type Sportsbook } from '../domain/sportsbooks.ts';
import type { OddsFormat } from '../domain/odds/odds-core.ts';
import type { FiredAlert, PriceAlert } from '../domain/price-alert.ts';
import {
  defaultPersistedState,
  isValidStake,
  readPersistedState,
  writePersistedState,
  type PersistedState,
} from './persisted-state.ts';
import { createSlipQuiet, type SlipQuiet } from './slip-quiet.ts';

export interface SlipState {
  legs: SlipLeg[];
  /** The legs of the last "clear all", kept so it can be undone. */
  clearedLegs: SlipLeg[] | null;
  legToggled: (leg: SlipLeg) => 'added' | 'removed' | 'full';
  legsRemoved: (keys: readonly string[]) => void;
  slipCleared: () => void;
  slipClearUndone: () => void;
  slipReplaced: (legs: readonly SlipLeg[]) => void;
  /** Fills in game details for legs that arrived without them (e.g. from a share link). */
  gameLearned: (fixtureId: string, game: GameContext) => void;
  /** "Tell me when the best price reaches X" on the slip; one at a time, kept with the slip. */
  priceAlert: PriceAlert | null;
  priceAlertSet: (alert: PriceAlert) => void;
  priceAlertRemoved: () => void;
  /** Marks the alert reached; false when it had already fired (an alert fires once). */
  priceAlertFired: (fired: FiredAlert) => boolean;
}

export interface SettingsState {
  books: Sportsbook[];
  leagues: string[];
  oddsFormat: OddsFormat;
  stake: number;
  fairValue: boolean;
  bookToggled: (book: Sportsbook) => void;
  noBooksChosen: () => void;
  booksReplaced: (books: readonly Sportsbook[]) => void;
  leagueToggled: (leagueId: string) => void;
  oddsFormatChanged: (format: OddsFormat) => void;
  stakeChanged: (stake: number) => void;
  fairValueShown: (shown: boolean) => void;
}

interface Notice {
  id: number;
  tone: 'info' | 'warning';
  text: string;
}

export interface NoticesState {
  notices: Notice[];
  noticeAdded: (text: string, tone?: Notice['tone']) => void;
  noticeDismissed: (id: number) => void;
}

export interface AppStores {
  slip: StoreApi<SlipState>;
  settings: StoreApi<SettingsState>;
  notices: StoreApi<NoticesState>;
  /** How still the slip's legs are: books and the slip's odds wait for a slip still changing. */
  slipQuiet: SlipQuiet;
  /**
   * Starts writing changes to storage; returns the stop. Called from the effect that owns the
   * instance, so StrictMode's mount, unmount and mount again ends saving, not stopped.
   */
  startSaving: () => () => void;
}

export interface AppStoresOptions {
  /** Where to persist; null keeps state in memory only (e.g. a widget asked not to remember). */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  storageKey: string;
  /** Values used where nothing is stored (the widget hides fair value unless asked). */
  defaults?: Partial<PersistedState>;
  /** Values that win over stored ones (share links, widget attributes). */
  overrides?: Partial<PersistedState>;
  /** Messages about the overrides themselves, shown with the storage notices. */
  overrideNotices?: string[];
  /** How long the slip must be still before it counts as settled (tests stretch it; slip-quiet.ts). */
  slipQuietMs?: number;
}

function safeRead(storage: AppStoresOptions['storage'], key: string): { text: string | null; failed: boolean } {
  if (!storage) return { text: null, failed: false };
  try {
    return { text: storage.getItem(key), failed: false };
  } catch {
    return { text: null, failed: true };
  }
}

export function createAppStores(options: AppStoresOptions): AppStores {
  const { storage, storageKey } = options;
  const read = safeRead(storage, storageKey);
  const { state: stored, dropped } = readPersistedState(read.text, { ...defaultPersistedState(), ...options.defaults });
  const initial: PersistedState = { ...stored, ...options.overrides };

  let nextNoticeId = 1;
  const notices = createStore<NoticesState>()((set) => ({
    notices: [],
    noticeAdded: (text, tone = 'warning') =>
      set((state) =>
        state.notices.some((notice) => notice.text === text)
          ? state
          : { notices: [...state.notices, { id: nextNoticeId++, tone, text }] },
      ),
    noticeDismissed: (id) => set((state) => ({ notices: state.notices.filter((notice) => notice.id !== id) })),
  }));
  if (read.failed)
    notices
      .getState()
      .noticeAdded('This browser does not let the app read saved data, so your slip will not be remembered.');
  for (const text of [...dropped, ...(options.overrideNotices ?? [])]) notices.getState().noticeAdded(text);

  const slip = createStore<SlipState>()((set, get) => ({
    legs: initial.legs,
    clearedLegs: null,
    legToggled: (leg) => {
      const key = legKey(leg);
      const { legs } = get();
      if (legs.some((existing) => legKey(existing) === key)) {
        set({ legs: legs.filter((existing) => legKey(existing) !== key) });
        return 'removed';
      }
      if (legs.length >= MAX_SLIP_LEGS) return 'full';
      set({ legs: [...legs, leg], clearedLegs: null });
      return 'added';
    },
    legsRemoved: (keys) => {
      const removing = new Set(keys);
      set((state) => ({ legs: state.legs.filter((leg) => !removing.has(legKey(leg))) }));
    },
    slipCleared: () => set((state) => (state.legs.length === 0 ? state : { legs: [], clearedLegs: state.legs })),
    slipClearUndone: () => set((state) => (state.clearedLegs ? { legs: state.clearedLegs, clearedLegs: null } : state)),
    slipReplaced: (legs) => set({ legs: [...legs], clearedLegs: null }),
    gameLearned: (fixtureId, game) =>
      set((state) =>
        state.legs.some((leg) => leg.fixtureId === fixtureId && leg.game === null)
          ? {
              legs: state.legs.map((leg) =>
                leg.fixtureId === fixtureId && leg.game === null ? { ...leg, game } : leg,
              ),
            }
          : state,
      ),
    priceAlert: initial.priceAlert,
    priceAlertSet: (priceAlert) => set({ priceAlert }),
    priceAlertRemoved: () => set({ priceAlert: null }),
    priceAlertFired: (fired) => {
      const { priceAlert } = get();
      if (priceAlert === null || priceAlert.fired !== null) return false;
      set({ priceAlert: { ...priceAlert, fired } });
      return true;
    },
  }));

  const settings = createStore<SettingsState>()((set) => ({
    books: initial.books,
    leagues: initial.leagues,
    oddsFormat: initial.oddsFormat,
    stake: initial.stake,
    fairValue: initial.fairValue,
    bookToggled: (book) =>
      set((state) => ({
        books: state.books.includes(book)
          ? state.books.filter((chosen) => chosen !== book)
          : orderSportsbooks([...state.books, book]),
      })),
    noBooksChosen: () => set({ books: [] }),
    booksReplaced: (books) => set({ books: orderSportsbooks(books) }),
    leagueToggled: (leagueId) =>
      set((state) => ({
        leagues: state.leagues.includes(leagueId)
          ? state.leagues.filter((chosen) => chosen !== leagueId)
          : [...state.leagues, leagueId],
      })),
    oddsFormatChanged: (oddsFormat) => set({ oddsFormat }),
    stakeChanged: (stake) => {
      if (isValidStake(stake)) set({ stake });
    },
    fairValueShown: (fairValue) => set({ fairValue }),
  }));

  // Save on change, batched so a burst of actions writes once.
  let saveScheduled = false;
  // When storage could not even be read, the user has been told it will not remember: once is enough.
  let saveFailureReported = read.failed;
  const save = () => {
    saveScheduled = false;
    if (!storage) return;
    const { legs, priceAlert } = slip.getState();
    const { books, leagues, oddsFormat, stake, fairValue } = settings.getState();
    try {
      storage.setItem(
        storageKey,
        writePersistedState({ legs, priceAlert, books, leagues, oddsFormat, stake, fairValue }),
      );
    } catch {
      if (!saveFailureReported) {
        saveFailureReported = true;
        notices
          .getState()
          .noticeAdded(
            'Your browser storage is full or blocked, so changes will not survive a reload. Everything still works on this page.',
          );
      }
    }
  };
  const scheduleSave = () => {
    if (saveScheduled) return;
    saveScheduled = true;
    queueMicrotask(save);
  };
  const startSaving = () => {
    const unsubscribers = [slip.subscribe(scheduleSave), settings.subscribe(scheduleSave)];
    // What was dropped is gone: store the cleaned state now, so the next visit does not report it again.
    if (dropped.length > 0) scheduleSave();
    return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
  };

  return { slip, settings, notices, slipQuiet: createSlipQuiet(slip, options.slipQuietMs), startSaving };
}

/**
 * The user's choices: books, leagues, odds format, stake, fair value; and the notices the app
 * shows them. Actions are named as events.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { orderSportsbooks, type Sportsbook } from '../domain/sportsbooks.ts';
import type { OddsFormat } from '../domain/odds/odds-core.ts';
import type { Region } from '../domain/region.ts';
import { isValidStake, settingsInRegion, type PersistedState } from './persisted-state.ts';

export interface SettingsState {
  region: Region;
  books: Sportsbook[];
  leagues: string[];
  oddsFormat: OddsFormat;
  stake: number;
  fairValue: boolean;
  /** The bettor says where they bet (settingsInRegion: the region's books, and its usual format). */
  regionChanged: (region: Region) => void;
  bookToggled: (book: Sportsbook) => void;
  noBooksChosen: () => void;
  booksReplaced: (books: readonly Sportsbook[]) => void;
  leagueToggled: (leagueId: string) => void;
  oddsFormatChanged: (format: OddsFormat) => void;
  stakeChanged: (stake: number) => void;
  fairValueShown: (shown: boolean) => void;
}

export function createSettingsStore(
  initial: Pick<PersistedState, 'region' | 'books' | 'leagues' | 'oddsFormat' | 'stake' | 'fairValue'>,
): StoreApi<SettingsState> {
  return createStore<SettingsState>()((set) => ({
    region: initial.region,
    books: initial.books,
    leagues: initial.leagues,
    oddsFormat: initial.oddsFormat,
    stake: initial.stake,
    fairValue: initial.fairValue,
    regionChanged: (region) => set((state) => (state.region === region ? state : settingsInRegion(state, region))),
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

export function createNoticesStore(): StoreApi<NoticesState> {
  let nextNoticeId = 1;
  return createStore<NoticesState>()((set) => ({
    notices: [],
    // The same words twice are one notice.
    noticeAdded: (text, tone = 'warning') =>
      set((state) =>
        state.notices.some((notice) => notice.text === text)
          ? state
          : { notices: [...state.notices, { id: nextNoticeId++, tone, text }] },
      ),
    noticeDismissed: (id) => set((state) => ({ notices: state.notices.filter((notice) => notice.id !== id) })),
  }));
}

/**
 * Client state, one small zustand store per concern (slip-store.ts, settings-store.ts), created per
 * app instance (so two widgets on one page never share a slip), started from what was saved and
 * saved again as it changes.
 */
import type { StoreApi } from 'zustand/vanilla';
import {
  defaultPersistedState,
  readPersistedState,
  settingsInRegion,
  writePersistedState,
  type PersistedState,
} from './persisted-state.ts';
import { createNoticesStore, createSettingsStore, type NoticesState, type SettingsState } from './settings-store.ts';
import { createSlipQuiet, type SlipQuiet } from './slip-quiet.ts';
import { createSlipStore, type SlipState } from './slip-store.ts';
import { encodeSlip, type SlipLeg } from '../domain/slip.ts';

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

type SavedStateStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface AppStoresOptions {
  /** Where to persist; null keeps state in memory only (e.g. a widget asked not to remember). */
  storage: SavedStateStorage | null;
  storageKey: string;
  /** Values used where nothing is stored (the widget hides fair value unless asked). */
  defaults?: Partial<PersistedState>;
  /** Values that win over stored ones (share links, widget attributes); a region as settingsInRegion says. */
  overrides?: Partial<PersistedState>;
  /** Messages about the overrides themselves, shown with the storage notices. */
  overrideNotices?: string[];
  /** How long the slip must be still before it counts as settled (tests stretch it; slip-quiet.ts). */
  slipQuietMs?: number;
}

const CANNOT_READ_STORAGE = 'This browser does not let the app read saved data, so your slip will not be remembered.';
const CANNOT_WRITE_STORAGE =
  'Your browser storage is full or blocked, so changes will not survive a reload. Everything still works on this page.';

interface StartingState {
  state: PersistedState;
  /** The saved legs a share link's slip took the place of. */
  replacedByLink: SlipLeg[] | undefined;
  /** What the user is told about it: what was dropped, what could not be read, what a link left out. */
  notices: string[];
  /** Storage refused to be read: the user has been told it will not remember. */
  storageFailed: boolean;
  /** Something stored was dropped, or a region asked for: the state is to be stored at once. */
  saveAtOnce: boolean;
}

/** What the instance starts with: the saved state (read back validated) under the overrides. */
function readStartingState(options: AppStoresOptions): StartingState {
  let text: string | null = null;
  let storageFailed = false;
  try {
    text = options.storage?.getItem(options.storageKey) ?? null;
  } catch {
    storageFailed = true;
  }
  const { state, dropped } = readPersistedState(text, { ...defaultPersistedState(), ...options.defaults });
  // A region asked for (a link's ?region=) moves the saved state there as the chooser would; the
  // other overrides (a link's books, a format) apply after it.
  const { region, ...overrides } = options.overrides ?? {};
  const regional = region === undefined ? {} : settingsInRegion(state, region);
  // A link's slip over a different one saved here: the saved one is kept to give back (the slip's undo).
  const linkReplacedSaved =
    overrides.legs !== undefined && state.legs.length > 0 && encodeSlip(state.legs) !== encodeSlip(overrides.legs);
  return {
    state: { ...state, ...regional, ...overrides },
    replacedByLink: linkReplacedSaved ? state.legs : undefined,
    notices: [...(storageFailed ? [CANNOT_READ_STORAGE] : []), ...dropped, ...(options.overrideNotices ?? [])],
    storageFailed,
    // A region asked for is the bettor's choice from now on, as the chooser's would be.
    saveAtOnce: dropped.length > 0 || region !== undefined,
  };
}

/** Saves the slip and settings on every change, batched so a burst of actions writes once. */
function savingOf(
  { slip, settings, notices }: Pick<AppStores, 'slip' | 'settings' | 'notices'>,
  { storage, storageKey }: AppStoresOptions,
  starting: StartingState,
): () => () => void {
  let saveScheduled = false;
  // When storage could not even be read, the user has been told it will not remember: once is enough.
  let failureReported = starting.storageFailed;
  const save = () => {
    saveScheduled = false;
    if (!storage) return;
    const { legs, priceAlert } = slip.getState();
    const { region, books, leagues, oddsFormat, stake, fairValue } = settings.getState();
    try {
      storage.setItem(
        storageKey,
        writePersistedState({ legs, priceAlert, region, books, leagues, oddsFormat, stake, fairValue }),
      );
    } catch {
      if (!failureReported) notices.getState().noticeAdded(CANNOT_WRITE_STORAGE);
      failureReported = true;
    }
  };
  const scheduleSave = () => {
    if (saveScheduled) return;
    saveScheduled = true;
    queueMicrotask(save);
  };
  return () => {
    const unsubscribers = [slip.subscribe(scheduleSave), settings.subscribe(scheduleSave)];
    // What was dropped is gone: store the cleaned state now, so the next visit does not report it
    // again; and a region asked for is remembered though nothing else changes.
    if (starting.saveAtOnce) scheduleSave();
    return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
  };
}

export function createAppStores(options: AppStoresOptions): AppStores {
  const starting = readStartingState(options);
  const notices = createNoticesStore();
  for (const text of starting.notices) notices.getState().noticeAdded(text);
  const slip = createSlipStore({ ...starting.state, replacedByLink: starting.replacedByLink });
  const settings = createSettingsStore(starting.state);
  return {
    slip,
    settings,
    notices,
    slipQuiet: createSlipQuiet(slip, options.slipQuietMs),
    startSaving: savingOf({ slip, settings, notices }, options, starting),
  };
}

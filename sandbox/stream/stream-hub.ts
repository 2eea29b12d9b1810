/**
 * The sandbox's streams: one journal per sport (made when first asked for, shared by every reader,
 * dropped 30 s of the clock after its last reader left), the open connections and their timers.
 * Each connection waits for its next look at the clock with one timer at a time, cleared when the
 * client leaves; `openStreams` and `pendingTimers` let tests check nothing is left behind.
 * `wakeAll` makes every zero-latency reader look at once (a forced change, or a test that moved
 * the clock).
 */
import type { LatencyMode } from '../faults/latency.ts';
import type { SandboxState } from '../state.ts';
import { createSportJournal, type SportJournal } from './sport-journal.ts';
import type { StreamRow } from './stream-rows.ts';
import { createSportCoverage, type StreamEventType } from './tick-changes.ts';

/** How often a reader looks at the clock for new events: every 200 ms at zero latency, else every second. */
const POLL_MS: Readonly<Record<LatencyMode, number>> = { zero: 200, realistic: 1_000 };

interface StreamConnection {
  /** The sport's journal; null for a sport the catalog has no games in (an empty stream). */
  readonly journal: SportJournal | null;
  readonly closed: boolean;
  /** Resolves after the poll interval, on a wake (zero latency only) or when the connection closes. */
  nextLook(): Promise<void>;
  close(): void;
}

export interface StreamHub {
  open(latency: LatencyMode, sportId: string): StreamConnection;
  /**
   * Writes a forced change into its sport's journal, if the sport has one (a sport nobody reads has
   * nothing to resume), and wakes the zero-latency readers.
   */
  announce(sportId: string, type: StreamEventType, rows: readonly StreamRow[], nowMs: number): void;
  wakeAll(): void;
  readonly openStreams: number;
  readonly pendingTimers: number;
}

interface SportEntry {
  journal: SportJournal;
  readers: number;
  /** The clock when its last reader left; null while it has readers. */
  idleSinceMs: number | null;
}

/**
 * A journal nobody has read for longer than the window is dropped (with the boards it holds): a
 * reader that comes later starts a fresh one instead of paying for seconds nobody will see.
 */
const IDLE_JOURNAL_MS = 30_000;

export function createStreamHub(state: SandboxState): StreamHub {
  const sports = new Map<string, SportEntry>();
  const wakers = new Set<() => void>();
  let openStreams = 0;
  let pendingTimers = 0;

  function dropIdle(nowMs: number): void {
    for (const [sportId, entry] of sports) {
      if (entry.readers === 0 && entry.idleSinceMs !== null && nowMs - entry.idleSinceMs > IDLE_JOURNAL_MS)
        sports.delete(sportId);
    }
  }

  function entryFor(sportId: string): SportEntry | null {
    dropIdle(state.now());
    const known = sports.get(sportId);
    if (known) return known;
    const leagueIds = new Set(
      state.catalog.activeLeagues.filter((league) => league.sportId === sportId).map((league) => league.id),
    );
    if (leagueIds.size === 0 || !state.catalog.sportById(sportId)?.lines) return null;
    const entry = {
      journal: createSportJournal(state, createSportCoverage(state, leagueIds)),
      readers: 0,
      idleSinceMs: state.now(),
    };
    sports.set(sportId, entry);
    return entry;
  }

  function open(latency: LatencyMode, sportId: string): StreamConnection {
    openStreams++;
    const entry = entryFor(sportId);
    if (entry) {
      entry.readers++;
      entry.idleSinceMs = null;
    }
    let closed = false;
    let finishWait: (() => void) | null = null;
    // A wake while the reader is busy writing is kept for its next look, not lost.
    let wokenWhileBusy = false;
    const wake = () => {
      if (finishWait) finishWait();
      else wokenWhileBusy = true;
    };
    if (latency === 'zero') wakers.add(wake);
    return {
      journal: entry?.journal ?? null,
      get closed() {
        return closed;
      },
      nextLook() {
        if (closed) return Promise.resolve();
        if (wokenWhileBusy) {
          wokenWhileBusy = false;
          return Promise.resolve();
        }
        return new Promise<void>((resolve) => {
          pendingTimers++;
          const timer = setTimeout(() => finish(), POLL_MS[latency]);
          const finish = () => {
            if (finishWait !== finish) return;
            finishWait = null;
            clearTimeout(timer);
            pendingTimers--;
            resolve();
          };
          finishWait = finish;
        });
      },
      close() {
        if (closed) return;
        closed = true;
        openStreams--;
        if (entry && --entry.readers === 0) entry.idleSinceMs = state.now();
        wakers.delete(wake);
        finishWait?.();
      },
    };
  }

  return {
    announce(sportId, type, rows, nowMs) {
      dropIdle(nowMs);
      sports.get(sportId)?.journal.append(type, rows, nowMs);
      for (const wake of [...wakers]) wake();
    },
    open,
    wakeAll: () => {
      for (const wake of [...wakers]) wake();
    },
    get openStreams() {
      return openStreams;
    },
    get pendingTimers() {
      return pendingTimers;
    },
  };
}

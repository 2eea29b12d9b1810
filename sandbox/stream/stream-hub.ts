/**
 * The sandbox's streams: one journal per sport (made when first asked for and shared by every
 * reader), the open connections and their timers. Each connection waits for the next look at the
 * clock with one timer at a time, cleared when the client leaves; `openStreams` and
 * `pendingTimers` let tests check nothing is left behind. `wakeAll` makes every zero-latency
 * reader look at once (a forced change, or a test that moved the clock).
 */
import type { LatencyMode } from '../faults/latency.ts';
import type { SandboxState } from '../state.ts';
import { createSportJournal, type SportJournal } from './sport-journal.ts';
import { createSportCoverage } from './tick-changes.ts';

/** How often a reader looks at the clock for new events: every 200 ms at zero latency, else every second. */
const POLL_MS: Readonly<Record<LatencyMode, number>> = { zero: 200, realistic: 1_000 };

interface StreamConnection {
  readonly closed: boolean;
  /** Resolves after the poll interval, on a wake (zero latency only) or when the connection closes. */
  nextLook(): Promise<void>;
  close(): void;
}

export interface StreamHub {
  /** The sport's journal; null for a sport the catalog has no games in (an empty stream). */
  journalFor(sportId: string): SportJournal | null;
  open(latency: LatencyMode): StreamConnection;
  wakeAll(): void;
  readonly openStreams: number;
  readonly pendingTimers: number;
}

export function createStreamHub(state: SandboxState): StreamHub {
  const journals = new Map<string, SportJournal>();
  const wakers = new Set<() => void>();
  let openStreams = 0;
  let pendingTimers = 0;

  function journalFor(sportId: string): SportJournal | null {
    const known = journals.get(sportId);
    if (known) return known;
    const leagueIds = new Set(
      state.catalog.activeLeagues.filter((league) => league.sportId === sportId).map((league) => league.id),
    );
    if (leagueIds.size === 0 || !state.catalog.sportById(sportId)?.lines) return null;
    const journal = createSportJournal(state, createSportCoverage(state, leagueIds));
    journals.set(sportId, journal);
    return journal;
  }

  function open(latency: LatencyMode): StreamConnection {
    openStreams++;
    let closed = false;
    let finishWait: (() => void) | null = null;
    const wake = () => finishWait?.();
    if (latency === 'zero') wakers.add(wake);
    return {
      get closed() {
        return closed;
      },
      nextLook() {
        if (closed) return Promise.resolve();
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
        wakers.delete(wake);
        finishWait?.();
      },
    };
  }

  return {
    journalFor,
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

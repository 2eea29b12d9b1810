/**
 * One sport's stream: its events of the last 30 s, shared by every reader of the sport, as the
 * service keeps them for `last_entry_id`. Events are made one whole second of the clock at a time
 * (tick-changes.ts); a tick's events get ids `<tick ms>-0`, `-1`... in their order, so the same seed
 * and clock always give the same ids - a journal made afresh (a new process, or no reader for a
 * while) recomputes the window and a client resuming with an id from before finds its place.
 * Forced price changes (the test hook) are the one thing not recomputable: they are written at
 * the moment they happen (`<now ms>-<n>`) and kept like the rest.
 */
import { compareEntryIds, formatEntryId, type EntryId } from './entry-id.ts';
import type { StreamRow } from './stream-rows.ts';
import { tickChanges, TICK_MS, type SportCoverage, type StreamEventType } from './tick-changes.ts';
import type { SandboxState } from '../state.ts';

/** How far back `last_entry_id` can resume (the service keeps about 30 s). */
export const KEPT_WINDOW_MS = 30_000;

export interface StreamEvent {
  id: EntryId;
  entryId: string;
  type: StreamEventType;
  rows: readonly StreamRow[];
}

export interface SportJournal {
  /** Makes the events of every whole second up to `nowMs` (only the last 30 s after a long gap). */
  catchUp(nowMs: number): void;
  /** Kept events after `cursor`, oldest first; every kept event when the cursor is older than them. */
  after(cursor: EntryId): readonly StreamEvent[];
  /** Where a reader that wants only what comes next starts. */
  position(): EntryId;
  /** Writes an event now (a forced change), after everything made so far. */
  append(type: StreamEventType, rows: readonly StreamRow[], nowMs: number): StreamEvent;
}

function eventOf(id: EntryId, type: StreamEventType, rows: readonly StreamRow[]): StreamEvent {
  return { id, entryId: formatEntryId(id), type, rows };
}

export function createSportJournal(state: SandboxState, coverage: SportCoverage): SportJournal {
  let events: StreamEvent[] = [];
  /** The last whole second made, or null before the first catch-up. */
  let lastTickMs: number | null = null;

  function prune(nowMs: number): void {
    const oldestKeptMs = nowMs - KEPT_WINDOW_MS;
    const firstKept = events.findIndex((event) => event.id.ms > oldestKeptMs);
    events = firstKept === -1 ? [] : events.slice(firstKept);
  }

  function catchUp(nowMs: number): void {
    const targetMs = Math.floor(nowMs / TICK_MS) * TICK_MS;
    // A clock set back (tests) or far forward: start the window afresh.
    if (lastTickMs === null || targetMs < lastTickMs || targetMs - lastTickMs > KEPT_WINDOW_MS) {
      if (lastTickMs !== null && targetMs < lastTickMs) events = [];
      lastTickMs = targetMs - KEPT_WINDOW_MS;
    }
    while (lastTickMs < targetMs) {
      const tickMs: number = lastTickMs + TICK_MS;
      tickChanges(state, coverage, tickMs).forEach((draft, seq) => {
        events.push(eventOf({ ms: tickMs, seq }, draft.type, draft.rows));
      });
      lastTickMs = tickMs;
    }
    prune(nowMs);
  }

  return {
    catchUp,
    after(cursor) {
      // Events are in id order: find the first one past the cursor from the end (readers are near it).
      let index = events.length;
      while (index > 0 && compareEntryIds((events[index - 1] as StreamEvent).id, cursor) > 0) index--;
      return events.slice(index);
    },
    position() {
      const last = events.at(-1);
      return last ? last.id : { ms: lastTickMs ?? 0, seq: -1 };
    },
    append(type, rows, nowMs) {
      catchUp(nowMs);
      const last = events.at(-1);
      const id = last && last.id.ms >= nowMs ? { ms: last.id.ms, seq: last.id.seq + 1 } : { ms: nowMs, seq: 0 };
      const event = eventOf(id, type, rows);
      events.push(event);
      return event;
    },
  };
}

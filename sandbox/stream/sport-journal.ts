/**
 * One sport's stream: its events of the last 30 s, shared by every reader of the sport, as the
 * service keeps them for `last_entry_id`. Events are made one whole second of the clock at a time
 * (tick-changes.ts); a tick's events get ids `<tick ms>-0`, `-1`... in their order, so the same seed
 * and clock always give the same ids. The window is recomputed rather than stored for good: a
 * journal starts at the second it is first asked for, and makes the earlier seconds of the window
 * only when a reader resumes from before them (a new process, a journal made after it left).
 * Forced price changes (the test hook) are the one thing not recomputable: they are written at
 * the moment they happen (`<now ms>-<n>`) and kept like the rest.
 */
import { compareEntryIds, formatEntryId, type EntryId } from './entry-id.ts';
import type { StreamRow } from './stream-rows.ts';
import { tickChanges, TICK_MS, type SportCoverage, type StreamEventType } from './tick-changes.ts';
import type { SandboxState } from '../state.ts';

/** How far back `last_entry_id` can resume (the service keeps about 30 s). */
const KEPT_WINDOW_MS = 30_000;

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
  /** The first whole second made: earlier ones are made only when a resuming reader needs them. */
  let firstTickMs = 0;

  function made(tickMs: number): StreamEvent[] {
    return tickChanges(state, coverage, tickMs).map((draft, seq) =>
      eventOf({ ms: tickMs, seq }, draft.type, draft.rows),
    );
  }

  function catchUp(nowMs: number): void {
    const targetMs = Math.floor(nowMs / TICK_MS) * TICK_MS;
    // New, or the clock set back (tests) or moved past the window: start afresh from this second.
    if (lastTickMs === null || targetMs < lastTickMs || targetMs - lastTickMs > KEPT_WINDOW_MS) {
      if (lastTickMs !== null && targetMs < lastTickMs) events = [];
      lastTickMs = targetMs - TICK_MS;
      firstTickMs = targetMs;
    }
    while (lastTickMs < targetMs) {
      lastTickMs += TICK_MS;
      events.push(...made(lastTickMs));
    }
    const oldestKeptMs = nowMs - KEPT_WINDOW_MS;
    const firstKept = events.findIndex((event) => event.id.ms > oldestKeptMs);
    events = firstKept === -1 ? [] : events.slice(firstKept);
  }

  /**
   * A reader resuming from before the first second made (the journal is new: a new process, or
   * made after the reader left): the seconds it missed, still inside the window, made now.
   */
  function backfillFor(cursor: EntryId): void {
    if (lastTickMs === null) return;
    const windowStartMs = Math.floor((lastTickMs - KEPT_WINDOW_MS) / TICK_MS) * TICK_MS + TICK_MS;
    const fromMs = Math.max(Math.floor(cursor.ms / TICK_MS) * TICK_MS, windowStartMs);
    if (fromMs >= firstTickMs) return;
    const missed: StreamEvent[] = [];
    for (let tickMs = fromMs; tickMs < firstTickMs; tickMs += TICK_MS) missed.push(...made(tickMs));
    events = [...missed, ...events];
    firstTickMs = fromMs;
  }

  return {
    catchUp,
    after(cursor) {
      backfillFor(cursor);
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

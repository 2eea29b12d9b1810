/**
 * The lock test hook (sandbox only): a chosen book suspends a chosen line now, or reopens it, for
 * e2e tests that must see a suspension when they want it. `POST /__sandbox/line-lock` with a JSON
 * body, or header `X-Sandbox-Line-Lock` (the same fields URL-encoded) on any request, as the
 * price-change hook (price-change.ts) takes them.
 *
 *   fixture_id, sportsbook, market, name   the line, as /fixtures/odds names it (both sides lock)
 *   locked                                  true (default) to lock, false to reopen
 *   hold_seconds                            how long a lock holds before the line reopens (default 60)
 *
 * While locked the line leaves /fixtures/odds, /parlay/odds cannot price it, and the stream has
 * sent `locked-odds` at once; reopened, the stream sends its prices as `odds` at once.
 */
import type { MiddlewareHandler } from 'hono';
import { bookGroupOdds } from '../odds/book-odds.ts';
import type { SandboxState } from '../state.ts';
import {
  findNamedLine,
  HOLD_SECONDS_ERROR,
  holdSeconds,
  hookHandler,
  hookHeader,
  text,
  type ChangeResult,
  type Fields,
} from './price-change.ts';
import type { StreamHub } from './stream-hub.ts';
import { oddRow } from './stream-rows.ts';

const LINE_LOCK_HEADER = 'x-sandbox-line-lock';

function applyLineLock(state: SandboxState, hub: StreamHub, fields: Fields): ChangeResult {
  const nowMs = state.now();
  // JSON may say true/false; the header form says "true"/"false".
  const raw = fields.locked;
  const lockedField = typeof raw === 'boolean' ? String(raw) : (text(fields, 'locked') ?? 'true').toLowerCase();
  if (lockedField !== 'true' && lockedField !== 'false')
    return { ok: false, status: 400, error: 'locked: expected true or false' };
  const locking = lockedField === 'true';
  const hold = holdSeconds(fields);
  if (hold === null) return { ok: false, status: 400, error: HOLD_SECONDS_ERROR };
  // Checked before a lock is in force: a locked line is not listed, so it is looked up unlocked.
  const named = findNamedLine(state, fields, nowMs);
  if (!named.ok) return named;
  const { fixture, board, selection, book } = named.line;
  const group = board.groups.get(selection.groupId) ?? [selection];
  const { forcedLocks } = state.odds;
  if (locking) {
    forcedLocks.set({
      book,
      fixtureId: fixture.id,
      groupId: selection.groupId,
      fromMs: nowMs,
      untilMs: nowMs + hold * 1_000,
    });
  } else if (!forcedLocks.release(book, fixture.id, selection.groupId, nowMs)) {
    return { ok: false, status: 404, error: `that line is not locked at ${book}` };
  }
  // The prices the line holds: what a lock takes away, or what reopening brings back.
  const rows = bookGroupOdds(state.odds, board, book, group, nowMs, true).map((odd) =>
    oddRow(fixture, book, odd, nowMs),
  );
  if (rows.length === 0) return { ok: false, status: 404, error: `${book} lists no such line in that game` };
  hub.announce(fixture.sport.id, locking ? 'locked-odds' : 'odds', rows, nowMs);
  return { ok: true, odd: rows.map((row) => JSON.parse(row.text) as unknown) };
}

export function lineLockHandler(state: SandboxState, hub: StreamHub) {
  return hookHandler((fields) => applyLineLock(state, hub, fields));
}

/** `X-Sandbox-Line-Lock: fixture_id=...&sportsbook=...&market=...&name=...&locked=true` on any request. */
export function lineLockHeader(state: SandboxState, hub: StreamHub): MiddlewareHandler {
  return hookHeader(LINE_LOCK_HEADER, (fields) => applyLineLock(state, hub, fields));
}

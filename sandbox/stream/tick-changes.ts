/**
 * What changed in one sport during one second of the sandbox's clock, at every book: games whose
 * status changed, lines that locked or unlocked, prices the books moved (read from the same update
 * moments and the same odds code as /fixtures/odds, price-moments.ts and book-odds.ts). A pure
 * function of the seed, the clock and the forced prices, so a kept window can always be recomputed.
 *
 * Covered: the sport's games in play or starting within a day. Further out, lines move every few
 * minutes to hours; the stream leaves them to a slow REST refresh, as the service's clients keep one.
 */
import { SPORTSBOOKS, type Sportsbook } from '../../src/domain/sportsbooks.ts';
import { bookGroupMovesAt, bookGroupOdds, type BookOdd } from '../odds/book-odds.ts';
import { profileOf } from '../odds/books.ts';
import type { FairSelection } from '../odds/fair-selection.ts';
import type { MarketBoard } from '../odds/market-board.ts';
import { BUSY_WINDOW_MS, groupCadence, lineLocked, PRICE_BUCKET_MS, runsBusy } from '../odds/price-moments.ts';
import { fixtureStatus, type FixtureStatus, type ScheduledFixture } from '../schedule/schedule.ts';
import type { SandboxState } from '../state.ts';
import { fixtureStatusRow, oddRow, type StreamRow } from './stream-rows.ts';

export const TICK_MS = 1_000;
/** Games starting later than this are not on the stream (see above). */
const STREAM_HORIZON_MS = 24 * 3_600_000;

export type StreamEventType = 'odds' | 'locked-odds' | 'fixture-status';

/** One event's worth of rows before it is given an entry id. */
export interface EventDraft {
  type: StreamEventType;
  rows: StreamRow[];
}

interface BoardLines {
  busy: readonly (readonly FairSelection[])[];
  slow: readonly (readonly FairSelection[])[];
  /** Main full-game lines: what a finished game's removal names. */
  main: readonly (readonly FairSelection[])[];
}

const linesOfBoard = new WeakMap<MarketBoard, BoardLines>();

function boardLines(board: MarketBoard): BoardLines {
  const known = linesOfBoard.get(board);
  if (known) return known;
  const groups = [...board.groups.values()];
  const isBusy = (group: readonly FairSelection[]) => group[0] !== undefined && runsBusy(group[0]);
  const lines: BoardLines = {
    busy: groups.filter(isBusy),
    slow: groups.filter((group) => !isBusy(group)),
    main: groups.filter(
      (group) => group[0]?.isMain === true && !group[0].isPlayerProp && group[0].market.period === 'game',
    ),
  };
  linesOfBoard.set(board, lines);
  return lines;
}

function listsOdds(status: FixtureStatus): boolean {
  return status !== 'completed' && status !== 'cancelled';
}

/** The sport's games the stream follows at that moment, with their boards. */
export interface SportCoverage {
  fixturesAt(timeMs: number): readonly { fixture: ScheduledFixture; board: MarketBoard }[];
}

export function createSportCoverage(state: SandboxState, leagueIds: ReadonlySet<string>): SportCoverage {
  // Kept here while covered: the shared board cache holds 300, a sport can cover more.
  let boards = new Map<string, MarketBoard>();
  let boardsBucket = -1;
  return {
    fixturesAt(timeMs) {
      const fixtures = state.schedule
        .activeFixtures(timeMs, leagueIds)
        .filter((fixture) => fixture.startMs <= timeMs + STREAM_HORIZON_MS);
      const bucket = Math.floor(timeMs / PRICE_BUCKET_MS);
      const next = bucket === boardsBucket ? boards : new Map<string, MarketBoard>();
      const covered = fixtures.map((fixture) => {
        const board = boards.get(fixture.id) ?? state.boardFor(fixture);
        next.set(fixture.id, board);
        return { fixture, board };
      });
      boards = next;
      boardsBucket = bucket;
      return covered;
    },
  };
}

function rowsOf(fixture: ScheduledFixture, book: Sportsbook, odds: readonly BookOdd[], timeMs: number): StreamRow[] {
  return odds.map((odd) => oddRow(fixture, book, odd, timeMs));
}

/** A line named twice in one event (moved just as its forced price ended) is sent once. */
function lastOfEach(rows: readonly StreamRow[]): StreamRow[] {
  return [...new Map(rows.map((row) => [row.key, row])).values()];
}

/**
 * The events of the second ending at `tickMs` (a whole second): per game in schedule order, its
 * status change, then the lines that locked, then the prices that moved or came back.
 */
export function tickChanges(state: SandboxState, coverage: SportCoverage, tickMs: number): EventDraft[] {
  const beforeMs = tickMs - TICK_MS;
  const drafts: EventDraft[] = [];
  const endedForcedPrices =
    state.odds.forcedPrices.size > 0 ? state.odds.forcedPrices.endedBetween(beforeMs, tickMs) : [];
  // Hook locks that ran out this second (an unlock through the hook announces itself at once).
  const endedForcedLocks = state.odds.forcedLocks.size > 0 ? state.odds.forcedLocks.endedBetween(beforeMs, tickMs) : [];
  const endedLines = [...endedForcedPrices, ...endedForcedLocks];
  // Games that finished during this second are still listed a second earlier.
  for (const { fixture, board } of coverage.fixturesAt(beforeMs)) {
    const statusBefore = fixtureStatus(fixture, beforeMs);
    const statusNow = fixtureStatus(fixture, tickMs);
    const statusRows = statusBefore === statusNow ? [] : [fixtureStatusRow(fixture, tickMs)];
    const lockedRows: StreamRow[] = [];
    const oddsRows: StreamRow[] = [];
    const lines = boardLines(board);
    if (listsOdds(statusBefore) && !listsOdds(statusNow)) {
      // The game is over (or called off): its main lines are removed at every book.
      for (const book of SPORTSBOOKS) {
        for (const group of lines.main)
          lockedRows.push(...rowsOf(fixture, book, bookGroupOdds(state.odds, board, book, group, beforeMs), beforeMs));
      }
    }
    // Before its busy window a game's lines all move on bucket boundaries only.
    const quiet = tickMs < fixture.liveFromMs - BUSY_WINDOW_MS && tickMs % PRICE_BUCKET_MS !== 0;
    const forcedEnded = endedLines.some((ended) => ended.fixtureId === fixture.id);
    if (listsOdds(statusNow) && (!quiet || forcedEnded)) {
      for (const book of SPORTSBOOKS) {
        const profile = profileOf(book);
        for (const group of quiet ? [] : lines.busy) {
          const first = group[0];
          if (!first) continue;
          const cadence = groupCadence(state.seed, profile, fixture, group);
          const lockedNow = lineLocked(state.seed, profile, cadence, first, tickMs, statusNow === 'suspended');
          const lockedBefore = lineLocked(state.seed, profile, cadence, first, beforeMs, statusBefore === 'suspended');
          if (lockedNow && !lockedBefore) {
            // A forced price stays listed through a lock (book-odds.ts): only the others lock.
            const locking = bookGroupOdds(state.odds, board, book, group, tickMs, true).filter(
              (odd) => state.odds.forcedPrices.find(book, odd.selection, tickMs) === null,
            );
            lockedRows.push(...rowsOf(fixture, book, locking, tickMs));
          } else if (!lockedNow && lockedBefore) {
            oddsRows.push(...rowsOf(fixture, book, bookGroupOdds(state.odds, board, book, group, tickMs), tickMs));
          } else if (!lockedNow) {
            oddsRows.push(...rowsOf(fixture, book, bookGroupMovesAt(state.odds, board, book, group, tickMs), tickMs));
          }
        }
        // Slow lines move only on bucket boundaries.
        if (tickMs % PRICE_BUCKET_MS === 0) {
          for (const group of lines.slow)
            oddsRows.push(...rowsOf(fixture, book, bookGroupMovesAt(state.odds, board, book, group, tickMs), tickMs));
        }
        for (const ended of endedLines) {
          if (ended.fixtureId !== fixture.id || ended.book !== book) continue;
          const group = board.groups.get(ended.groupId);
          if (group)
            oddsRows.push(...rowsOf(fixture, book, bookGroupOdds(state.odds, board, book, group, tickMs), tickMs));
        }
      }
    }
    if (statusRows.length > 0) drafts.push({ type: 'fixture-status', rows: statusRows });
    if (lockedRows.length > 0) drafts.push({ type: 'locked-odds', rows: lockedRows });
    if (oddsRows.length > 0)
      drafts.push({ type: 'odds', rows: endedLines.length > 0 ? lastOfEach(oddsRows) : oddsRows });
  }
  return drafts;
}

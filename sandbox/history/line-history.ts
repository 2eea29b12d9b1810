/**
 * A line's past at one book: every price /fixtures/odds listed for it and the stream sent, from the
 * moment the game was first listed (seven days before its start) to now or the game's end. Read
 * from the same update moments and the same price function (price-moments.ts, book-pricing.ts) as
 * the live endpoints, so the history at any instant is what they said at each earlier change:
 *
 * - the opening entry is the price listed when the game came into view, stamped with that moment
 *   (the service first saw the line then, even if the book had set it earlier);
 * - then one entry per side each time the book moved it (a move during a lock is not seen);
 * - with `includeLocked`, a `locked: true` entry when a lock begins (the price the line held) and the
 *   price again when it reopens, as the stream's `locked-odds` and `odds` events say;
 * - closing = the last price listed before play began (null until it has).
 *
 * Prices forced through the test hooks (price-change, line-lock) are not part of the history: they
 * are a test's override of the model, not the market's.
 */
import type { Sportsbook } from '../../src/domain/sportsbooks.ts';
import { bookOffers, groupPricesAtMoment } from '../odds/book-pricing.ts';
import { profileOf, type BookProfile } from '../odds/books.ts';
import type { FairSelection } from '../odds/fair-selection.ts';
import type { MarketBoard } from '../odds/market-board.ts';
import { groupCadence, lastMoment, lineLocked, type GroupCadence } from '../odds/price-moments.ts';
import { fixtureStatus, LISTING_WINDOW_MS, type ScheduledFixture } from '../schedule/schedule.ts';

interface HistoryEntry {
  american: number;
  atMs: number;
  locked: boolean;
}

export interface SideHistory {
  selection: FairSelection;
  opening: { american: number; atMs: number };
  /** Null until play has begun. */
  closing: { american: number } | null;
  /** Only when asked for (`timeseries`). */
  entries: HistoryEntry[] | null;
}

const SECOND_MS = 1_000;

/** When the service first lists the game's lines: as it comes into the seven-day view. */
function linesOpenAt(fixture: ScheduledFixture): number {
  return fixture.startMs - LISTING_WINDOW_MS;
}

/** The book's update moments in (fromMs, toMs], oldest first. */
function momentsBetween(cadence: GroupCadence, fromMs: number, toMs: number): number[] {
  const moments: number[] = [];
  for (let moment = lastMoment(cadence, toMs); moment > fromMs; moment = lastMoment(cadence, moment - 1))
    moments.push(moment);
  return moments.reverse();
}

/** Whole seconds in [fromMs, toMs) at which the line locks (true) or reopens (false). */
function lockChanges(
  seed: number,
  profile: BookProfile,
  cadence: GroupCadence,
  board: MarketBoard,
  first: FairSelection,
  fromMs: number,
  toMs: number,
): Map<number, boolean> {
  const changes = new Map<number, boolean>();
  if (!cadence.busy) return changes;
  const lockedAt = (timeMs: number) =>
    lineLocked(seed, profile, cadence, first, timeMs, fixtureStatus(board.fixture, timeMs) === 'suspended');
  let locked = lockedAt(fromMs - SECOND_MS);
  for (let second = Math.ceil(fromMs / SECOND_MS) * SECOND_MS; second < toMs; second += SECOND_MS) {
    const now = lockedAt(second);
    if (now !== locked) changes.set(second, now);
    locked = now;
  }
  return changes;
}

interface Timeline {
  seed: number;
  profile: BookProfile;
  board: MarketBoard;
  group: readonly FairSelection[];
  cadence: GroupCadence;
  pricesAt: (timeMs: number) => readonly number[];
}

function entriesOf(timeline: Timeline, openMs: number, untilMs: number, includeLocked: boolean): HistoryEntry[][] {
  const { seed, profile, board, group, cadence, pricesAt } = timeline;
  const [first] = group;
  if (!first) return [];
  const opening = pricesAt(openMs);
  const entries = group.map((_, side): HistoryEntry[] => [
    { american: opening[side] ?? 0, atMs: openMs, locked: false },
  ]);
  const shown = [...opening];
  const liveFromMs = Math.max(openMs, board.fixture.liveFromMs);
  const locks =
    untilMs > liveFromMs ? lockChanges(seed, profile, cadence, board, first, liveFromMs, untilMs) : new Map();
  const times = [...new Set([...momentsBetween(cadence, openMs, untilMs), ...locks.keys()])]
    .filter((timeMs) => timeMs <= untilMs)
    .sort((a, b) => a - b);
  let locked = false;
  for (const timeMs of times) {
    const lockChange = locks.get(timeMs);
    const prices = pricesAt(timeMs);
    if (lockChange === true) {
      locked = true;
      if (includeLocked)
        prices.forEach((american, side) => entries[side]?.push({ american, atMs: timeMs, locked: true }));
      continue;
    }
    const reopening = lockChange === false;
    if (reopening) locked = false;
    if (locked) continue;
    prices.forEach((american, side) => {
      if (american === shown[side] && !(reopening && includeLocked)) return;
      shown[side] = american;
      entries[side]?.push({ american, atMs: timeMs, locked: false });
    });
  }
  return entries;
}

export interface HistoryQuestion {
  seed: number;
  board: MarketBoard;
  book: Sportsbook;
  group: readonly FairSelection[];
  nowMs: number;
  timeseries: boolean;
  includeLocked: boolean;
}

/** The history of every side of one group the book offers (none before the game is listed). */
export function groupHistory(question: HistoryQuestion): SideHistory[] {
  const { seed, board, book, group, nowMs } = question;
  const fixture = board.fixture;
  const openMs = linesOpenAt(fixture);
  const [first] = group;
  if (!first || nowMs < openMs || fixture.disruption === 'cancelled') return [];
  const profile = profileOf(book);
  const offered = group.map((selection) => bookOffers(seed, profile, fixture, selection));
  if (!offered.includes(true)) return [];
  const cadence = groupCadence(seed, profile, fixture, group);
  const pricesAt = (timeMs: number) => groupPricesAtMoment(seed, profile, board, group, lastMoment(cadence, timeMs));
  // Lines are listed until the game ends: at its end they are gone.
  const untilMs = Math.min(nowMs, fixture.endMs - 1);
  const entries = question.timeseries
    ? entriesOf({ seed, profile, board, group, cadence, pricesAt }, openMs, untilMs, question.includeLocked)
    : null;
  const opening = pricesAt(openMs);
  const closing = nowMs >= fixture.liveFromMs ? pricesAt(fixture.liveFromMs - 1) : null;
  return group.flatMap((selection, side) =>
    offered[side]
      ? [
          {
            selection,
            opening: { american: opening[side] ?? 0, atMs: openMs },
            closing: closing ? { american: closing[side] ?? 0 } : null,
            entries: entries?.[side] ?? null,
          },
        ]
      : [],
  );
}

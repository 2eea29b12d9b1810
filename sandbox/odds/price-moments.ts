/**
 * When a book re-prices a line and when it suspends it: the update moments every price of the
 * sandbox is held between, so /fixtures/odds, /parlay/odds and the stream read one timeline.
 *
 * - Slow regime (every line, most of the time): updates on 30-second bucket boundaries, every
 *   4-40 min for main game lines, 3-6 h for alternates, 1-6 h for props and part-game lines.
 * - Busy regime (the main moneyline, spread and total of a game): from half an hour before play
 *   begins, every 5-30 s per book and line; in play, every 1-5 s. Busy moments fall on whole
 *   seconds, so the stream's one-second ticks see each of them.
 * - Locks (busy lines in play only): a line is suspended now and then for 4-15 s (about one minute
 *   in eight), and all through a `suspended` game.
 */
import type { Sportsbook } from '../../src/domain/sportsbooks.ts';
import type { BookProfile } from './books.ts';
import type { FairSelection } from './fair-selection.ts';
import { hash32, unitHash } from '../shared/hash.ts';
import type { ScheduledFixture } from '../schedule/schedule.ts';

export const PRICE_BUCKET_MS = 30_000;
/**
 * How long before play begins a game's main lines start moving every few seconds: the last half
 * hour, when money comes in. Earlier they hold for minutes, so tests that take games an hour or
 * more out (the e2e suite does) see steady prices and no locks.
 */
export const BUSY_WINDOW_MS = 30 * 60_000;
const SECOND_MS = 1_000;

/** The busy regime of one line at one book: its two cadences and where they apply. */
interface BusyCadence {
  fromMs: number;
  liveFromMs: number;
  endMs: number;
  preMatchPeriodMs: number;
  preMatchPhaseMs: number;
  inPlayPeriodMs: number;
  inPlayPhaseMs: number;
  /** The last lock slot looked at (the stream asks about the same slot every second). */
  lastLock: LockWindow | null;
}

interface LockWindow {
  slotMs: number;
  index: number;
  /** Empty (start = end) when the slot has no lock. */
  startMs: number;
  endMs: number;
}

/** When one book re-prices one group (both sides of a line move together). */
export interface GroupCadence {
  /** The slow regime, in buckets. */
  period: number;
  phase: number;
  /** Null for lines that never run busy (alternates, props, part-game and side markets). */
  busy: BusyCadence | null;
}

const BUSY_KINDS = new Set(['moneyline', 'moneyline_3way', 'spread', 'total']);

/** The main full-game winner, spread and total: the lines bettors and books trade all day. */
export function runsBusy(selection: FairSelection): boolean {
  return (
    selection.isMain &&
    !selection.isPlayerProp &&
    selection.market.period === 'game' &&
    BUSY_KINDS.has(selection.market.kind)
  );
}

/**
 * The slow regime's period and phase (in buckets). Main game lines: every 4-40 min. Alternate
 * full-game lines (spreads, totals, team totals): every 3-6 h, one period per book and market, with
 * lines a whole point apart on opposite halves of it, so at any moment a book listing two
 * neighbouring alternates holds one that last moved 90 min or more ago. Props and part-game
 * lines: 1-6 h.
 */
function slowCycle(seed: number, profile: BookProfile, selection: FairSelection): { period: number; phase: number } {
  const main = selection.isMain && !selection.isPlayerProp && selection.market.period === 'game';
  if (main) {
    const period = 8 + (hash32(seed, 'update', profile.book, selection.fixtureId, selection.groupId) % 73);
    return { period, phase: hash32(seed, 'phase', profile.book, selection.fixtureId, selection.groupId) % period };
  }
  if (!selection.isPlayerProp && selection.market.period === 'game' && selection.points !== null) {
    const market = selection.market.id;
    const period = 360 + (hash32(seed, 'update', profile.book, selection.fixtureId, market) % 361);
    const half = ((Math.floor(selection.points) % 2) + 2) % 2;
    const phase =
      (hash32(seed, 'phase', profile.book, selection.fixtureId, market) + half * Math.floor(period / 2)) % period;
    return { period, phase };
  }
  const period = 120 + (hash32(seed, 'update', profile.book, selection.fixtureId, selection.groupId) % 601);
  return { period, phase: hash32(seed, 'phase', profile.book, selection.fixtureId, selection.groupId) % period };
}

function busyCadence(
  seed: number,
  profile: BookProfile,
  fixture: ScheduledFixture,
  selection: FairSelection,
): BusyCadence {
  const parts = [seed, profile.book, selection.fixtureId, selection.groupId] as const;
  const preMatchPeriodMs = (5 + (hash32(...parts, 'busy-period') % 26)) * SECOND_MS;
  const inPlayPeriodMs = (1 + (hash32(...parts, 'live-period') % 5)) * SECOND_MS;
  return {
    fromMs: fixture.liveFromMs - BUSY_WINDOW_MS,
    liveFromMs: fixture.liveFromMs,
    endMs: fixture.endMs,
    preMatchPeriodMs,
    preMatchPhaseMs: (hash32(...parts, 'busy-phase') % (preMatchPeriodMs / SECOND_MS)) * SECOND_MS,
    inPlayPeriodMs,
    inPlayPhaseMs: (hash32(...parts, 'live-phase') % (inPlayPeriodMs / SECOND_MS)) * SECOND_MS,
    lastLock: null,
  };
}

/** Per busy group (dropped with its board): each book's cadence, asked every second by the stream. */
const busyCadences = new WeakMap<readonly FairSelection[], Map<Sportsbook, GroupCadence>>();

export function groupCadence(
  seed: number,
  profile: BookProfile,
  fixture: ScheduledFixture,
  group: readonly FairSelection[],
): GroupCadence {
  const [first] = group;
  if (!first) throw new Error('a group has at least one side');
  // Slow lines are many and asked about once a bucket: not worth keeping.
  if (!runsBusy(first)) return { ...slowCycle(seed, profile, first), busy: null };
  let byBook = busyCadences.get(group);
  if (!byBook) {
    byBook = new Map();
    busyCadences.set(group, byBook);
  }
  // A group belongs to one board, made for one seed: the book alone tells its cadences apart.
  const key = profile.book;
  const known = byBook.get(key);
  if (known) return known;
  const cadence: GroupCadence = {
    ...slowCycle(seed, profile, first),
    busy: busyCadence(seed, profile, fixture, first),
  };
  byBook.set(key, cadence);
  return cadence;
}

/** The last moment at or before `timeMs` of a cadence of `periodMs` shifted by `phaseMs`. */
function lastOfCycle(periodMs: number, phaseMs: number, timeMs: number): number {
  return timeMs - ((((timeMs - phaseMs) % periodMs) + periodMs) % periodMs);
}

/**
 * The book's last update of the group at or before `timeMs`. The start of each busy phase (six
 * hours out, and when play begins) is an update too, so the regimes hand over cleanly.
 */
export function lastMoment(cadence: GroupCadence, timeMs: number): number {
  const busy = cadence.busy;
  if (busy && timeMs >= busy.liveFromMs) {
    return Math.max(busy.liveFromMs, lastOfCycle(busy.inPlayPeriodMs, busy.inPlayPhaseMs, timeMs));
  }
  if (busy && timeMs >= busy.fromMs) {
    return Math.max(busy.fromMs, lastOfCycle(busy.preMatchPeriodMs, busy.preMatchPhaseMs, timeMs));
  }
  return lastOfCycle(cadence.period * PRICE_BUCKET_MS, cadence.phase * PRICE_BUCKET_MS, timeMs);
}

/** Where a moment falls: the slow regime, busy before the game, or in play. */
export function regimeAt(cadence: GroupCadence, momentMs: number): 'slow' | 'pre-match' | 'in-play' {
  const busy = cadence.busy;
  if (!busy || momentMs < busy.fromMs) return 'slow';
  return momentMs < busy.liveFromMs ? 'pre-match' : 'in-play';
}

const MINUTE_MS = 60_000;

/** The lock (if any) of one slot: a share `chance` of slots hold one of `minSeconds`-`maxSeconds`. */
function lockWindow(
  parts: readonly (string | number)[],
  index: number,
  slot: { slotMs: number; chance: number; minSeconds: number; maxSeconds: number },
): LockWindow {
  const none = { slotMs: slot.slotMs, index, startMs: 0, endMs: 0 };
  if (unitHash(...parts, 'lock', slot.slotMs, index) >= slot.chance) return none;
  const lengthMs =
    (slot.minSeconds + (hash32(...parts, 'lock-length', index) % (slot.maxSeconds - slot.minSeconds + 1))) * SECOND_MS;
  const latestStartSeconds = Math.max(0, (slot.slotMs - lengthMs) / SECOND_MS);
  const startMs = index * slot.slotMs + (hash32(...parts, 'lock-start', index) % (latestStartSeconds + 1)) * SECOND_MS;
  return { slotMs: slot.slotMs, index, startMs, endMs: startMs + lengthMs };
}

function inRandomLock(
  busy: BusyCadence,
  parts: readonly (string | number)[],
  timeMs: number,
  slot: { slotMs: number; chance: number; minSeconds: number; maxSeconds: number },
): boolean {
  const index = Math.floor(timeMs / slot.slotMs);
  const known = busy.lastLock;
  const window =
    known && known.slotMs === slot.slotMs && known.index === index ? known : lockWindow(parts, index, slot);
  busy.lastLock = window;
  return timeMs >= window.startMs && timeMs < window.endMs;
}

/**
 * Whether the book has the line suspended at that moment (absent from /fixtures/odds, missing from
 * a parlay, `locked-odds` on the stream). Only busy lines in play lock; `suspended` is the game's status.
 */
export function lineLocked(
  seed: number,
  profile: BookProfile,
  cadence: GroupCadence,
  selection: FairSelection,
  timeMs: number,
  gameSuspended: boolean,
): boolean {
  const busy = cadence.busy;
  if (!busy || timeMs < busy.liveFromMs || timeMs >= busy.endMs) return false;
  if (gameSuspended) return true;
  const parts = [seed, profile.book, selection.fixtureId, selection.groupId] as const;
  return inRandomLock(busy, parts, timeMs, { slotMs: MINUTE_MS, chance: 0.12, minSeconds: 4, maxSeconds: 15 });
}

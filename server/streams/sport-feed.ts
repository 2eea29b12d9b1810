/**
 * One sport on this instance: the events of its upstream streams (one per book group, relayed by
 * whichever instance holds each) numbered with our own ids, kept a while for browsers resuming
 * with Last-Event-ID, and offered to every reader of the sport. Events the service sends twice (a
 * replay after `last_entry_id`, a status both book groups report) are passed on once.
 */
import { BOOK_GROUPS } from './book-groups.ts';
import type { ClientFilter } from './client-request.ts';
import { KnownOdds } from './known-odds.ts';
import { MAX_SNAPSHOT_FIXTURES, type SnapshotScope } from './odds-snapshot.ts';
import type { StreamClock } from './stream-clock.ts';
import { isAfterEntryId, type StreamEventType, type StreamRow } from './stream-rows.ts';
import type { RelayMessage, ResumePoint } from './upstream-stream.ts';

/** An event as our readers get it. */
export interface FeedEvent {
  /** Ours: `<feed epoch>-<sequence>`, increasing along the sport's feed on this instance. */
  id: string;
  seq: number;
  type: StreamEventType;
  rows: readonly StreamRow[];
}

export interface FeedReader {
  readonly filter: ClientFilter;
  /** Bytes held for this reader, not yet written to it. */
  readonly heldBytes: number;
  offer(event: FeedEvent): void;
}

/** Replay is bounded by count too: a burst cannot hold unbounded memory for its whole window. */
const MAX_REPLAY_EVENTS = 20_000;
const MAX_KNOWN_STATUSES = 10_000;
/** Our ids: `<epoch>-<sequence>`, each a whole number of at most 16 digits (ms since 1970, a count). */
const OUR_EVENT_ID = /^(\d{1,16})-(\d{1,16})$/;

let lastEpoch = 0;
/** Each feed's epoch differs from every earlier one's in this process, so old ids are never mistaken for ours. */
function nextEpoch(): number {
  lastEpoch = Math.max(Date.now(), lastEpoch + 1);
  return lastEpoch;
}

interface GroupState {
  known: KnownOdds;
  lastEntryId: string | null;
  aliveAtMs: number | null;
  /** Whether the group's stream has ever sent an event (not only pings). */
  spoke: boolean;
}

export class SportFeed {
  readonly sport: string;
  readonly #clock: StreamClock;
  readonly #replayMs: number;
  readonly #epoch = nextEpoch();
  #seq = 0;
  /** Kept events, oldest first, from `#replayStart` on (the front is dropped in batches). */
  #replay: { event: FeedEvent; atMs: number }[] = [];
  #replayStart = 0;
  readonly #groups: GroupState[] = BOOK_GROUPS.map(() => ({
    known: new KnownOdds(),
    lastEntryId: null,
    aliveAtMs: null,
    spoke: false,
  }));
  /** The last status row of each fixture (both book groups report each change). */
  readonly #statuses = new Map<string, StreamRow>();
  readonly #readers = new Set<FeedReader>();

  constructor(sport: string, clock: StreamClock, replayMs: number) {
    this.sport = sport;
    this.#clock = clock;
    this.#replayMs = replayMs;
  }

  get readerCount(): number {
    return this.#readers.size;
  }

  /** The most bytes held for any one reader now (a reader that stopped reading holds the most). */
  get largestHeldBytes(): number {
    let largest = 0;
    for (const reader of this.#readers) largest = Math.max(largest, reader.heldBytes);
    return largest;
  }

  #group(group: number): GroupState {
    const state = this.#groups[group];
    if (state === undefined) throw new RangeError(`no book group ${group}`);
    return state;
  }

  receive(group: number, message: RelayMessage): void {
    const state = this.#group(group);
    state.aliveAtMs = this.#clock.now();
    if (message.kind === 'alive') return;
    state.spoke = true;
    const { event } = message;
    if (event.entryId !== null) {
      if (!isAfterEntryId(event.entryId, state.lastEntryId)) return;
      state.lastEntryId = event.entryId;
    }
    let rows = event.rows;
    if (event.type === 'fixture-status') {
      rows = rows.filter((row) => this.#statuses.get(row.fixtureId)?.signature !== row.signature);
      for (const row of rows) {
        this.#statuses.delete(row.fixtureId);
        this.#statuses.set(row.fixtureId, row);
      }
      for (const fixtureId of this.#statuses.keys()) {
        if (this.#statuses.size <= MAX_KNOWN_STATUSES) break;
        this.#statuses.delete(fixtureId);
      }
    } else {
      state.known.record(event.type, rows);
    }
    if (rows.length === 0) return;
    this.#seq++;
    const feedEvent: FeedEvent = { id: this.#idOf(this.#seq), seq: this.#seq, type: event.type, rows };
    this.#keep(feedEvent);
    for (const reader of this.#readers) reader.offer(feedEvent);
  }

  #idOf(seq: number): string {
    return `${this.#epoch}-${seq}`;
  }

  #keep(event: FeedEvent): void {
    const now = this.#clock.now();
    this.#replay.push({ event, atMs: now });
    this.#replayStart = Math.max(this.#replayStart, this.#replay.length - MAX_REPLAY_EVENTS);
    while ((this.#replay[this.#replayStart]?.atMs ?? now) < now - this.#replayMs) this.#replayStart++;
    // Compacted once half of it is dropped events: each event is copied at most once more.
    if (this.#replayStart > this.#replay.length / 2) {
      this.#replay = this.#replay.slice(this.#replayStart);
      this.#replayStart = 0;
    }
  }

  /**
   * Adds a reader. One resuming with an id of ours (this feed's epoch) still in the replay buffer
   * gets what it missed. Any other id (another instance's, an older process's, one too old, or one
   * made up) resumes nothing: the reader starts fresh, plus the latest known row of each odd of the
   * games it names (`fixture_id`, as the page always does), so a page that moved to this instance
   * is current. A reader naming no game gets no back state: a made-up id never buys the sport.
   */
  add(reader: FeedReader): void {
    const lastEventId = reader.filter.lastEventId;
    if (lastEventId !== null) {
      const missed = this.#eventsAfter(lastEventId) ?? this.#latestOf(reader.filter.fixtureIds);
      for (const event of missed) reader.offer(event);
    }
    this.#readers.add(reader);
  }

  remove(reader: FeedReader): void {
    this.#readers.delete(reader);
  }

  /** Kept events after our id; null when the id is not one we can resume from. */
  #eventsAfter(id: string): FeedEvent[] | null {
    const match = OUR_EVENT_ID.exec(id);
    if (match === null || Number(match[1]) !== this.#epoch) return null;
    const seq = Number(match[2]);
    if (seq > this.#seq) return null;
    const oldestKept = this.#replay[this.#replayStart]?.event.seq ?? this.#seq + 1;
    if (seq < oldestKept - 1) return null;
    return this.#replay.slice(this.#replayStart).flatMap(({ event }) => (event.seq > seq ? [event] : []));
  }

  /** The latest status and odds of these games, as events. */
  #latestOf(fixtureIds: ReadonlySet<string>): FeedEvent[] {
    const statuses: StreamRow[] = [];
    const open: StreamRow[] = [];
    const locked: StreamRow[] = [];
    for (const fixtureId of fixtureIds) {
      const status = this.#statuses.get(fixtureId);
      if (status !== undefined) statuses.push(status);
      for (const state of this.#groups)
        for (const odd of state.known.ofFixture(fixtureId)) (odd.locked ? locked : open).push(odd.row);
    }
    const id = this.#idOf(this.#seq);
    const events: FeedEvent[] = [
      { id, seq: this.#seq, type: 'fixture-status', rows: statuses },
      { id, seq: this.#seq, type: 'odds', rows: open },
      { id, seq: this.#seq, type: 'locked-odds', rows: locked },
    ];
    return events.filter((event) => event.rows.length > 0);
  }

  /** Whether the group's upstream stream has ever sent an event here: one that never did has nothing to keep it open for. */
  hasSpoken(group: number): boolean {
    return this.#group(group).spoke;
  }

  resumePoint(group: number): ResumePoint {
    const state = this.#group(group);
    return { entryId: state.lastEntryId, aliveAtMs: state.aliveAtMs };
  }

  knownOdds(group: number): KnownOdds {
    return this.#group(group).known;
  }

  /** What a snapshot for the group should ask: the fixtures readers named, then those recently changed. */
  snapshotScope(group: number): SnapshotScope {
    const books = new Set(BOOK_GROUPS[group] ?? []);
    const readers = [...this.#readers].filter((reader) => [...reader.filter.books].some((book) => books.has(book)));
    const fixtureIds = new Set<string>();
    for (const reader of readers) for (const id of reader.filter.fixtureIds) fixtureIds.add(id);
    for (const id of this.#group(group).known.recentFixtures(MAX_SNAPSHOT_FIXTURES)) fixtureIds.add(id);
    const everyReaderNarrowsMarkets = readers.length > 0 && readers.every((reader) => reader.filter.markets.size > 0);
    return {
      fixtureIds: [...fixtureIds].slice(0, MAX_SNAPSHOT_FIXTURES),
      markets: everyReaderNarrowsMarkets ? [...new Set(readers.flatMap((reader) => [...reader.filter.markets]))] : null,
      mainOnly: readers.length > 0 && readers.every((reader) => reader.filter.isMain === true),
    };
  }
}

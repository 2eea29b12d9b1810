/**
 * This instance's odds streams: a feed per sport, and the upstream streams its readers need (one
 * per sport and book group, however many readers), joined through the coordinator when the first
 * reader asks and left `idleCloseMs` after the last one goes. Also counts each client's open
 * streams against its cap.
 */
import type { StreamConfig } from '../config.ts';
import type { UpstreamTarget } from '../proxy/upstream-call.ts';
import { BOOK_GROUPS, bookGroupsFor, upstreamStreamName, type UpstreamStreamKey } from './book-groups.ts';
import { isPlausibleSportId } from './client-request.ts';
import type { Membership, StreamCoordinator } from './coordination.ts';
import { takeSnapshot, type FetchServiceJson } from './odds-snapshot.ts';
import { LastChanges } from './last-changes.ts';
import { SportFeed, type FeedReader } from './sport-feed.ts';
import type { StreamClock, TimerHandle } from './stream-clock.ts';
import { serviceJsonFetcher, UpstreamOddsStream, type RelayMessage } from './upstream-stream.ts';

export interface StreamHubOptions {
  settings: StreamConfig;
  /** Open streams this instance takes, every client (MAX_STREAM_CONNECTIONS). */
  maxOpen: number;
  target: UpstreamTarget;
  coordinator: StreamCoordinator;
  clock: StreamClock;
  log: (line: string) => void;
}

export interface StreamSlot {
  release(): void;
}

interface UpstreamUse {
  key: UpstreamStreamKey;
  readers: number;
  membership: Membership;
  idleClose: TimerHandle | null;
}

export class StreamHub {
  /** When each streamed game's prices last changed here: answers older than that are not served. */
  readonly #lastChanges = new LastChanges();

  readonly #options: StreamHubOptions;
  readonly #fetchJson: FetchServiceJson;
  readonly #feeds = new Map<string, SportFeed>();
  readonly #uses = new Map<string, UpstreamUse>();
  readonly #openPerClient = new Map<string, number>();
  #open = 0;
  /** Upstream streams this instance has open now (tests and the benchmark read it). */
  upstreamOpen = 0;

  /**
   * When any of these games' prices or locks last changed on a stream this instance relays (0 when
   * none did): a cached parlay answer from before then has a leg's old price and is asked again.
   */
  lastChangeAt(fixtureIds: readonly string[]): number {
    return this.#lastChanges.latest(fixtureIds);
  }

  constructor(options: StreamHubOptions) {
    this.#options = options;
    this.#fetchJson = serviceJsonFetcher(options.target);
  }

  /** Readers attached now, every sport. */
  get readers(): number {
    let count = 0;
    for (const feed of this.#feeds.values()) count += feed.readerCount;
    return count;
  }

  /** The most bytes held for any one reader now, every sport (what a slow reader costs; the benchmark reads it). */
  get largestHeldBytes(): number {
    let largest = 0;
    for (const feed of this.#feeds.values()) largest = Math.max(largest, feed.largestHeldBytes);
    return largest;
  }

  /** A stream slot for the client, or why there is none: it has its cap open, or this instance has. */
  reserve(clientKey: string): StreamSlot | 'client-full' | 'instance-full' {
    if (this.#open >= this.#options.maxOpen) return 'instance-full';
    const open = this.#openPerClient.get(clientKey) ?? 0;
    if (open >= this.#options.settings.maxPerClient) return 'client-full';
    this.#openPerClient.set(clientKey, open + 1);
    this.#open++;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.#open--;
        const left = (this.#openPerClient.get(clientKey) ?? 1) - 1;
        if (left <= 0) this.#openPerClient.delete(clientKey);
        else this.#openPerClient.set(clientKey, left);
      },
    };
  }

  /** Starts relaying to the reader; the function returned stops it. A sport that cannot exist gets nothing. */
  attach(reader: FeedReader): () => void {
    const sport = reader.filter.sport;
    if (!isPlausibleSportId(sport)) return () => undefined;
    const groups = bookGroupsFor(reader.filter.books);
    const feed = this.#feedFor(sport);
    for (const group of groups) this.#use({ sport, group });
    feed.add(reader);
    let detached = false;
    return () => {
      if (detached) return;
      detached = true;
      feed.remove(reader);
      for (const group of groups) this.#release({ sport, group });
    };
  }

  #feedFor(sport: string): SportFeed {
    let feed = this.#feeds.get(sport);
    if (feed === undefined) {
      feed = new SportFeed(sport, this.#options.clock, this.#options.settings.replayMs);
      this.#feeds.set(sport, feed);
    }
    return feed;
  }

  #use(key: UpstreamStreamKey): void {
    const name = upstreamStreamName(key);
    const use = this.#uses.get(name);
    if (use !== undefined) {
      use.readers++;
      use.idleClose?.cancel();
      use.idleClose = null;
      return;
    }
    const feed = this.#feedFor(key.sport);
    const membership = this.#options.coordinator.join(key, {
      deliver: (message) => {
        if (message.kind === 'event') this.#lastChanges.record(message.event, this.#options.clock.now());
        feed.receive(key.group, message);
      },
      openUpstream: (onMessage) => this.#openUpstream(key, feed, onMessage),
    });
    this.#uses.set(name, { key, readers: 1, membership, idleClose: null });
  }

  #release(key: UpstreamStreamKey): void {
    const name = upstreamStreamName(key);
    const use = this.#uses.get(name);
    if (use === undefined) return;
    use.readers--;
    if (use.readers > 0) return;
    // Kept a while: a page reload or a quick reconnect finds it open.
    use.idleClose = this.#options.clock.after(this.#options.settings.idleCloseMs, () => {
      if (use.readers > 0) return;
      this.#uses.delete(name);
      void use.membership.leave();
      if (![...this.#uses.values()].some((other) => other.key.sport === key.sport)) this.#feeds.delete(key.sport);
    });
  }

  #openUpstream(key: UpstreamStreamKey, feed: SportFeed, onMessage: (message: RelayMessage) => void) {
    const { settings, target, clock, log } = this.#options;
    const books = BOOK_GROUPS[key.group] ?? [];
    const upstream = new UpstreamOddsStream({
      key,
      books,
      target,
      clock,
      resumeWindowMs: settings.resumeWindowMs,
      idleMs: settings.upstreamIdleMs,
      resumeFrom: feed.resumePoint(key.group),
      snapshot: (gapStartMs, touchedKeys) =>
        takeSnapshot(this.#fetchJson, {
          books,
          scope: feed.snapshotScope(key.group),
          known: feed.knownOdds(key.group),
          gapStartMs,
          touchedKeys,
        }),
      onMessage,
      log,
    });
    this.upstreamOpen++;
    let closed = false;
    return {
      close: () => {
        if (closed) return;
        closed = true;
        this.upstreamOpen--;
        upstream.close();
      },
    };
  }

  /** Leaves every upstream stream at once (the app is closing), leases given back. */
  async close(): Promise<void> {
    const uses = [...this.#uses.values()];
    this.#uses.clear();
    this.#feeds.clear();
    for (const use of uses) use.idleClose?.cancel();
    await Promise.all(uses.map((use) => use.membership.leave()));
  }
}

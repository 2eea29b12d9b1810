/**
 * This instance's odds streams: a feed per sport, and the upstream streams its readers need (one
 * per sport and book group, however many readers), joined through the coordinator when the first
 * reader asks and left `idleCloseMs` after the last one goes (at once when it never sent an event:
 * nothing there for a reload to find). Only sports the service lists are streamed. Also what each
 * client may open: new streams at a rate (a token bucket in the shared store, so opening and
 * closing streams in a loop cannot churn upstream streams), and open streams up to a cap.
 */
import type { StreamConfig } from '../config.ts';
import { UpstreamBudget } from '../proxy/upstream-budget.ts';
import type { UpstreamTarget } from '../proxy/upstream-call.ts';
import type { SharedStore, TokenBucket } from '../shared-store/store.ts';
import { BOOK_GROUPS, bookGroupsFor, upstreamStreamName, type UpstreamStreamKey } from './book-groups.ts';
import { isPlausibleSportId } from './client-request.ts';
import type { Membership, StreamCoordinator } from './coordination.ts';
import { takeSnapshot, type FetchServiceJson } from './odds-snapshot.ts';
import { LastChanges } from './last-changes.ts';
import { ListedSports } from './listed-sports.ts';
import { SportFeed, type FeedReader } from './sport-feed.ts';
import type { StreamClock, TimerHandle } from './stream-clock.ts';
import { throttledLog, type ThrottledLog } from './throttled-log.ts';
import { serviceJsonFetcher, UpstreamOddsStream, type RelayMessage } from './upstream-stream.ts';

export interface StreamHubOptions {
  settings: StreamConfig;
  /** Open streams this instance takes, every client (MAX_STREAM_CONNECTIONS). */
  maxOpen: number;
  target: UpstreamTarget;
  coordinator: StreamCoordinator;
  /** Where the stream-open buckets and the upstream budget's counts live (Redis across instances). */
  store: SharedStore;
  /** The key's calls per budget window, as the proxy counts them (snapshots and the sports list count too). */
  upstreamLimit: { calls: number; windowMs: number };
  clock: StreamClock;
  log: (line: string) => void;
}

export interface StreamSlot {
  release(): void;
}

/** Whether a client may open a stream now, by its rate of opening; if not, when it may. */
export type OpenDecision = { ok: true } | { ok: false; retryInMs: number };

/** Lines that repeat (refusals, a spent budget) are said once a minute. */
const REPEATED_LINES_EVERY_MS = 60_000;

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
  readonly #listedSports: ListedSports;
  readonly #logRepeated: ThrottledLog;
  /** Null: opens are not limited by rate. */
  readonly #openBucket: TokenBucket | null;
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
    const { store, upstreamLimit, clock, settings } = options;
    this.#logRepeated = throttledLog(clock, REPEATED_LINES_EVERY_MS, options.log);
    const budget = new UpstreamBudget({
      store,
      limit: upstreamLimit.calls,
      windowMs: upstreamLimit.windowMs,
      now: clock.now,
    });
    this.#fetchJson = serviceJsonFetcher(options.target, budget, this.#logRepeated);
    this.#listedSports = new ListedSports(this.#fetchJson, clock);
    this.#openBucket =
      settings.opensPerMinute === null
        ? null
        : { capacity: settings.openBurst, refillPerMs: settings.opensPerMinute / 60_000 };
  }

  /** Takes one of the client's stream opens (its bucket refills at STREAM_OPENS_PER_MINUTE). */
  async takeOpen(clientKey: string): Promise<OpenDecision> {
    if (this.#openBucket === null) return { ok: true };
    const decision = await this.#options.store.takeToken(
      'stream-opens',
      clientKey,
      this.#openBucket,
      this.#options.clock.now(),
    );
    return decision.ok ? { ok: true } : { ok: false, retryInMs: decision.retryInMs };
  }

  /** Whether the service lists the sport (a sport id that cannot be one is not); null: no list could be had. */
  async isListedSport(sport: string): Promise<boolean | null> {
    if (!isPlausibleSportId(sport)) return false;
    return this.#listedSports.isListed(sport);
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

  /**
   * Starts relaying to the reader; the function returned stops it. A sport the service does not
   * list (`listed` false, from isListedSport) gets nothing: no upstream stream is opened for it.
   */
  attach(reader: FeedReader, listed: boolean): () => void {
    if (!listed) return () => undefined;
    const sport = reader.filter.sport;
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
    const leave = () => {
      if (use.readers > 0) return;
      this.#uses.delete(name);
      void use.membership.leave();
      if (![...this.#uses.values()].some((other) => other.key.sport === key.sport)) this.#feeds.delete(key.sport);
    };
    // A stream that never sent an event has nothing a reload would miss: it goes with its last reader.
    if (this.#feeds.get(key.sport)?.hasSpoken(key.group) !== true) {
      leave();
      return;
    }
    // Kept a while: a page reload or a quick reconnect finds it open.
    use.idleClose = this.#options.clock.after(this.#options.settings.idleCloseMs, leave);
  }

  #openUpstream(key: UpstreamStreamKey, feed: SportFeed, onMessage: (message: RelayMessage) => void) {
    const { settings, target, clock } = this.#options;
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
      logRepeated: this.#logRepeated,
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

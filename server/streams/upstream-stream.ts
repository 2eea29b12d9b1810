/**
 * One upstream stream (a sport and a book group of five) read by this instance: opened with our
 * key, its frames parsed, the key scrubbed from every payload, its events handed on. After a drop
 * it reconnects with `last_entry_id` (the service replays what it kept); when the drop outlasted
 * the service's resume window, a REST snapshot fills the rest. A connection that sends nothing
 * (not even a ping) for `idleMs` is taken for dead and replaced.
 */
import type { Sportsbook } from '../../src/domain/sportsbooks.ts';
import { createKeyRedactor, type KeyRedactor } from '../proxy/key-redaction.ts';
import type { UpstreamBudget } from '../proxy/upstream-budget.ts';
import { createUpstreamCaller, type UpstreamTarget } from '../proxy/upstream-call.ts';
import { decodedBody, sendUpstream } from '../proxy/upstream-transport.ts';
import type { UpstreamStreamKey } from './book-groups.ts';
import type { FetchServiceJson } from './odds-snapshot.ts';
import type { SseMessage } from './sse-parser.ts';
import { SseParser } from './sse-parser.ts';
import type { StreamClock, TimerHandle } from './stream-clock.ts';
import type { ThrottledLog } from './throttled-log.ts';
import { isAfterEntryId, isStreamEventType, parsePayload, type UpstreamEvent } from './stream-rows.ts';

/** What travels from the holder of an upstream stream to every instance's readers. */
export type RelayMessage = { kind: 'event'; event: UpstreamEvent } | { kind: 'alive' };

/** Where a (re)opened stream picks up: the last entry id relayed and when the stream last spoke. */
export interface ResumePoint {
  entryId: string | null;
  aliveAtMs: number | null;
}

export interface UpstreamStreamOptions {
  key: UpstreamStreamKey;
  books: readonly Sportsbook[];
  target: UpstreamTarget;
  clock: StreamClock;
  resumeWindowMs: number;
  idleMs: number;
  resumeFrom: ResumePoint;
  /** The changes a gap hid: called after a reconnect that came too late for `last_entry_id`. */
  snapshot: (gapStartMs: number, touchedKeys: ReadonlySet<string>) => Promise<UpstreamEvent[]>;
  onMessage: (message: RelayMessage) => void;
  /** Where lines that repeat with every retry (the service's refusals) are said, at most once a while. */
  logRepeated: ThrottledLog;
}

/** The service's advice (`retry: 5000`) until it says otherwise; the first retry after a drop is quicker. */
const DEFAULT_RETRY_MS = 5_000;
const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 60_000;

/**
 * GETs below the service's base URL for the streams (a snapshot after a long gap, the sports list),
 * each counted in the key's budget as the proxy's calls are (no client's share: they serve every
 * reader). A call the budget has no room for is not made: null, as for a failed one.
 */
export function serviceJsonFetcher(
  target: UpstreamTarget,
  budget: UpstreamBudget,
  logRepeated: ThrottledLog,
): FetchServiceJson {
  const call = createUpstreamCaller(target);
  return async (path, query) => {
    const decision = await budget.reserveCall(null);
    if (!decision.ok) {
      logRepeated('budget', `Odds streams: the upstream budget is spent for this window; ${path} was not asked.`);
      return null;
    }
    const outcome = await call({
      method: 'GET',
      url: `${target.baseUrl}${path}?${query.toString()}`,
      headers: new Map([
        ['accept', 'application/json'],
        ['x-api-key', target.apiKey],
      ]),
      body: undefined,
    });
    if (outcome.kind !== 'answer') return null;
    await budget.observe(outcome.answer.headers, decision.count).catch(() => undefined);
    if (outcome.answer.status !== 200) return null;
    return JSON.parse(outcome.answer.text) as unknown;
  };
}

export class UpstreamOddsStream {
  readonly #options: UpstreamStreamOptions;
  readonly #redactor: KeyRedactor;
  #closed = false;
  #abort: AbortController | null = null;
  #wakeFromPause: (() => void) | null = null;
  #lastEntryId: string | null;
  #aliveAtMs: number | null;
  #retryMs = DEFAULT_RETRY_MS;
  /** Odds the stream sent while a snapshot is on its way; null when none is. */
  #touchedDuringSnapshot: Set<string> | null = null;

  constructor(options: UpstreamStreamOptions) {
    this.#options = options;
    this.#redactor = createKeyRedactor(options.target.apiKey);
    this.#lastEntryId = options.resumeFrom.entryId;
    this.#aliveAtMs = options.resumeFrom.aliveAtMs;
    void this.#run();
  }

  close(): void {
    this.#closed = true;
    this.#abort?.abort();
    this.#wakeFromPause?.();
  }

  async #run(): Promise<void> {
    let failures = 0;
    while (!this.#closed) {
      const spoke = await this.#readOneConnection();
      if (this.#closed) break;
      failures = spoke ? 0 : failures + 1;
      await this.#pause(Math.min(this.#retryMs, FIRST_RETRY_MS * 2 ** failures));
    }
  }

  #pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = this.#options.clock.after(ms, () => finish());
      const finish = () => {
        timer.cancel();
        this.#wakeFromPause = null;
        resolve();
      };
      this.#wakeFromPause = finish;
    });
  }

  #url(): string {
    const { key, books, target } = this.#options;
    const params = new URLSearchParams();
    for (const book of books) params.append('sportsbook', book);
    // Every reader's statuses come from here; readers that did not ask are filtered per reader.
    params.set('include_fixture_updates', 'true');
    if (this.#lastEntryId !== null) params.set('last_entry_id', this.#lastEntryId);
    return `${target.baseUrl}/stream/odds/${encodeURIComponent(key.sport)}?${params.toString()}`;
  }

  /** One connection, until it ends; whether it sent any frame. */
  async #readOneConnection(): Promise<boolean> {
    const { clock, idleMs, target, logRepeated, key } = this.#options;
    const abort = new AbortController();
    this.#abort = abort;
    let watchdog: TimerHandle = clock.after(idleMs, () => abort.abort());
    const aborted = new Promise<never>((_, reject) =>
      abort.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
    );
    aborted.catch(() => undefined);
    let spoke = false;
    let firstFrame = true;
    try {
      const exchange = sendUpstream(target.agent, {
        method: 'GET',
        url: this.#url(),
        headers: new Map([
          ['accept', 'text/event-stream'],
          ['x-api-key', target.apiKey],
        ]),
        body: undefined,
      });
      abort.signal.addEventListener('abort', exchange.abort, { once: true });
      const response = await Promise.race([exchange.response, aborted]);
      if (response.statusCode !== 200) {
        logRepeated(
          'refused',
          `Odds stream ${key.sport} (books ${key.group}): the service answered HTTP ${response.statusCode}.`,
        );
        return false;
      }
      const parser = new SseParser();
      // Let go (closed, idle, dropped), the connection is closed and this loop ends with an error.
      for await (const chunk of decodedBody(response) as AsyncIterable<Buffer>) {
        watchdog.cancel();
        watchdog = clock.after(idleMs, () => abort.abort());
        for (const message of parser.push(chunk)) {
          spoke = true;
          this.#handle(message, firstFrame);
          firstFrame = false;
        }
      }
    } catch {
      // Dropped, timed out or refused: the loop reconnects.
    } finally {
      watchdog.cancel();
      abort.abort();
    }
    return spoke;
  }

  #handle(message: SseMessage, firstOfConnection: boolean): void {
    const now = this.#options.clock.now();
    if (message.retryMs !== undefined) this.#retryMs = Math.min(Math.max(message.retryMs, 1_000), MAX_RETRY_MS);
    const lastSpokeAt = this.#aliveAtMs;
    this.#aliveAtMs = now;
    if (firstOfConnection && lastSpokeAt !== null && now - lastSpokeAt > this.#options.resumeWindowMs)
      this.#fillGap(lastSpokeAt);
    if (!isStreamEventType(message.event)) {
      // `connected`, `ping` and whatever else: the stream is alive, nothing to relay.
      this.#options.onMessage({ kind: 'alive' });
      return;
    }
    const payload = parsePayload(this.#redactor.redact(message.data), message.event);
    if (payload === null) return;
    const entryId = payload.entryId ?? (message.id === undefined ? null : this.#redactor.redact(message.id));
    if (entryId !== null) {
      // The service replays from the id we sent: anything at or before it was relayed already.
      if (!isAfterEntryId(entryId, this.#lastEntryId)) return;
      this.#lastEntryId = entryId;
    }
    for (const row of payload.rows) this.#touchedDuringSnapshot?.add(row.key);
    this.#options.onMessage({ kind: 'event', event: { type: message.event, entryId, rows: payload.rows } });
  }

  #fillGap(gapStartMs: number): void {
    const touched = new Set<string>();
    this.#touchedDuringSnapshot = touched;
    const { key, logRepeated } = this.#options;
    logRepeated(
      'gap',
      `Odds stream ${key.sport} (books ${key.group}): back after ${Math.round((this.#options.clock.now() - gapStartMs) / 1000)} s, longer than the resume window; taking a snapshot.`,
    );
    this.#options
      .snapshot(gapStartMs, touched)
      .then((events) => {
        if (this.#closed) return;
        for (const event of events) this.#options.onMessage({ kind: 'event', event });
      })
      .catch((error: unknown) =>
        logRepeated('snapshot', `Odds stream ${key.sport} (books ${key.group}): snapshot failed: ${String(error)}`),
      )
      .finally(() => {
        if (this.#touchedDuringSnapshot === touched) this.#touchedDuringSnapshot = null;
      });
  }
}

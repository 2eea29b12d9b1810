/**
 * One browser's stream. Events are filtered to what it asked for and written in order, each as
 * the service frames it but with our id. Rows wait in order while a write is under way; once more
 * than a socket's buffer of them waits (the browser is not reading), they are folded into a map
 * keyed by odd, so a reader that stops reading holds at most the latest row of each odd, never an
 * unbounded queue; it is cut when what waits passes a byte bound or one write waits too long.
 * A comment line goes out every heartbeat so proxies and browsers keep the connection.
 */
import { rowWanted, type ClientFilter } from './client-request.ts';
import type { FeedEvent, FeedReader } from './sport-feed.ts';
import { every, type StreamClock, type TimerHandle } from './stream-clock.ts';
import type { StreamEventType } from './stream-rows.ts';

/** The service's reconnection advice, sent with every frame as it does. */
const RETRY_MS = 5_000;

/** Where the frames go: the SSE response. */
export interface FrameSink {
  /** Resolves when the browser has taken the text (it waits while the browser does not read). */
  write(text: string): Promise<void>;
  /** Ends the connection now, whatever is unsent. */
  cut(): void;
}

export interface ClientStreamLimits {
  heartbeatMs: number;
  slowClientBytes: number;
  slowClientMs: number;
}

export type ClientEndReason = 'gone' | 'slow-bytes' | 'slow-time' | 'closed';

interface WaitingRow {
  key: string;
  type: StreamEventType;
  text: string;
  eventId: string;
  /** Set on an event's first row when the reader wants every row of it: the shared frame. */
  wholeEvent?: FeedEvent;
}

/** `connected` as the service sends it first. */
function connectedFrame(): string {
  return `event: connected\ndata: ok go\nretry: ${RETRY_MS}\n\n`;
}

function eventFrame(type: StreamEventType, id: string, rowTexts: readonly string[]): string {
  const data = `{"data":[${rowTexts.join(',')}],"entry_id":"${id}","type":"${type}"}`;
  return `event: ${type}\ndata: ${data}\nid: ${id}\nretry: ${RETRY_MS}\n\n`;
}

/**
 * Each event's frame with all its rows, made once and shared by every reader that wants all of
 * them (most readers of a sport ask for every row of an event at their books): one string per
 * change, not one per reader.
 */
const wholeFrames = new WeakMap<FeedEvent, string>();

function wholeFrameOf(event: FeedEvent): string {
  let frame = wholeFrames.get(event);
  if (frame === undefined) {
    frame = eventFrame(
      event.type,
      event.id,
      event.rows.map((row) => row.text),
    );
    wholeFrames.set(event, frame);
  }
  return frame;
}

/** Rows waiting past this many bytes mean the browser is not keeping up: from then on only the latest per odd is kept. */
const COALESCE_AFTER_BYTES = 16 * 1024;

/**
 * Waiting rows as frames, in the order of their (latest) change: one frame per event, or, for rows
 * folded by odd, one per run of a type. Each frame's id is its newest event's: a browser resuming
 * from it is replayed every later event, so a row folded into a later frame is never lost.
 */
function framesOf(rows: readonly WaitingRow[], byEvent: boolean): string {
  let text = '';
  let index = 0;
  while (index < rows.length) {
    const first = rows[index];
    const type = first?.type;
    const texts: string[] = [];
    let id = '';
    const sameFrame = (row: WaitingRow | undefined) =>
      row?.type === type && (!byEvent || row?.eventId === first?.eventId);
    const whole = byEvent ? first?.wholeEvent : undefined;
    if (whole !== undefined) {
      text += wholeFrameOf(whole);
      index += whole.rows.length;
      continue;
    }
    while (index < rows.length && sameFrame(rows[index])) {
      const row = rows[index];
      if (row !== undefined) {
        texts.push(row.text);
        id = row.eventId;
      }
      index++;
    }
    if (type !== undefined) text += eventFrame(type, id, texts);
  }
  return text;
}

export class ClientStream implements FeedReader {
  readonly filter: ClientFilter;
  readonly #sink: FrameSink;
  readonly #clock: StreamClock;
  readonly #limits: ClientStreamLimits;
  /** Rows not yet written, in order, while the browser keeps up. */
  #queue: WaitingRow[] = [];
  /** Rows not yet written once it fell behind, by odd (re-inserted on change: in order of latest change). */
  #latest: Map<string, WaitingRow> | null = null;
  #waitingBytes = 0;
  readonly #coalesceAfterBytes: number;
  #writingBytes = 0;
  /** A write is under way (or about to start): what arrives meanwhile waits. */
  #writing = false;
  #drainScheduled = false;
  /** The `connected` frame, until it is written. */
  #preamble: string | null = null;
  #heartbeatDue = false;
  readonly #heartbeat: TimerHandle;
  #endReason: ClientEndReason | null = null;
  readonly #ended: Promise<ClientEndReason>;
  #resolveEnded: (reason: ClientEndReason) => void = () => undefined;

  constructor(filter: ClientFilter, sink: FrameSink, clock: StreamClock, limits: ClientStreamLimits) {
    this.filter = filter;
    this.#sink = sink;
    this.#clock = clock;
    this.#limits = limits;
    this.#coalesceAfterBytes = Math.min(COALESCE_AFTER_BYTES, Math.floor(limits.slowClientBytes / 2));
    this.#ended = new Promise((resolve) => (this.#resolveEnded = resolve));
    this.#heartbeat = every(clock, limits.heartbeatMs, () => {
      this.#heartbeatDue = true;
      this.#scheduleDrain();
    });
  }

  /** Resolves once the stream has ended, with why. */
  get ended(): Promise<ClientEndReason> {
    return this.#ended;
  }

  /** Bytes held for this reader: rows waiting and the write in progress. */
  get heldBytes(): number {
    return this.#waitingBytes + this.#writingBytes;
  }

  /** Writes the first frame, before any event (and before what a resuming reader is sent). */
  start(): void {
    this.#preamble = connectedFrame();
    this.#scheduleDrain();
  }

  offer(event: FeedEvent): void {
    if (this.#endReason !== null) return;
    // One pass and no array of the wanted rows: this runs for every reader of every event.
    let first: WaitingRow | undefined;
    let wanted = 0;
    for (const row of event.rows) {
      if (!rowWanted(row, this.filter)) continue;
      const waiting: WaitingRow = { key: row.key, type: event.type, text: row.text, eventId: event.id };
      first ??= waiting;
      wanted++;
      if (this.#latest === null) {
        this.#queue.push(waiting);
        this.#waitingBytes += waiting.text.length;
      } else {
        this.#keepLatest(this.#latest, waiting);
      }
    }
    if (first !== undefined && wanted === event.rows.length) first.wholeEvent = event;
    if (this.#latest === null && this.#waitingBytes > this.#coalesceAfterBytes) {
      const latest = new Map<string, WaitingRow>();
      this.#waitingBytes = 0;
      for (const waiting of this.#queue) this.#keepLatest(latest, waiting);
      this.#queue = [];
      this.#latest = latest;
    }
    // Only a reader that has not taken what was sent is behind: a burst to an idle one is written whole.
    if (this.#writing && this.heldBytes > this.#limits.slowClientBytes) {
      this.end('slow-bytes');
      return;
    }
    this.#scheduleDrain();
  }

  /** Drains after the current turn, so events offered together (a replay) go out as one write. */
  #scheduleDrain(): void {
    if (this.#drainScheduled || this.#writing) return;
    this.#drainScheduled = true;
    queueMicrotask(() => {
      this.#drainScheduled = false;
      void this.#drain();
    });
  }

  #keepLatest(latest: Map<string, WaitingRow>, waiting: WaitingRow): void {
    const previous = latest.get(waiting.key);
    if (previous !== undefined) {
      this.#waitingBytes -= previous.text.length;
      latest.delete(waiting.key);
    }
    latest.set(waiting.key, waiting);
    this.#waitingBytes += waiting.text.length;
  }

  get #hasWaiting(): boolean {
    return this.#queue.length > 0 || (this.#latest?.size ?? 0) > 0;
  }

  async #drain(): Promise<void> {
    if (this.#writing) return;
    this.#writing = true;
    try {
      while (this.#endReason === null && (this.#preamble !== null || this.#hasWaiting || this.#heartbeatDue)) {
        let text = this.#preamble ?? '';
        this.#preamble = null;
        if (this.#latest !== null) {
          text += framesOf([...this.#latest.values()], false);
        } else if (this.#queue.length > 0) {
          text += framesOf(this.#queue, true);
        } else if (text === '') {
          text = ': heartbeat\n\n';
        }
        this.#queue = [];
        this.#latest = null;
        this.#waitingBytes = 0;
        // Anything written counts as a sign of life: no heartbeat right after it.
        this.#heartbeatDue = false;
        await this.#write(text);
      }
    } finally {
      this.#writing = false;
    }
  }

  async #write(text: string): Promise<void> {
    this.#writingBytes = text.length;
    const deadline = this.#clock.after(this.#limits.slowClientMs, () => this.end('slow-time'));
    try {
      await this.#sink.write(text);
    } finally {
      deadline.cancel();
      this.#writingBytes = 0;
    }
  }

  /** Ends the stream (idempotent); a slow reader's connection is cut, not left to drain. */
  end(reason: ClientEndReason): void {
    if (this.#endReason !== null) return;
    this.#endReason = reason;
    this.#heartbeat.cancel();
    this.#queue = [];
    this.#latest = null;
    this.#waitingBytes = 0;
    if (reason !== 'gone') this.#sink.cut();
    this.#resolveEnded(reason);
  }
}

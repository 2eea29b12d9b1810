/**
 * One browser's stream. Events are filtered to what it asked for and written in order, each as
 * the service frames it but with our id. While a write waits for the browser to read, new rows
 * wait in a map keyed by odd, so a reader that stops reading holds at most the latest row of each
 * odd, never a queue; it is cut when what waits passes a byte bound or one write waits too long.
 * A comment line goes out every heartbeat so proxies and browsers keep the connection.
 */
import { rowWanted, type ClientFilter } from './client-request.ts';
import type { FeedEvent, FeedReader } from './sport-feed.ts';
import { every, type StreamClock, type TimerHandle } from './stream-clock.ts';
import type { StreamEventType } from './stream-rows.ts';

/** The service's reconnection advice, sent with every frame as it does. */
export const RETRY_MS = 5_000;

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
  type: StreamEventType;
  text: string;
  eventId: string;
}

/** `connected` as the service sends it first. */
export function connectedFrame(): string {
  return `event: connected\ndata: ok go\nretry: ${RETRY_MS}\n\n`;
}

function eventFrame(type: StreamEventType, id: string, rowTexts: readonly string[]): string {
  const data = `{"data":[${rowTexts.join(',')}],"entry_id":"${id}","type":"${type}"}`;
  return `event: ${type}\ndata: ${data}\nid: ${id}\nretry: ${RETRY_MS}\n\n`;
}

/**
 * Waiting rows as frames, in the order of their latest change. Each frame's id is its newest
 * event's: a browser resuming from it is replayed every later event, so a row coalesced into a
 * later frame is never lost.
 */
function framesOf(rows: readonly WaitingRow[]): string {
  let text = '';
  let index = 0;
  while (index < rows.length) {
    const type = rows[index]?.type;
    const texts: string[] = [];
    let id = '';
    while (index < rows.length && rows[index]?.type === type) {
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
  /** Rows not yet written, by odd (re-inserted on change, so in the order of their latest change). */
  #waiting = new Map<string, WaitingRow>();
  #waitingBytes = 0;
  #writingBytes = 0;
  #writing = false;
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
    this.#ended = new Promise((resolve) => (this.#resolveEnded = resolve));
    this.#heartbeat = every(clock, limits.heartbeatMs, () => {
      this.#heartbeatDue = true;
      void this.#drain();
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

  /** Writes the first frame, before any event. */
  start(): void {
    this.#writing = true;
    void this.#write(connectedFrame()).then(() => {
      this.#writing = false;
      void this.#drain();
    });
  }

  offer(event: FeedEvent): void {
    if (this.#endReason !== null) return;
    for (const row of event.rows) {
      if (!rowWanted(row, this.filter)) continue;
      const previous = this.#waiting.get(row.key);
      if (previous !== undefined) {
        this.#waitingBytes -= previous.text.length;
        this.#waiting.delete(row.key);
      }
      this.#waiting.set(row.key, { type: event.type, text: row.text, eventId: event.id });
      this.#waitingBytes += row.text.length;
    }
    if (this.heldBytes > this.#limits.slowClientBytes) {
      this.end('slow-bytes');
      return;
    }
    void this.#drain();
  }

  async #drain(): Promise<void> {
    if (this.#writing) return;
    this.#writing = true;
    try {
      while (this.#endReason === null && (this.#waiting.size > 0 || this.#heartbeatDue)) {
        let text: string;
        if (this.#waiting.size > 0) {
          text = framesOf([...this.#waiting.values()]);
          this.#waiting = new Map();
          this.#waitingBytes = 0;
        } else {
          text = ': heartbeat\n\n';
        }
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
    this.#waiting = new Map();
    this.#waitingBytes = 0;
    if (reason !== 'gone') this.#sink.cut();
    this.#resolveEnded(reason);
  }
}

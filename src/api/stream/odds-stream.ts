/**
 * One live odds stream from our server (`GET /api/v3/stream/odds/{sport}`, Server-Sent Events) over
 * EventSource: same origin or CORS, no key, so no headers are needed. Each event is parsed at the
 * boundary (parse-stream-event.ts). The stream says how it is doing:
 * - `connecting`: asked, nothing heard yet;
 * - `live`: events arriving;
 * - `reconnecting`: the connection dropped and the browser is resuming it (EventSource sends
 *   `Last-Event-ID`, our server replays what was missed), so nothing is lost yet;
 * - `down`: not resumed within `resumeGraceMs`, or refused outright (an HTTP error closes an
 *   EventSource for good): callers poll again. A refused stream is tried again later, backing off,
 *   from the last event seen (`last_event_id`: our server replays what it still keeps).
 */
import type { Sportsbook } from '../../domain/sportsbooks.ts';
import { buildUrl } from '../http.ts';
import { ODDS_STREAM_EVENT_TYPES, parseStreamEvent, type OddsStreamEvent } from './parse-stream-event.ts';

export type OddsStreamPhase = 'connecting' | 'live' | 'reconnecting' | 'down';

/** What the stream needs of an EventSource (tests give a fake). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: Event) => void): void;
  close(): void;
}

export type OpenEventSource = (url: string) => EventSourceLike;

/** EventSource.CLOSED: the browser will not retry this one. */
const CLOSED = 2;
/** Longer than the server's `retry: 5000`, so one resume attempt fits before polling comes back. */
const RESUME_GRACE_MS = 8_000;
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 60_000;

export interface OddsStreamRequest {
  sport: string;
  /** Narrows the sport's stream to these games. */
  fixtureIds: readonly string[];
  sportsbooks: readonly Sportsbook[];
}

export interface OddsStreamOptions {
  /** Prefix under which `/api/v3/...` lives, as for the odds client. */
  baseUrl: string;
  request: OddsStreamRequest;
  openEventSource: OpenEventSource;
  onEvent: (event: OddsStreamEvent) => void;
  onPhase: (phase: OddsStreamPhase) => void;
  /** Hears how many frames or rows could not be read (each is skipped). */
  onDropped?: (count: number) => void;
  resumeGraceMs?: number;
}

export interface OddsStream {
  readonly phase: OddsStreamPhase;
  /** Frames and rows left out so far, unreadable. */
  readonly dropped: number;
  close(): void;
}

export function oddsStreamUrl(baseUrl: string, { sport, fixtureIds, sportsbooks }: OddsStreamRequest): string {
  return buildUrl(baseUrl, `/stream/odds/${encodeURIComponent(sport)}`, {
    sportsbook: [...new Set(sportsbooks)],
    fixture_id: [...new Set(fixtureIds)],
    include_fixture_updates: 'true',
  });
}

function isMessage(event: Event): event is MessageEvent<unknown> {
  return 'data' in event;
}

export function openOddsStream(options: OddsStreamOptions): OddsStream {
  const { openEventSource, onEvent, onPhase, onDropped } = options;
  const url = oddsStreamUrl(options.baseUrl, options.request);
  const graceMs = options.resumeGraceMs ?? RESUME_GRACE_MS;
  let phase: OddsStreamPhase = 'connecting';
  let dropped = 0;
  let closed = false;
  let refusals = 0;
  let lastEventId = '';
  let source: EventSourceLike | null = null;
  let downTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const setPhase = (next: OddsStreamPhase) => {
    if (closed || phase === next) return;
    phase = next;
    onPhase(next);
  };

  const connect = () => {
    // A new EventSource sends no Last-Event-ID of its own: the query says where to resume.
    const current = openEventSource(
      lastEventId === '' ? url : `${url}&last_event_id=${encodeURIComponent(lastEventId)}`,
    );
    source = current;
    /** Any event says the connection works; false for a replaced or closed source's late events. */
    const heard = (): boolean => {
      if (closed || source !== current) return false;
      clearTimeout(downTimer);
      downTimer = undefined;
      refusals = 0;
      setPhase('live');
      return true;
    };
    const onData = (eventName: string) => (event: Event) => {
      if (!heard() || !isMessage(event)) return;
      if (event.lastEventId !== '') lastEventId = event.lastEventId;
      const parsed =
        typeof event.data === 'string' ? parseStreamEvent(eventName, event.data) : { event: null, dropped: 1 };
      if (parsed.dropped > 0) {
        dropped += parsed.dropped;
        onDropped?.(parsed.dropped);
      }
      if (parsed.event !== null) onEvent(parsed.event);
    };
    current.addEventListener('connected', heard);
    current.addEventListener('ping', heard);
    for (const type of [...ODDS_STREAM_EVENT_TYPES, 'message']) current.addEventListener(type, onData(type));
    current.addEventListener('error', () => {
      if (closed || source !== current) return;
      if (current.readyState === CLOSED) {
        // Refused (an HTTP error, a wrong content type): EventSource gives up, so we try later.
        current.close();
        clearTimeout(downTimer);
        downTimer = undefined;
        setPhase('down');
        refusals += 1;
        retryTimer = setTimeout(connect, Math.min(FIRST_RETRY_MS * 2 ** (refusals - 1), MAX_RETRY_MS));
        return;
      }
      // Dropped: the browser is resuming it from the last event id.
      if (phase === 'live') setPhase('reconnecting');
      downTimer ??= setTimeout(() => setPhase('down'), graceMs);
    });
  };

  connect();
  return {
    get phase() {
      return phase;
    },
    get dropped() {
      return dropped;
    },
    close() {
      closed = true;
      clearTimeout(downTimer);
      clearTimeout(retryTimer);
      source?.close();
      source = null;
    },
  };
}

/**
 * A stand-in for the browser's EventSource and our server's odds stream behind it, driven by the
 * test: open it, send events, drop or refuse the connection (not shipped).
 */
import type { EventSourceLike, OpenEventSource } from '../../api/stream/odds-stream.ts';

const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 2;

export class FakeEventSource implements EventSourceLike {
  readyState = CONNECTING;
  readonly url: URL;
  private readonly listeners = new Map<string, Set<(event: Event) => void>>();

  constructor(url: string) {
    this.url = new URL(url, 'http://app.test');
  }

  addEventListener(type: string, listener: (event: Event) => void): void {
    const forType = this.listeners.get(type) ?? new Set();
    forType.add(listener);
    this.listeners.set(type, forType);
  }

  close(): void {
    this.readyState = CLOSED;
  }

  get closed(): boolean {
    return this.readyState === CLOSED;
  }

  /** The query's values for `name`, e.g. `fixture_id`. */
  param(name: string): string[] {
    return this.url.searchParams.getAll(name);
  }

  private dispatch(type: string, event: Event): void {
    if (this.closed && type !== 'error') return;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  /** The server answered: `connected` (`ok go`), as ours sends first. */
  connect(): void {
    this.readyState = OPEN;
    this.dispatch('open', new Event('open'));
    this.emit('connected', 'ok go');
  }

  /** A raw frame: `event:` name and `data:` text. */
  emit(eventName: string, data: string, lastEventId = ''): void {
    this.dispatch(eventName, new MessageEvent(eventName, { data, lastEventId }));
  }

  /** An event as our server sends it: `{"data":[rows],"entry_id":...,"type":...}`. */
  send(type: 'odds' | 'locked-odds' | 'fixture-status', rows: readonly unknown[], entryId = `${Date.now()}-0`): void {
    this.emit(type, JSON.stringify({ data: rows, entry_id: entryId, type }), entryId);
  }

  /** The connection dropped; the browser will resume it. */
  drop(): void {
    this.readyState = CONNECTING;
    this.dispatch('error', new Event('error'));
  }

  /** Refused outright (an HTTP error): the browser gives up on it. */
  refuse(): void {
    this.readyState = CLOSED;
    this.dispatch('error', new Event('error'));
  }
}

/** Opens fakes and keeps them, newest last. */
export function fakeEventSources(): {
  open: OpenEventSource;
  opened: FakeEventSource[];
  latest: () => FakeEventSource;
} {
  const opened: FakeEventSource[] = [];
  return {
    open: (url) => {
      const source = new FakeEventSource(url);
      opened.push(source);
      return source;
    },
    opened,
    latest: () => {
      const source = opened.at(-1);
      if (!source) throw new Error('No stream was opened');
      return source;
    },
  };
}

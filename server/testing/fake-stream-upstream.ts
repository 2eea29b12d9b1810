/**
 * A stand-in for the odds service's streams, on loopback, that the test drives: it sends the
 * events the test emits (to every open stream of the sport, each stream's books only), keeps them
 * for `last_entry_id` for a window the test chooses, drops every connection on request, refuses
 * new ones while told to, and answers /fixtures/odds from the latest prices it streamed (what a
 * snapshot after a long gap reads) and /sports from the sports the test names. It checks the key
 * and refuses more than five books, as the service does, and remembers every stream request it got.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { API_PREFIX } from '../../src/domain/odds/api-prefix.ts';

type FakeEventType = 'odds' | 'locked-odds' | 'fixture-status';
export type FakeRow = Record<string, unknown> & { fixture_id: string };

interface StreamRequestSeen {
  sport: string;
  books: string[];
  lastEntryId: string | null;
  includeFixtureUpdates: boolean;
  /** Still open. */
  open: boolean;
}

export interface FakeStreamUpstream {
  /** What ODDS_API_BASE_URL should be. */
  baseUrl: string;
  /** Sends an event now to every open stream of the sport (rows of its books) and keeps it; its entry id. */
  emit(sport: string, type: FakeEventType, rows: FakeRow[]): string;
  /** Every stream request so far, oldest first. */
  streamRequests(): StreamRequestSeen[];
  openStreams(sport?: string): number;
  /** /fixtures/odds queries so far. */
  snapshotQueries(): URLSearchParams[];
  /** /sports requests so far. */
  sportsRequests(): number;
  /** Cuts every open stream as a network failure would. */
  dropAll(): void;
  /** While on, stream requests are answered 503. */
  setRefusing(refusing: boolean): void;
  /** Resolves once `count` streams of the sport are open (fails after `ms`). */
  waitForOpen(count: number, sport?: string, ms?: number): Promise<void>;
  close(): Promise<void>;
}

export interface FakeStreamUpstreamOptions {
  apiKey: string;
  /** How long events are kept for `last_entry_id` (the service: about 30 s). */
  keptWindowMs?: number;
  pingMs?: number;
  /** What /sports lists (ids); default a few the tests stream. */
  sports?: readonly string[];
}

const DEFAULT_SPORTS = ['baseball', 'basketball', 'hockey', 'soccer', 'tennis'];

interface KeptEvent {
  entryId: string;
  ms: number;
  seq: number;
  sport: string;
  type: FakeEventType;
  rows: FakeRow[];
}

interface OpenStream {
  seen: StreamRequestSeen;
  response: ServerResponse;
  socket: Socket;
}

function parseEntryId(text: string): { ms: number; seq: number } | null {
  const match = /^(\d+)-(\d+)$/.exec(text);
  return match ? { ms: Number(match[1]), seq: Number(match[2]) } : null;
}

function listParam(query: URLSearchParams, name: string): string[] {
  return query
    .getAll(name)
    .flatMap((value) => value.split(','))
    .filter((value) => value !== '');
}

function frame(event: KeptEvent, rows: FakeRow[]): string {
  const data = JSON.stringify({ data: rows, entry_id: event.entryId, type: event.type });
  return `event: ${event.type}\ndata: ${data}\nid: ${event.entryId}\nretry: 5000\n\n`;
}

export async function startFakeStreamUpstream(options: FakeStreamUpstreamOptions): Promise<FakeStreamUpstream> {
  const keptWindowMs = options.keptWindowMs ?? 30_000;
  const pingMs = options.pingMs ?? 5_000;
  let kept: KeptEvent[] = [];
  let lastId = { ms: 0, seq: -1 };
  const open = new Set<OpenStream>();
  const seen: StreamRequestSeen[] = [];
  const snapshotQueries: URLSearchParams[] = [];
  let sportsRequests = 0;
  /** The latest open row of each odd, by fixture, for /fixtures/odds. */
  const current = new Map<string, Map<string, FakeRow>>();
  let refusing = false;

  function rowsFor(stream: OpenStream, event: KeptEvent): FakeRow[] {
    if (event.sport !== stream.seen.sport) return [];
    if (event.type === 'fixture-status') return stream.seen.includeFixtureUpdates ? event.rows : [];
    return event.rows.filter((row) => stream.seen.books.includes(String(row.sportsbook)));
  }

  function send(stream: OpenStream, event: KeptEvent): void {
    const rows = rowsFor(stream, event);
    if (rows.length > 0) stream.response.write(frame(event, rows));
  }

  function prune(): void {
    const oldest = Date.now() - keptWindowMs;
    kept = kept.filter((event) => event.ms > oldest);
  }

  function answerStream(request: IncomingMessage, response: ServerResponse, sport: string, query: URLSearchParams) {
    const books = [...new Set(listParam(query, 'sportsbook'))];
    if (books.length > 5) {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'maximum 5 sportsbooks allowed' }));
      return;
    }
    const lastEntryId = query.get('last_entry_id');
    const entry: StreamRequestSeen = {
      sport,
      books,
      lastEntryId,
      includeFixtureUpdates: query.get('include_fixture_updates') === 'true',
      open: true,
    };
    seen.push(entry);
    if (refusing) {
      entry.open = false;
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'unavailable' }));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const stream: OpenStream = { seen: entry, response, socket: request.socket };
    response.write('event: connected\ndata: ok go\nretry: 5000\n\n');
    prune();
    const from = lastEntryId === null ? null : parseEntryId(lastEntryId);
    if (from !== null) {
      // As the service: an id older than what is kept resumes from the oldest kept.
      for (const event of kept)
        if (event.ms > from.ms || (event.ms === from.ms && event.seq > from.seq)) send(stream, event);
    }
    open.add(stream);
    const ping = setInterval(
      () => response.write(`event: ping\ndata: ${new Date().toISOString()}\nretry: 5000\n\n`),
      pingMs,
    );
    response.on('close', () => {
      clearInterval(ping);
      entry.open = false;
      open.delete(stream);
    });
  }

  function answerOdds(response: ServerResponse, query: URLSearchParams) {
    snapshotQueries.push(query);
    const books = listParam(query, 'sportsbook');
    const fixtures = listParam(query, 'fixture_id');
    if (books.length > 5 || fixtures.length > 5) {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'maximum 5 sportsbooks allowed' }));
      return;
    }
    const data = fixtures.map((fixtureId) => {
      const odds = [...(current.get(fixtureId)?.values() ?? [])]
        .filter((row) => books.includes(String(row.sportsbook)))
        .map((row) => {
          const odd: Record<string, unknown> = { ...row };
          delete odd.fixture_id;
          return odd;
        });
      return { id: fixtureId, is_live: false, league: { id: 'nba' }, odds };
    });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ data }));
  }

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake.internal');
    if (request.headers['x-api-key'] !== options.apiKey) {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'Invalid or inactive API key' }));
      return;
    }
    const streamMatch = new RegExp(`^${API_PREFIX}/stream/odds/([^/]+)$`).exec(url.pathname);
    if (streamMatch?.[1] !== undefined)
      return answerStream(request, response, decodeURIComponent(streamMatch[1]), url.searchParams);
    if (url.pathname === `${API_PREFIX}/fixtures/odds`) return answerOdds(response, url.searchParams);
    if (url.pathname === `${API_PREFIX}/sports`) {
      sportsRequests++;
      const data = (options.sports ?? DEFAULT_SPORTS).map((id) => ({
        id,
        name: id,
        numerical_id: 0,
        main_markets: [],
      }));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ data }));
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: 'Not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    baseUrl: `http://127.0.0.1:${port}${API_PREFIX}`,
    emit(sport, type, rows) {
      const now = Date.now();
      lastId = now > lastId.ms ? { ms: now, seq: 0 } : { ms: lastId.ms, seq: lastId.seq + 1 };
      const event: KeptEvent = { entryId: `${lastId.ms}-${lastId.seq}`, ...lastId, sport, type, rows };
      kept.push(event);
      for (const row of rows) {
        if (type === 'fixture-status') continue;
        const odds = current.get(row.fixture_id) ?? new Map<string, FakeRow>();
        current.set(row.fixture_id, odds);
        if (type === 'odds') odds.set(String(row.id), row);
        else odds.delete(String(row.id));
      }
      for (const stream of open) send(stream, event);
      return event.entryId;
    },
    streamRequests: () => seen.map((entry) => ({ ...entry })),
    openStreams: (sport) => [...open].filter((stream) => sport === undefined || stream.seen.sport === sport).length,
    snapshotQueries: () => [...snapshotQueries],
    sportsRequests: () => sportsRequests,
    dropAll() {
      for (const stream of open) stream.socket.destroy();
    },
    setRefusing(value) {
      refusing = value;
    },
    async waitForOpen(count, sport, ms = 5_000) {
      const deadline = Date.now() + ms;
      const openNow = () => [...open].filter((stream) => sport === undefined || stream.seen.sport === sport).length;
      while (openNow() !== count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} open streams, have ${openNow()}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

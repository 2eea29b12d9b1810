/**
 * GET /stream/odds/{sport} (and the older /stream/{sport}/odds): Server-Sent Events as the service
 * sends them. `connected` (`ok go`) first; then, for resuming clients, the kept events after
 * `last_entry_id` (every kept one when the id is older than the window); then each new event as
 * the clock reaches it, and a `ping` (the clock's ISO time) every 5 s. Event frames carry
 * `id: <entry_id>`; every frame carries `retry: 5000`. An unknown sport is an empty stream.
 */
import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { errorResponse } from '../routes/guards.ts';
import { LATENCY_HEADER_ERROR, latencyModeFor, type SandboxState } from '../state.ts';
import type { EntryId } from './entry-id.ts';
import type { StreamEvent } from './sport-journal.ts';
import type { StreamHub } from './stream-hub.ts';
import { parseStreamRequest, type StreamRequest } from './stream-request.ts';
import { rowWanted } from './stream-rows.ts';

const RETRY_MS = 5_000;
/** Pings keep idle connections (and the proxies between) from timing out. */
const PING_INTERVAL_MS = 5_000;

/** The payload this client gets from an event: its rows through the client's filters, or null. */
function payloadFor(event: StreamEvent, request: StreamRequest): string | null {
  if (event.type === 'fixture-status' && !request.includeFixtureUpdates) return null;
  const rows = event.rows.filter((row) => rowWanted(row, request)).map((row) => row.text);
  if (rows.length === 0) return null;
  return `{"data":[${rows.join(',')}],"entry_id":"${event.entryId}","type":"${event.type}"}`;
}

function nextPingAfter(nowMs: number): number {
  return (Math.floor(nowMs / PING_INTERVAL_MS) + 1) * PING_INTERVAL_MS;
}

async function sendEvents(
  stream: SSEStreamingApi,
  events: readonly StreamEvent[],
  request: StreamRequest,
): Promise<EntryId | null> {
  let last: EntryId | null = null;
  for (const event of events) {
    if (stream.aborted) break;
    last = event.id;
    const data = payloadFor(event, request);
    if (data !== null) await stream.writeSSE({ event: event.type, data, id: event.entryId, retry: RETRY_MS });
  }
  return last;
}

export function oddsStreamHandler(state: SandboxState, hub: StreamHub) {
  return async (context: Context): Promise<Response> => {
    const request = parseStreamRequest(context, context.req.param('sport') ?? '');
    if ('error' in request) return errorResponse(context, 400, request.error);
    const latency = latencyModeFor(context, state);
    if (latency === null) return errorResponse(context, 400, LATENCY_HEADER_ERROR);
    return streamSSE(context, async (stream) => {
      const connection = hub.open(latency, request.sportId);
      const journal = connection.journal;
      stream.onAbort(() => connection.close());
      try {
        await stream.writeSSE({ event: 'connected', data: 'ok go', retry: RETRY_MS });
        journal?.catchUp(state.now());
        let cursor = request.lastEntryId ?? journal?.position() ?? null;
        let nextPingMs = nextPingAfter(state.now());
        while (!connection.closed && !stream.aborted) {
          const nowMs = state.now();
          if (journal && cursor) {
            journal.catchUp(nowMs);
            cursor = (await sendEvents(stream, journal.after(cursor), request)) ?? cursor;
          }
          if (nowMs >= nextPingMs && !stream.aborted) {
            await stream.writeSSE({ event: 'ping', data: new Date(nowMs).toISOString(), retry: RETRY_MS });
            nextPingMs = nextPingAfter(nowMs);
          }
          await connection.nextLook();
        }
      } finally {
        connection.close();
      }
    });
  };
}

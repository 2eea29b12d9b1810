/**
 * GET /api/v3/stream/odds/{sport} on our server: the service's parameters (up to ten books) plus
 * `fixture_id`, answered as the service's event stream filtered to this browser, with our ids.
 * The same cross-origin rules as the rest of /api/v3 (the CORS middleware wraps it, the request
 * guard refuses other sites' pages); a cap on open streams per client; never compressed (a
 * compressor would hold frames back), never cached, never buffered by a proxy in front.
 *
 * On Node the frames are written straight to the `ServerResponse` (`streamOddsDirectly`, the
 * outermost middleware, writes the head once every other middleware has added its headers): a web
 * stream per browser (Hono's `streamSSE`, a TransformStream, a TextEncoder and the adapter's pipe)
 * cost more memory than everything else a browser's stream holds. In-process (tests calling
 * `app.request`) there is no Node response, so the stream is Hono's.
 */
import type { Context, Handler, MiddlewareHandler } from 'hono';
import { streamSSE } from 'hono/streaming';
import { ServerResponse } from 'node:http';
import { isRecord } from '../../src/domain/records.ts';
import type { StreamConfig } from '../config.ts';
import { clientKey, resolveClientAddress, type TrustProxy } from '../guards/client-address.ts';
import { socketAddress } from '../guards/client-rate-limit.ts';
import { ClientStream, type FrameSink } from './client-stream.ts';
import { parseClientFilter, type ClientFilter } from './client-request.ts';
import type { StreamClock } from './stream-clock.ts';
import type { StreamHub, StreamSlot } from './stream-hub.ts';
import { markStreamConnection } from '../stream-connections.ts';

export const STREAM_ROUTE_PREFIX = '/stream/';

export interface StreamRouteOptions {
  hub: StreamHub;
  settings: StreamConfig;
  clock: StreamClock;
  trustProxy: TrustProxy;
}

const STREAM_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-store, no-transform',
  'X-Accel-Buffering': 'no',
};

/** The Node response under the request; null in-process. */
function nodeResponseOf(c: Context): ServerResponse | null {
  const env: unknown = c.env;
  return isRecord(env) && env.outgoing instanceof ServerResponse ? env.outgoing : null;
}

/** A stream accepted by the route, started on the Node response once the head is written. */
interface PendingStream {
  start(outgoing: ServerResponse): void;
  /** The answer was replaced on the way out (or the browser left): the slot goes back. */
  abandon(): void;
}

const pendingStreams = new WeakMap<Context, PendingStream>();

/** The adapter's sign that the answer went out already (`RESPONSE_ALREADY_SENT` of @hono/node-server). */
const ALREADY_SENT_HEADER = 'x-hono-already-sent';

/** Resolved: the frame was taken by the socket's buffer, nothing to wait for. */
const WRITTEN = Promise.resolve();

/** Frames to the Node response: a write waits for `drain` only when the socket's buffer is full. */
function nodeSink(outgoing: ServerResponse): FrameSink {
  return {
    write(text) {
      if (outgoing.destroyed) return WRITTEN;
      if (outgoing.write(text)) return WRITTEN;
      return new Promise((resolve) => {
        const done = () => {
          outgoing.off('drain', done);
          outgoing.off('close', done);
          resolve();
        };
        outgoing.on('drain', done);
        outgoing.on('close', done);
      });
    },
    // The socket itself: a reader that does not read would keep a graceful end waiting.
    cut: () => outgoing.destroy(),
  };
}

/**
 * Outermost middleware: for a stream the route accepted, writes the head with every header the
 * other middleware set (CORS, security headers), then the frames; the adapter is told it is sent.
 */
export const streamOddsDirectly: MiddlewareHandler = async (c, next) => {
  await next();
  const pending = pendingStreams.get(c);
  if (pending === undefined) return;
  pendingStreams.delete(c);
  const outgoing = nodeResponseOf(c);
  if (outgoing === null || outgoing.destroyed || outgoing.headersSent || c.res.status !== 200) {
    pending.abandon();
    return;
  }
  const head: Record<string, string> = {};
  c.res.headers.forEach((value, name) => (head[name] = value));
  outgoing.writeHead(200, head);
  outgoing.flushHeaders();
  markStreamConnection(outgoing.socket);
  pending.start(outgoing);
  c.res = new Response(null, { headers: { [ALREADY_SENT_HEADER]: 'true' } });
};

interface StreamParts {
  filter: ClientFilter;
  settings: StreamConfig;
  clock: StreamClock;
  hub: StreamHub;
  slot: StreamSlot;
}

/** Relays the hub's events to the reader until it ends; resolves then. */
async function relay(
  { filter, settings, clock, hub, slot }: StreamParts,
  sink: FrameSink,
  onGone: (gone: () => void) => void,
) {
  const reader = new ClientStream(filter, sink, clock, settings);
  onGone(() => reader.end('gone'));
  reader.start();
  const detach = hub.attach(reader);
  try {
    return await reader.ended;
  } finally {
    detach();
    slot.release();
  }
}

export function oddsStreamHandler({ hub, settings, clock, trustProxy }: StreamRouteOptions): Handler {
  return (c) => {
    const filter = parseClientFilter(
      c.req.param('sport') ?? '',
      new URL(c.req.url).searchParams,
      c.req.header('last-event-id'),
    );
    if ('error' in filter) return c.json({ error: filter.error }, 400, { 'Cache-Control': 'no-store' });
    const client = clientKey(resolveClientAddress(socketAddress(c), c.req.header('x-forwarded-for'), trustProxy));
    const slot = hub.reserve(client);
    if (slot === 'instance-full') {
      // The page keeps polling; another instance (or this one, later) takes the stream.
      return c.json({ error: 'This server has as many odds streams open as it takes; try again shortly.' }, 503, {
        'Cache-Control': 'no-store',
        'Retry-After': '10',
      });
    }
    if (slot === 'client-full') {
      return c.json(
        {
          error: `Too many open odds streams from this browser (at most ${settings.maxPerClient}); close another tab.`,
        },
        429,
        { 'Cache-Control': 'no-store', 'Retry-After': '10' },
      );
    }
    const parts: StreamParts = { filter, settings, clock, hub, slot };
    if (nodeResponseOf(c) !== null) {
      pendingStreams.set(c, {
        start: (outgoing) => {
          void relay(parts, nodeSink(outgoing), (gone) => outgoing.once('close', gone)).then(() => {
            if (!outgoing.destroyed) outgoing.end();
          });
        },
        abandon: () => slot.release(),
      });
      return new Response(null, { status: 200, headers: STREAM_HEADERS });
    }
    const response = streamSSE(c, async (stream) => {
      await relay(
        parts,
        {
          write: async (text) => {
            await stream.write(text);
          },
          cut: () => stream.abort(),
        },
        (gone) => stream.onAbort(gone),
      );
    });
    for (const [name, value] of Object.entries(STREAM_HEADERS)) response.headers.set(name, value);
    // streamSSE sets Transfer-Encoding, a hop-by-hop header: HTTP/1.1 chunks a body of unknown length
    // anyway, and over HTTP/2 Node refuses the header by throwing, which ended the whole process.
    response.headers.delete('transfer-encoding');
    return response;
  };
}

/**
 * GET /api/v3/stream/odds/{sport} on our server: the service's parameters (up to ten books) plus
 * `fixture_id`, answered as the service's event stream filtered to this browser, with our ids.
 * The same cross-origin rules as the rest of /api/v3 (the request guard refuses other sites'
 * pages); per client a rate of new streams and a cap on open ones; a sport the service does not
 * list gets an empty stream, as the service gives it; never compressed (a compressor would hold frames
 * back), never cached, never buffered by a proxy in front.
 *
 * The stream is written straight to the Node response (HTTP/1.1 or HTTP/2): its head once, with
 * every header an API answer carries (`headersFor`), then each frame as it comes, waiting for
 * `drain` when the socket's buffer is full, with a heartbeat while nothing moves; the adapter is
 * told it was sent (@hono/node-server's RESPONSE_ALREADY_SENT). A reader that stops reading is cut
 * once what waits for it passes STREAM_SLOW_CLIENT_BYTES, in our queue (client-stream.ts) or in the
 * kernel's send buffer (send-queue-watch.ts). Every stream, in production and in
 * the tests, goes this way. The route gives its refusals the same headers itself: mounted before
 * the app's middleware, nothing else touches its answers (a middleware setting headers on the
 * adapter's shared RESPONSE_ALREADY_SENT would change it for every later stream).
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { ServerResponse } from 'node:http';
import { Http2ServerResponse } from 'node:http2';
import { Socket } from 'node:net';
import { isRecord } from '../../src/domain/records.ts';
import type { StreamConfig } from '../config.ts';
import { clientOf, type TrustProxy } from '../guards/client-address.ts';
import { requestGuard } from '../guards/request-guard.ts';
import { ClientStream, type FrameSink } from './client-stream.ts';
import { parseClientFilter } from './client-request.ts';
import { SendQueueWatch } from './send-queue-watch.ts';
import type { StreamClock } from './stream-clock.ts';
import type { StreamHub } from './stream-hub.ts';
import { markStreamConnection } from '../stream-connections.ts';

export interface StreamRouteOptions {
  hub: StreamHub;
  settings: StreamConfig;
  clock: StreamClock;
  trustProxy: TrustProxy;
  /** Origins whose pages may open streams (besides our own). */
  allowedOrigins: readonly string[];
}

/** The headers every API answer to this request carries (security, CORS, HSTS), stream heads included. */
export type ApiHeadersFor = (c: Context) => Readonly<Record<string, string>>;

const STREAM_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-store, no-transform',
  'x-accel-buffering': 'no',
};

/** What the stream uses of a Node response, HTTP/1.1's or HTTP/2's. */
interface NodeResponse {
  readonly destroyed: boolean;
  readonly socket: Socket | null;
  writeHead(status: number, headers: Record<string, string>): unknown;
  /** HTTP/1.1 only: sends the head now rather than with the first frame. */
  flushHeaders?: () => void;
  write(text: string): boolean;
  end(): unknown;
  destroy(): unknown;
  on(event: 'drain' | 'close', listener: () => void): unknown;
  once(event: 'close', listener: () => void): unknown;
  off(event: 'drain' | 'close', listener: () => void): unknown;
}

/** The Node response under the request (@hono/node-server's bindings); null on any other runtime. */
function nodeResponseOf(c: Context): NodeResponse | null {
  const env: unknown = c.env;
  if (!isRecord(env)) return null;
  const { outgoing } = env;
  if (outgoing instanceof ServerResponse) return outgoing;
  if (outgoing instanceof Http2ServerResponse) return outgoing as NodeResponse;
  return null;
}

/** Resolved: the frame was taken by the socket's buffer, nothing to wait for. */
const WRITTEN = Promise.resolve();

/** Frames to the Node response: a write waits for `drain` only when the socket's buffer is full. */
function nodeSink(outgoing: NodeResponse): FrameSink {
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
    // The socket itself: a reader that does not read would keep a graceful end waiting. Over
    // HTTP/1.1 it is reset: a closed socket's unsent bytes would otherwise stay in our kernel until
    // the reader takes them, which one that does not read never does.
    cut: () => {
      if (outgoing instanceof ServerResponse && outgoing.socket instanceof Socket) outgoing.socket.resetAndDestroy();
      else outgoing.destroy();
    },
  };
}

function refuse(c: Context, status: 400 | 405 | 429 | 501 | 503, error: string, headers: Record<string, string> = {}) {
  return c.json({ error }, status, { 'Cache-Control': 'no-store', ...headers });
}

/** The API's headers on the route's refusals (a stream has them in its head already). */
function withApiHeaders(headersFor: ApiHeadersFor): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res === RESPONSE_ALREADY_SENT) return;
    for (const [name, value] of Object.entries(headersFor(c))) c.res.headers.set(name, value);
  };
}

function oddsStreamHandler(
  { hub, settings, clock, trustProxy }: StreamRouteOptions,
  headersFor: ApiHeadersFor,
  sendQueues: SendQueueWatch,
): MiddlewareHandler {
  return async (c) => {
    // Hono answers HEAD with the GET route: a stream has no head-only form.
    if (c.req.method !== 'GET') return refuse(c, 405, 'Method not allowed', { Allow: 'GET' });
    const outgoing = nodeResponseOf(c);
    if (outgoing === null) return refuse(c, 501, 'Odds streams are served by the Node server only.');
    // The browser left before its stream began: nobody to answer, no place to hold.
    if (outgoing.destroyed) return RESPONSE_ALREADY_SENT;
    const filter = parseClientFilter(
      c.req.param('sport') ?? '',
      new URL(c.req.url).searchParams,
      c.req.header('last-event-id'),
    );
    if ('error' in filter) return refuse(c, 400, filter.error);
    const client = clientOf(c, trustProxy);
    const opening = await hub.takeOpen(client);
    if (!opening.ok) {
      const retryAfterSeconds = Math.max(1, Math.ceil(opening.retryInMs / 1000));
      return refuse(c, 429, `Too many new odds streams from this browser; try again in ${retryAfterSeconds} s.`, {
        'Retry-After': String(retryAfterSeconds),
      });
    }
    const listed = await hub.isListedSport(filter.sport);
    if (listed === null) {
      // The page keeps polling; the list is asked again shortly.
      return refuse(c, 503, 'Live prices cannot be reached right now; prices are fetched instead.', {
        'Retry-After': '30',
      });
    }
    // Gone while we looked: nothing to hold a place for.
    if (outgoing.destroyed) return RESPONSE_ALREADY_SENT;
    const slot = hub.reserve(client);
    if (slot === 'instance-full') {
      // The page keeps polling; another instance (or this one, later) takes the stream.
      return refuse(c, 503, 'This server has as many odds streams open as it takes; try again shortly.', {
        'Retry-After': '10',
      });
    }
    if (slot === 'client-full') {
      return refuse(
        c,
        429,
        `Too many open odds streams from this browser (at most ${settings.maxPerClient}); close another tab.`,
        { 'Retry-After': '10' },
      );
    }
    outgoing.writeHead(200, { ...headersFor(c), ...STREAM_HEADERS });
    outgoing.flushHeaders?.();
    markStreamConnection(outgoing.socket);
    const reader = new ClientStream(filter, nodeSink(outgoing), clock, settings);
    outgoing.once('close', () => reader.end('gone'));
    reader.start();
    const detach = hub.attach(reader, listed);
    // HTTP/1.1 only: an HTTP/2 stream shares its socket, and its own flow control bounds what it queues.
    const unwatch =
      outgoing instanceof ServerResponse && outgoing.socket !== null
        ? sendQueues.watch(outgoing.socket, () => reader.end('slow-bytes'))
        : () => undefined;
    void reader.ended.then(() => {
      unwatch();
      detach();
      slot.release();
      if (!outgoing.destroyed) outgoing.end();
    });
    return RESPONSE_ALREADY_SENT;
  };
}

/** The stream routes, to mount at /api/v3/stream before the app's own middleware. */
export function oddsStreamRoutes(options: StreamRouteOptions, headersFor: ApiHeadersFor): Hono {
  return new Hono().get(
    '/odds/:sport',
    withApiHeaders(headersFor),
    requestGuard(options.allowedOrigins),
    oddsStreamHandler(options, headersFor, new SendQueueWatch(options.clock, options.settings.slowClientBytes)),
  );
}

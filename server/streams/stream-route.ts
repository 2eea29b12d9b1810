/**
 * GET /api/v3/stream/odds/{sport} on our server: the service's parameters (up to ten books) plus
 * `fixture_id`, answered as the service's event stream filtered to this browser, with our ids.
 * The same cross-origin rules as the rest of /api/v3 (the CORS middleware wraps it, the request
 * guard refuses other sites' pages); a cap on open streams per client; never compressed (a
 * compressor would hold frames back), never cached, never buffered by a proxy in front.
 */
import type { Context, Handler } from 'hono';
import { streamSSE } from 'hono/streaming';
import { ServerResponse } from 'node:http';
import { isRecord } from '../../src/domain/records.ts';
import type { StreamConfig } from '../config.ts';
import { clientKey, resolveClientAddress, type TrustProxy } from '../guards/client-address.ts';
import { socketAddress } from '../guards/client-rate-limit.ts';
import { ClientStream } from './client-stream.ts';
import { parseClientFilter } from './client-request.ts';
import type { StreamClock } from './stream-clock.ts';
import type { StreamHub } from './stream-hub.ts';

export const STREAM_ROUTE_PREFIX = '/stream/';

export interface StreamRouteOptions {
  hub: StreamHub;
  settings: StreamConfig;
  clock: StreamClock;
  trustProxy: TrustProxy;
}

/** The Node response under the request, to cut a reader that stopped reading; null in-process. */
function nodeResponseOf(c: Context): ServerResponse | null {
  const env: unknown = c.env;
  return isRecord(env) && env.outgoing instanceof ServerResponse ? env.outgoing : null;
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
    if (slot === null) {
      return c.json(
        {
          error: `Too many open odds streams from this browser (at most ${settings.maxPerClient}); close another tab.`,
        },
        429,
        { 'Cache-Control': 'no-store', 'Retry-After': '10' },
      );
    }
    const outgoing = nodeResponseOf(c);
    const response = streamSSE(c, async (stream) => {
      const reader = new ClientStream(
        filter,
        {
          write: async (text) => {
            await stream.write(text);
          },
          cut: () => {
            // The socket itself: a reader that does not read would keep a graceful end waiting.
            outgoing?.destroy();
            stream.abort();
          },
        },
        clock,
        settings,
      );
      stream.onAbort(() => reader.end('gone'));
      reader.start();
      const detach = hub.attach(reader);
      try {
        await reader.ended;
      } finally {
        detach();
        slot.release();
      }
    });
    response.headers.set('Cache-Control', 'no-store, no-transform');
    response.headers.set('X-Accel-Buffering', 'no');
    response.headers.set('Content-Type', 'text/event-stream');
    return response;
  };
}

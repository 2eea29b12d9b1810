/**
 * A per-client limit on the proxy, so one browser (or script) cannot spend the key's upstream
 * quota. Fixed windows per client address; stale entries are swept as the map grows.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

export interface ClientRateLimitOptions {
  /** Requests one client may make per window. */
  limit: number;
  windowMs: number;
  now?: () => number;
}

const SWEEP_ABOVE_CLIENTS = 10_000;

function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // in-process requests (tests) have no socket
  }
}

export function clientRateLimit({ limit, windowMs, now = Date.now }: ClientRateLimitOptions): MiddlewareHandler {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return async (c, next) => {
    const at = now();
    const client = clientAddress(c);
    let window = windows.get(client);
    if (!window || at - window.startedAt >= windowMs) {
      if (windows.size >= SWEEP_ABOVE_CLIENTS) {
        for (const [key, entry] of windows) if (at - entry.startedAt >= windowMs) windows.delete(key);
      }
      window = { startedAt: at, count: 0 };
      windows.set(client, window);
    }
    window.count++;
    if (window.count > limit) {
      const retryAfterSeconds = Math.max(1, Math.ceil((window.startedAt + windowMs - at) / 1000));
      return c.json(
        { error: `Too many requests from this browser; try again in ${retryAfterSeconds} s.` },
        429,
        { 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' },
      );
    }
    return next();
  };
}

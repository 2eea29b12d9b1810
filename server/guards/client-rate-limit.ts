/**
 * A per-client limit on the proxy, so one browser (or script) cannot spend the key's upstream
 * quota. Fixed windows per client, counted in the shared store (Redis across instances, or this
 * process's memory, where a whole window is dropped at once and the clients tracked are capped).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { clientKey, resolveClientAddress, type TrustProxy } from './client-address.ts';
import { MemoryStore } from '../shared-store/memory-store.ts';
import { windowEnd, type SharedStore } from '../shared-store/store.ts';

export interface ClientRateLimitOptions {
  /** Requests one client may make per window. */
  limit: number;
  windowMs: number;
  now?: () => number;
  /** Where counts live; default: this process's memory. */
  store?: SharedStore;
  trustProxy?: TrustProxy;
}

/** Clients tracked per window in memory when no store is given. */
const DEFAULT_MAX_TRACKED_CLIENTS = 100_000;

export function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // in-process requests (tests) have no socket
  }
}

export function clientRateLimit({
  limit,
  windowMs,
  now = Date.now,
  store,
  trustProxy = { kind: 'none' },
}: ClientRateLimitOptions): MiddlewareHandler {
  const counts = store ?? new MemoryStore({ maxBytes: 1, maxMembersPerWindow: DEFAULT_MAX_TRACKED_CLIENTS, now });
  return async (c, next) => {
    const at = now();
    const client = clientKey(resolveClientAddress(socketAddress(c), c.req.header('x-forwarded-for'), trustProxy));
    const count = await counts.countInWindow('client', client, windowMs, at);
    if (count > limit) {
      const retryAfterSeconds = Math.max(1, Math.ceil((windowEnd(at, windowMs) - at) / 1000));
      return c.json({ error: `Too many requests from this browser; try again in ${retryAfterSeconds} s.` }, 429, {
        'Retry-After': String(retryAfterSeconds),
        'Cache-Control': 'no-store',
      });
    }
    return next();
  };
}

/**
 * A per-client limit on the proxy, so one browser (or script) cannot spend the key's upstream
 * quota. A token bucket per client (an IPv6 /64 counts as one): `limit` requests per `windowMs`,
 * refilled smoothly, with at most `burst` saved up (a fixed window would let a client spend a whole
 * minute's allowance in one second and again the next second). Kept in the shared store (Redis
 * across instances, or this process's memory, where the clients tracked are capped).
 */
import type { MiddlewareHandler } from 'hono';
import { clientOf, type TrustProxy } from './client-address.ts';
import { MemoryStore } from '../shared-store/memory-store.ts';
import type { SharedStore, TokenBucket } from '../shared-store/store.ts';

export interface ClientRateLimitOptions {
  /** Requests one client may make per window, on average: its bucket refills at this rate. */
  limit: number;
  windowMs: number;
  /** Requests a client may save up and send at once; default clientBurst(limit). */
  burst?: number;
  now?: () => number;
  /** Where counts live; default: this process's memory. */
  store?: SharedStore;
  trustProxy?: TrustProxy;
}

/** Clients tracked per window in memory when no store is given. */
const DEFAULT_MAX_TRACKED_CLIENTS = 100_000;

/** A quarter of the window's requests (at least 20, never more than the limit itself). */
function clientBurst(limit: number): number {
  return Math.max(Math.min(limit, 20), Math.ceil(limit / 4));
}

export interface ClientRateLimit {
  /** Answers a client past its limit with a 429 before anything else is done for it. */
  middleware: MiddlewareHandler;
  /**
   * Takes one request's token from `client`'s bucket for work done on its behalf outside a request
   * to /api (a share link's prices asked as its page is served); false when its bucket is empty.
   */
  admit: (client: string) => Promise<boolean>;
}

export function clientRateLimit({
  limit,
  windowMs,
  burst = clientBurst(limit),
  now = Date.now,
  store,
  trustProxy = { kind: 'none' },
}: ClientRateLimitOptions): ClientRateLimit {
  const buckets = store ?? new MemoryStore({ maxBytes: 1, maxMembersPerWindow: DEFAULT_MAX_TRACKED_CLIENTS, now });
  const bucket: TokenBucket = { capacity: Math.max(1, burst), refillPerMs: limit / windowMs };
  const take = (client: string) => buckets.takeToken('client', client, bucket, now());
  const middleware: MiddlewareHandler = async (c, next) => {
    const decision = await take(clientOf(c, trustProxy));
    if (!decision.ok) {
      const retryAfterSeconds = Math.max(1, Math.ceil(decision.retryInMs / 1000));
      return c.json({ error: `Too many requests from this browser; try again in ${retryAfterSeconds} s.` }, 429, {
        'Retry-After': String(retryAfterSeconds),
        'Cache-Control': 'no-store',
      });
    }
    return next();
  };
  return { middleware, admit: async (client) => (await take(client)).ok };
}

/**
 * What our server keeps beyond one request: answers, in-flight locks, per-client and upstream
 * counters. One interface, two backends: this process's memory, or Redis (Valkey) shared by every
 * instance. Values are strings; every key expires.
 */
export interface SharedStore {
  /** `memory` or `redis`: which backend answered (for logs and tests). */
  readonly kind: 'memory' | 'redis';
  /**
   * The value, or null. `expectedBytes`, when the caller knows roughly how large the value is (a
   * cached answer's body), lets a remote store allow the time a large read takes.
   */
  get(key: string, expectedBytes?: number): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets the key only if it is absent (a lock); true when this call set it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Deletes the key only while it still holds `value` (releasing one's own lock, never another's). */
  deleteIfEquals(key: string, value: string): Promise<void>;
  /**
   * Counts one more event for `member` in the fixed window of `windowMs` holding `now`, and returns
   * the count so far in that window. Whole windows expire at once.
   */
  countInWindow(scope: string, member: string, windowMs: number, now: number): Promise<number>;
  /**
   * Takes one token from `member`'s bucket: full (`capacity`) when first seen, refilled smoothly at
   * `refillPerMs`. Refused when less than one token is left, with how long until one is.
   */
  takeToken(scope: string, member: string, bucket: TokenBucket, now: number): Promise<TokenDecision>;
}

/** A per-client allowance that refills smoothly, rather than all at once when a window turns. */
export interface TokenBucket {
  /** Tokens a client starts with and can save up: its largest burst. */
  capacity: number;
  /** Tokens added per millisecond. */
  refillPerMs: number;
}

export type TokenDecision = { ok: true } | { ok: false; retryInMs: number };

/** How long until a bucket holding `tokens` has one whole token again. */
export function msUntilToken(tokens: number, bucket: TokenBucket): number {
  return Math.max(1, Math.ceil((1 - tokens) / bucket.refillPerMs));
}

/** How long an untouched bucket takes to be full again: after that, keeping it tells nothing. */
export function msUntilFull(bucket: TokenBucket): number {
  return Math.max(1, Math.ceil(bucket.capacity / bucket.refillPerMs));
}

/** `degraded`: the store meant to be shared is not answering, and this instance keeps its own state. */
export type StoreHealth = 'ok' | 'degraded';

/** The index of the fixed window holding `now`: windows start at multiples of `windowMs` since the epoch. */
export function windowIndex(now: number, windowMs: number): number {
  return Math.floor(now / windowMs);
}

/** When the fixed window holding `now` ends (the next one starts). */
export function windowEnd(now: number, windowMs: number): number {
  return (windowIndex(now, windowMs) + 1) * windowMs;
}

/**
 * The store in this process's memory: answers in an LRU bounded by bytes (lru-cache), each held as
 * UTF-8 bytes of its own, so the bound counts what is held (V8 keeps a string with a single
 * character past Latin-1 at two bytes a character: a 64 MB bound over strings held 136 MB), locks in a
 * small map, and window counters as one map per scope for the current window only, replaced whole
 * when the window rolls over (constant time, however many members were counted).
 */
import { LRUCache } from 'lru-cache';
import { msUntilToken, windowIndex, type SharedStore, type TokenBucket, type TokenDecision } from './store.ts';

export interface MemoryStoreOptions {
  /** Upper bound on the bytes of stored values (held as UTF-8) and their keys. */
  maxBytes: number;
  /**
   * Members counted per scope and window. Past it, new members of that window share one count
   * (`OVERFLOW_MEMBER`), so a flood of new addresses cannot grow memory without bound.
   */
  maxMembersPerWindow: number;
  now?: () => number;
}

/** The shared count of the members that arrived after a window was full. */
export const OVERFLOW_MEMBER = '(more clients than tracked)';

interface BucketState {
  tokens: number;
  at: number;
}

interface WindowCounts {
  index: number;
  counts: Map<string, number>;
}

/**
 * The value's UTF-8 bytes in a buffer of their own: Buffer.from would place a small value in a
 * shared 8 KB slab, which it would then keep alive whole.
 */
function ownBytes(value: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(value));
  bytes.write(value, 'utf8');
  return bytes;
}

export class MemoryStore implements SharedStore {
  readonly kind = 'memory' as const;
  readonly #values: LRUCache<string, Buffer>;
  readonly #locks = new Map<string, { value: string; expiresAt: number }>();
  readonly #windows = new Map<string, WindowCounts>();
  /** Token buckets per scope, the least recently used dropped past the cap (it comes back full). */
  readonly #buckets = new Map<string, LRUCache<string, BucketState>>();
  readonly #maxMembers: number;
  readonly #now: () => number;

  constructor({ maxBytes, maxMembersPerWindow, now = Date.now }: MemoryStoreOptions) {
    this.#now = now;
    this.#maxMembers = maxMembersPerWindow;
    this.#values = new LRUCache<string, Buffer>({
      maxSize: maxBytes,
      // A key is a string: two bytes a character at most.
      sizeCalculation: (value, key) => Math.max(1, value.byteLength + key.length * 2),
      // A value larger than the whole cache is simply not kept.
      maxEntrySize: maxBytes,
      ttlAutopurge: false,
      // Exact expiry (no cached clock): entries live only seconds.
      ttlResolution: 0,
      perf: { now },
    });
  }

  /** A value, or a lock's holder (locks are keys like any other in Redis: read the same here). */
  async get(key: string): Promise<string | null> {
    const lock = this.#locks.get(key);
    if (lock !== undefined) {
      if (lock.expiresAt > this.#now()) return lock.value;
      this.#locks.delete(key);
    }
    return this.#values.get(key)?.toString('utf8') ?? null;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.#values.set(key, ownBytes(value), { ttl: ttlMs });
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const now = this.#now();
    const held = this.#locks.get(key);
    if (held && held.expiresAt > now) return false;
    this.#locks.set(key, { value, expiresAt: now + ttlMs });
    return true;
  }

  async deleteIfEquals(key: string, value: string): Promise<void> {
    if (this.#locks.get(key)?.value === value) this.#locks.delete(key);
  }

  async countInWindow(scope: string, member: string, windowMs: number, now: number): Promise<number> {
    return this.countInWindowNow(scope, member, windowMs, now);
  }

  async takeToken(scope: string, member: string, bucket: TokenBucket, now: number): Promise<TokenDecision> {
    return this.takeTokenNow(scope, member, bucket, now);
  }

  /** The same, synchronously. */
  takeTokenNow(scope: string, member: string, bucket: TokenBucket, now: number): TokenDecision {
    let buckets = this.#buckets.get(scope);
    if (buckets === undefined) {
      buckets = new LRUCache<string, BucketState>({ max: this.#maxMembers });
      this.#buckets.set(scope, buckets);
    }
    const state = buckets.get(member);
    const elapsed = state === undefined ? 0 : Math.max(0, now - state.at);
    const tokens =
      state === undefined ? bucket.capacity : Math.min(bucket.capacity, state.tokens + elapsed * bucket.refillPerMs);
    const at = Math.max(now, state?.at ?? now);
    if (tokens < 1) {
      buckets.set(member, { tokens, at });
      return { ok: false, retryInMs: msUntilToken(tokens, bucket) };
    }
    buckets.set(member, { tokens: tokens - 1, at });
    return { ok: true };
  }

  /** The same, synchronously (the per-client limiter's hot path when nothing is shared). */
  countInWindowNow(scope: string, member: string, windowMs: number, now: number): number {
    const index = windowIndex(now, windowMs);
    let window = this.#windows.get(scope);
    if (!window || window.index !== index) {
      // The whole previous window goes at once: no scan over its members.
      window = { index, counts: new Map() };
      this.#windows.set(scope, window);
    }
    const key = window.counts.has(member) || window.counts.size < this.#maxMembers ? member : OVERFLOW_MEMBER;
    const count = (window.counts.get(key) ?? 0) + 1;
    window.counts.set(key, count);
    return count;
  }
}

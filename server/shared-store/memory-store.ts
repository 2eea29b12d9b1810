/**
 * The store in this process's memory: answers in an LRU bounded by bytes (lru-cache), locks in a
 * small map, and window counters as one map per scope for the current window only, replaced whole
 * when the window rolls over (constant time, however many members were counted).
 */
import { LRUCache } from 'lru-cache';
import { windowIndex, type SharedStore } from './store.ts';

export interface MemoryStoreOptions {
  /** Upper bound on the bytes of stored values (UTF-8) and their keys. */
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

interface WindowCounts {
  index: number;
  counts: Map<string, number>;
}

export class MemoryStore implements SharedStore {
  readonly kind = 'memory' as const;
  readonly #values: LRUCache<string, string>;
  readonly #locks = new Map<string, { value: string; expiresAt: number }>();
  readonly #windows = new Map<string, WindowCounts>();
  readonly #maxMembers: number;
  readonly #now: () => number;

  constructor({ maxBytes, maxMembersPerWindow, now = Date.now }: MemoryStoreOptions) {
    this.#now = now;
    this.#maxMembers = maxMembersPerWindow;
    this.#values = new LRUCache<string, string>({
      maxSize: maxBytes,
      sizeCalculation: (value, key) => Math.max(1, Buffer.byteLength(value) + Buffer.byteLength(key)),
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
    return this.#values.get(key) ?? null;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.#values.set(key, value, { ttl: ttlMs });
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

/**
 * The key's budget with the odds service (about 2,500 calls per 15 s window, every endpoint),
 * kept across instances in the shared store. Every upstream call is counted (the pricer sends no
 * rate-limit headers, so we count it ourselves); the core endpoints' `x-ratelimit-remaining` /
 * `-reset` correct the count when someone else spends the same key. Near the limit no call is made:
 * the cache serves what it has, stale or not, and the rest wait for the next window (bounded).
 */
import { windowEnd, windowIndex, type SharedStore } from '../shared-store/store.ts';

export interface UpstreamBudgetOptions {
  store: SharedStore;
  /** Calls per window when the service has not said (x-ratelimit-limit). */
  limit: number;
  windowMs: number;
  now?: () => number;
}

interface Observed {
  window: number;
  /** What the service said was left (null: it did not say), and our own count when it said so. */
  remaining: number | null;
  countAt: number;
  /** Until when (ms) no call should be made at all (nothing left in the window). */
  blockedUntil: number;
  limit: number;
}

const OBSERVED_KEY = 'upstream-budget:observed';
const CALLS_SCOPE = 'upstream-calls';

export type BudgetDecision = { ok: true; count: number } | { ok: false; retryInMs: number };

export class UpstreamBudget {
  readonly #store: SharedStore;
  readonly #defaultLimit: number;
  readonly #windowMs: number;
  readonly #now: () => number;

  constructor({ store, limit, windowMs, now = Date.now }: UpstreamBudgetOptions) {
    this.#store = store;
    this.#defaultLimit = limit;
    this.#windowMs = windowMs;
    this.#now = now;
  }

  /** Calls kept back for the margin of error (other instances counting at the same moment). */
  #reserve(limit: number): number {
    return Math.max(5, Math.ceil(limit * 0.04));
  }

  async #observed(): Promise<Observed | null> {
    const text = await this.#store.get(OBSERVED_KEY);
    if (text === null) return null;
    try {
      return JSON.parse(text) as Observed;
    } catch {
      return null;
    }
  }

  /** Whether a call fits now: if so it is counted; if not, how long until the next window. */
  async reserveCall(): Promise<BudgetDecision> {
    const now = this.#now();
    const window = windowIndex(now, this.#windowMs);
    const observed = await this.#observed();
    if (observed !== null && observed.blockedUntil > now) return { ok: false, retryInMs: observed.blockedUntil - now };
    const limit = observed?.limit ?? this.#defaultLimit;
    const count = await this.#store.countInWindow(CALLS_SCOPE, 'all', this.#windowMs, now);
    let allowed = limit - this.#reserve(limit);
    if (observed !== null && observed.remaining !== null && observed.window === window)
      allowed = Math.min(allowed, observed.countAt + observed.remaining - this.#reserve(limit));
    if (count > allowed) return { ok: false, retryInMs: windowEnd(now, this.#windowMs) - now };
    return { ok: true, count };
  }

  /**
   * Learns from an answer's own figures. A 429 teaches nothing more here: it is passed on with its
   * Retry-After (the app waits that long), and the count above keeps us from causing one.
   */
  async observe(headers: Headers, countAtCall: number): Promise<void> {
    const now = this.#now();
    const remainingText = headers.get('x-ratelimit-remaining');
    const limitText = headers.get('x-ratelimit-limit');
    const resetText = headers.get('x-ratelimit-reset');
    const limit = limitText !== null && /^\d+$/.test(limitText) ? Number(limitText) : this.#defaultLimit;
    if (remainingText === null || !/^\d+$/.test(remainingText)) return;
    const remaining = Number(remainingText);
    const resetAt =
      resetText !== null && /^\d+$/.test(resetText) ? Number(resetText) * 1000 : windowEnd(now, this.#windowMs);
    await this.#save({
      window: windowIndex(now, this.#windowMs),
      remaining,
      countAt: countAtCall,
      blockedUntil: remaining <= this.#reserve(limit) ? resetAt : 0,
      limit,
    });
  }

  async #save(observed: Observed): Promise<void> {
    await this.#store.set(OBSERVED_KEY, JSON.stringify(observed), this.#windowMs * 2);
  }
}

/**
 * The key's budget with the odds service (about 2,500 calls per 15 s window, every endpoint),
 * kept across instances in the shared store. Every upstream call is counted (the pricer sends no
 * rate-limit headers, so we count it ourselves); the core endpoints' `x-ratelimit-remaining` /
 * `-reset` correct the count when someone else spends the same key. Near the limit no call is made:
 * the cache serves what it has, stale or not, and the rest wait for the next window (bounded).
 * No one client (address, or IPv6 /64) may spend more than its share of a window: a client asking
 * ever new questions (cache-busting) is refused once its share is spent, and everyone else still
 * finds calls left.
 */
import * as v from 'valibot';
import { windowEnd, windowIndex, type SharedStore } from '../shared-store/store.ts';

export interface UpstreamBudgetOptions {
  store: SharedStore;
  /** Calls per window when the service has not said (x-ratelimit-limit). */
  limit: number;
  windowMs: number;
  /** The part of a window's calls one client may spend (0 to 1); default 1 (no share). */
  clientShare?: number;
  /** Where a budget record in the store that this server would not write is reported (once). */
  log?: (line: string) => void;
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

/** The odds service's rate-limit window: the key's calls are counted per 15 s of the clock. */
export const UPSTREAM_WINDOW_MS = 15_000;

const COUNT = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

/** The record's shape; its numbers' ranges depend on the moment it is read (withinBounds). */
const observedSchema = v.strictObject({
  window: COUNT,
  remaining: v.nullable(COUNT),
  countAt: COUNT,
  blockedUntil: v.pipe(v.number(), v.finite(), v.minValue(0)),
  limit: v.pipe(COUNT, v.minValue(1)),
});

const OBSERVED_KEY = 'upstream-budget:observed';
const CALLS_SCOPE = 'upstream-calls';
const CLIENT_CALLS_SCOPE = 'upstream-calls-by-client';

export type BudgetDecision =
  | { ok: true; count: number }
  /** `clientOnly`: the asking client's share is spent; the budget itself is not. */
  | { ok: false; retryInMs: number; clientOnly: boolean };

export class UpstreamBudget {
  readonly #store: SharedStore;
  readonly #defaultLimit: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #clientShare: number;
  readonly #log: ((line: string) => void) | undefined;
  /** The last unusable record reported, so one record is said once, not once per call. */
  #reported: string | null = null;

  constructor({ store, limit, windowMs, clientShare = 1, log, now = Date.now }: UpstreamBudgetOptions) {
    this.#store = store;
    this.#log = log;
    this.#defaultLimit = limit;
    this.#windowMs = windowMs;
    this.#clientShare = Math.min(1, Math.max(0, clientShare));
    this.#now = now;
  }

  /** Calls kept back for the margin of error (other instances counting at the same moment). */
  #reserve(limit: number): number {
    return Math.max(5, Math.ceil(limit * 0.04));
  }

  /**
   * What the service last said of the budget, as this server writes it: no window ahead of this
   * one, a limit no higher than the configured one and what is left within it, and no block past
   * one window from now. Anything else (a record from another program, or forged) counts as none
   * and is reported once: whoever can write the store must not be able to stop every call for
   * years, nor lift the limit for everyone.
   */
  async #observed(now: number): Promise<Observed | null> {
    const text = await this.#store.get(OBSERVED_KEY);
    if (text === null) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const read = v.safeParse(observedSchema, parsed);
    if (read.success && this.#withinBounds(read.output, now)) return read.output;
    if (this.#reported !== text) {
      this.#reported = text;
      this.#log?.(
        `The shared store holds an upstream budget record this server would not write (${OBSERVED_KEY}): ignored, the budget is counted as if the service had said nothing.`,
      );
    }
    return null;
  }

  #withinBounds(observed: Observed, now: number): boolean {
    return (
      observed.window <= windowIndex(now, this.#windowMs) &&
      observed.limit <= this.#defaultLimit &&
      (observed.remaining === null || observed.remaining <= observed.limit) &&
      observed.blockedUntil <= now + this.#windowMs
    );
  }

  /**
   * Whether a call for `client` fits now: if so it is counted; if not, how long until the next
   * window. The client's share is looked at first, so a client past it spends nothing of the rest.
   */
  async reserveCall(client: string | null = null): Promise<BudgetDecision> {
    const now = this.#now();
    const window = windowIndex(now, this.#windowMs);
    const untilNextWindow = windowEnd(now, this.#windowMs) - now;
    const observed = await this.#observed(now);
    if (observed !== null && observed.blockedUntil > now)
      return { ok: false, retryInMs: observed.blockedUntil - now, clientOnly: false };
    const limit = observed?.limit ?? this.#defaultLimit;
    if (client !== null && this.#clientShare < 1) {
      const share = Math.max(1, Math.floor(limit * this.#clientShare));
      const spent = await this.#store.countInWindow(CLIENT_CALLS_SCOPE, client, this.#windowMs, now);
      if (spent > share) return { ok: false, retryInMs: untilNextWindow, clientOnly: true };
    }
    const count = await this.#store.countInWindow(CALLS_SCOPE, 'all', this.#windowMs, now);
    let allowed = limit - this.#reserve(limit);
    if (observed !== null && observed.remaining !== null && observed.window === window)
      allowed = Math.min(allowed, observed.countAt + observed.remaining - this.#reserve(limit));
    if (count > allowed) return { ok: false, retryInMs: untilNextWindow, clientOnly: false };
    return { ok: true, count };
  }

  /**
   * Learns from an answer's own figures. A 429 teaches nothing more here: it is passed on with its
   * Retry-After (the app waits that long), and the count above keeps us from causing one.
   */
  async observe(headers: ReadonlyMap<string, string>, countAtCall: number): Promise<void> {
    const now = this.#now();
    const remainingText = headers.get('x-ratelimit-remaining') ?? null;
    const limitText = headers.get('x-ratelimit-limit') ?? null;
    const resetText = headers.get('x-ratelimit-reset') ?? null;
    // The service may state a lower limit than the configured one, never a higher one.
    const stated = limitText !== null && /^\d+$/.test(limitText) ? Number(limitText) : this.#defaultLimit;
    const limit = Math.max(1, Math.min(stated, this.#defaultLimit));
    if (remainingText === null || !/^\d+$/.test(remainingText)) return;
    const remaining = Math.min(Number(remainingText), limit);
    // The service's window ends within one of ours from now, whatever its reset says.
    const latestReset = now + this.#windowMs;
    const resetAt =
      resetText !== null && /^\d+$/.test(resetText)
        ? Math.min(Number(resetText) * 1000, latestReset)
        : windowEnd(now, this.#windowMs);
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

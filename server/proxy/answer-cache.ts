/**
 * Answers shared between requests, so upstream calls grow with distinct questions, not with
 * readers. Per route: fresh for a while, then served stale while one request refreshes it in the
 * background, then gone. Only 2xx JSON answers are kept; an error is never served from here. A
 * question nobody has the answer to is asked once across all instances: the first takes a lock in
 * the store and asks; the others wait for the answer it stores (or for its error, kept briefly
 * under its flight id, for exactly those waiters). With the cache off, identical questions in
 * flight here still share one call: this is the only place upstream calls are de-duplicated.
 * Every call passes the upstream budget first.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { SharedStore } from '../shared-store/store.ts';
import type { UpstreamBudget } from './upstream-budget.ts';
import type { UpstreamOutcome } from './upstream-call.ts';

export interface FreshnessPolicy {
  /** Served as is for this long after it arrived. */
  freshMs: number;
  /** Then served (and refreshed in the background) for this much longer. */
  staleMs: number;
}

export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type Served =
  | { kind: 'answer'; answer: StoredAnswer; source: 'fresh' | 'stale' | 'upstream' }
  /** The upstream failed (no answer, or one that is not passed on): never from the cache. */
  | { kind: 'failure'; outcome: Exclude<UpstreamOutcome, { kind: 'answer' }> }
  /** The budget is spent and nothing is cached: try again after this long. */
  | { kind: 'busy'; retryInMs: number };

/** One upstream call for this question: it runs to its end even if the browsers asking left (its answer is for everyone). */
type UpstreamCall = () => Promise<UpstreamOutcome>;

export interface Question {
  call: UpstreamCall;
  /**
   * Whether the answer tells us about the key's budget: not when the sandbox was told to fail on
   * purpose (a forced 429 says nothing about anyone else's requests).
   */
  informsBudget: boolean;
}

export interface AnswerCacheOptions {
  store: SharedStore;
  budget: UpstreamBudget;
  /** Headers of an upstream answer kept with it (e.g. the service's timings). */
  keptHeaders: (name: string) => boolean;
  /** Longest an upstream call (with its budget wait) may take: the lock lives this long. */
  callTimeoutMs: number;
  /** Longest a request waits for the budget before it is told to come back. */
  maxBudgetWaitMs: number;
  now?: () => number;
}

interface EntryMeta extends Omit<StoredAnswer, 'body'> {
  freshUntil: number;
}

type Outcome =
  Exclude<Served, { source: 'fresh' | 'stale' }> | { kind: 'answer'; answer: StoredAnswer; source: 'upstream' };

const POLL_EVERY_MS = 25;
/** How long a failed call's outcome stays for the instances that waited on it. */
const FLIGHT_RESULT_TTL_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function digest(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

function encodeEntry(meta: EntryMeta, body: string): string {
  // JSON.stringify never writes a raw newline, so the first one ends the metadata.
  return `${JSON.stringify(meta)}\n${body}`;
}

function decodeEntry(text: string): { meta: EntryMeta; body: string } | null {
  const split = text.indexOf('\n');
  if (split < 0) return null;
  try {
    return { meta: JSON.parse(text.slice(0, split)) as EntryMeta, body: text.slice(split + 1) };
  } catch {
    return null;
  }
}

export class AnswerCache {
  readonly #options: AnswerCacheOptions;
  readonly #now: () => number;
  /** This instance's own flights: one store lock (and one poll) per question per instance. */
  readonly #flights = new Map<string, Promise<Outcome>>();

  constructor(options: AnswerCacheOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** The answer to the question `key`, from the cache when it has one, else asked (once) upstream. */
  async serve(key: string, policy: FreshnessPolicy, question: Question): Promise<Served> {
    const id = digest(key);
    const entry = await this.#read(id);
    if (entry !== null) {
      if (this.#now() < entry.meta.freshUntil)
        return { kind: 'answer', answer: this.#answerOf(entry), source: 'fresh' };
      // Stale: this reader is served now; one request (across instances) refreshes it, if the budget allows.
      if (!this.#flights.has(id))
        void this.#shared(id, policy, question, { waitForBudget: false }).catch(() => undefined);
      return { kind: 'answer', answer: this.#answerOf(entry), source: 'stale' };
    }
    return this.#shared(id, policy, question, { waitForBudget: true });
  }

  /**
   * Asks upstream with no cache (identical questions in flight still share one call): the budget
   * still applies, once per call (the cache can be turned off, the key's limit cannot).
   */
  bypass(key: string, question: Question): Promise<Served> {
    const id = digest(key);
    const joined = this.#flights.get(id);
    if (joined) return joined;
    const flight = this.#callWithinBudget(question, true).finally(() => this.#flights.delete(id));
    this.#flights.set(id, flight);
    return flight;
  }

  #answerOf(entry: { meta: EntryMeta; body: string }): StoredAnswer {
    return { status: entry.meta.status, headers: entry.meta.headers, body: entry.body };
  }

  async #read(id: string): Promise<{ meta: EntryMeta; body: string } | null> {
    const text = await this.#options.store.get(`answer:${id}`);
    return text === null ? null : decodeEntry(text);
  }

  #shared(id: string, policy: FreshnessPolicy, question: Question, mode: { waitForBudget: boolean }): Promise<Outcome> {
    const joined = this.#flights.get(id);
    if (joined) return joined;
    const flight = this.#lead(id, policy, question, mode).finally(() => this.#flights.delete(id));
    this.#flights.set(id, flight);
    return flight;
  }

  async #lead(
    id: string,
    policy: FreshnessPolicy,
    question: Question,
    mode: { waitForBudget: boolean },
  ): Promise<Outcome> {
    const { store, callTimeoutMs } = this.#options;
    const lockKey = `lock:${id}`;
    const lockTtlMs = callTimeoutMs + this.#options.maxBudgetWaitMs + 2_000;
    const deadline = this.#now() + lockTtlMs;
    const flightId = randomUUID();
    while (this.#now() < deadline) {
      if (await store.setIfAbsent(lockKey, flightId, lockTtlMs)) {
        try {
          const outcome = await this.#callWithinBudget(question, mode.waitForBudget);
          await this.#remember(id, flightId, policy, outcome);
          return outcome;
        } finally {
          await store.deleteIfEquals(lockKey, flightId).catch(() => undefined);
        }
      }
      const awaited = await this.#awaitOtherFlight(id, lockKey, deadline);
      if (awaited !== null) return awaited;
    }
    // Whoever held the lock never finished: ask ourselves rather than wait longer.
    return this.#callWithinBudget(question, mode.waitForBudget);
  }

  /** Keeps a 2xx answer for everyone; a failure only for the instances that waited on this flight. */
  async #remember(id: string, flightId: string, policy: FreshnessPolicy, outcome: Outcome): Promise<void> {
    const { store } = this.#options;
    if (outcome.kind === 'answer' && outcome.answer.status >= 200 && outcome.answer.status < 300) {
      const meta: EntryMeta = {
        status: outcome.answer.status,
        headers: outcome.answer.headers,
        freshUntil: this.#now() + policy.freshMs,
      };
      await store.set(`answer:${id}`, encodeEntry(meta, outcome.answer.body), policy.freshMs + policy.staleMs);
      return;
    }
    await store.set(`flight:${flightId}`, JSON.stringify(outcome), FLIGHT_RESULT_TTL_MS);
  }

  /** Waits for another instance's flight: its stored answer, its failure, or the lock let go (null: try again). */
  async #awaitOtherFlight(id: string, lockKey: string, deadline: number): Promise<Outcome | null> {
    const { store } = this.#options;
    const holder = await store.get(lockKey);
    const finished = async (): Promise<Outcome | null> => {
      const entry = await this.#read(id);
      if (entry !== null && this.#now() < entry.meta.freshUntil)
        return { kind: 'answer', answer: this.#answerOf(entry), source: 'upstream' };
      const result = holder === null ? null : await store.get(`flight:${holder}`);
      return result === null ? null : (JSON.parse(result) as Outcome);
    };
    while (this.#now() < deadline) {
      const outcome = await finished();
      if (outcome !== null) return outcome;
      const current = await store.get(lockKey);
      // The lock let go: the flight may have stored its answer just before (look once more), or died.
      if (current === null || current !== holder) return finished();
      await sleep(POLL_EVERY_MS);
    }
    return null;
  }

  async #callWithinBudget(question: Question, waitForBudget: boolean): Promise<Outcome> {
    const { budget, maxBudgetWaitMs, keptHeaders } = this.#options;
    const giveUpAt = this.#now() + (waitForBudget ? maxBudgetWaitMs : 0);
    for (;;) {
      const decision = await budget.reserveCall();
      if (decision.ok) {
        const outcome = await question.call();
        if (outcome.kind !== 'answer') return { kind: 'failure', outcome };
        if (question.informsBudget) await budget.observe(outcome.answer.headers, decision.count).catch(() => undefined);
        const headers: Record<string, string> = {};
        for (const [name, value] of outcome.answer.headers) if (keptHeaders(name)) headers[name] = value;
        return {
          kind: 'answer',
          answer: { status: outcome.answer.status, headers, body: outcome.answer.text },
          source: 'upstream',
        };
      }
      const waitMs = decision.retryInMs + Math.floor(Math.random() * 200);
      if (this.#now() + waitMs > giveUpAt) return { kind: 'busy', retryInMs: decision.retryInMs };
      await sleep(waitMs);
    }
  }
}

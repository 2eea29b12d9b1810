/**
 * Answers shared between requests, so upstream calls grow with distinct questions, not with
 * readers. Per route: fresh for a while, then served stale while one request refreshes it in the
 * background, then gone. Only 200 JSON answers are kept; an error is never served from here. A
 * question nobody has the answer to is asked once across all instances: the first takes a lock in
 * the store and asks; the others wait for the answer it stores (or for its error, kept briefly
 * under its flight id, for exactly those waiters). With the cache off, identical questions in
 * flight here still share one call: this is the only place upstream calls are de-duplicated.
 * Every call passes the upstream budget first.
 *
 * Two levels. The shared store (Redis, or memory) holds each answer's body once under its tag (a
 * digest of the bytes) and a one-line record under the question (stored-answers.ts). This process
 * keeps what it served ready to send (PreparedAnswer: the bytes, their compressed forms, ETags).
 * While an answer is fresh here, a request touches neither the store nor the body: an answer
 * cannot change before it goes stale. Once stale, the small record says whether another instance
 * has a newer one; its body is read only when the tag is new to this process.
 */
import { createHash, randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { SharedStore } from '../shared-store/store.ts';
import type { EntrySeal } from './entry-seal.ts';
import { PreparedAnswer } from './prepared-answer.ts';
import { decodeBody, decodeFailure, decodeRecord, encodeBody, encodeFailure, encodeRecord } from './stored-answers.ts';
import type { UpstreamBudget } from './upstream-budget.ts';
import type { UpstreamOutcome } from './upstream-call.ts';

export interface FreshnessPolicy {
  /** Served as is for this long after it arrived. */
  freshMs: number;
  /** Then served (and refreshed in the background) for this much longer. */
  staleMs: number;
  /**
   * Answers that can no longer change (a finished game's history or result) are kept fresh for
   * `freshMs` instead; `test` looks at an answer once, when it arrives from upstream.
   */
  settled?: { freshMs: number; test: (answer: PreparedAnswer) => boolean };
}

/** How long this answer stays fresh under the policy. */
function freshMsOf(policy: FreshnessPolicy, answer: PreparedAnswer): number {
  return policy.settled?.test(answer) === true ? policy.settled.freshMs : policy.freshMs;
}

type UpstreamFailure = Exclude<UpstreamOutcome, { kind: 'answer' }>;

export type Served =
  | { kind: 'answer'; answer: PreparedAnswer; source: 'fresh' | 'stale' | 'upstream' }
  /** The upstream failed (no answer, or one that is not passed on): never from the cache. */
  | { kind: 'failure'; outcome: UpstreamFailure }
  /**
   * The budget is spent and nothing is cached: try again after this long. `spentBy`: only that
   * client's share of the budget is spent (anyone else asking the same asks again, themselves).
   */
  | { kind: 'busy'; retryInMs: number; spentBy?: string };

/** Whether `served` refuses another client than `client` (its share spent): never an answer for `client`. */
export function isOthersRefusal(served: Served, client: string | null): boolean {
  return served.kind === 'busy' && served.spentBy !== undefined && served.spentBy !== client;
}

/** One upstream call for this question: it runs to its end even if the browsers asking left (its answer is for everyone). */
type UpstreamCall = () => Promise<UpstreamOutcome>;

export interface Question {
  call: UpstreamCall;
  /**
   * Whether the answer tells us about the key's budget: not when the sandbox was told to fail on
   * purpose (a forced 429 says nothing about anyone else's requests).
   */
  informsBudget: boolean;
  /** Who asks (address or /64), charged for the call against their share of the budget; null: nobody in particular. */
  client: string | null;
}

export interface AnswerCacheOptions {
  store: SharedStore;
  /** Seals what is stored and checks what is read back: an entry without our seal is a miss. */
  seal: EntrySeal;
  budget: UpstreamBudget;
  /** Headers of an upstream answer kept with it (e.g. the service's timings). */
  keptHeaders: (name: string) => boolean;
  /** Longest an upstream call (with its budget wait) may take: the lock lives this long. */
  callTimeoutMs: number;
  /** Longest a request waits for the budget before it is told to come back. */
  maxBudgetWaitMs: number;
  /** Bytes of ready-to-send answers this process keeps (with their compressed forms). */
  preparedBytes?: number;
  /** Largest stored body read back; a record naming a larger one is not used. Default 8 MB. */
  maxStoredBodyBytes?: number;
  /** Where an unusable store entry is reported (once per entry). */
  log?: (line: string) => void;
  now?: () => number;
}

type Outcome =
  Exclude<Served, { source: 'fresh' | 'stale' }> | { kind: 'answer'; answer: PreparedAnswer; source: 'upstream' };

interface LocalEntry {
  answer: PreparedAnswer;
  freshUntil: number;
  expiresAt: number;
}

const POLL_EVERY_MS = 25;
/** How long a failed call's outcome stays for the instances that waited on it. */
const FLIGHT_RESULT_TTL_MS = 10_000;
/** A body outlives its record a little, so a record read just before it expires still finds its body. */
const BODY_GRACE_MS = 5_000;
const DEFAULT_PREPARED_BYTES = 64 * 1024 * 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function digest(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** Far above the largest filtered answer (an unfiltered game's odds at ten books is ~2.5 MB). */
const DEFAULT_MAX_STORED_BODY_BYTES = 8 * 1024 * 1024;

export class AnswerCache {
  readonly #options: AnswerCacheOptions;
  readonly #now: () => number;
  /** This instance's own flights, by question: one store lock (and one poll) per question per instance. */
  readonly #flights = new Map<string, Promise<Outcome>>();
  /** What this process last served per question (keyed by the question), ready to send. */
  readonly #local: LRUCache<string, LocalEntry>;
  /** Store keys already reported as unusable: each is said once, not once per request that reads it. */
  readonly #reported = new LRUCache<string, true>({ max: 1_000 });

  constructor(options: AnswerCacheOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    const maxBytes = options.preparedBytes ?? DEFAULT_PREPARED_BYTES;
    this.#local = new LRUCache<string, LocalEntry>({
      maxSize: maxBytes,
      maxEntrySize: maxBytes,
      // Keyed by the question itself (a parlay body can be a few KB): its length counts too.
      sizeCalculation: (entry, key) => entry.answer.sizeBytes + key.length,
    });
  }

  /**
   * The answer to the question `key`, from the cache when it has one made at or after `notBefore`,
   * else asked (once) upstream.
   */
  async serve(key: string, policy: FreshnessPolicy, question: Question, notBefore = 0): Promise<Served> {
    const now = this.#now();
    /** Made before `notBefore` (what it answers changed since): not served, asked again. */
    const outdated = (entry: LocalEntry) => entry.freshUntil - policy.freshMs < notBefore;
    let local = this.#local.get(key);
    if (local !== undefined && (now >= local.expiresAt || outdated(local))) {
      this.#local.delete(key);
      local = undefined;
    }
    // Fresh here: nothing else to look at (the store's key, a digest, is not even computed).
    if (local !== undefined && now < local.freshUntil) return { kind: 'answer', answer: local.answer, source: 'fresh' };

    const id = digest(key);
    const shared = (await this.#readShared(key, id, policy, local)) ?? local;
    const entry = shared !== undefined && outdated(shared) ? undefined : shared;
    if (entry === undefined) {
      const outcome = await this.#shared(key, id, policy, question, { waitForBudget: true });
      // Joined the flight of a client whose share was spent: that refusal is theirs, not ours.
      if (isOthersRefusal(outcome, question.client))
        return this.#shared(key, id, policy, question, { waitForBudget: true });
      return outcome;
    }
    if (this.#now() < entry.freshUntil) return { kind: 'answer', answer: entry.answer, source: 'fresh' };
    // Stale: this reader is served now; one request (across instances) refreshes it, if the budget allows.
    if (!this.#flights.has(key))
      void this.#shared(key, id, policy, question, { waitForBudget: false }).catch(() => undefined);
    return { kind: 'answer', answer: entry.answer, source: 'stale' };
  }

  /**
   * Asks upstream with no cache (identical questions in flight still share one call): the budget
   * still applies, once per call (the cache can be turned off, the key's limit cannot).
   */
  async bypass(key: string, question: Question): Promise<Served> {
    const joined = this.#flights.get(key);
    if (joined) {
      const outcome = await joined;
      if (!isOthersRefusal(outcome, question.client)) return outcome;
    }
    const flight = this.#callWithinBudget(question, true).finally(() => this.#flights.delete(key));
    this.#flights.set(key, flight);
    return flight;
  }

  /**
   * The shared store's entry for the question, as a local one: the one already here when the
   * store's record names the same bytes (its freshness brought up to date), else read and kept.
   * Undefined when the store has none (or a body it cannot use).
   */
  async #readShared(
    key: string,
    id: string,
    policy: FreshnessPolicy,
    local: LocalEntry | undefined,
  ): Promise<LocalEntry | undefined> {
    const { store, seal } = this.#options;
    const recordKey = `answer:${id}`;
    const recordText = await store.get(recordKey);
    if (recordText === null) return undefined;
    const read = decodeRecord(recordText, recordKey, seal);
    const maxBytes = this.#options.maxStoredBodyBytes ?? DEFAULT_MAX_STORED_BODY_BYTES;
    if (!read.ok || read.value.bodyLength > maxBytes + 1_024) {
      this.#reportUnusable(recordKey, read.ok ? 'form' : read.problem);
      return undefined;
    }
    const record = read.value;
    const now = this.#now();
    // Never fresher than an answer asked this moment: no entry outlives its route's own freshness
    // (a settled answer's, where the route has one: the seal says the record is ours).
    const freshUntil = Math.min(record.freshUntil, now + Math.max(policy.freshMs, policy.settled?.freshMs ?? 0));
    const expiresAt = freshUntil + policy.staleMs;
    if (now >= expiresAt) return undefined;
    if (local !== undefined && local.answer.tag === record.tag) {
      local.freshUntil = Math.max(local.freshUntil, freshUntil);
      local.expiresAt = Math.max(local.expiresAt, expiresAt);
      return local;
    }
    const bodyKey = `answer-body:${id}:${record.tag}`;
    const bodyText = await store.get(bodyKey, record.bodyLength);
    if (bodyText === null) return undefined;
    const body = bodyText.length === record.bodyLength ? decodeBody(bodyText, bodyKey, record.tag, seal) : null;
    if (body === null || !body.ok) {
      this.#reportUnusable(bodyKey, body === null ? 'form' : body.problem);
      return undefined;
    }
    const entry = { answer: body.value, freshUntil, expiresAt };
    this.#local.set(key, entry);
    return entry;
  }

  /**
   * Says once per entry that it is not used. An entry without our seal is worth saying only when
   * the instances share one secret: else it is another instance's, expectedly unreadable here.
   */
  #reportUnusable(storeKey: string, problem: 'form' | 'seal'): void {
    if (problem === 'seal' && !this.#options.seal.sharedAcrossInstances) return;
    if (this.#reported.has(storeKey)) return;
    this.#reported.set(storeKey, true);
    this.#options.log?.(
      problem === 'form'
        ? `The shared store holds an answer entry not in the form this server writes (${storeKey}): ignored, the question is asked upstream.`
        : `The shared store holds an answer entry not sealed with CACHE_SIGNING_KEY (${storeKey}): ignored, the question is asked upstream.`,
    );
  }

  #shared(
    key: string,
    id: string,
    policy: FreshnessPolicy,
    question: Question,
    mode: { waitForBudget: boolean },
  ): Promise<Outcome> {
    const joined = this.#flights.get(key);
    if (joined) return joined;
    const flight = this.#lead(key, id, policy, question, mode).finally(() => this.#flights.delete(key));
    this.#flights.set(key, flight);
    return flight;
  }

  async #lead(
    key: string,
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
          await this.#remember(key, id, flightId, policy, outcome);
          return outcome;
        } finally {
          await store.deleteIfEquals(lockKey, flightId).catch(() => undefined);
        }
      }
      const awaited = await this.#awaitOtherFlight(key, id, policy, lockKey, deadline);
      if (awaited !== null) return awaited;
    }
    // Whoever held the lock never finished: ask ourselves rather than wait longer.
    return this.#callWithinBudget(question, mode.waitForBudget);
  }

  /**
   * Keeps a 200 answer for everyone (here, ready to send, and in the store: body first, then the
   * record pointing to it); a failure only for the instances that waited on this flight. A store
   * that fails to keep it costs later requests a call, never this one its answer.
   */
  async #remember(key: string, id: string, flightId: string, policy: FreshnessPolicy, outcome: Outcome): Promise<void> {
    const { store, seal } = this.#options;
    try {
      // Only a 200 is shared (it is the only status a stored entry may stand for); others serve this request alone.
      if (outcome.kind === 'answer' && outcome.answer.status === 200) {
        const { answer } = outcome;
        const freshMs = freshMsOf(policy, answer);
        const freshUntil = this.#now() + freshMs;
        this.#local.set(key, { answer, freshUntil, expiresAt: freshUntil + policy.staleMs });
        const ttlMs = freshMs + policy.staleMs;
        const bodyKey = `answer-body:${id}:${answer.tag}`;
        const body = encodeBody(answer, bodyKey, seal);
        await store.set(bodyKey, body, ttlMs + BODY_GRACE_MS);
        const recordKey = `answer:${id}`;
        const record = encodeRecord({ freshUntil, tag: answer.tag, bodyLength: body.length }, recordKey, seal);
        await store.set(recordKey, record, ttlMs);
        return;
      }
      // Another status is this request's alone; waiters see the lock go and ask for themselves.
      if (outcome.kind === 'answer') return;
      // One client's spent share is no answer for the others waiting: they find the lock let go and ask.
      if (outcome.kind === 'busy' && outcome.spentBy !== undefined) return;
      const flightKey = `flight:${flightId}`;
      await store.set(flightKey, encodeFailure(outcome, flightKey, seal), FLIGHT_RESULT_TTL_MS);
    } catch {
      // Kept nowhere but here: the next instance to ask asks again.
    }
  }

  /** Waits for another instance's flight: its stored answer, its failure, or the lock let go (null: try again). */
  async #awaitOtherFlight(
    key: string,
    id: string,
    policy: FreshnessPolicy,
    lockKey: string,
    deadline: number,
  ): Promise<Outcome | null> {
    const { store, seal } = this.#options;
    const holder = await store.get(lockKey);
    const flightKey = `flight:${holder}`;
    const finished = async (): Promise<Outcome | null> => {
      const entry = await this.#readShared(key, id, policy, this.#local.get(key));
      if (entry !== undefined && this.#now() < entry.freshUntil)
        return { kind: 'answer', answer: entry.answer, source: 'upstream' };
      const result = holder === null ? null : await store.get(flightKey);
      if (result === null) return null;
      const failure = decodeFailure(result, flightKey, seal);
      if (failure.ok) return failure.value;
      this.#reportUnusable(flightKey, failure.problem);
      return null;
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
      const decision = await budget.reserveCall(question.client);
      if (decision.ok) {
        const outcome = await question.call();
        if (outcome.kind !== 'answer') return { kind: 'failure', outcome };
        if (question.informsBudget) await budget.observe(outcome.answer.headers, decision.count).catch(() => undefined);
        const headers: Record<string, string> = {};
        for (const [name, value] of outcome.answer.headers) if (keptHeaders(name)) headers[name] = value;
        return {
          kind: 'answer',
          answer: new PreparedAnswer(outcome.answer.status, headers, outcome.answer.bytes),
          source: 'upstream',
        };
      }
      // A client past its share is told at once: waiting would hold the question for anyone else asking it.
      if (decision.clientOnly && question.client !== null)
        return { kind: 'busy', retryInMs: decision.retryInMs, spentBy: question.client };
      const waitMs = decision.retryInMs + Math.floor(Math.random() * 200);
      if (this.#now() + waitMs > giveUpAt) return { kind: 'busy', retryInMs: decision.retryInMs };
      await sleep(waitMs);
    }
  }
}
